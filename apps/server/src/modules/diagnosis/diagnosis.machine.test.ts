import {
  DIAGNOSIS_TASK_ACTIONS,
  DIAGNOSIS_TASK_STATES,
  type DiagnosisTaskAction,
  type DiagnosisTaskState,
  OBJECT_TASK_ACTIONS,
  type ObjectTaskAction,
  REVISION_STATES,
  ROLE,
  TARGET_STATES,
  type TargetState,
} from '@zg/contract';
import { describe, expect, it } from 'vitest';
import type { ActorFacts } from './diagnosis.policy';
import { type DiagnosisTaskFacts, decideTask, taskAbilities } from './diagnosis-task.machine';
import {
  decideObject,
  decideRevision,
  type ObjectTaskFacts,
  objectAbilities,
  type RevisionAction,
  type RevisionKind,
} from './object-task.machine';

const actor = (userId: string, roles: string[] = []): ActorFacts => ({ userId, roles: new Set(roles) });
const ACTORS = {
  admin: actor('admin', [ROLE.admin]),
  gly: actor('zggly01', [ROLE.diagnosisAdmin]),
  fbr: actor('zgfb01', [ROLE.publisher]),
  otherFbr: actor('zgfb02', [ROLE.publisher]),
  jkr: actor('jkr01'),
  shr: actor('shr01', [ROLE.diagnosisAuditor]),
  fzr: actor('zyfzr01', [ROLE.diagnosisObject]),
  leader: actor('xld01', [ROLE.schoolLeader]),
  stranger: actor('someone', [ROLE.diagnosisObject]),
};
type Who = keyof typeof ACTORS;
const ALL = Object.keys(ACTORS) as Who[];
const people = { createdBy: 'zgfb01', monitorId: 'jkr01', auditorId: 'shr01' };

describe('diagnosis task machine: every state x action x role', () => {
  const publishers: Who[] = ['admin', 'gly', 'fbr'];
  const ALLOWED: Record<DiagnosisTaskAction, { from: DiagnosisTaskState[]; who: Who[]; to?: DiagnosisTaskState }> = {
    update: { from: ['normal', 'pause'], who: publishers },
    pause: { from: ['normal'], who: publishers, to: 'pause' },
    resume: { from: ['pause'], who: publishers, to: 'normal' },
    finish: { from: ['normal', 'pause'], who: publishers, to: 'finished' },
    delete: { from: ['normal', 'pause', 'finished'], who: publishers },
    addObjects: { from: ['normal', 'pause'], who: publishers },
    calculate: { from: ['normal'], who: [...publishers, 'jkr'] },
  };
  for (const state of DIAGNOSIS_TASK_STATES)
    for (const action of Object.keys(DIAGNOSIS_TASK_ACTIONS) as DiagnosisTaskAction[])
      for (const who of ALL)
        it(`${action} on ${state} by ${who}`, () => {
          const t: DiagnosisTaskFacts = { ...people, state };
          const rule = ALLOWED[action];
          const d = decideTask(action, t, ACTORS[who]);
          if (!rule.from.includes(state)) expect(d).toEqual({ ok: false, refusal: 'wrongState' });
          else if (!rule.who.includes(who)) expect(d).toEqual({ ok: false, refusal: 'notAllowed' });
          else expect(d).toEqual({ ok: true, state: rule.to ?? state });
          expect(taskAbilities(t, ACTORS[who])[action]).toBe(d.ok);
        });
});

