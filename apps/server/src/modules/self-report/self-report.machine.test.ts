import { ROLE, SELF_REPORT_ACTIONS, SELF_REPORT_STATES, type SelfReportAction } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { decideReport, RULES, selfReportAbilities } from './self-report.machine';

const charger = { userId: 'zyfzr01', roles: new Set<string>([ROLE.diagnosisObject]) };
const admin = { userId: 'zyadmin', roles: new Set<string>([ROLE.admin]) };
const other = { userId: 'zyfzr02', roles: new Set<string>([ROLE.diagnosisObject]) };
const people = { chargerId: 'zyfzr01' };

describe('the rules table of a self-diagnosis report', () => {
  it('walks every state × action × person', () => {
    for (const state of SELF_REPORT_STATES)
      for (const action of Object.keys(SELF_REPORT_ACTIONS) as SelfReportAction[]) {
        const open = RULES[action].from.includes(state);
        for (const [who, a, may] of [
          ['charger', charger, true],
          ['admin', admin, true],
          ['other', other, false],
        ] as const) {
          const d = decideReport(action, state, a, people);
          const label = `${action} ${state} ${who}`;
          if (!open) expect(d, label).toEqual({ ok: false, refusal: 'wrongState' });
          else if (!may) expect(d, label).toEqual({ ok: false, refusal: 'notAllowed' });
          else expect(d.ok, label).toBe(true);
        }
      }
  });

  it('submits a draft or a rejected report; explains without moving it', () => {
    expect(decideReport('submit', 'draft', charger, people)).toEqual({ ok: true, state: 'submitted' });
    expect(decideReport('submit', 'rejected', charger, people)).toEqual({ ok: true, state: 'submitted' });
    expect(decideReport('explain', 'rejected', charger, people)).toEqual({ ok: true, state: 'rejected' });
    expect(decideReport('explain', 'draft', charger, { chargerId: null })).toEqual({
      ok: false,
      refusal: 'notAllowed',
    });
  });

  it('sends the abilities the table gives', () => {
    expect(selfReportAbilities('draft', charger, people)).toEqual({ explain: true, submit: true });
    expect(selfReportAbilities('submitted', charger, people)).toEqual({ explain: false, submit: false });
    expect(selfReportAbilities('draft', other, people)).toEqual({ explain: false, submit: false });
  });
});
