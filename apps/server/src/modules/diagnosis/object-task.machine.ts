import {
  type DiagnosisTaskState,
  OBJECT_TASK_ACTIONS,
  type ObjectTaskAction,
  type RevisionState,
  type TargetState,
} from '@zg/contract';
import { type ActorFacts, isFbr, isFzr, isGly, isShr, type ObjectPeople, type TaskPeople } from './diagnosis.policy';

/** What the rules need to know about an object task (and its task). */
export interface ObjectTaskFacts extends TaskPeople, Pick<ObjectPeople, 'chargerId'> {
  taskState: DiagnosisTaskState;
  targetState: TargetState;
}

export type ObjectRefusal = 'taskPaused' | 'taskFinished' | 'wrongState' | 'notAllowed' | 'reasonRequired';
export type ObjectDecision = { ok: true; targetState: TargetState } | { ok: false; refusal: ObjectRefusal };

interface Rule {
  from: readonly TargetState[];
  who: (a: ActorFacts, o: ObjectTaskFacts) => boolean;
  needsReason?: boolean;
  to: TargetState;
}

/** The person in charge, or an administrator acting for them. */
const charger = (a: ActorFacts, o: ObjectTaskFacts) => isFzr(a, o) || isGly(a);

/**
 * The targets of an object task (spec-2 §4): tosubmit → (submit, the person in charge) waitaudit → (pass, the auditor)
 * toaudit | (refuse with a reason) tosubmit; the publisher issues targets down from any state (→ toaudit). Every action
 * needs the task under way (normal): a paused or finished task refuses all.
 */
export const OBJECT_RULES: Record<ObjectTaskAction, Rule> = {
  saveTargets: { from: ['tosubmit'], who: charger, to: 'tosubmit' },
  submit: { from: ['tosubmit'], who: charger, to: 'waitaudit' },
  pass: { from: ['waitaudit'], who: isShr, to: 'toaudit' },
  refuse: { from: ['waitaudit'], who: isShr, needsReason: true, to: 'tosubmit' },
  issueDown: { from: ['tosubmit', 'waitaudit', 'toaudit'], who: isFbr, to: 'toaudit' },
};

const taskRefusal = (s: DiagnosisTaskState): ObjectRefusal | null =>
  s === 'pause' ? 'taskPaused' : s === 'finished' ? 'taskFinished' : null;

/** Decides one action on an object task's targets: task state, then source state, then person, then input. */
export function decideObject(
  action: ObjectTaskAction,
  o: ObjectTaskFacts,
  a: ActorFacts,
  input: { reason?: string } = {},
): ObjectDecision {
  const stopped = taskRefusal(o.taskState);
  if (stopped) return { ok: false, refusal: stopped };
  const rule = OBJECT_RULES[action];
  if (!rule.from.includes(o.targetState)) return { ok: false, refusal: 'wrongState' };
  if (!rule.who(a, o)) return { ok: false, refusal: 'notAllowed' };
  if (rule.needsReason && !input.reason?.trim()) return { ok: false, refusal: 'reasonRequired' };
  return { ok: true, targetState: rule.to };
}

/** A row's revision (xzmbz or xzjgz): revise (the person in charge, with a reason), pass / refuse (the auditor). */
export type RevisionKind = 'xzmbz' | 'xzjgz';
export type RevisionAction = 'revise' | 'pass' | 'refuse';
export interface RevisionFacts extends ObjectTaskFacts {
  state: RevisionState;
  /** The row has a result (a revised result needs one). */
  hasResult: boolean;
}
export type RevisionRefusal = ObjectRefusal | 'targetsNotAudited' | 'resultMissing' | 'revisionPending';
export type RevisionDecision = { ok: true; state: RevisionState } | { ok: false; refusal: RevisionRefusal };

/**
 * Revisions: a revised target once the targets are audited, a revised result once there is a result; each needs a
 * reason and waits for the auditor (none / toaudit / refused → waitaudit → toaudit | refused).
 */
export function decideRevision(
  kind: RevisionKind,
  action: RevisionAction,
  r: RevisionFacts,
  a: ActorFacts,
  input: { reason?: string } = {},
): RevisionDecision {
  const stopped = taskRefusal(r.taskState);
  if (stopped) return { ok: false, refusal: stopped };
  if (action === 'revise') {
    if (r.state === 'waitaudit') return { ok: false, refusal: 'revisionPending' };
    if (kind === 'xzmbz' && r.targetState !== 'toaudit') return { ok: false, refusal: 'targetsNotAudited' };
    if (kind === 'xzjgz' && !r.hasResult) return { ok: false, refusal: 'resultMissing' };
    if (!charger(a, r)) return { ok: false, refusal: 'notAllowed' };
    if (!input.reason?.trim()) return { ok: false, refusal: 'reasonRequired' };
    return { ok: true, state: 'waitaudit' };
  }
  if (r.state !== 'waitaudit') return { ok: false, refusal: 'wrongState' };
  if (!isShr(a, r)) return { ok: false, refusal: 'notAllowed' };
  if (action === 'refuse' && !input.reason?.trim()) return { ok: false, refusal: 'reasonRequired' };
  return { ok: true, state: action === 'pass' ? 'toaudit' : 'refused' };
}

const ACTIONS = Object.keys(OBJECT_TASK_ACTIONS) as ObjectTaskAction[];

/** Which target actions the actor may take now (a reason is asked by the page, so it is not required here). */
export function objectAbilities(o: ObjectTaskFacts, a: ActorFacts): Record<ObjectTaskAction, boolean> {
  const out = {} as Record<ObjectTaskAction, boolean>;
  for (const action of ACTIONS) out[action] = decideObject(action, o, a, { reason: 'x' }).ok;
  return out;
}
