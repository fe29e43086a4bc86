import { SELF_REPORT_ACTIONS, type SelfReportAction, type SelfReportState } from '@zg/contract';
import { isReportWriter, type ReportActor, type ReportPeople } from './self-report.policy';

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
 * The transitions of a self-diagnosis report: draft (草稿, figures live) → submitted (已提交, figures frozen); a report
 * sent back (rejected) is explained and submitted again.
 */
export const RULES: Record<SelfReportAction, Rule> = {
  explain: { from: ['draft', 'rejected'], who: isReportWriter, to: same },
  submit: { from: ['draft', 'rejected'], who: isReportWriter, to: () => 'submitted' },
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
