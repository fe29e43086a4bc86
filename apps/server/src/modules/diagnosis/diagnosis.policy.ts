import { type DiagnosisUserType, ROLE } from '@zg/contract';
import { type Actor, isAdmin } from '../../platform/access';

/**
 * Who may in 诊断改进 (spec-2 §6): isGly (the administrator or the diagnosis administrator), isFbr (the task's
 * publisher — its creator — or an administrator: "administrator rights mean publisher or administrator"), isShr (the
 * task's auditor), jkr (its monitor), isFzr (the object task's person in charge), gxr / cjr (its sharers /
 * collectors), isZgdx (holds the diagnosis-object role). The machines (diagnosis-task.machine.ts,
 * object-task.machine.ts) decide transitions from these; the services ask them and never spell out roles.
 */

export type ActorFacts = Pick<Actor, 'userId' | 'roles'>;

/** The people of a diagnosis task. */
export interface TaskPeople {
  createdBy: string;
  monitorId: string | null;
  auditorId: string | null;
}

/** The people of an object task. */
export interface ObjectPeople {
  chargerId: string | null;
  sharerIds: readonly string[];
  collectorIds: readonly string[];
}

export const isGly = (a: ActorFacts) => isAdmin(a) || a.roles.has(ROLE.diagnosisAdmin);
/** May publish a new diagnosis task: a publisher (诊改发布者) or an administrator. */
export const mayPublish = (a: ActorFacts) => isGly(a) || a.roles.has(ROLE.publisher);
export const isFbr = (a: ActorFacts, t: Pick<TaskPeople, 'createdBy'>) => isGly(a) || a.userId === t.createdBy;
export const isShr = (a: ActorFacts, t: Pick<TaskPeople, 'auditorId'>) =>
  isGly(a) || (t.auditorId !== null && a.userId === t.auditorId);
export const isJkr = (a: ActorFacts, t: Pick<TaskPeople, 'monitorId'>) =>
  t.monitorId !== null && a.userId === t.monitorId;
export const isFzr = (a: ActorFacts, o: Pick<ObjectPeople, 'chargerId'>) =>
  o.chargerId !== null && a.userId === o.chargerId;
export const isZgdx = (a: ActorFacts) => a.roles.has(ROLE.diagnosisObject);
/** Edits a row's analysis, measures and attachments (isedit): the person in charge or a sharer. */
export const isEditor = (a: ActorFacts, o: ObjectPeople) => isFzr(a, o) || o.sharerIds.includes(a.userId);

/** Sees the whole task and every object task of it: administrators, the publisher, monitor, auditor, school leaders. */
export const seesWholeTask = (a: ActorFacts, t: TaskPeople) =>
  isFbr(a, t) || isShr(a, t) || isJkr(a, t) || a.roles.has(ROLE.schoolLeader);

/** Sees one object task: who sees the whole task, and its person in charge, sharers and collectors. */
export const seesObjectTask = (a: ActorFacts, t: TaskPeople, o: ObjectPeople) =>
  seesWholeTask(a, t) || isFzr(a, o) || o.sharerIds.includes(a.userId) || o.collectorIds.includes(a.userId);

/** The actor's user types in a task (and in one of its object tasks). */
export function userTypesOf(a: ActorFacts, t: TaskPeople, o?: ObjectPeople): DiagnosisUserType[] {
  const out: DiagnosisUserType[] = [];
  if (o && isFzr(a, o)) out.push('fzr');
  if (isJkr(a, t)) out.push('jkr');
  if (o?.collectorIds.includes(a.userId)) out.push('cjr');
  if (t.auditorId !== null && a.userId === t.auditorId) out.push('shr');
  if (a.userId === t.createdBy) out.push('fbr');
  if (o?.sharerIds.includes(a.userId)) out.push('gxr');
  return out;
}

/** The flags of spec-2 §6 sent with a task or an object task. */
export function flagsOf(a: ActorFacts, t: TaskPeople, o?: ObjectPeople) {
  return {
    isGly: isGly(a),
    isFbr: isFbr(a, t),
    isShr: isShr(a, t),
    ...(o ? { isFzr: isFzr(a, o), isZgdx: isZgdx(a), isedit: isEditor(a, o) } : {}),
  };
}
