import { FILL_ACTIONS, FILL_STATES, type FillAction, type FillState, ROLE } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { decideFill, type FillActor, type FillFacts, fillAbilities, windowOf } from './data-collection.machine';

const task = (state: FillState, over: Partial<FillFacts> = {}): FillFacts => ({
  state,
  window: 'open',
  assigneeId: 'filler',
  departmentId: null,
  auditorId: 'auditor',
  ...over,
});
const actor = (userId: string, roles: string[] = [], departmentId: string | null = null): FillActor => ({
  userId,
  roles: new Set(roles),
  departmentId,
  chargeDepartmentIds: [],
});
const ROLES = {
  filler: actor('filler'),
  auditor: actor('auditor'),
  admin: actor('root', [ROLE.admin]),
  dataOffice: actor('office', [ROLE.dataOffice]),
  other: actor('other'),
} as const;
type Who = keyof typeof ROLES;

/** The expected outcome of every action in every state for every role: the next state, or the refusal. */
const EXPECTED: Record<FillState, Record<FillAction, Record<Who, FillState | 'wrongState' | 'notAllowed'>>> = {
  uncommitted: {
    save: {
      filler: 'uncommitted',
      auditor: 'notAllowed',
      admin: 'notAllowed',
      dataOffice: 'notAllowed',
      other: 'notAllowed',
    },
    commit: {
      filler: 'waitAudit',
      auditor: 'notAllowed',
      admin: 'notAllowed',
      dataOffice: 'notAllowed',
      other: 'notAllowed',
    },
    withdraw: {
      filler: 'wrongState',
      auditor: 'wrongState',
      admin: 'wrongState',
      dataOffice: 'wrongState',
      other: 'wrongState',
    },
    pass: {
      filler: 'wrongState',
      auditor: 'wrongState',
      admin: 'wrongState',
      dataOffice: 'wrongState',
      other: 'wrongState',
    },
    reject: {
      filler: 'wrongState',
      auditor: 'wrongState',
      admin: 'wrongState',
      dataOffice: 'wrongState',
      other: 'wrongState',
    },
    rollback: {
      filler: 'wrongState',
      auditor: 'wrongState',
      admin: 'wrongState',
      dataOffice: 'wrongState',
      other: 'wrongState',
    },
  },
  waitAudit: {
    save: {
      filler: 'wrongState',
      auditor: 'wrongState',
      admin: 'wrongState',
      dataOffice: 'wrongState',
      other: 'wrongState',
    },
    commit: {
      filler: 'wrongState',
      auditor: 'wrongState',
      admin: 'wrongState',
      dataOffice: 'wrongState',
      other: 'wrongState',
    },
    withdraw: {
      filler: 'uncommitted',
      auditor: 'notAllowed',
      admin: 'notAllowed',
      dataOffice: 'notAllowed',
      other: 'notAllowed',
    },
    pass: {
      filler: 'notAllowed',
      auditor: 'finished',
      admin: 'finished',
      dataOffice: 'notAllowed',
      other: 'notAllowed',
    },
    reject: {
      filler: 'notAllowed',
      auditor: 'uncommitted',
      admin: 'uncommitted',
      dataOffice: 'notAllowed',
      other: 'notAllowed',
    },
    rollback: {
      filler: 'wrongState',
      auditor: 'wrongState',
      admin: 'wrongState',
      dataOffice: 'wrongState',
      other: 'wrongState',
    },
  },
  finished: {
    save: {
      filler: 'wrongState',
      auditor: 'wrongState',
      admin: 'wrongState',
      dataOffice: 'wrongState',
      other: 'wrongState',
    },
    commit: {
      filler: 'wrongState',
      auditor: 'wrongState',
      admin: 'wrongState',
      dataOffice: 'wrongState',
      other: 'wrongState',
    },
    withdraw: {
      filler: 'wrongState',
      auditor: 'wrongState',
      admin: 'wrongState',
      dataOffice: 'wrongState',
      other: 'wrongState',
    },
    pass: {
      filler: 'wrongState',
      auditor: 'wrongState',
      admin: 'wrongState',
      dataOffice: 'wrongState',
      other: 'wrongState',
    },
    reject: {
      filler: 'wrongState',
      auditor: 'wrongState',
      admin: 'wrongState',
      dataOffice: 'wrongState',
      other: 'wrongState',
    },
    rollback: {
      filler: 'notAllowed',
      auditor: 'uncommitted',
      admin: 'uncommitted',
      dataOffice: 'uncommitted',
      other: 'notAllowed',
    },
  },
};

describe('the fill-task machine: states x actions x roles', () => {
  for (const state of FILL_STATES)
    for (const action of FILL_ACTIONS)
      for (const who of Object.keys(ROLES) as Who[]) {
        const want = EXPECTED[state][action][who];
        it(`${state} ${action} by ${who} -> ${want}`, () => {
          const d = decideFill(action, task(state), ROLES[who], { reason: '原因' });
          expect(d.ok ? d.state : d.refusal).toBe(want);
          // The abilities sent to the page say exactly what the decision allows.
          expect(fillAbilities(task(state), ROLES[who])[action]).toBe(d.ok);
        });
      }
});

describe('guards', () => {
  it('refuses filling and committing outside the window, but not withdrawing or auditing', () => {
    for (const window of ['notStarted', 'pastDeadline', 'closed'] as const) {
      expect(decideFill('save', task('uncommitted', { window }), ROLES.filler)).toEqual({
        ok: false,
        refusal: 'closedWindow',
      });
      expect(decideFill('commit', task('uncommitted', { window }), ROLES.filler)).toEqual({
        ok: false,
        refusal: 'closedWindow',
      });
      expect(decideFill('withdraw', task('waitAudit', { window }), ROLES.filler).ok).toBe(true);
      expect(decideFill('pass', task('waitAudit', { window }), ROLES.auditor).ok).toBe(true);
    }
  });
  it('asks a reason to reject and to roll back', () => {
    expect(decideFill('reject', task('waitAudit'), ROLES.auditor, { reason: '  ' })).toEqual({
      ok: false,
      refusal: 'reasonRequired',
    });
    expect(decideFill('rollback', task('finished'), ROLES.dataOffice)).toEqual({
      ok: false,
      refusal: 'reasonRequired',
    });
  });
  it('lets members and heads of an allocated department fill, nobody else', () => {
    const dept = task('uncommitted', { assigneeId: null, departmentId: 'D02' });
    expect(decideFill('commit', dept, actor('m', [], 'D02')).ok).toBe(true);
    expect(decideFill('commit', dept, { ...actor('h', [], 'D09'), chargeDepartmentIds: ['D02'] }).ok).toBe(true);
    expect(decideFill('commit', dept, actor('x', [], 'D03'))).toEqual({ ok: false, refusal: 'notAllowed' });
  });
  it('opens the window from the start day to the deadline day inclusive', () => {
    const t = { closed: false, startDate: '2026-01-10', deadline: '2026-01-20' };
    expect(windowOf(t, '2026-01-09')).toBe('notStarted');
    expect(windowOf(t, '2026-01-10')).toBe('open');
    expect(windowOf(t, '2026-01-20')).toBe('open');
    expect(windowOf(t, '2026-01-21')).toBe('pastDeadline');
    expect(windowOf({ ...t, closed: true }, '2026-01-15')).toBe('closed');
  });
});
