import { AUDIT_TODOS, type AuditTodoKey, TASK_TODOS, type TaskTodo, TODO_KEYS, type TodoKey } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { get, post } from '../../test/wbs-fixtures';
import { evaluateWarnings } from '../warning';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const at = (d: string) => s.app.clock.set(`${d}T10:00:00`);
const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r;
};

async function target(name: string, cycleYear: number) {
  const fbr = await s.login('fbr01');
  const res = await ok(post(fbr, '/yearTarget/insert', { name, cycleYear, chargeDepartId: 'D04', auditorId: 'shr01' }));
  return JSON.parse(res.body).data.id as number;
}

type Step = 'waitAccept' | 'waitResolve' | 'waitDefine' | 'submitted' | 'refused' | 'executeing';
const ORDER: Step[] = ['waitAccept', 'waitResolve', 'waitDefine', 'submitted', 'executeing'];

/**
 * A task of a department driven through the real API to a step: pushed (waitAccept), accepted (waitResolve), resolved
 * to the owner (waitDefine, 任务书 to write), its definition submitted, refused, or passed (executeing).
 */
async function taskAt(
  yearTargetId: number,
  step: Step,
  who: { department: string; head: string; owner: string; auditor?: string },
  opts: { name: string; start?: string; end?: string; ownerAtInsert?: boolean },
) {
  const fbr = await s.login('fbr01');
  const res = await ok(
    post(fbr, '/targetTask/insert', {
      yearTargetId,
      rwmc: opts.name,
      rwlx: 'B',
      departmentId: who.department,
      kssj: opts.start ?? '2026-01-01',
      jssj: opts.end ?? '2026-12-31',
      ...(opts.ownerAtInsert ? { ownerId: who.owner } : {}),
      ...(who.auditor ? { auditorId: who.auditor } : {}),
    }),
  );
  const id = JSON.parse(res.body).data.id as number;
  const reach = (next: Step) => ORDER.indexOf(step === 'refused' ? 'submitted' : step) >= ORDER.indexOf(next);
  await ok(post(fbr, `/targetTask/${id}/push`, { version: 1 }));
  if (!reach('waitResolve')) return id;
  const head = await s.login(who.head);
  await ok(post(head, `/targetTask/${id}/accept`, { version: 2 }));
  if (!reach('waitDefine')) return id;
  await ok(post(head, `/targetTask/${id}/resolve`, { version: 3, ownerId: who.owner }));
  if (!reach('submitted')) return id;
  const owner = await s.login(who.owner);
  await ok(post(owner, `/targetTaskAudit/${id}/submit`, { version: 4 }));
  if (step === 'submitted') return id;
  const auditor = await s.login(who.auditor ?? 'shr01');
  if (step === 'refused') {
    await ok(post(auditor, `/targetTaskAudit/${id}/refuse`, { version: 5, reason: '任务书不完整' }));
  } else {
    await ok(post(auditor, `/targetTaskAudit/${id}/pass`, { version: 5 }));
  }
  return id;
}

/** The list the web opens for a to-do, with the filter the server counts it with (size 1: only the total is read). */
function listUrl(key: TodoKey, year?: number) {
  const query = new URLSearchParams({ size: '1' });
  if (year !== undefined) query.set('year', String(year));
  if (Object.hasOwn(TASK_TODOS, key)) {
    const todo: TaskTodo = TASK_TODOS[key as keyof typeof TASK_TODOS];
    query.set('kind', todo.kind);
    if (todo.rwzt) query.set('rwzt', todo.rwzt);
    if (todo.missionState) query.set('missionState', todo.missionState);
    return `/targetTask/selectPage?${query}`;
  }
  query.set('status', 'reviewing');
  const queue = AUDIT_TODOS[key as AuditTodoKey].queue;
  return `/${queue === 'report' ? 'targetTaskSituation' : 'delayAuditing'}/selectPage?${query}`;
}

/** The user's to-do counts, each checked against the total of the list it opens (a null count is not applicable). */
async function countsOf(me: TestSession, year?: number) {
  const res = await ok(get(me, `/todo/counts${year === undefined ? '' : `?year=${year}`}`));
  const counts = JSON.parse(res.body).data;
  for (const key of TODO_KEYS) {
    if (counts[key] === null) continue;
    const list = await ok(get(me, listUrl(key, year)));
    expect(counts[key], `${key} (${year ?? '全部年份'})`).toBe(JSON.parse(list.body).data.total);
  }
  return counts;
}

const D02 = { department: 'D02', head: 'bmfzr01', owner: 'rwfzr01' };
const D03 = { department: 'D03', head: 'bmfzr03', owner: 'rwfzr02' };

