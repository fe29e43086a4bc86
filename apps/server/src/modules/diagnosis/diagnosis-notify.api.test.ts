import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiagnosisWorld, diagnosisWorld, publishDiagnosis } from '../../test/diagnosis-fixtures';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { data, get, post } from '../../test/zdgj-client';

/**
 * 诊断目标待审核 in the notification centre (issue 32 item 6): targets submitted (one object task, or a list through
 * updateuplist) and a revised target reach the task's auditor, inside the submitting transaction — a refused
 * submission tells nobody, and the one who submits is never told of it.
 */

let s: TestServer;
let fbr: TestSession;
let shr: TestSession;
let fzr: TestSession;
let world: DiagnosisWorld;

type Item = { kind: string; kindName: string; title: string; body: string; link: string };
const told = async (me: TestSession) =>
  (
    (await me.request({ method: 'GET', url: '/api/notification/list?unread=true&size=50' })).json().data
      .records as Item[]
  ).filter((n) => n.kind === 'diagnosisAudit');
type Row = { id: number; zkdmc: string; bzz: string | null };
const rowsOf = async (me: TestSession, dxrwid: number) =>
  (await data(get(me, `/rest/quality/select?dxrwid=${dxrwid}`))).list as Row[];
const objectsOf = async (me: TestSession, rwid: number) =>
  (await data(get(me, `/rest/obj/select?rwid=${rwid}&pageSize=50`))).list as { id: number; gzdxmc: string }[];
const saveTargets = async (dxrwid: number, commit = false) =>
  post(fzr, '/rest/quality/updatembzcommit', {
    dxrwid,
    list: (await rowsOf(fzr, dxrwid)).map((r) => ({ id: r.id, mbz: r.bzz })),
    commit,
  });

beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-03-10T09:00:00');
  const admin = await s.login('zyadmin');
  fbr = await s.login('zgfb01');
  shr = await s.login('shr01');
  fzr = await s.login('zyfzr01');
  world = await diagnosisWorld(s, admin, '待审核通知测试标准');
});
afterAll(async () => {
  await s?.close();
});

describe('diagnosis audits waiting reach the auditor', () => {
  it('targets submitted for one object task, then a revised target; a refused submission tells nobody', async () => {
    const task = await publishDiagnosis(fbr, world, { rwmc: '目标审核通知' });
    const [m01] = await objectsOf(fbr, task.id);
    const before = (await told(shr)).length;
    // Refused (a target missing): rolled back, nobody told.
    const missing = await post(fzr, '/rest/quality/updatembzcommit', { dxrwid: m01!.id, list: [], commit: true });
    expect(missing.statusCode).toBe(400);
    expect(await told(shr)).toHaveLength(before);

    await data(saveTargets(m01!.id, true));
    const after = await told(shr);
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({
      kindName: '诊断目标待审核',
      title: `诊断目标待审核：目标审核通知 · ${m01!.gzdxmc}`,
      body: '提交人：林志华',
      link: '/improvement/audit',
    });
    expect(await told(fzr)).toEqual([]);

    await data(post(shr, '/rest/audit/pass', { dxrwid: m01!.id }));
    const row = (await rowsOf(fzr, m01!.id)).find((r) => r.zkdmc === '在校生数')!;
    await data(post(fzr, '/rest/quality/updatexzmbz', { id: row.id, value: '260', reason: '招生计划调整' }));
    const revised = await told(shr);
    expect(revised).toHaveLength(before + 2);
    expect(revised[0]!.title).toBe(`修正目标值待审核：目标审核通知 · ${m01!.gzdxmc} · 在校生数`);
  });

  it('targets reported up for a list of object tasks (updateuplist): one item each', async () => {
    const task = await publishDiagnosis(fbr, world, {
      rwmc: '批量上报通知',
      chargers: { M01: 'zyfzr01', M02: 'zyfzr01' },
    });
    const [m01, m02] = await objectsOf(fbr, task.id);
    await data(saveTargets(m01!.id));
    await data(saveTargets(m02!.id));
    const before = (await told(shr)).length;
    expect(await data(post(fzr, '/rest/obj/updateuplist', { ids: [m01!.id, m02!.id] }))).toEqual({ n: 2 });
    const after = await told(shr);
    expect(after).toHaveLength(before + 2);
    expect(
      after
        .slice(0, 2)
        .map((n) => n.title)
        .sort(),
    ).toEqual([m01!, m02!].map((o) => `诊断目标待审核：批量上报通知 · ${o.gzdxmc}`).sort());
  });
});
