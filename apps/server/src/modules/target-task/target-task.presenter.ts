import { TASK_MAX_DEPTH, TASK_STATUS, type TaskCard, type TaskStatus } from '@zg/contract';
import type { Actor } from '../../platform/access';
import { abilities, isHead } from './target-task.machine';
import { mayEditTask, ownerWritesMission, taskFactsOf } from './target-task.policy';
import type { TaskListRow } from './task-card.query';

export function presentTaskCard(r: TaskListRow, actor: Actor): TaskCard {
  const t = r.task;
  const f = taskFactsOf(t, r.yearTargetCreatorId, Boolean(r.hasChildren));
  // The list's hot path (twenty cards a page): no sets, spreads or sorts per card.
  const startYear = t.startDate.slice(0, 4);
  const endYear = t.endDate.slice(0, 4);
  const edit = mayEditTask(actor, f, t);
  const acts = abilities(f, actor) as TaskCard['abilities'];
  acts.edit = edit;
  acts.delete = edit && !r.hasChildren;
  acts.addChild = isHead(actor, f) && f.status === 'waitResolve' && f.depth < TASK_MAX_DEPTH;
  acts.editMission = edit || ownerWritesMission(actor, f);
  return {
    id: t.id,
    yearTargetId: t.yearTargetId,
    yearTargetName: r.yearTargetName,
    parentId: t.parentId,
    rwmc: t.name,
    rwzt: t.status,
    rwztmc: TASK_STATUS[t.status as TaskStatus] ?? t.status,
    kssj: t.startDate,
    jssj: t.endDate,
    jkrmc: r.auditorName,
    zqz: r.cycleValueNames ?? '',
    rwnf:
      startYear === endYear ? startYear : startYear < endYear ? `${startYear},${endYear}` : `${endYear},${startYear}`,
    cjrmc: r.creatorName,
    rwlx: t.taskType,
    fbbm: r.departmentName,
    departmentId: t.departmentId,
    fzrmc: r.ownerName,
    ownerId: t.ownerId,
    rwjd: Number(t.progress),
    weight: Number(t.weight),
    auditStatus: t.auditStatus,
    auditReason: t.auditReason,
    isLeaf: !r.hasChildren,
    version: t.version,
    processWarningCount: Number(r.processWarningCount),
    expiredWarningCount: Number(r.expiredWarningCount),
    abilities: acts,
  };
}
