import { ROLE } from '@zg/contract';
import { diagnosisWorld, publishDiagnosis, userWithRoles } from './diagnosis-fixtures';
import type { TestServer, TestSession } from './harness';

type Res = Awaited<ReturnType<TestSession['request']>>;
type Check = (w: { route: string; other(): Promise<Res>; owner(): Promise<Res> }) => Promise<Res>;
const Z = '/api/herm-zdgj';

/**
 * The ownership fixture of 质量预警 (security.api.test.ts): a warning on a row of M01, in the charge of zyfzr01; a
 * second diagnosis object (zyfzrQ) is refused its disposal and its case's step.
 */
export async function qualityWarningOwnership(s: TestServer, check: Check) {
  await userWithRoles(s, 'zyfzrQ', [ROLE.diagnosisObject], 'D07');
  const admin = await s.login('zyadmin');
  const world = await diagnosisWorld(s, admin, '所有权质量预警标准', {
    在校生数: { indicator: undefined, warning: { mode: 'value', operator: '<', value: 150, cycle: 'none' } },
  });
  const [fbr, fzr, fzr2] = (await Promise.all(['zgfb01', 'zyfzr01', 'zyfzrQ'].map((u) => s.login(u)))) as [
    TestSession,
    TestSession,
    TestSession,
  ];
  const task = await publishDiagnosis(fbr, world, { dxbms: ['M01'] });
  const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${Z}${url}` });
  const P = (me: TestSession, url: string, payload: object) =>
    me.request({ method: 'POST', url: `${Z}${url}`, payload });
  const m01 = (await get(fbr, `/rest/obj/select?rwid=${task.id}`)).json().data.list[0].id as number;
  const rows = (await get(fzr, `/rest/quality/select?dxrwid=${m01}`)).json().data.list as {
    id: number;
    zkdmc: string;
  }[];
  const row = rows.find((r) => r.zkdmc === '在校生数')!.id;
  await P(fzr, '/rest/quality/updatejgz', { dxrwid: m01, list: [{ id: row, jgz: '100' }] });
  const warning = (await get(fzr, `/warningflow/queryWarnList?zkdid=${row}`)).json().data.list[0].id as number;
  const both = (route: string, payload: object) =>
    check({ route: `POST ${Z}${route}`, other: () => P(fzr2, route, payload), owner: () => P(fzr, route, payload) });
  await both('/rest/warningflow/dispose', { id: warning, yyfx: '生源减少', clcs: '加强招生宣传' });
  const c = (await get(fzr, `/rest/case/selectbyzkd?zkdid=${row}`)).json().data.id as number;
  await both('/rest/case/step', { id: c, step: 'diagnose', note: '诊断' });
}
