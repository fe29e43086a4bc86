import { z } from 'zod';
import { endpoint, FILE } from './endpoint';
import {
  PerformancePageSchema,
  PerformanceQuerySchema,
  PerformSituationQuerySchema,
  PerformSituationRowSchema,
} from './report';

const tags = ['绩效中心'] as const;

/** The performance centre's endpoints (spec-2 section 7.7): finished tasks with levels and audits, the appraisal. */
export const PERFORMANCE_API = {
  page: endpoint({
    method: 'GET',
    path: '/api/herm-zdgj/performance/report/selectPage',
    summary: '绩效考核：已完成的末级任务及其自评等级与审核结果，分页 / finished tasks with levels and audits',
    tags,
    query: PerformanceQuerySchema,
    response: PerformancePageSchema,
  }),
  situation: endpoint({
    method: 'GET',
    path: '/api/herm-wbs/targetTaskDetail/getPerformAccessDetailSituation',
    summary: '绩效考核汇总：按部门或按人员统计完成数、等级与审核结果 / appraisal per department or person',
    tags,
    query: PerformSituationQuerySchema,
    response: z.array(PerformSituationRowSchema),
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/herm-wbs/targetTaskDetail/export',
    summary: '导出绩效考核（xlsx：绩效明细、部门汇总、个人汇总） / export the appraisal',
    tags,
    query: PerformanceQuerySchema.omit({ pageNum: true, pageSize: true }),
    response: FILE,
  }),
} as const;
