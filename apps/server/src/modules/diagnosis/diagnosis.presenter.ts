import {
  DIAGNOSIS_USER_TYPES,
  type DiagnosisTask,
  type DiagnosisTaskState,
  type Direction,
  formatDateTime,
  type GradeRule,
  MANUAL_CAL_RULE,
  type ObjectTask,
  type QualityRow,
  type ResultGrade,
  type RevisionState,
  type TargetState,
  type ValueType,
  type WarningRule,
} from '@zg/contract';
import type { Actor } from '../../platform/access';
import { flagsOf, isEditor, isFbr, isFzr, isJkr, type ObjectPeople, userTypesOf } from './diagnosis.policy';
import type { ObjectListRow, TaskListRow } from './diagnosis.query';
import { levelOptions, percent } from './diagnosis.rules';
import { taskAbilities } from './diagnosis-task.machine';
import { decideRevision, type ObjectTaskFacts, objectAbilities } from './object-task.machine';
import type { QualityRowRecord } from './quality-row.repository';

/** db rows -> the contract's shapes (presentTask, presentObjectTask, presentRow). */

const iso = (d: Date | string | null) => (d === null ? null : formatDateTime(new Date(d)));
const ref = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? id });

export function presentTask(r: TaskListRow, actor: Actor): DiagnosisTask {
  const people = { createdBy: r.createdBy, monitorId: r.monitorId, auditorId: r.auditorId };
  const flags = flagsOf(actor, people);
  return {
    id: r.id,
    rwmc: r.name,
    rwzt: r.state as DiagnosisTaskState,
    zqid: r.cycleValueId,
    zqz: r.cycleValue,
    nf: r.year,
    kssj: r.startDate,
    jssj: r.endDate,
    bzid: r.systemId,
    bzmc: r.systemName,
    bzbb: r.systemVersion,
    wd: r.dimension,
    fbbm: r.departmentId,
    fbbmmc: r.departmentName,
    jkr: ref(r.monitorId, r.monitorName),
    shr: ref(r.auditorId, r.auditorName),
    cjr: { id: r.createdBy, name: r.creatorName },
    cjsj: iso(r.createdAt)!,
    dxsl: r.objects,
    zbsl: r.rows,
    yjgsl: r.withResult,
    mbshsl: r.audited,
    wdbsl: r.dis,
    wwcsl: r.unfin,
    rwjd: percent(r.withResult, r.rows),
    userTypes: DIAGNOSIS_USER_TYPES.filter((u) => userTypesOf(actor, people).includes(u) || r.mine.includes(u)),
    isGly: flags.isGly,
    isFbr: flags.isFbr,
    isShr: flags.isShr,
    abilities: taskAbilities({ ...people, state: r.state as DiagnosisTaskState }, actor),
  };
}

export function objectFactsOf(r: {
  taskState: string;
  targetState: string;
  chargerId: string | null;
  createdBy: string;
  monitorId: string | null;
  auditorId: string | null;
}): ObjectTaskFacts {
  return {
    taskState: r.taskState as DiagnosisTaskState,
    targetState: r.targetState as TargetState,
    chargerId: r.chargerId,
    createdBy: r.createdBy,
    monitorId: r.monitorId,
    auditorId: r.auditorId,
  };
}

