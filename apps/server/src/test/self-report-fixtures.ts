import { ROLE } from '@zg/contract';
import { diagnosisWorld, publishDiagnosis, userWithRoles } from './diagnosis-fixtures';
import type { TestServer, TestSession } from './harness';

type Res = Awaited<ReturnType<TestSession['request']>>;
type Check = (w: { route: string; other(): Promise<Res>; owner(): Promise<Res> }) => Promise<Res>;
const Z = '/api/herm-zdgj';

/**
 * The ownership fixture of 自我诊断报告 (security.api.test.ts): the report of M01, in zyfzr01's charge; a second
 * diagnosis object (zyfzrR) is refused its generation, explanations, sharing and submission (it answers as a missing one).
 */
export async function selfReportOwnership(s: TestServer, check: Check) {
  await userWithRoles(s, 'zyfzrR', [ROLE.diagnosisObject], 'D07');
  const admin = await s.login('zyadmin');
  const world = await diagnosisWorld(s, admin, '所有权自我诊断报告标准');
  const [fbr, fzr, fzr2] = (await Promise.all(['zgfb01', 'zyfzr01', 'zyfzrR'].map((u) => s.login(u)))) as [
    TestSession,
    TestSession,
    TestSession,
  ];
  const task = await publishDiagnosis(fbr, world, { dxbms: ['M01'] });
  const m01 = (await fbr.request({ method: 'GET', url: `${Z}/rest/obj/select?rwid=${task.id}` })).json().data.list[0]
    .id as number;
  const P = (me: TestSession, url: string, payload: object) =>
    me.request({ method: 'POST', url: `${Z}${url}`, payload });
  const both = (route: string, payload: object) =>
    check({ route: `POST ${Z}${route}`, other: () => P(fzr2, route, payload), owner: () => P(fzr, route, payload) });
  const made = await both('/rest/report/generate', { dxrwid: m01 });
  const bgid = made.json().data.id as number;
  await both('/rest/report/explain/save', { bgid, id: 1, nr: '说明' });
  await both('/rest/report/share', { bgid, userIds: ['zgfb01'] });
  await both('/rest/report/submit', { bgid });
}
