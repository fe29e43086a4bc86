import { DIAGNOSIS_TASK_ACTIONS, type DiagnosisTaskAction, type DiagnosisTaskState } from '@zg/contract';
import { type ActorFacts, isFbr, isJkr, type TaskPeople } from './diagnosis.policy';

/** What the rules need to know about a diagnosis task. */
export interface DiagnosisTaskFacts extends TaskPeople {
  state: DiagnosisTaskState;
}

export type TaskRefusal = 'wrongState' | 'notAllowed';
export type TaskDecision = { ok: true; state: DiagnosisTaskState } | { ok: false; refusal: TaskRefusal };

interface Rule {
  from: readonly DiagnosisTaskState[];
  who: (a: ActorFacts, t: DiagnosisTaskFacts) => boolean;
  /** The resulting state (the same for an action that changes no state). */
  to: (t: DiagnosisTaskFacts) => DiagnosisTaskState;
}

const same = (t: DiagnosisTaskFacts) => t.state;

/**
 * The transitions of a diagnosis task: normal (进行中) ⇄ pause (已暂停), either → finished (已结束, final). The
 * publisher (or an administrator) acts; the monitor may also start a computation of a task under way.
 */
export const RULES: Record<DiagnosisTaskAction, Rule> = {
  update: { from: ['normal', 'pause'], who: isFbr, to: same },
  pause: { from: ['normal'], who: isFbr, to: () => 'pause' },
  resume: { from: ['pause'], who: isFbr, to: () => 'normal' },
  finish: { from: ['normal', 'pause'], who: isFbr, to: () => 'finished' },
  delete: { from: ['normal', 'pause', 'finished'], who: isFbr, to: same },
  addObjects: { from: ['normal', 'pause'], who: isFbr, to: same },
  calculate: { from: ['normal'], who: (a, t) => isFbr(a, t) || isJkr(a, t), to: same },
};

/** Decides one action: the next state, or why it is refused (state first, then person). */
export function decideTask(action: DiagnosisTaskAction, t: DiagnosisTaskFacts, a: ActorFacts): TaskDecision {
  const rule = RULES[action];
  if (!rule.from.includes(t.state)) return { ok: false, refusal: 'wrongState' };
  if (!rule.who(a, t)) return { ok: false, refusal: 'notAllowed' };
  return { ok: true, state: rule.to(t) };
}

const ACTIONS = Object.keys(DIAGNOSIS_TASK_ACTIONS) as DiagnosisTaskAction[];

/** Which actions the actor may take on the task now (sent with it). */
export function taskAbilities(t: DiagnosisTaskFacts, a: ActorFacts): Record<DiagnosisTaskAction, boolean> {
  const out = {} as Record<DiagnosisTaskAction, boolean>;
  for (const action of ACTIONS) out[action] = decideTask(action, t, a).ok;
  return out;
}