export function presentObjectTask(r: ObjectListRow, actor: Actor): ObjectTask {
  const facts = objectFactsOf(r);
  const people: ObjectPeople = {
    chargerId: r.chargerId,
    sharerIds: r.people.filter((p) => p.kind === 'sharer').map((p) => p.id),
    collectorIds: r.people.filter((p) => p.kind === 'collector').map((p) => p.id),
  };
  const flags = flagsOf(actor, facts, people);
  const fbr = isFbr(actor, facts);
  const fzr = isFzr(actor, people) || flags.isGly;
  const under = r.taskState === 'normal';
  const open = r.taskState !== 'finished';
  return {
    id: r.id,
    rwid: r.taskId,
    rwmc: r.taskName,
    rwzt: r.taskState as DiagnosisTaskState,
    dxbm: r.objectCode,
    gzdxmc: r.objectName,
    bmid: r.departmentId,
    bmmc: r.departmentName,
    fzr: ref(r.chargerId, r.chargerName),
    gxrs: r.people.filter((p) => p.kind === 'sharer').map(({ id, name }) => ({ id, name })),
    cjrs: r.people.filter((p) => p.kind === 'collector').map(({ id, name }) => ({ id, name })),
    bzid: r.systemId,
    bzbb: r.systemVersion,
    hasNewer: r.hasNewer,
    lc: r.round,
    mbzt: r.targetState as TargetState,
    score: r.score,
    pfsj: iso(r.scoredAt),
    zbsl: r.rows,
    yjgsl: r.withResult,
    wdbsl: r.dis,
    wwcsl: r.unfin,
    dshsl: { mbz: r.targetState === 'waitaudit', xzmbz: r.xzmbzWaiting, xzjgz: r.xzjgzWaiting },
    jd: percent(r.withResult, r.rows),
    userTypes: userTypesOf(actor, facts, people),
    isFzr: Boolean(flags.isFzr),
    isShr: flags.isShr,
    isZgdx: Boolean(flags.isZgdx),
    isGly: flags.isGly,
    isFbr: flags.isFbr,
    isedit: Boolean(flags.isedit),
    abilities: {
      ...objectAbilities(facts, actor),
      enterResults: under && fzr,
      reviseTargets: under && fzr && r.targetState === 'toaudit',
      auditRevisions: under && flags.isShr && r.xzmbzWaiting + r.xzjgzWaiting > 0,
      calculate: under && (fbr || isJkr(actor, facts) || fzr),
      authority: open && (fbr || fzr),
      changeCharger: open && fbr,
      refresh: open && r.hasNewer && (fbr || fzr),
      again: under && (fbr || fzr),
      delete: open && fbr,
    },
  };
}

/** The level columns' distinct node counts (eachLevelCount): its length is the number of level columns. */
export function eachLevelCount(rows: { levels: { id: number }[] }[]): number[] {
  const width = rows.reduce((m, r) => Math.max(m, r.levels.length), 0);
  return Array.from({ length: width }, (_, i) => new Set(rows.map((r) => r.levels[i]?.id).filter((x) => x)).size);
}

export function presentRow(
  r: QualityRowRecord,
  actor: Actor,
  o: { facts: ObjectTaskFacts; people: ObjectPeople },
  ruleNames: Map<number, string>,
): QualityRow {
  const zlx = r.zlx as ValueType;
  const rule = r.gradeRule as GradeRule | null;
  const revision = (kind: 'xzmbz' | 'xzjgz', state: string) =>
    decideRevision(
      kind,
      'revise',
      { ...o.facts, state: state as RevisionState, hasResult: (r.xzjgz ?? r.jgz) !== null },
      actor,
      { reason: 'x' },
    ).ok;
  const under = o.facts.taskState === 'normal';
  const charger = isFzr(actor, o.people) || flagsOf(actor, o.facts).isGly;
  return {
    id: r.id,
    dxrwid: r.objectTaskId,
    zkdid: r.nodeId,
    zkdmc: r.name,
    levels: r.levels,
    nh: r.nh,
    zdbz: r.zdbz,
    zlx,
    fsdl: r.fsdl,
    direction: r.direction as Direction | null,
    calRule: r.calRule,
    jsgz: r.calRule === null ? MANUAL_CAL_RULE : (ruleNames.get(r.calRule) ?? `算法版本 ${r.calRule}`),
    gradeRule: rule,
    warningRule: r.warningRule as WarningRule | null,
    levelOptions: levelOptions({ gradeRule: rule }),
    bzz: r.bzz,
    mbz: r.mbz,
    xzmbz: r.xzmbz,
    xzmbzly: r.xzmbzReason,
    xzmbzzt: r.xzmbzState as RevisionState,
    xzmbzdsh: r.xzmbzPending,
    jgz: r.jgz,
    xzjgz: r.xzjgz,
    xzjgzly: r.xzjgzReason,
    xzjgzzt: r.xzjgzState as RevisionState,
    xzjgzdsh: r.xzjgzPending,
    jgdj: r.jgdj as ResultGrade | null,
    sljsz: r.sljsz,
    sldj: r.sldj as ResultGrade | null,
    unfin: r.unfin,
    dis: r.dis,
    yyfx: r.yyfx,
    gjcs: r.gjcs,
    jssj: iso(r.computedAt),
    runId: r.lastRunId,
    cwxx: r.lastError,
    isedit: isEditor(actor, o.people),
    abilities: {
      setTarget: under && charger && o.facts.targetState === 'tosubmit',
      reviseTarget: revision('xzmbz', r.xzmbzState),
      enterResult: under && charger && r.calRule === null,
      reviseResult: revision('xzjgz', r.xzjgzState),
      audit: under && flagsOf(actor, o.facts).isShr && (r.xzmbzState === 'waitaudit' || r.xzjgzState === 'waitaudit'),
    },
  };
}
