import { TASK_ACTIONS, TASK_MSG, type TaskAction } from '@zg/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { evaluateWarnings } from '../warning';

/**
 * Every task action, from every state, by every role, over the API: the allowed ones move the task to the
 * expected state (through the year-target task module's updateTaskStauts), the others are refused with the
 * right message and change nothing (same state, same version, no audit row). A role that does not see the task
 * (the head of another department) is answered as for a missing task, whatever the state.
 */

let s: TestServer;
const W = '/api/herm-wbs';
const N = '/api/herm-ndwbs';
const users = {
  publisher: 'fbr01',
  head: 'bmfzr01',
  otherHead: 'bmfzr03',
  owner: 'rwfzr01',
  auditor: 'shr01',
  leader: 'xld01',
} as const;
type Who = keyof typeof users;
/** Who does not see the 教务处 tasks of the fixture. */
const HIDDEN_FROM: readonly Who[] = ['otherHead'];
const WHO = Object.keys(users) as Who[];
const me = {} as Record<Who, TestSession>;
let yearTargetId = 0;

/** The fixture states: a task state and its definition audit. */
const STATES = [
  'notPushed',
  'waitAccept',
  'waitResolve',
  'goBack',
  'waitDefine',
  'waitDefine/0',
  'waitDefine/2',
  'executeing',
  'hasDone',
  'delayDone',
  'delayNotDone',
] as const;
type State = (typeof STATES)[number];

/** The allowed cells: action -> source state -> who, and where it leads; everything else is refused. */
const ALLOWED: Partial<Record<TaskAction, Partial<Record<State, { who: Who[]; to: string; audit: number | null }>>>> = {
  push: {
    notPushed: { who: ['publisher'], to: 'waitAccept', audit: null },
    goBack: { who: ['publisher'], to: 'waitAccept', audit: null },
  },
  withdraw: { waitAccept: { who: ['publisher'], to: 'notPushed', audit: null } },
  accept: { waitAccept: { who: ['head'], to: 'waitResolve', audit: null } },
  goBack: {
    waitAccept: { who: ['head'], to: 'goBack', audit: null },
    waitResolve: { who: ['head'], to: 'goBack', audit: null },
  },
  resolve: { waitResolve: { who: ['head'], to: 'waitDefine', audit: null } },
  decompose: {
    waitDefine: { who: ['head'], to: 'waitResolve', audit: null },
    'waitDefine/2': { who: ['head'], to: 'waitResolve', audit: null },
  },
  define: {
    waitDefine: { who: ['owner'], to: 'waitDefine', audit: 0 },
    'waitDefine/2': { who: ['owner'], to: 'waitDefine', audit: 0 },
  },
  pass: { 'waitDefine/0': { who: ['auditor'], to: 'executeing', audit: 1 } },
  refuse: { 'waitDefine/0': { who: ['auditor'], to: 'waitDefine', audit: 2 } },
};

/** The resource-style endpoint of each action. */
const WBS_PATH: Record<TaskAction, (id: number) => string> = {
  push: (id) => `/targetTask/${id}/push`,
  withdraw: (id) => `/targetTask/${id}/withdraw`,
  accept: (id) => `/targetTask/${id}/accept`,
  goBack: (id) => `/targetTask/${id}/goBack`,
  resolve: (id) => `/targetTask/${id}/resolve`,
  decompose: (id) => `/targetTask/${id}/decompose`,
  define: (id) => `/targetTaskAudit/${id}/submit`,
  pass: (id) => `/targetTaskAudit/${id}/pass`,
  refuse: (id) => `/targetTaskAudit/${id}/refuse`,
};

const post = (who: Who, url: string, payload: object) => me[who].request({ method: 'POST', url, payload });
async function card(id: number) {
  const res = await me.publisher.request({ method: 'GET', url: `${W}/targetTask/${id}` });
  return res.json().data as { rwzt: string; auditStatus: number | null; version: number };
}
async function step(who: Who, action: TaskAction, id: number) {
  const { version } = await card(id);
  const res = await post(who, `${W}${WBS_PATH[action](id)}`, { version, reason: '原因说明' });
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
}
async function report(id: number, kind: 'final') {
  const sent = await post('owner', `${W}/targetTaskSituation/insert`, {
    taskId: id,
    periodKey: 'final',
    kind,
    content: '已完成全部建设内容',
    progress: 100,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const audited = await post('auditor', `${W}/targetTaskSituation/auditTargetTask`, {
    id: sent.json().data.id,
    version: 1,
    result: 'pass',
  });
  expect(audited.statusCode, audited.body).toBe(200);
}

let serial = 0;
/** A fresh task of 教务处 (owner rwfzr01, auditor shr01) driven into `state` by the roles who do it. */
async function taskIn(state: State): Promise<number> {
  const late = state === 'delayDone' || state === 'delayNotDone';
  const res = await post('publisher', `${W}/targetTask/insert`, {
    yearTargetId,
    rwmc: `状态夹具${++serial}`,
    rwlx: 'C',
    departmentId: 'D02',
    ownerId: 'rwfzr01',
    auditorId: 'shr01',
    kssj: '2026-01-01',
    jssj: late ? '2026-03-31' : '2026-12-31',
    weight: 10,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  if (state === 'notPushed') return id;
  await step('publisher', 'push', id);
  if (state === 'waitAccept') return id;
  if (state === 'goBack') {
    await step('head', 'goBack', id);
    return id;
  }
  await step('head', 'accept', id);
  if (state === 'waitResolve') return id;
  await step('head', 'resolve', id);
  if (state === 'waitDefine') return id;
  await step('owner', 'define', id);
  if (state === 'waitDefine/0') return id;
  if (state === 'waitDefine/2') {
    await step('auditor', 'refuse', id);
    return id;
  }
  await step('auditor', 'pass', id);
  if (state === 'executeing') return id;
  if (state === 'delayNotDone') await evaluateWarnings(s.database.db, s.app.clock);
  else await report(id, 'final');
  return id;
}

const auditRows = async (id: number) =>
  (
    await s.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'targetTask'), eq(auditLog.entityId, String(id))))
  ).length;

beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-06-01T10:00:00');
  for (const who of WHO) me[who] = await s.login(users[who]);
  const target = await post('publisher', `${W}/yearTarget/insert`, {
    name: '状态迁移矩阵',
    cycleYear: 2026,
    chargeDepartId: 'D04',
    auditorId: 'shr01',
  });
  yearTargetId = target.json().data.id;
});
afterAll(async () => {
  await s?.close();
});

