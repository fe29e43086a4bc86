import { z } from 'zod';
import { endpoint } from './endpoint';
import { pageOf } from './envelope';
import {
  BatchConfigInputSchema,
  ConfigHistoryPageSchema,
  WarningConditionsInputSchema,
  WarningCountMapsSchema,
  WarningCountsSchema,
  WarningEvaluationSchema,
  WarningRecordSchema,
  WarningTaskQuerySchema,
  WarningTypeInputSchema,
  WarningTypeSchema,
  WarningTypeUpdateSchema,
} from './progress';
import { PagingSchema, RecordIdSchema, TaskIdQuerySchema } from './progress-api';
import { TaskCardSchema } from './target-task';

const tags = ['进度、预警与督办'] as const;
const None = z.null();

/** The warning-task page: the warned tasks and the three counters over them. */
export const WarningTaskPageSchema = WarningCountsSchema.extend({ page: pageOf(TaskCardSchema) });
export type WarningTaskPage = z.infer<typeof WarningTaskPageSchema>;
/** The warning conditions of a task (none: every warning type). */
export const WarningConditionsSchema = z.object({
  taskId: z.number().int(),
  warningTypeIds: z.array(z.number().int()),
});

/** Path of each warning call that the two services name differently. */
interface WarningNames {
  taskWarnings: string;
  deleteWarning: string;
}

/**
 * The warning calls (预警): warned tasks and their counters, a task's warnings, warning types, conditions and the
 * batch configuration. Both services offer them (one handler each on the server), two of them under other names.
 */
function warningEndpoints(prefix: string, names: WarningNames) {
  return {
    warningCounts: endpoint({
      method: 'GET',
      path: `${prefix}/Task/getWarningCountList`,
      summary: '预警数（可见任务合计） / warning counts, total',
      tags,
      response: WarningCountMapsSchema,
    }),
    personalWarningCounts: endpoint({
      method: 'GET',
      path: `${prefix}/Task/getPersonalWarningCountList`,
      summary: '个人任务预警数 / personal warning counts',
      tags,
      response: WarningCountMapsSchema,
    }),
    departmentWarningCounts: endpoint({
      method: 'GET',
      path: `${prefix}/Task/getDepartmentWarningCountList`,
      summary: '部门任务预警数 / department warning counts',
      tags,
      response: WarningCountMapsSchema,
    }),
    warningTasks: endpoint({
      method: 'GET',
      path: `${prefix}/warningTask/selectPage`,
      summary: '预警任务：有未关闭预警的任务（可按预警类型筛选）及三个计数 / warned tasks with the three counters',
      tags,
      query: WarningTaskQuerySchema,
      response: WarningTaskPageSchema,
    }),
    taskWarnings: endpoint({
      method: 'GET',
      path: `${prefix}${names.taskWarnings}`,
      summary: '任务的预警记录（未关闭的在前） / warnings of a task',
      tags,
      query: TaskIdQuerySchema,
      response: z.array(WarningRecordSchema),
    }),
    deleteWarning: endpoint({
      method: 'POST',
      path: `${prefix}${names.deleteWarning}`,
      summary: '删除预警（发布者；此后不再产生） / dismiss a warning',
      tags,
      body: RecordIdSchema,
      response: None,
    }),
    evaluate: endpoint({
      method: 'POST',
      path: `${prefix}/warningTask/evaluate`,
      summary:
        '立即执行预警：与每小时的预警任务相同的评估（管理员） / run the hourly warning evaluation now (administrators)',
      tags,
      response: WarningEvaluationSchema,
    }),
    // ---- warning types, conditions and batch configuration ----
    warningTypes: endpoint({
      method: 'GET',
      path: `${prefix}/warningType/list`,
      summary: '预警类型 / warning types',
      tags,
      response: z.array(WarningTypeSchema),
    }),
    warningTypeInsert: endpoint({
      method: 'POST',
      path: `${prefix}/warningType/insert`,
      summary: '新增预警类型 / add a warning type',
      tags,
      body: WarningTypeInputSchema,
      response: WarningTypeSchema,
      json: true,
    }),
    warningTypeUpdate: endpoint({
      method: 'POST',
      path: `${prefix}/warningType/update`,
      summary: '修改预警类型 / update a warning type',
      tags,
      body: WarningTypeUpdateSchema,
      response: None,
      json: true,
    }),
    warningTypeDelete: endpoint({
      method: 'POST',
      path: `${prefix}/warningType/:id/delete`,
      summary: '删除预警类型（未被使用时） / delete an unused warning type',
      tags,
      params: RecordIdSchema,
      response: None,
    }),
    conditions: endpoint({
      method: 'GET',
      path: `${prefix}/warningConditions/select`,
      summary: '任务的预警条件（为空表示全部预警类型） / warning conditions of a task',
      tags,
      query: TaskIdQuerySchema,
      response: WarningConditionsSchema,
    }),
    conditionsInsert: endpoint({
      method: 'POST',
      path: `${prefix}/warningConditions/insert`,
      summary: '设置一个任务的预警条件，记录历史 / set the warning conditions of a task',
      tags,
      body: WarningConditionsInputSchema,
      response: None,
    }),
    batchConfig: endpoint({
      method: 'POST',
      path: `${prefix}/warningBatchConfig/insert`,
      summary: '批量配置预警条件（任务 x 预警类型），记录历史 / batch warning conditions, with history',
      tags,
      body: BatchConfigInputSchema,
      response: None,
      json: true,
    }),
    configHistory: endpoint({
      method: 'GET',
      path: `${prefix}/warningBatchConfig/selectConfigHistory`,
      summary: '预警配置历史（最新在前） / configuration history',
      tags,
      query: PagingSchema,
      response: ConfigHistoryPageSchema,
    }),
  };
}

/** The family both services serve (the server registers it with one handler per endpoint). */
export type WarningApi = ReturnType<typeof warningEndpoints>;

/** `/api/herm-wbs` (the target-task menu): the warning calls under the resource-style names. */
export const WARNING_API = warningEndpoints('/api/herm-wbs', {
  taskWarnings: '/targetTaskDetail/getDetailWarning',
  deleteWarning: '/targetTaskDetail/delDetailWarning',
});

/** `/api/herm-ndwbs` (the year-target task menu): the warning calls under the spec's names. */
export const ANNUAL_WARNING_API = warningEndpoints('/api/herm-ndwbs', {
  taskWarnings: '/warningTask/getDetailWarning',
  deleteWarning: '/warningTask/delDetailWarning',
});

export const ClockInputSchema = z.object({
  now: z.string().datetime({ local: true, offset: true }).nullable().default(null),
});
export const ClockSchema = z.object({
  now: z.string(),
  raised: z.number().int(),
  closed: z.number().int(),
  overdue: z.number().int(),
  others: z
    .object({ raised: z.number().int(), closed: z.number().int() })
    .describe('同一作业的其他预警（质量预警） / the job’s other warnings (quality warnings)'),
});

/** `/api/test`: served only when TEST_HOOKS=true (the browser tests set it). */
export const TEST_CLOCK_API = {
  clock: endpoint({
    method: 'POST',
    path: '/api/test/clock',
    summary: '仅测试：设置服务器时间（空为恢复系统时间）并立即评估预警 / tests only: move the clock, evaluate warnings',
    tags: ['测试'],
    body: ClockInputSchema,
    response: ClockSchema,
  }),
} as const;
