import { int32, ROLE } from '@zg/contract';
import { z } from 'zod';

export const TAGS = ['进度、预警与督办'];
export const WBS = { access: { menus: ['wbs', 'annualWbs'] } } as const;
export const MANAGE = { access: { roles: [ROLE.admin, ROLE.targetPublisher] } } as const;
export const TaskId = z.object({ taskId: int32() });
export const Id = z.object({ id: int32() });
export const Paging = z.object({
  current: int32().min(1).default(1),
  size: int32().min(1).max(200).default(10),
});

/** Path of each call, per module: the resource-style names under herm-wbs, the spec's names under herm-ndwbs. */
export interface ProgressPaths {
  periods: string;
  reports: string;
  submitReport: string;
  updateReport: string;
  withdrawReport: string;
  auditReport: string;
  reportsToAudit: string;
  delays: string;
  requestDelay: string;
  auditDelay: string;
  delaysToAudit: string;
}

export const WBS_PATHS: ProgressPaths = {
  periods: '/targetTaskSituation/periods',
  reports: '/targetTaskSituation/list',
  submitReport: '/targetTaskSituation/insert',
  updateReport: '/targetTaskSituation/update',
  withdrawReport: '/targetTaskSituation/:id/delete',
  auditReport: '/targetTaskSituation/auditTargetTask',
  reportsToAudit: '/targetTaskSituation/selectPage',
  delays: '/delayAuditing/select',
  requestDelay: '/delayAuditing/insert',
  auditDelay: '/delayAuditing/audit',
  delaysToAudit: '/delayAuditing/selectPage',
};

export const NDWBS_PATHS: ProgressPaths = {
  periods: '/scheduleAuditing/periods',
  reports: '/scheduleAuditing/select',
  submitReport: '/scheduleAuditing/insert',
  updateReport: '/scheduleAuditing/update',
  withdrawReport: '/scheduleAuditing/:id/delete',
  auditReport: '/scheduleAuditing/audit',
  reportsToAudit: '/scheduleAuditing/selectPage',
  delays: '/delayAuditing/select',
  requestDelay: '/delayAuditing/insert',
  auditDelay: '/delayAuditing/audit',
  delaysToAudit: '/delayAuditing/selectPage',
};