describe('every state x action x role over the API', () => {
  for (const state of STATES) {
    describe(state, () => {
      let shared = 0;
      let before: { rwzt: string; auditStatus: number | null; version: number };
      let rowsBefore = 0;
      beforeAll(async () => {
        shared = await taskIn(state);
        before = await card(shared);
        rowsBefore = await auditRows(shared);
      });

      it('is the state the fixture claims', () => {
        const [status, audit] = state.split('/');
        expect(before.rwzt).toBe(status);
        if (audit !== undefined) expect(before.auditStatus).toBe(Number(audit));
      });

      for (const action of Object.keys(TASK_ACTIONS) as TaskAction[]) {
        for (const who of WHO) {
          const cell = ALLOWED[action]?.[state];
          const allowed = cell?.who.includes(who) ?? false;
          it(`${action} by ${who}: ${allowed ? 'allowed' : 'refused'}`, async () => {
            if (allowed && cell) {
              const id = await taskIn(state);
              const { version } = await card(id);
              const res = await post(who, `${N}/averageLevelTarget/updateTaskStauts`, {
                id,
                action,
                version,
                reason: '原因说明',
              });
              expect(res.statusCode, res.body).toBe(200);
              const after = await card(id);
              expect(after).toMatchObject({ rwzt: cell.to, auditStatus: cell.audit, version: version + 1 });
              return;
            }
            const res = await post(who, `${W}${WBS_PATH[action](shared)}`, {
              version: before.version,
              reason: '原因说明',
            });
            const [status, message] = HIDDEN_FROM.includes(who)
              ? [404, TASK_MSG.taskNotFound]
              : cell
                ? [403, TASK_MSG.notAllowed]
                : [409, TASK_MSG.wrongState];
            expect(res.statusCode).toBe(status);
            expect(res.json().meta).toMatchObject({ success: false, message });
          });
        }
      }

      it('is unchanged after every refused attempt', async () => {
        expect(await card(shared)).toEqual(before);
        expect(await auditRows(shared)).toBe(rowsBefore);
      });
    });
  }
});

describe('input the state machine refuses', () => {
  it('needs a reason to return or refuse, and an owner (or children) to resolve, changing nothing', async () => {
    const waiting = await taskIn('waitAccept');
    const v = (await card(waiting)).version;
    const noReason = await post('head', `${W}/targetTask/${waiting}/goBack`, { version: v, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().meta.message).toBe(TASK_MSG.reasonRequired);
    const review = await taskIn('waitDefine/0');
    const rv = (await card(review)).version;
    const refuse = await post('auditor', `${W}/targetTaskAudit/${review}/refuse`, { version: rv });
    expect(refuse.json().meta.message).toBe(TASK_MSG.reasonRequired);
    expect((await card(waiting)).version).toBe(v);
    expect((await card(review)).version).toBe(rv);

    const res = await post('publisher', `${W}/targetTask/insert`, {
      yearTargetId,
      rwmc: '无负责人',
      rwlx: 'D',
      departmentId: 'D02',
      kssj: '2026-01-01',
      jssj: '2026-12-31',
    });
    const id = res.json().data.id as number;
    await step('publisher', 'push', id);
    await step('head', 'accept', id);
    const version = (await card(id)).version;
    const resolve = await post('head', `${W}/targetTask/${id}/resolve`, { version });
    expect(resolve.statusCode).toBe(400);
    expect(resolve.json().meta.message).toBe(TASK_MSG.needOwnerOrChildren);
    const outsider = await post('head', `${W}/targetTask/${id}/resolve`, { version, ownerId: 'rwfzr02' });
    expect(outsider.json().meta.message).toBe(TASK_MSG.ownerNotInDepartment);
    expect((await card(id)).rwzt).toBe('waitResolve');
    expect((await post('head', `${W}/targetTask/${id}/resolve`, { version, ownerId: 'rwfzr01' })).statusCode).toBe(200);
    expect(await card(id)).toMatchObject({ rwzt: 'waitDefine', version: version + 1 });
  });
});
