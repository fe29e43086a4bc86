import { z } from 'zod';
import { ImportReportSchema } from './data-manage';
import { DIAGNOSIS_LIMITS } from './diagnosis';
import { endpoint, FILE, MULTIPART } from './endpoint';
import { JobQuerySchema, JobStartedSchema, jobSchema } from './jobs';
import { IdSchema } from './primitives';

/**
 * 诊断改进 in bulk (issue 31 item 5): report the targets of many object tasks up (updateuplist: their people in charge
 * submit them for audit) or issue them down (updatedownlist: the publisher), at once or as a tracked job whose progress
 * any worker answers (asyncupdateuplist / asyncupdatedownlist); and the Excel round trip of object tasks' rows
 * (template, download, uploadCheckout reporting every bad row and cell, uploadSynchronization applying all or none).
 * A bulk action on an object task the caller may not act on is refused naming every such object; nothing is applied.
 */

export const BULK_ACTIONS = ['up', 'down'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_ACTION_NAMES: Record<BulkAction, string> = { up: '上报目标值', down: '下发目标值' };

export const DIAGNOSIS_BULK_MSG = {
  refused: (action: string, n: number, list: string) => `以下 ${n} 个诊改对象不能${action}，未做任何修改：${list}`,
  done: (action: string, n: number) => `已${action} ${n} 个诊改对象`,
  jobStep: (action: string) => `正在${action}`,
  checkStep: '正在检查诊改对象',
  underWay: '该任务已有批量操作正在进行，请稍候',
  notInTask: '诊改对象不在该任务中',
  rowNotInTask: '该质控点不属于本任务的该诊改对象',
  rowIdBad: '应为质控点行ID（正整数）',
  rowTwice: (first: number) => `与第 ${first} 行是同一质控点`,
  notWritable: (name: string) =>
    `无权修改诊改对象“${name}”的目标值（发布人可在任务进行中修改；负责人只能修改待提交的）`,
  checked: (n: number) => `检查通过，共 ${n} 行，可以导入`,
  checkFailed: (n: number) => `发现 ${n} 处错误，请修改后重新上传`,
  synchronized: (n: number, changed: number) => `导入成功：共 ${n} 行，修改了 ${changed} 个目标值`,
  tooManyRows: (max: number) => `一次最多导入 ${max} 行`,
} as const;

/** The object-row workbook's columns (template, download, upload): only 目标值 is read back as a value. */
export const OBJECT_ROW_COLUMNS = [
  { key: 'dxbm', header: '诊改对象编码', width: 16 },
  { key: 'gzdxmc', header: '诊改对象名称', width: 22 },
  { key: 'id', header: '质控点行ID', width: 12 },
  { key: 'levels', header: '所属层级', width: 30 },
  { key: 'zkdmc', header: '质控点', width: 22 },
  { key: 'zlx', header: '值类型', width: 10 },
  { key: 'bzz', header: '标准值', width: 10 },
  { key: 'mbz', header: '目标值', width: 12 },
] as const;
export type ObjectRowColumnKey = (typeof OBJECT_ROW_COLUMNS)[number]['key'];

export const BulkIdsSchema = z.object({
  ids: z
    .array(IdSchema)
    .min(1, '请选择诊改对象')
    .max(DIAGNOSIS_LIMITS.objectsMax)
    .describe('诊改对象任务id（dxrwid） / object tasks'),
});

/** An object task a bulk action refused, and why. */
export const BulkRefusalSchema = z.object({
  id: z.number().int().describe('诊改对象任务id / object task'),
  gzdxmc: z.string().describe('诊改对象名称 / object name'),
  reason: z.string().describe('原因 / why'),
});
export type BulkRefusal = z.infer<typeof BulkRefusalSchema>;

export const BulkResultSchema = z.object({
  n: z.number().int().describe('处理的诊改对象数 / object tasks changed'),
});
export const BulkReportSchema = z.object({
  refused: z.array(BulkRefusalSchema).describe('被拒绝的诊改对象（全部未修改） / refused object tasks'),
});
export const BulkJobSchema = jobSchema(BulkResultSchema, BulkReportSchema);
export type BulkJob = z.infer<typeof BulkJobSchema>;

export const ObjectRowsQuerySchema = z.object({
  rwid: IdSchema.describe('诊改任务id / task'),
  ids: z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, '诊改对象任务id应以逗号分隔')
    .max(60_000)
    .optional()
    .describe('只导出这些诊改对象任务（逗号分隔，空为全部可见的） / only these object tasks'),
});
export const UploadTaskQuerySchema = z.object({ rwid: IdSchema.describe('诊改任务id / task') });