describe('the home page to-dos', () => {
  beforeAll(async () => {
    at('2026-01-05');
    const t26 = await target('2026年度质量提升', 2026);
    const t25 = await target('2025年度质量提升', 2025);
    // 教务处 (bmfzr01 heads it, rwfzr01 owns its tasks, shr01 audits them).
    await taskAt(t26, 'waitAccept', D02, { name: '待接收，未定负责人' });
    await taskAt(t26, 'waitAccept', D02, { name: '待接收，已定负责人', ownerAtInsert: true });
    await taskAt(t26, 'waitResolve', D02, { name: '待分解' });
    await taskAt(t26, 'waitDefine', D02, { name: '任务书待编写' });
    await taskAt(t26, 'submitted', D02, { name: '任务书审核中' });
    await taskAt(t26, 'refused', D02, { name: '任务书被退回' });
    const underWay = await taskAt(t26, 'executeing', D02, { name: '执行中，有报告与延期' });
    const overdue = await taskAt(t26, 'executeing', D02, { name: '将逾期', end: '2026-01-31' });
    await taskAt(t25, 'waitAccept', D02, {
      name: '2025年待接收',
      start: '2025-03-01',
      end: '2025-12-31',
      ownerAtInsert: true,
    });
    // 学生工作处 (bmfzr03, rwfzr02); one task audited by bmfzr01, a head who also audits.
    await taskAt(t26, 'waitAccept', D03, { name: '学工待接收' });
    await taskAt(t26, 'waitResolve', D03, { name: '学工待分解' });
    const auditedByHead = await taskAt(t26, 'executeing', { ...D03, auditor: 'bmfzr01' }, { name: '部门负责人审核的' });

    at('2026-01-20');
    const rwfzr01 = await s.login('rwfzr01');
    const report = { periodKey: '2026-01', kind: 'process', content: '一月进度', progress: 10 };
    await ok(post(rwfzr01, '/targetTaskSituation/insert', { taskId: underWay, ...report }));
    await ok(
      post(rwfzr01, '/delayAuditing/insert', { taskId: underWay, newEndDate: '2027-03-31', reason: '设备未到货' }),
    );
    const rwfzr02 = await s.login('rwfzr02');
    await ok(post(rwfzr02, '/targetTaskSituation/insert', { taskId: auditedByHead, ...report }));

    // Past its end the warning evaluation makes the last one overdue (逾期未完成).
    at('2026-02-02');
    await evaluateWarnings(s.database.db, s.app.clock);
    const task = await ok(get(rwfzr01, `/targetTask/${overdue}`));
    expect(JSON.parse(task.body).data.rwzt).toBe('delayNotDone');
  });

  it("counts a department head's tasks to accept and split, and only their departments'", async () => {
    const bmfzr03 = await countsOf(await s.login('bmfzr03'));
    expect(bmfzr03).toMatchObject({
      roles: { head: true, auditor: false, owner: false },
      departmentAccept: 1,
      departmentResolve: 1,
      reportAudit: null,
      delayAudit: null,
      definitionAudit: null,
      myDefine: null,
      myAccept: null,
      myExecuting: null,
      myOverdue: null,
    });
  });

  it("counts an auditor's reports, delay requests and definitions awaiting audit, and only their own", async () => {
    const shr01 = await s.login('shr01');
    expect(await countsOf(shr01)).toMatchObject({
      roles: { head: false, auditor: true, owner: false },
      departmentAccept: null,
      departmentResolve: null,
      reportAudit: 1,
      delayAudit: 1,
      definitionAudit: 1,
      myDefine: null,
      myOverdue: null,
    });
    // The administrator's queues are every auditor's, as the audit page lists them.
    expect(await countsOf(await s.login('zyadmin'))).toMatchObject({ reportAudit: 2, delayAudit: 1 });
  });

  it("counts an owner's definitions to write (not those under review) and tasks to accept, under way and overdue", async () => {
    const rwfzr01 = await s.login('rwfzr01');
    expect(await countsOf(rwfzr01)).toMatchObject({
      roles: { head: false, auditor: false, owner: true },
      departmentAccept: null,
      reportAudit: null,
      definitionAudit: null,
      myDefine: 2,
      myAccept: 2,
      myExecuting: 1,
      myOverdue: 1,
    });
    expect(await countsOf(rwfzr01, 2026)).toMatchObject({ myDefine: 2, myAccept: 1, myExecuting: 1, myOverdue: 1 });
    expect(await countsOf(rwfzr01, 2025)).toMatchObject({ myDefine: 0, myAccept: 1, myExecuting: 0, myOverdue: 0 });
    // Another owner of the same tasks' tree has none of them.
    expect(await countsOf(await s.login('rwfzr02'))).toMatchObject({ myDefine: 0, myAccept: 0, myExecuting: 1 });
  });

  it('counts every role of a user who holds two, by year', async () => {
    const bmfzr01 = await s.login('bmfzr01');
    expect(await countsOf(bmfzr01)).toMatchObject({
      roles: { head: true, auditor: true, owner: false },
      departmentAccept: 3,
      departmentResolve: 1,
      reportAudit: 1,
      delayAudit: 0,
      definitionAudit: 0,
      myDefine: null,
    });
    expect(await countsOf(bmfzr01, 2026)).toMatchObject({ departmentAccept: 2, departmentResolve: 1, reportAudit: 1 });
    expect(await countsOf(bmfzr01, 2025)).toMatchObject({ departmentAccept: 1, departmentResolve: 0, reportAudit: 0 });
  });

  it('has nothing for a role the user does not hold, and refuses a bad year in Chinese', async () => {
    const fbr01 = await s.login('fbr01');
    const counts = await countsOf(fbr01);
    expect(counts.roles).toEqual({ head: false, auditor: false, owner: false });
    for (const key of TODO_KEYS) expect(counts[key], key).toBeNull();
    const bad = await get(fbr01, '/todo/counts?year=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().meta.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});
