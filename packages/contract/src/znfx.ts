import { z } from 'zod';
import { DIAGNOSIS_TASK_STATES, RESULT_GRADES } from './diagnosis';
import { endpoint, FILE } from './endpoint';
import { listOf, PagingQuerySchema } from './envelope';
import { DateTimeSchema, IdSchema, int32 } from './primitives';
import { VALUE_TYPES } from './standard';

/**
 * 智能分析 (znfx, spec-2 §7.8 Analysis; issue 31 item 6), served under /api/herm-znfx: by dimension, the diagnosis
 * tasks, their objects and each object's attainment of its quality control points (QCPs). A per-object-task summary
 * is kept in PostgreSQL (cacheQualityByTaskId builds it; every computation of the task's rows refreshes it), from
 * which the school-wide heat table reads: which objects (majors, courses, teachers) are below standard on which QCPs.
 * It is an aggregate of the diagnosis module (modules/diagnosis/quality-analysis.*), reading the module's own rows.
 *
 * Attainment of a QCP (one row of an object task): ok 达标 (a result that reaches the standard and the target), unfin
 * 未完成 (reaches the standard, not the target), dis 不达标 (below the standard), none 无结果. An object task's 达标率 is
 * its ok and unfin rows of the rows with a result (two decimals, %).
 */

export const QCP_STATES = ['ok', 'unfin', 'dis', 'none'] as const;
export type QcpState = (typeof QCP_STATES)[number];
export const QCP_STATE_NAMES: Record<QcpState, string> = { ok: '达标', unfin: '未完成', dis: '不达标', none: '无结果' };

export const ZNFX_MSG = {
  cached: (n: number) => `已更新 ${n} 个诊改对象的分析汇总`,
  notWhole: '只有能查看整个任务的人员（发布人、监控人、审核人、管理员、校领导）可以查看全校分析',
} as const;

/** A summary of an object task's QCPs (the cached figures). */
const Summary = {
  zs: z.number().int().describe('质控点数 / QCPs'),
  yjg: z.number().int().describe('有结果的 / with a result'),
  db: z.number().int().describe('达标（含未完成目标但达标准的） / at or above standard'),
  bdb: z.number().int().describe('不达标 / below standard'),
  wwc: z.number().int().describe('未完成（未达目标值） / below target'),
  dbl: z.number().describe('达标率（%，有结果的质控点中达标的比例） / attainment rate'),
};

export const ZnfxTaskQuerySchema = z.object({
  wd: z.string().trim().max(64).optional().describe('维度类型编码（空为全部） / dimension type'),
  nf: int32().min(1900).max(2200).optional().describe('年度 / year'),
});
export const ZnfxTaskSchema = z.object({
  rwid: z.number().int().describe('诊改任务id / task'),
  rwmc: z.string().describe('任务名称 / name'),
  wd: z.string().describe('维度 / dimension'),
  nf: z.number().int().describe('年度 / year'),
  rwzt: z.enum(DIAGNOSIS_TASK_STATES),
  dxsl: z.number().int().describe('诊改对象数 / objects'),
  bdbdxsl: z.number().int().describe('有不达标质控点的对象数 / objects with a QCP below standard'),
  ...Summary,
  hcsj: DateTimeSchema.nullable().describe('汇总更新时间 / summary refreshed at'),
});
export const ZnfxTaskListSchema = z.array(ZnfxTaskSchema);

export const ZnfxObjectQuerySchema = PagingQuerySchema.extend({
  rwid: IdSchema.describe('诊改任务id / task'),
  gzdxmc: z.string().trim().max(100).optional().describe('对象名称（包含） / name contains'),
  sort: z.enum(['bdb', 'dbl', 'name']).default('bdb').describe('排序：不达标数降序 / 达标率升序 / 名称'),
});
export const ZnfxObjectSchema = z.object({
  dxrwid: z.number().int().describe('诊改对象任务id / object task'),
  dxbm: z.string(),
  gzdxmc: z.string(),
  bmmc: z.string().nullable().describe('责任部门 / department'),
  fzrmc: z.string().nullable().describe('负责人 / person in charge'),
  ...Summary,
});
export const ZnfxObjectPageSchema = listOf(ZnfxObjectSchema);

