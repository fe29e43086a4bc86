import { z } from 'zod';
import { int32 } from './primitives';
import type { TaskPageKind, TaskStatus } from './target-task';

/**
 * The home page's 待办 (what waits for the signed-in user), by role. Each to-do is a list the user has: the server
 * counts its rows and the web opens it with the same filter, so the count and the list agree.
 */

/** The roles a to-do belongs to: the head of a department, the auditor of tasks, the owner of tasks. */
export const TODO_ROLES = ['head', 'auditor', 'owner'] as const;
export type TodoRole = (typeof TODO_ROLES)[number];

/** A to-do that is a task list: its page kind and filters (the query of `/targetTask/selectPage`). */
export interface TaskTodo {
  role: TodoRole;
  kind: TaskPageKind;
  rwzt?: TaskStatus;
  missionState?: 'toWrite';
}

/** A to-do that is an auditor's queue of progress reports or delay requests awaiting audit. */
export interface AuditTodo {
  role: 'auditor';
  queue: 'report' | 'delay';
}

/** The to-dos among tasks, in the order the tiles show them within each role. */
export const TASK_TODOS = {
  departmentAccept: { role: 'head', kind: 'departmentTask', rwzt: 'waitAccept' },
  departmentResolve: { role: 'head', kind: 'departmentTask', rwzt: 'waitResolve' },
  definitionAudit: { role: 'auditor', kind: 'reviewTask' },
  myDefine: { role: 'owner', kind: 'myTask', rwzt: 'waitDefine', missionState: 'toWrite' },
  myAccept: { role: 'owner', kind: 'myTask', rwzt: 'waitAccept' },
  myExecuting: { role: 'owner', kind: 'myTask', rwzt: 'executeing' },
  myOverdue: { role: 'owner', kind: 'myTask', rwzt: 'delayNotDone' },
} as const satisfies Record<string, TaskTodo>;
export type TaskTodoKey = keyof typeof TASK_TODOS;

/** The to-dos that are audit queues (awaiting audit, the default filter of the auditor's lists). */
export const AUDIT_TODOS = {
  reportAudit: { role: 'auditor', queue: 'report' },
  delayAudit: { role: 'auditor', queue: 'delay' },
} as const satisfies Record<string, AuditTodo>;
export type AuditTodoKey = keyof typeof AUDIT_TODOS;

export type TodoKey = TaskTodoKey | AuditTodoKey;

/** Every to-do in tile order: the department's, then the auditor's, then the owner's. */
export const TODO_KEYS = [
  'departmentAccept',
  'departmentResolve',
  'reportAudit',
  'delayAudit',
  'definitionAudit',
  'myDefine',
  'myAccept',
  'myExecuting',
  'myOverdue',
] as const satisfies readonly TodoKey[];

/** The role of each to-do. */
export const todoRole = (key: TodoKey): TodoRole =>
  key in TASK_TODOS ? TASK_TODOS[key as TaskTodoKey].role : AUDIT_TODOS[key as AuditTodoKey].role;

export const TodoQuerySchema = z.object({
  year: int32().optional().describe('任务年份（年度目标的周期年份；不传为全部年份） / year, all years when absent'),
});

const count = (text: string) =>
  z.number().int().nullable().describe(`${text}；不具有该角色时为 null / null when the role does not apply`);

/** The counts of the home page's 待办, each null when the user does not hold its role. */
export const TodoCountsSchema = z.object({
  roles: z
    .object({
      head: z.boolean().describe('负责部门 / heads a department'),
      auditor: z.boolean().describe('审核任务 / audits tasks'),
      owner: z.boolean().describe('负责任务 / owns tasks'),
    })
    .describe('用户具有的待办角色 / the roles the counts apply to'),
  departmentAccept: count('本人负责的部门待接收的任务 / tasks waiting for my departments to accept'),
  departmentResolve: count('本人负责的部门待分解的任务 / tasks waiting for my departments to split'),
  reportAudit: count('待我审核的进度报告 / progress reports waiting for my audit'),
  delayAudit: count('待我审核的延期申请 / delay requests waiting for my audit'),
  definitionAudit: count('待我审核的任务书 / definitions waiting for my audit'),
  myDefine: count('待我编写的任务书（未提交或被退回） / my definitions to write'),
  myAccept: count('我负责的待接收任务 / my tasks waiting to be accepted'),
  myExecuting: count('我执行中的任务 / my tasks under way'),
  myOverdue: count('我逾期未完成的任务 / my overdue tasks'),
});
export type TodoCounts = z.infer<typeof TodoCountsSchema>;
