import { ROLE, TASK_ACTIONS, TASK_MAX_DEPTH, type TaskAction, type TaskAudit, type TaskStatus } from '@zg/contract';
import { isAdmin } from '../../platform/access';

/** What the rules need to know about a task. */
export interface TaskFacts {
  status: TaskStatus;
  auditStatus: TaskAudit | null;
  departmentId: string | null;
  ownerId: string | null;
  auditorId: string | null;
  yearTargetCreatorId: string;
  hasChildren: boolean;
  /** Level in the tree: 1 for a top-level task. */
  depth: number;
}

/** What the rules need to know about the actor. */
export interface ActorFacts {
  userId: string;
  roles: ReadonlySet<string>;
  chargeDepartmentIds: readonly string[];
}

export type Refusal = 'wrongState' | 'notAllowed' | 'reasonRequired' | 'needOwnerOrChildren' | 'tooDeep';
export type Decision =
  | { ok: true; status: TaskStatus; auditStatus: TaskAudit | null }
  | { ok: false; refusal: Refusal };

/** The year target's creator or a year-target publisher. */
export const isPublisher = (a: ActorFacts, t: TaskFacts) =>
  isAdmin(a) || a.userId === t.yearTargetCreatorId || a.roles.has(ROLE.targetPublisher);
/** The head of the task's responsible department. */
export const isHead = (a: ActorFacts, t: TaskFacts) =>
  isAdmin(a) || (t.departmentId !== null && a.chargeDepartmentIds.includes(t.departmentId));
/** The task's owner (or an administrator): reports progress, asks for delays, writes its report. */
export const isOwner = (a: ActorFacts, t: Pick<TaskFacts, 'ownerId'>) =>
  isAdmin(a) || (t.ownerId !== null && a.userId === t.ownerId);
/** The task's auditor (or an administrator): audits its definition, progress, delays and report. */
export const isAuditor = (a: ActorFacts, t: Pick<TaskFacts, 'auditorId'>) =>
  isAdmin(a) || (t.auditorId !== null && a.userId === t.auditorId);

interface Rule {
  from: readonly TaskStatus[];
  who: (a: ActorFacts, t: TaskFacts) => boolean;
  audit?: readonly (TaskAudit | null)[];
  /** Only a task without children (a last-level task) is in this rule's source state. */
  leafOnly?: boolean;
  /** Only a top-level task: a child is not returned to the publisher (its head resolves it instead). */
  topOnly?: boolean;
  /** The task will get children: refused at the deepest level. */
  deepens?: boolean;
  needsReason?: boolean;
  to: (t: TaskFacts) => { status: TaskStatus; auditStatus: TaskAudit | null };
}

/** The transitions of a task node: source states, who may act, and the resulting state. */
export const RULES: Record<TaskAction, Rule> = {
  push: { from: ['notPushed', 'goBack'], who: isPublisher, to: () => ({ status: 'waitAccept', auditStatus: null }) },
  withdraw: { from: ['waitAccept'], who: isPublisher, to: () => ({ status: 'notPushed', auditStatus: null }) },
  accept: { from: ['waitAccept'], who: isHead, to: () => ({ status: 'waitResolve', auditStatus: null }) },
  goBack: {
    from: ['waitAccept', 'waitResolve'],
    who: isHead,
    topOnly: true,
    needsReason: true,
    to: () => ({ status: 'goBack', auditStatus: null }),
  },
  resolve: {
    from: ['waitResolve'],
    who: isHead,
    // A task split into children is carried out through them; a task kept whole waits for its owner's definition.
    to: (t) =>
      t.hasChildren ? { status: 'executeing', auditStatus: null } : { status: 'waitDefine', auditStatus: null },
  },
  // A task kept whole (or a child) goes back to its head to be split further, while its definition is not under
  // review: trees grow to three and four levels this way.
  decompose: {
    from: ['waitDefine'],
    who: isHead,
    audit: [null, 2],
    leafOnly: true,
    deepens: true,
    to: () => ({ status: 'waitResolve', auditStatus: null }),
  },
  define: {
    from: ['waitDefine'],
    who: isOwner,
    audit: [null, 2],
    to: () => ({ status: 'waitDefine', auditStatus: 0 }),
  },
  pass: { from: ['waitDefine'], who: isAuditor, audit: [0], to: () => ({ status: 'executeing', auditStatus: 1 }) },
  refuse: {
    from: ['waitDefine'],
    who: isAuditor,
    audit: [0],
    needsReason: true,
    to: () => ({ status: 'waitDefine', auditStatus: 2 }),
  },
};

function inSourceState(rule: Rule, t: TaskFacts) {
  return (
    rule.from.includes(t.status) &&
    (!rule.audit || rule.audit.includes(t.auditStatus)) &&
    !(rule.leafOnly && t.hasChildren) &&
    !(rule.topOnly && t.depth > 1)
  );
}

/** Decides one action: the next state, or why it is refused (state first, then person, then input). */
export function decide(
  action: TaskAction,
  t: TaskFacts,
  a: ActorFacts,
  input: { reason?: string; ownerId?: string } = {},
): Decision {
  const rule = RULES[action];
  if (!inSourceState(rule, t)) return { ok: false, refusal: 'wrongState' };
  if (!rule.who(a, t)) return { ok: false, refusal: 'notAllowed' };
  if (rule.deepens && t.depth >= TASK_MAX_DEPTH) return { ok: false, refusal: 'tooDeep' };
  if (rule.needsReason && !input.reason?.trim()) return { ok: false, refusal: 'reasonRequired' };
  if (action === 'resolve' && !t.hasChildren && !(input.ownerId ?? t.ownerId)) {
    return { ok: false, refusal: 'needOwnerOrChildren' };
  }
  return { ok: true, ...rule.to(t) };
}

/** Which actions the actor may take on the task now (sent to the client so pages hide what is refused). */
const ACTIONS = Object.keys(TASK_ACTIONS) as TaskAction[];

export function abilities(t: TaskFacts, a: ActorFacts): Record<TaskAction, boolean> {
  const out = {} as Record<TaskAction, boolean>;
  for (const action of ACTIONS) {
    const rule = RULES[action];
    out[action] = inSourceState(rule, t) && rule.who(a, t) && !(rule.deepens && t.depth >= TASK_MAX_DEPTH);
  }
  return out;
}

/** The finished states of a task (on time or late). */
export const FINISHED_STATES: ReadonlySet<string> = new Set(['hasDone', 'delayDone']);

/** The states of a task under way (executing, or overdue and still executing). */
export const UNDER_WAY_STATES: ReadonlySet<string> = new Set(['executeing', 'delayNotDone']);