/** uploadCheckout: how many rows were read, and every problem (empty when the file can be imported). */
export const ObjectRowsCheckSchema = ImportReportSchema.extend({
  count: z.number().int().describe('数据行数 / data rows read'),
  message: z.string(),
});
export const ObjectRowsSyncSchema = z.object({
  count: z.number().int().describe('数据行数 / rows read'),
  changed: z.number().int().describe('修改的目标值 / targets changed'),
});

const Z = '/api/herm-zdgj';
const tags = ['诊断改进'] as const;

export const DIAGNOSIS_BULK_API = {
  upList: endpoint({
    method: 'POST',
    path: `${Z}/rest/obj/updateuplist`,
    summary: '批量上报目标值（负责人提交审核；全部或全不） / report many object tasks’ targets up, all or none',
    tags,
    body: BulkIdsSchema,
    response: BulkResultSchema,
    json: true,
  }),
  downList: endpoint({
    method: 'POST',
    path: `${Z}/rest/obj/updatedownlist`,
    summary: '批量下发目标值（发布人；全部或全不） / issue many object tasks’ targets down, all or none',
    tags,
    body: BulkIdsSchema,
    response: BulkResultSchema,
    json: true,
  }),
  asyncUpList: endpoint({
    method: 'POST',
    path: `${Z}/rest/obj/asyncupdateuplist`,
    summary: '批量上报目标值（后台任务） / report targets up as a job',
    tags,
    body: BulkIdsSchema,
    response: JobStartedSchema,
    json: true,
  }),
  asyncDownList: endpoint({
    method: 'POST',
    path: `${Z}/rest/obj/asyncupdatedownlist`,
    summary: '批量下发目标值（后台任务） / issue targets down as a job',
    tags,
    body: BulkIdsSchema,
    response: JobStartedSchema,
    json: true,
  }),
  bulkJob: endpoint({
    method: 'GET',
    path: `${Z}/rest/obj/asyncupdate/job`,
    summary: '批量上报/下发的进度 / a bulk job’s progress',
    tags,
    query: JobQuerySchema,
    response: BulkJobSchema,
  }),
  template: endpoint({
    method: 'GET',
    path: `${Z}/rest/obj/template`,
    summary: '诊改对象目标值导入模板（含说明页） / the object rows template',
    tags,
    response: FILE,
  }),
  download: endpoint({
    method: 'GET',
    path: `${Z}/rest/obj/download`,
    summary: '导出诊改对象的质控点与目标值（可改目标值后再导入） / export object rows',
    tags,
    query: ObjectRowsQuerySchema,
    response: FILE,
  }),
  uploadCheckout: endpoint({
    method: 'POST',
    path: `${Z}/rest/obj/uploadCheckout`,
    summary: '检查导入文件（逐行逐格报告，不保存） / check a workbook; every bad row and cell, nothing stored',
    tags,
    query: UploadTaskQuerySchema,
    consumes: MULTIPART,
    response: ObjectRowsCheckSchema,
  }),
  uploadSynchronization: endpoint({
    method: 'POST',
    path: `${Z}/rest/obj/uploadSynchronization`,
    summary: '导入目标值（全部或全不） / import the targets, all or none',
    tags,
    query: UploadTaskQuerySchema,
    consumes: MULTIPART,
    response: ObjectRowsSyncSchema,
  }),
} as const;