describe('object task targets: every task state x target state x action x role', () => {
  const ALLOWED: Record<ObjectTaskAction, { from: TargetState[]; who: Who[]; to: TargetState }> = {
    saveTargets: { from: ['tosubmit'], who: ['fzr', 'admin', 'gly'], to: 'tosubmit' },
    submit: { from: ['tosubmit'], who: ['fzr', 'admin', 'gly'], to: 'waitaudit' },
    pass: { from: ['waitaudit'], who: ['shr', 'admin', 'gly'], to: 'toaudit' },
    refuse: { from: ['waitaudit'], who: ['shr', 'admin', 'gly'], to: 'tosubmit' },
    issueDown: { from: ['tosubmit', 'waitaudit', 'toaudit'], who: ['fbr', 'admin', 'gly'], to: 'toaudit' },
  };
  for (const taskState of DIAGNOSIS_TASK_STATES)
    for (const targetState of TARGET_STATES)
      for (const action of Object.keys(OBJECT_TASK_ACTIONS) as ObjectTaskAction[])
        for (const who of ALL)
          it(`${action} on ${taskState}/${targetState} by ${who}`, () => {
            const o: ObjectTaskFacts = { ...people, chargerId: 'zyfzr01', taskState, targetState };
            const rule = ALLOWED[action];
            const d = decideObject(action, o, ACTORS[who], { reason: '理由' });
            if (taskState === 'pause') expect(d).toEqual({ ok: false, refusal: 'taskPaused' });
            else if (taskState === 'finished') expect(d).toEqual({ ok: false, refusal: 'taskFinished' });
            else if (!rule.from.includes(targetState)) expect(d).toEqual({ ok: false, refusal: 'wrongState' });
            else if (!rule.who.includes(who)) expect(d).toEqual({ ok: false, refusal: 'notAllowed' });
            else expect(d).toEqual({ ok: true, targetState: rule.to });
            expect(objectAbilities(o, ACTORS[who])[action]).toBe(d.ok);
          });

  it('a refusal needs a reason', () => {
    const o: ObjectTaskFacts = { ...people, chargerId: 'zyfzr01', taskState: 'normal', targetState: 'waitaudit' };
    expect(decideObject('refuse', o, ACTORS.shr, { reason: '  ' })).toEqual({ ok: false, refusal: 'reasonRequired' });
    expect(decideObject('refuse', o, ACTORS.shr)).toEqual({ ok: false, refusal: 'reasonRequired' });
  });
});

describe('row revisions: every kind x action x revision state x role', () => {
  const kinds: RevisionKind[] = ['xzmbz', 'xzjgz'];
  const actions: RevisionAction[] = ['revise', 'pass', 'refuse'];
  for (const kind of kinds)
    for (const action of actions)
      for (const state of REVISION_STATES)
        for (const who of ALL)
          it(`${action} ${kind} from ${state} by ${who}`, () => {
            const facts = {
              ...people,
              chargerId: 'zyfzr01',
              taskState: 'normal' as const,
              targetState: 'toaudit' as const,
              state,
              hasResult: true,
            };
            const d = decideRevision(kind, action, facts, ACTORS[who], { reason: '原因' });
            if (action === 'revise') {
              if (state === 'waitaudit') expect(d).toEqual({ ok: false, refusal: 'revisionPending' });
              else if (!['fzr', 'admin', 'gly'].includes(who)) expect(d).toEqual({ ok: false, refusal: 'notAllowed' });
              else expect(d).toEqual({ ok: true, state: 'waitaudit' });
            } else if (state !== 'waitaudit') expect(d).toEqual({ ok: false, refusal: 'wrongState' });
            else if (!['shr', 'admin', 'gly'].includes(who)) expect(d).toEqual({ ok: false, refusal: 'notAllowed' });
            else expect(d).toEqual({ ok: true, state: action === 'pass' ? 'toaudit' : 'refused' });
          });

  it('a revised target waits for audited targets, a revised result for a result; each needs a reason', () => {
    const base = {
      ...people,
      chargerId: 'zyfzr01',
      taskState: 'normal' as const,
      targetState: 'tosubmit' as const,
      state: 'none' as const,
      hasResult: false,
    };
    expect(decideRevision('xzmbz', 'revise', base, ACTORS.fzr, { reason: '原因' })).toEqual({
      ok: false,
      refusal: 'targetsNotAudited',
    });
    expect(decideRevision('xzjgz', 'revise', base, ACTORS.fzr, { reason: '原因' })).toEqual({
      ok: false,
      refusal: 'resultMissing',
    });
    const ready = { ...base, targetState: 'toaudit' as const, hasResult: true };
    expect(decideRevision('xzjgz', 'revise', ready, ACTORS.fzr, { reason: '' })).toEqual({
      ok: false,
      refusal: 'reasonRequired',
    });
    expect(decideRevision('xzjgz', 'refuse', { ...ready, state: 'waitaudit' }, ACTORS.shr)).toEqual({
      ok: false,
      refusal: 'reasonRequired',
    });
    expect(decideRevision('xzjgz', 'revise', { ...ready, taskState: 'pause' }, ACTORS.fzr, { reason: 'x' })).toEqual({
      ok: false,
      refusal: 'taskPaused',
    });
  });
});
