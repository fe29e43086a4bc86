import { ROLE, SELF_REPORT_ACTIONS, SELF_REPORT_STATES, type SelfReportAction } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { decideReport, RULES, selfReportAbilities } from './self-report.machine';

const person = (userId: string, ...roles: string[]) => ({ userId, roles: new Set<string>(roles) });
const ACTORS = {
  charger: person('zyfzr01', ROLE.diagnosisObject),
  admin: person('zyadmin', ROLE.admin),
  other: person('zyfzr02', ROLE.diagnosisObject),
  expert: person('zj01', ROLE.expertReviewer),
  school: person('xxsh01', ROLE.schoolReviewer),
};
type Who = keyof typeof ACTORS;
/** Who may take each action (in the states its rule opens). */
const MAY: Record<SelfReportAction, readonly Who[]> = {
  explain: ['charger', 'admin'],
  submit: ['charger', 'admin'],
  expertReview: ['expert'],
  schoolReview: ['school'],
  reject: ['expert', 'school'],
};
const people = { chargerId: 'zyfzr01' };

describe('the rules table of a self-diagnosis report', () => {
  it('walks every state × action × person', () => {
    for (const state of SELF_REPORT_STATES)
      for (const action of Object.keys(SELF_REPORT_ACTIONS) as SelfReportAction[]) {
        const open = RULES[action].from.includes(state);
        for (const who of Object.keys(ACTORS) as Who[]) {
          const d = decideReport(action, state, ACTORS[who], people);
          const label = `${action} ${state} ${who}`;
          if (!open) expect(d, label).toEqual({ ok: false, refusal: 'wrongState' });
          else if (!MAY[action].includes(who)) expect(d, label).toEqual({ ok: false, refusal: 'notAllowed' });
          else expect(d.ok, label).toBe(true);
        }
      }
  });

  it('moves draft → submitted → expertReviewed → schoolReviewed; back to rejected and submitted again', () => {
    const { charger, expert, school } = ACTORS;
    expect(decideReport('submit', 'draft', charger, people)).toEqual({ ok: true, state: 'submitted' });
    expect(decideReport('expertReview', 'submitted', expert, people)).toEqual({ ok: true, state: 'expertReviewed' });
    expect(decideReport('schoolReview', 'expertReviewed', school, people)).toEqual({
      ok: true,
      state: 'schoolReviewed',
    });
    expect(decideReport('schoolReview', 'submitted', school, people)).toEqual({ ok: false, refusal: 'wrongState' });
    expect(decideReport('reject', 'expertReviewed', school, people)).toEqual({ ok: true, state: 'rejected' });
    expect(decideReport('reject', 'schoolReviewed', school, people)).toEqual({ ok: false, refusal: 'wrongState' });
    expect(decideReport('explain', 'rejected', charger, people)).toEqual({ ok: true, state: 'rejected' });
    expect(decideReport('submit', 'rejected', charger, people)).toEqual({ ok: true, state: 'submitted' });
    expect(decideReport('explain', 'draft', charger, { chargerId: null })).toEqual({
      ok: false,
      refusal: 'notAllowed',
    });
  });

  it('sends the abilities the table gives', () => {
    const none = { explain: false, submit: false, expertReview: false, schoolReview: false, reject: false };
    expect(selfReportAbilities('draft', ACTORS.charger, people)).toEqual({ ...none, explain: true, submit: true });
    expect(selfReportAbilities('submitted', ACTORS.charger, people)).toEqual(none);
    expect(selfReportAbilities('submitted', ACTORS.expert, people)).toEqual({
      ...none,
      expertReview: true,
      reject: true,
    });
    expect(selfReportAbilities('draft', ACTORS.other, people)).toEqual(none);
  });
});