export const ZnfxQualityQuerySchema = z.object({ dxrwid: IdSchema.describe('诊改对象任务id / object task') });
export const ZnfxQualitySchema = z.object({
  id: z.number().int().describe('行id / row'),
  zkdmc: z.string(),
  cj: z.string().describe('所属层级（维度 / … / 上级） / level path'),
  zlx: z.enum(VALUE_TYPES),
  bzz: z.string().nullable(),
  mbz: z.string().nullable().describe('目标值（修正目标值优先） / target'),
  jgz: z.string().nullable().describe('结果值（修正结果值优先） / result'),
  jgdj: z.enum(RESULT_GRADES).nullable(),
  zt: z.enum(QCP_STATES).describe('达成情况 / attainment'),
});
export const ZnfxQualityListSchema = z.object({
  gzdxmc: z.string(),
  rwmc: z.string(),
  ...Summary,
  list: z.array(ZnfxQualitySchema),
});

export const ZnfxTaskIdSchema = z.object({ rwid: IdSchema.describe('诊改任务id / task') });
export const ZnfxCacheResultSchema = z.object({
  n: z.number().int().describe('更新的诊改对象数 / object tasks summarized'),
  hcsj: DateTimeSchema.describe('更新时间 / refreshed at'),
});

/** The school-wide heat table: a column per QCP, a row per object, a cell per attainment (null: no such QCP). */
export const ZnfxHeatSchema = z.object({
  rwmc: z.string(),
  wd: z.string(),
  hcsj: DateTimeSchema.nullable(),
  columns: z.array(
    z.object({
      key: z.number().int().describe('质控点（跨版本的节点键） / the QCP'),
      zkdmc: z.string(),
      cj: z.string().describe('所属层级 / level path'),
      bdb: z.number().int().describe('该质控点不达标的对象数 / objects below standard on it'),
    }),
  ),
  rows: z.array(
    z.object({
      dxrwid: z.number().int(),
      dxbm: z.string(),
      gzdxmc: z.string(),
      bmmc: z.string().nullable(),
      bdb: z.number().int(),
      wwc: z.number().int(),
      dbl: z.number(),
      cells: z.array(z.enum(QCP_STATES).nullable()).describe('与 columns 一一对应 / one per column'),
    }),
  ),
});
export type ZnfxHeat = z.infer<typeof ZnfxHeatSchema>;

const N = '/api/herm-znfx';
const tags = ['智能分析'] as const;

export const ZNFX_API = {
  tasks: endpoint({
    method: 'GET',
    path: `${N}/selectTaskByDimension`,
    summary: '按维度的诊改任务与达标汇总 / tasks of a dimension with their attainment',
    tags,
    query: ZnfxTaskQuerySchema,
    response: ZnfxTaskListSchema,
  }),
  objects: endpoint({
    method: 'GET',
    path: `${N}/selectObjectByTaskId`,
    summary: '任务的诊改对象与各自的达标情况（分页） / a task’s objects with their attainment',
    tags,
    query: ZnfxObjectQuerySchema,
    response: ZnfxObjectPageSchema,
  }),
  quality: endpoint({
    method: 'GET',
    path: `${N}/selectQuality`,
    summary: '诊改对象各质控点的达成情况 / each QCP’s attainment of an object task',
    tags,
    query: ZnfxQualityQuerySchema,
    response: ZnfxQualityListSchema,
  }),
  cache: endpoint({
    method: 'POST',
    path: `${N}/cacheQualityByTaskId`,
    summary: '更新任务的分析汇总（每次计算后也自动更新） / refresh a task’s summary',
    tags,
    body: ZnfxTaskIdSchema,
    response: ZnfxCacheResultSchema,
  }),
  heat: endpoint({
    method: 'GET',
    path: `${N}/schoolView`,
    summary: '全校视图：各对象在各质控点的达标热力表 / the school-wide heat table',
    tags,
    query: ZnfxTaskIdSchema,
    response: ZnfxHeatSchema,
  }),
  heatExport: endpoint({
    method: 'GET',
    path: `${N}/schoolView/export`,
    summary: '导出全校视图（Excel） / export the heat table',
    tags,
    query: ZnfxTaskIdSchema,
    response: FILE,
  }),
} as const;
