import { SELF_REPORT_ACTIONS, type SelfReportAction, type SelfReportState } from '@zg/contract';
import {
  isExpert,
  isReportWriter,
  isReviewer,
  isSchoolReviewer,
  type ReportActor,
  type ReportPeople,
} from './self-report.policy';

export type ReportRefusal = 'wrongState' | 'notAllowed';
export type ReportDecision = { ok: true; state: SelfReportState } | { ok: false; refusal: ReportRefusal };

interface Rule {
  from: readonly SelfReportState[];
  who: (a: ReportActor, p: ReportPeople) => boolean;
  /** The resulting state (the same for an action that changes none). */
  to: (state: SelfReportState) => SelfReportState;
}

const same = (s: SelfReportState) => s;

/**
 * The transitions of a self-diagnosis report: draft (草稿, figures live) → submitted (已提交, figures frozen) → (校外专家)
 * expertReviewed → (学校审核) schoolReviewed, final; either reviewer may send a submitted or expert-reviewed report back
 * (rejected, with a reason), which the person in charge explains and submits again (the earlier reviews are dropped).
 */
export const RULES: Record<SelfReportAction, Rule> = {
  explain: { from: ['draft', 'rejected'], who: isReportWriter, to: same },
  submit: { from: ['draft', 'rejected'], who: isReportWriter, to: () => 'submitted' },
  expertReview: { from: ['submitted'], who: isExpert, to: () => 'expertReviewed' },
  schoolReview: { from: ['expertReviewed'], who: isSchoolReviewer, to: () => 'schoolReviewed' },
  reject: { from: ['submitted', 'expertReviewed'], who: isReviewer, to: () => 'rejected' },
};

/** Decides one action: the next state, or why it is refused (state first, then person). */
export function decideReport(
  action: SelfReportAction,
  state: SelfReportState,
  a: ReportActor,
  p: ReportPeople,
): ReportDecision {
  const rule = RULES[action];
  if (!rule.from.includes(state)) return { ok: false, refusal: 'wrongState' };
  if (!rule.who(a, p)) return { ok: false, refusal: 'notAllowed' };
  return { ok: true, state: rule.to(state) };
}

const ACTIONS = Object.keys(SELF_REPORT_ACTIONS) as SelfReportAction[];

/** Which actions the actor may take on the report now (sent with it). */
export function selfReportAbilities(
  state: SelfReportState,
  a: ReportActor,
  p: ReportPeople,
): Record<SelfReportAction, boolean> {
  const out = {} as Record<SelfReportAction, boolean>;
  for (const action of ACTIONS) out[action] = decideReport(action, state, a, p).ok;
  return out;
}
