/**
 * The target-task module's public surface: year targets and their task trees. Other modules see a task through
 * `taskSeenBy` (the cheap visibility check, 404 when hidden), its card through `taskDetail`, pages of cards through
 * `listTasks`, and put `tasksSeenBy` / `yearTargetsSeenBy` (the one definition of visibility) into their read models.
 * They change a task only through the functions below, never by writing its tables.
 */

export {
  addDays,
  monthlyPeriods,
  type Period,
  type TaskCycle,
  taskPeriods,
} from './periods.rules';
export { FINISHED_STATES, UNDER_WAY_STATES } from './target-task.machine';
export { targetTaskPlugin } from './target-task.plugin';
export {
  auditsTask,
  mayPublish,
  mayPublishTarget,
  ownsTask,
  seesAllTasks,
  tasksSeenBy,
  viewOf,
  yearTargetsSeenBy,
} from './target-task.policy';
export {
  childrenOf,
  cycleOfTask,
  existingTaskIds,
  findTask,
  rollUpProgress,
  setTask,
  setTaskStatuses,
  type TaskRow,
  taskCycleColumns,
  taskNames,
} from './target-task.repository';
export { listTasks, taskDetail, taskSeenBy, taskTodoCounts } from './target-task.service';
export type { TaskListFilter } from './task-card.query';
/** 发展中心's read (issue 35): a range of years' targets, progress figures, top-level tasks and the QCPs they serve. */
export { type DevelopmentRead, developmentRead } from './task-development.query';
export { targetYears, taskProgressFigures } from './task-figures.query';
export { linkTaskQcps } from './task-qcp.service';
export { recomputeYearTargetStatus } from './year-target.repository';
export { yearTargetSeenBy } from './year-target.service';
