import { TASK_MAX_DEPTH, TASK_MSG } from '@zg/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

/**
 * Trees three and four levels deep: the head of the task's department takes a task kept whole back into
 * decomposition (继续分解) and splits it into children, down to the deepest level.
 */

let s: TestServer;
let fbr: TestSession;
let head: TestSession;
let otherHead: TestSession;
let owner: TestSession;
let auditor: TestSession;
let leader: TestSession;
beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-06-01T10:00:00');
  fbr = await s.login('fbr01');
  head = await s.login('bmfzr01');
  otherHead = await s.login('bmfzr03');
  owner = await s.login('rwfzr01');
  auditor = await s.login('shr01');
  leader = await s.login('xld01');
});
afterAll(async () => {
  await s?.close();
});

const W = '/api/herm-wbs';
type Card = {
  id: number;
  parentId: number | null;
  rwzt: string;
  auditStatus: number | null;
  auditReason: string | null;
  rwjd: number;
  version: number;
  abilities: Record<string, boolean>;
};
const post = (who: TestSession, url: string, payload: object) =>
  who.request({ method: 'POST', url: `${W}${url}`, payload });
const get = async (who: TestSession, url: string) => (await who.request({ method: 'GET', url: `${W}${url}` })).json();
const card = async (id: number, who: TestSession = fbr): Promise<Card> => (await get(who, `/targetTask/${id}`)).data;
async function act(who: TestSession, path: string, id: number, extra: object = {}) {
  const { version } = await card(id);
  const res = await post(who, path.replace(':id', String(id)), { version, reason: '原因说明', ...extra });
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
}
async function target(name: string) {
  const res = await post(fbr, '/yearTarget/insert', {
    name,
    cycleYear: 2026,
    chargeDepartId: 'D04',
    auditorId: 'shr01',
  });
  return res.json().data.id as number;
}
/** A top-level task of 教务处 (head bmfzr01), pushed and accepted: it waits to be decomposed. */
async function accepted(yearTargetId: number, rwmc: string) {
  const res = await post(fbr, '/targetTask/insert', {
    yearTargetId,
    rwmc,
    rwlx: 'B',
    departmentId: 'D02',
    ownerId: 'rwfzr01',
    auditorId: 'shr01',
    kssj: '2026-01-01',
    jssj: '2026-12-31',
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  await act(fbr, '/targetTask/:id/push', id);
  await act(head, '/targetTask/:id/accept', id);
  return id;
}
/** A child added by the head while its parent waits to be decomposed (it waits for its owner's definition). */
async function child(yearTargetId: number, parentId: number, rwmc: string, kssj: string, jssj: string) {
  const res = await post(head, '/targetTask/insert', {
    yearTargetId,
    parentId,
    rwmc,
    rwlx: 'B',
    ownerId: 'rwfzr01',
    kssj,
    jssj,
    weight: 100,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
const yearStatus = async (id: number) =>
  (await get(fbr, '/yearTarget/selectPage?size=200')).data.records.find((t: { id: number }) => t.id === id).status;
const auditActions = async (id: number) =>
  (
    await s.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'targetTask'), eq(auditLog.entityId, String(id))))
  ).map((r) => r.action);

describe('decomposing further (继续分解)', () => {
  it('builds a tree four levels deep through the API, refusing everyone but the head', async () => {
    const y = await target('四级分解');
    const top = await accepted(y, '一级：专业群建设');
    const second = await child(y, top, '二级：课程体系重构', '2026-02-01', '2026-11-30');
    await act(head, '/targetTask/:id/resolve', top);
    expect((await card(top)).rwzt).toBe('executeing');
    expect(await card(second, head)).toMatchObject({
      rwzt: 'waitDefine',
      auditStatus: null,
      abilities: { decompose: true, addChild: false },
    });
    expect((await card(second, owner)).abilities.decompose).toBe(false);

    // Everyone but the head of 教务处 is refused with the Chinese message, and nothing changes; the head of another
    // department does not see the task, so it is answered as a missing one.
    const before = await card(second);
    for (const who of [owner, fbr, auditor, leader]) {
      const res = await post(who, `/targetTask/${second}/decompose`, { version: before.version });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().meta).toMatchObject({ success: false, message: TASK_MSG.notAllowed });
    }
    const hidden = await post(otherHead, `/targetTask/${second}/decompose`, { version: before.version });
    expect(hidden.statusCode, hidden.body).toBe(404);
    expect(hidden.json().meta).toMatchObject({ success: false, message: TASK_MSG.taskNotFound });
    expect(await card(second)).toEqual(before);

    await act(head, '/targetTask/:id/decompose', second);
    expect(await card(second, head)).toMatchObject({
      rwzt: 'waitResolve',
      auditStatus: null,
      version: before.version + 1,
      abilities: { decompose: false, addChild: true, resolve: true, goBack: false },
    });
    // A child is not returned to the publisher.
    const back = await post(head, `/targetTask/${second}/goBack`, { version: before.version + 1, reason: '退回' });
    expect(back.statusCode).toBe(409);
    expect(back.json().meta.message).toBe(TASK_MSG.wrongState);
    // The owner cannot define a task that is being split.
    const define = await post(owner, `/targetTaskAudit/${second}/submit`, { version: before.version + 1 });
    expect(define.statusCode).toBe(409);
    expect(define.json().meta.message).toBe(TASK_MSG.wrongState);

    const third = await child(y, second, '三级：核心课程建设', '2026-03-01', '2026-10-31');
    await act(head, '/targetTask/:id/resolve', second);
    expect((await card(second)).rwzt).toBe('executeing');

    // Under review the definition cannot be taken back; once refused it can.
    await act(owner, '/targetTaskAudit/:id/submit', third);
    const review = await card(third);
    const early = await post(head, `/targetTask/${third}/decompose`, { version: review.version });
    expect(early.statusCode).toBe(409);
    expect(early.json().meta.message).toBe(TASK_MSG.wrongState);
    await act(auditor, '/targetTaskAudit/:id/refuse', third, { reason: '指标不够具体' });
    expect(await card(third)).toMatchObject({ auditStatus: 2, auditReason: '指标不够具体' });
    await act(head, '/targetTask/:id/decompose', third);
    expect(await card(third)).toMatchObject({ rwzt: 'waitResolve', auditStatus: null, auditReason: null });

    const fourth = await child(y, third, '四级：课程标准修订', '2026-04-01', '2026-09-30');
    // The deepest level is split no further: no button, and the API refuses it.
    const deepest = await card(fourth, head);
    expect(deepest.abilities).toMatchObject({ decompose: false, edit: true });
    const tooDeep = await post(head, `/targetTask/${fourth}/decompose`, { version: deepest.version });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().meta.message).toBe(TASK_MSG.tooDeep);
    expect(await card(fourth, head)).toEqual(deepest);
    await act(head, '/targetTask/:id/resolve', third);

    // The tree: one chain of four levels, seen the same by the head and (read-only) by the school leader.
    const tree = (await get(head, `/targetTask/tree?yearTargetId=${y}`)).data as Card[];
    expect(tree.map((t) => [t.id, t.parentId])).toEqual([
      [top, null],
      [second, top],
      [third, second],
      [fourth, third],
    ]);
    const vo = (await get(head, `/targetTask/getTargetTaskVo?id=${fourth}`)).data;
    expect(vo.depth).toBe(TASK_MAX_DEPTH);
    const seen = (await get(leader, `/targetTask/tree?yearTargetId=${y}`)).data as Card[];
    expect(seen.map((t) => t.id)).toEqual([top, second, third, fourth]);
    expect(seen.every((t) => !Object.values(t.abilities).some(Boolean))).toBe(true);

    // The last-level task is carried out; its progress rolls up through every level.
    await act(owner, '/targetTaskAudit/:id/submit', fourth);
    await act(auditor, '/targetTaskAudit/:id/pass', fourth);
    const sent = await post(owner, '/targetTaskSituation/insert', {
      taskId: fourth,
      periodKey: '2026-05',
      kind: 'process',
      content: '已完成一半',
      progress: 50,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const passed = await post(auditor, '/targetTaskSituation/auditTargetTask', {
      id: sent.json().data.id,
      version: 1,
      result: 'pass',
    });
    expect(passed.statusCode, passed.body).toBe(200);
    for (const id of [fourth, third, second, top]) expect((await card(id)).rwjd).toBe(50);

    expect(await auditActions(second)).toContain('task.decompose');
    expect((await auditActions(third)).filter((a) => a === 'task.decompose')).toHaveLength(1);
  });

  it('takes a top-level task kept whole back into decomposition, and its year target with it', async () => {
    const y = await target('整体任务继续分解');
    const top = await accepted(y, '整体任务');
    await act(head, '/targetTask/:id/resolve', top);
    expect(await yearStatus(y)).toBe('hasResolved');
    await act(head, '/targetTask/:id/decompose', top);
    expect((await card(top)).rwzt).toBe('waitResolve');
    expect(await yearStatus(y)).toBe('waitResolve');
    await child(y, top, '拆分出的子任务', '2026-01-01', '2026-06-30');
    await act(head, '/targetTask/:id/resolve', top);
    expect((await card(top)).rwzt).toBe('executeing');
    expect(await yearStatus(y)).toBe('hasResolved');
  });

  it('is a named action of the year-target task module too', async () => {
    const y = await target('按动作名继续分解');
    const top = await accepted(y, '按动作名');
    await act(head, '/targetTask/:id/resolve', top);
    const { version } = await card(top);
    const refused = await owner.request({
      method: 'POST',
      url: '/api/herm-ndwbs/averageLevelTarget/updateTaskStauts',
      payload: { id: top, action: 'decompose', version },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().meta.message).toBe(TASK_MSG.notAllowed);
    const res = await head.request({
      method: 'POST',
      url: '/api/herm-ndwbs/averageLevelTarget/updateTaskStauts',
      payload: { id: top, action: 'decompose', version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await card(top)).toMatchObject({ rwzt: 'waitResolve', version: version + 1 });
  });
});
