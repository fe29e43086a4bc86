import { FILL_ACTIONS, type FillAction, type FillState, ROLE } from '@zg/contract';
import { isAdmin } from '../../platform/access';

/** What the rules need to know about a fill task. */
export interface FillFacts {
  state: FillState;
  /** Whether filling is open now: the task is not closed and today is within its start and deadline. */
  window: 'open' | 'notStarted' | 'pastDeadline' | 'closed';
  assigneeId: string | null;
  departmentId: string | null;
  auditorId: string;
}

/** What the rules need to know about the actor. */
export interface FillActor {
  userId: string;
  roles: ReadonlySet<string>;
  departmentId: string | null;
  chargeDepartmentIds: readonly string[];
}

/** The collection administrators: design forms, start tasks, roll finished fill tasks back. */
export const isCollectionManager = (a: Pick<FillActor, 'roles'>) => isAdmin(a) || a.roles.has(ROLE.dataOffice);

/** The filler: the user allocated, or a member or head of the department allocated. */
export const isFiller = (a: FillActor, t: Pick<FillFacts, 'assigneeId' | 'departmentId'>) =>
  (t.assigneeId !== null && a.userId === t.assigneeId) ||
  (t.departmentId !== null && (a.departmentId === t.departmentId || a.chargeDepartmentIds.includes(t.departmentId)));

/** The fill task's auditor (or an administrator). */
export const isFillAuditor = (a: FillActor, t: Pick<FillFacts, 'auditorId'>) => isAdmin(a) || a.userId === t.auditorId;

export type FillRefusal = 'wrongState' | 'notAllowed' | 'closedWindow' | 'reasonRequired';
export type FillDecision = { ok: true; state: FillState } | { ok: false; refusal: FillRefusal };

interface Rule {
  from: readonly FillState[];
  who: (a: FillActor, t: FillFacts) => boolean;
  /** Only while filling is open (started, before the deadline, task not closed). */
  inWindow?: boolean;
  needsReason?: boolean;
  to: FillState;
}

/** The one table of the fill-task machine: source states, who may act, guards, and the resulting state. */
export const FILL_RULES: Record<FillAction, Rule> = {
  save: { from: ['uncommitted'], who: isFiller, inWindow: true, to: 'uncommitted' },
  commit: { from: ['uncommitted'], who: isFiller, inWindow: true, to: 'waitAudit' },
  withdraw: { from: ['waitAudit'], who: isFiller, to: 'uncommitted' },
  pass: { from: ['waitAudit'], who: isFillAuditor, to: 'finished' },
  reject: { from: ['waitAudit'], who: isFillAuditor, needsReason: true, to: 'uncommitted' },
  rollback: {
    from: ['finished'],
    who: (a, t) => isFillAuditor(a, t) || isCollectionManager(a),
    needsReason: true,
    to: 'uncommitted',
  },
};

/** Decides one action: the next state, or why it is refused (state first, then person, then window, then input). */
export function decideFill(action: FillAction, t: FillFacts, a: FillActor, input: { reason?: string | null } = {}) {
  const rule = FILL_RULES[action];
  if (!rule.from.includes(t.state)) return { ok: false, refusal: 'wrongState' } as FillDecision;
  if (!rule.who(a, t)) return { ok: false, refusal: 'notAllowed' } as FillDecision;
  if (rule.inWindow && t.window !== 'open') return { ok: false, refusal: 'closedWindow' } as FillDecision;
  if (rule.needsReason && !input.reason?.trim()) return { ok: false, refusal: 'reasonRequired' } as FillDecision;
  return { ok: true, state: rule.to } as FillDecision;
}

/** Which actions the actor may take now (sent with the fill task so pages show only what is allowed). */
export function fillAbilities(t: FillFacts, a: FillActor): Record<FillAction, boolean> {
  const out = {} as Record<FillAction, boolean>;
  for (const action of FILL_ACTIONS) {
    const rule = FILL_RULES[action];
    out[action] = rule.from.includes(t.state) && rule.who(a, t) && !(rule.inWindow && t.window !== 'open');
  }
  return out;
}

/** The filling window of a task on a day (YYYY-MM-DD). */
export function windowOf(task: { closed: boolean; startDate: string; deadline: string }, today: string) {
  if (task.closed) return 'closed' as const;
  if (today < task.startDate) return 'notStarted' as const;
  if (today > task.deadline) return 'pastDeadline' as const;
  return 'open' as const;
}
