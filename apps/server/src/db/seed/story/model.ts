import { type Period, taskPeriods } from '../../../modules/target-task/periods.rules';
import type { WarningSchedule } from '../../../modules/warning/warning-schedule.rules';
/**
 * What the generator plans before anything is derived: the organisation, the year targets and their task trees with
 * the story of each task (how far its definition went, the reports its owner sent and how they were audited).
 * The simulation (simulate.ts) turns a story into the rows the services would have written.
 */

export interface DepartmentPlan {
  id: string;
  name: string;
  shortNameZh: string;
  shortNameEn: string;
  headId: string;
  sortOrder: number;
}

export interface UserPlan {
  id: string;
  name: string;
  sex: 1 | 2;
  departmentId: string;
  userTypeId: string;
  roles: string[];
}

export interface YearTargetPlan {
  id: number;
  name: string;
  cycleYear: number;
  /** Place among the year's targets: the API puts a new target first (1 for a year's first, then 0, -1, ...). */
  sortOrder: number;
  chargeDepartmentId: string;
  auditorId: string;
  creatorId: string;
  description: string | null;
  createdAt: Date;
}

/**
 * How far a task's definition went.
 * - a top-level task: created (notPushed), pushed (waitAccept), accepted (waitResolve), resolved (split into children:
 *   executing; kept whole: waiting for its owner's definition), then defined / refused / passed as a leaf;
 * - a child: created (waitDefine), defined (audit pending), refused (audit rejected), passed (executing);
 *   a child with children of its own is resolved (executing).
 */
export type Stage = 'created' | 'pushed' | 'accepted' | 'resolved' | 'defined' | 'refused' | 'passed';

export interface ReportAuditPlan {
  result: 'pass' | 'childPass' | 'reject';
  reason: string | null;
  auditorId: string;
  at: Date;
}

export interface ReportPlan {
  id: number;
  kind: 'process' | 'final';
  periodKey: string;
  content: string;
  progress: number | null;
  submitterId: string;
  submittedAt: Date;
  audit: ReportAuditPlan | null;
}

export interface TaskPlan {
  id: number;
  yearTargetId: number;
  parentId: number | null;
  depth: number;
  name: string;
  taskType: 'A' | 'B' | 'C' | 'D';
  departmentId: string;
  /** The head of the department, who accepts, splits and resolves. */
  headId: string;
  ownerId: string | null;
  auditorId: string | null;
  creatorId: string;
  startDate: string;
  endDate: string;
  cycle: { typeCode: string; values: string[] } | null;
  weight: number;
  mission: string | null;
  coop: string[];
  stage: Stage;
  /** When each step of the definition happened (created always; the others up to the stage). */
  times: Partial<Record<Stage, Date>> & { created: Date };
  refuseReason: string | null;
  reports: ReportPlan[];
  children: TaskPlan[];
}

export interface WarningTypeRef extends WarningSchedule {
  id: number;
  name: string;
  kind: 'process' | 'final';
  days: number;
}

/** A planned task's reporting periods, as the server derives them from its dates and cycle. */
export function periodsOfPlan(t: Pick<TaskPlan, 'startDate' | 'endDate' | 'cycle'>): Period[] {
  return taskPeriods(t.startDate, t.endDate, t.cycle ? { type: t.cycle.typeCode, values: t.cycle.values } : null);
}
