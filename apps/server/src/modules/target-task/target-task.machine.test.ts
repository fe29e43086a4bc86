import { ROLE, TASK_ACTIONS, TASK_STATUSES, type TaskAction, type TaskAudit } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { type ActorFacts, abilities, decide, type TaskFacts } from './target-task.machine';

const task = (over: Partial<TaskFacts> = {}): TaskFacts => ({
  status: 'notPushed',
  auditStatus: null,
  departmentId: 'D02',
  ownerId: 'rwfzr01',
  auditorId: 'shr01',
  yearTargetCreatorId: 'fbr01',
  hasChildren: false,
  depth: 1,
  ...over,
});
const actor = (userId: string, roles: string[] = [], charge: string[] = []): ActorFacts => ({
  userId,
  roles: new Set(roles),
  chargeDepartmentIds: charge,
});

const ACTORS = {
  publisher: actor('fbr01', [ROLE.targetPublisher]),
  head: actor('bmfzr01', [ROLE.targetDepartHead], ['D02']),
  otherHead: actor('bmfzr09', [ROLE.targetDepartHead], ['D09']),
  owner: actor('rwfzr01', [ROLE.targetTaskOwner]),
  auditor: actor('shr01', [ROLE.targetDepartAuditor]),
  leader: actor('xld01', [ROLE.schoolLeader]),
};
type Who = keyof typeof ACTORS;

/** The allowed (action, source state, audit) -> actors table; everything else must be refused. */
const ALLOWED: {
  action: TaskAction;
  from: string;
  audit?: TaskAudit | null;
  who: Who[];
  to: string;
  toAudit: TaskAudit | null;
}[] = [
  { action: 'push', from: 'notPushed', who: ['publisher'], to: 'waitAccept', toAudit: null },
  { action: 'push', from: 'goBack', who: ['publisher'], to: 'waitAccept', toAudit: null },
  { action: 'withdraw', from: 'waitAccept', who: ['publisher'], to: 'notPushed', toAudit: null },
  { action: 'accept', from: 'waitAccept', who: ['head'], to: 'waitResolve', toAudit: null },
  { action: 'goBack', from: 'waitAccept', who: ['head'], to: 'goBack', toAudit: null },
  { action: 'goBack', from: 'waitResolve', who: ['head'], to: 'goBack', toAudit: null },
  { action: 'resolve', from: 'waitResolve', who: ['head'], to: 'waitDefine', toAudit: null },
  { action: 'decompose', from: 'waitDefine', audit: null, who: ['head'], to: 'waitResolve', toAudit: null },
  { action: 'decompose', from: 'waitDefine', audit: 2, who: ['head'], to: 'waitResolve', toAudit: null },
  { action: 'define', from: 'waitDefine', audit: null, who: ['owner'], to: 'waitDefine', toAudit: 0 },
  { action: 'define', from: 'waitDefine', audit: 2, who: ['owner'], to: 'waitDefine', toAudit: 0 },
  { action: 'pass', from: 'waitDefine', audit: 0, who: ['auditor'], to: 'executeing', toAudit: 1 },
  { action: 'refuse', from: 'waitDefine', audit: 0, who: ['auditor'], to: 'waitDefine', toAudit: 2 },
];

describe('task state machine: every state x action x role', () => {
  const audits: (TaskAudit | null)[] = [null, 0, 1, 2];
  for (const status of TASK_STATUSES) {
    for (const auditStatus of audits) {
      for (const action of Object.keys(TASK_ACTIONS) as TaskAction[]) {
        for (const who of Object.keys(ACTORS) as Who[]) {
          const row = ALLOWED.find(
            (r) => r.action === action && r.from === status && (r.audit === undefined || r.audit === auditStatus),
          );
          const allowed = row?.who.includes(who) ?? false;
          it(`${action} from ${status}/${auditStatus} by ${who}: ${allowed ? 'allowed' : 'refused'}`, () => {
            const d = decide(action, task({ status, auditStatus }), ACTORS[who], { reason: '原因' });
            expect(d.ok).toBe(allowed);
            if (d.ok && row) expect(d).toEqual({ ok: true, status: row.to, auditStatus: row.toAudit });
            if (!d.ok) expect(d.refusal).toBe(row ? 'notAllowed' : 'wrongState');
          });
        }
      }
    }
  }
});

describe('task state machine: inputs', () => {
  it('needs a reason to return or refuse', () => {
    expect(decide('goBack', task({ status: 'waitAccept' }), ACTORS.head)).toEqual({
      ok: false,
      refusal: 'reasonRequired',
    });
    expect(decide('refuse', task({ status: 'waitDefine', auditStatus: 0 }), ACTORS.auditor, { reason: '  ' })).toEqual({
      ok: false,
      refusal: 'reasonRequired',
    });
  });
  it('resolves a split task into execution and a whole one into definition, which needs an owner', () => {
    expect(
      decide('resolve', task({ status: 'waitResolve', hasChildren: true, ownerId: null }), ACTORS.head),
    ).toMatchObject({
      status: 'executeing',
    });
    expect(decide('resolve', task({ status: 'waitResolve', ownerId: null }), ACTORS.head)).toEqual({
      ok: false,
      refusal: 'needOwnerOrChildren',
    });
    expect(
      decide('resolve', task({ status: 'waitResolve', ownerId: null }), ACTORS.head, { ownerId: 'rwfzr01' }).ok,
    ).toBe(true);
  });
  it('decomposes further only a task without children, and not below the deepest level', () => {
    const defining = { status: 'waitDefine', auditStatus: null } as const;
    expect(decide('decompose', task({ ...defining, hasChildren: true }), ACTORS.head)).toEqual({
      ok: false,
      refusal: 'wrongState',
    });
    expect(decide('decompose', task({ ...defining, depth: 3 }), ACTORS.head)).toEqual({
      ok: true,
      status: 'waitResolve',
      auditStatus: null,
    });
    expect(decide('decompose', task({ ...defining, depth: 4 }), ACTORS.head)).toEqual({
      ok: false,
      refusal: 'tooDeep',
    });
    expect(decide('decompose', task({ ...defining, depth: 4 }), ACTORS.owner)).toEqual({
      ok: false,
      refusal: 'notAllowed',
    });
    expect(abilities(task({ ...defining, depth: 3 }), ACTORS.head).decompose).toBe(true);
    expect(abilities(task({ ...defining, depth: 4 }), ACTORS.head).decompose).toBe(false);
    expect(abilities(task({ ...defining, hasChildren: true }), ACTORS.head).decompose).toBe(false);
    // A child taken back into decomposition is not returned to the publisher: its head resolves it.
    const child = task({ status: 'waitResolve', depth: 2 });
    expect(decide('goBack', child, ACTORS.head, { reason: '原因' })).toEqual({ ok: false, refusal: 'wrongState' });
    expect(decide('resolve', child, ACTORS.head)).toEqual({ ok: true, status: 'waitDefine', auditStatus: null });
  });
  it('lets the year target creator push even without the publisher role, and administrators do everything', () => {
    expect(decide('push', task(), actor('fbr01')).ok).toBe(true);
    expect(decide('pass', task({ status: 'waitDefine', auditStatus: 0 }), actor('zyadmin', [ROLE.admin])).ok).toBe(
      true,
    );
  });
});
