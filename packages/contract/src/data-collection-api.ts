import { z } from 'zod';
import {
  AllocationExportQuerySchema,
  BatchAuditSchema,
  BatchRollbackSchema,
  CollectionAbilitiesSchema,
  CollectionIdSchema,
  CollectionIdsSchema,
  CollectionTaskInputSchema,
  CollectionTaskSchema,
  CollectionTaskUpdateSchema,
  ConstantImportSchema,
  ConstantInputSchema,
  ConstantQuerySchema,
  ConstantSchema,
  ConstantTypeInputSchema,
  ConstantTypeSchema,
  ConstantTypeUpdateSchema,
  ConstantUpdateSchema,
  DataQuerySchema,
  DataRowsSchema,
  DataSaveSchema,
  FillAuditSchema,
  FillCountsSchema,
  FillRollbackSchema,
  FillTaskCountQuerySchema,
  FillTaskQuerySchema,
  FillTaskSchema,
  FormDirectoryInputSchema,
  FormDirectoryNodeSchema,
  FormDirectorySchema,
  FormDirectoryUpdateSchema,
  FormInputSchema,
  FormQuerySchema,
  FormSchema,
  FormUpdateSchema,
  SyncSchema,
  UniqueAnswerSchema,
  UniqueCheckSchema,
} from './data-collection';
import { type Endpoint, endpoint, FILE, MULTIPART } from './endpoint';

const S = '/api/herm-sjcj';
const tags = ['数据采集'] as const;
const None = z.null();

/** The data-collection endpoints (spec-2 §7.8 "Data collection ({sjcj})"). */
export const DATA_COLLECTION_API = {
  abilities: endpointOf({
    method: 'GET',
    path: `${S}/abilities`,
    summary: '当前用户能否管理数据采集（表单、常量、采集任务） / whether the user keeps forms, constants and tasks',
    response: CollectionAbilitiesSchema,
  }),
  // ---- form directories ----
  directoryTree: endpointOf({
    method: 'GET',
    path: `${S}/formDirectorys/tree`,
    summary: '表单目录树 / the form directory tree',
    response: z.array(FormDirectoryNodeSchema),
  }),
  directoryInsert: endpointOf({
    method: 'POST',
    path: `${S}/formDirectorys/insert`,
    summary: '新增表单目录 / add a directory',
    body: FormDirectoryInputSchema,
    response: FormDirectorySchema,
  }),
  directoryUpdate: endpointOf({
    method: 'POST',
    path: `${S}/formDirectorys/update`,
    summary: '修改表单目录（不能移到自身下级） / update a directory',
    body: FormDirectoryUpdateSchema,
    response: FormDirectorySchema,
  }),
  directoryDelete: endpointOf({
    method: 'POST',
    path: `${S}/formDirectorys/:id/delete`,
    summary: '删除表单目录（有子目录或表单时拒绝） / delete an empty directory',
    params: CollectionIdSchema,
    response: None,
  }),

  // ---- forms ----
  formList: endpointOf({
    method: 'GET',
    path: `${S}/forms/list`,
    summary: '表单列表 / forms',
    query: FormQuerySchema,
    response: z.array(FormSchema),
  }),
  formGet: endpointOf({
    method: 'GET',
    path: `${S}/forms/:id`,
    summary: '表单（草稿） / one form',
    params: CollectionIdSchema,
    response: FormSchema,
  }),
  formInsert: endpointOf({
    method: 'POST',
    path: `${S}/forms/insert`,
    summary: '新增表单（字段绑定数据表字段） / add a form',
    body: FormInputSchema,
    response: FormSchema,
  }),
  formUpdate: endpointOf({
    method: 'POST',
    path: `${S}/forms/update`,
    summary: '修改表单（已发布的版本不变，再次发布生成新版本） / update a form',
    body: FormUpdateSchema,
    response: FormSchema,
  }),
  formDelete: endpointOf({
    method: 'POST',
    path: `${S}/forms/:id/delete`,
    summary: '删除表单（已有采集任务时拒绝） / delete a form',
    params: CollectionIdSchema,
    response: None,
  }),
  formPublish: endpointOf({
    method: 'POST',
    path: `${S}/forms/:id/publishById`,
    summary: '发布表单（冻结为新版本） / publish a form as a new version',
    params: CollectionIdSchema,
    response: FormSchema,
  }),

  // ---- constants ----
  constantTypeList: endpointOf({
    method: 'GET',
    path: `${S}/constantTypes/list`,
    summary: '常量类型 / constant types',
    response: z.array(ConstantTypeSchema),
  }),
  constantTypeInsert: endpointOf({
    method: 'POST',
    path: `${S}/constantTypes/insert`,
    summary: '新增常量类型 / add a constant type',
    body: ConstantTypeInputSchema,
    response: ConstantTypeSchema,
  }),
  constantTypeUpdate: endpointOf({
    method: 'POST',
    path: `${S}/constantTypes/update`,
    summary: '修改常量类型 / update a constant type',
    body: ConstantTypeUpdateSchema,
    response: ConstantTypeSchema,
  }),
  constantTypeDelete: endpointOf({
    method: 'POST',
    path: `${S}/constantTypes/:id/delete`,
    summary: '删除常量类型（被表单使用时拒绝） / delete a constant type',
    params: CollectionIdSchema,
    response: None,
  }),
  constantList: endpointOf({
    method: 'GET',
    path: `${S}/constants/list`,
    summary: '某类型的常量 / the constants of a type',
    query: ConstantQuerySchema,
    response: z.array(ConstantSchema),
  }),
  constantInsert: endpointOf({
    method: 'POST',
    path: `${S}/constants/insert`,
    summary: '新增常量 / add a constant',
    body: ConstantInputSchema,
    response: ConstantSchema,
  }),
  constantUpdate: endpointOf({
    method: 'POST',
    path: `${S}/constants/update`,
    summary: '修改常量 / update a constant',
    body: ConstantUpdateSchema,
    response: ConstantSchema,
  }),
  constantsDelete: endpointOf({
    method: 'POST',
    path: `${S}/constants/ids/delete`,
    summary: '删除常量 / delete constants',
    body: CollectionIdsSchema,
    response: None,
  }),
  constantTemplate: endpointOf({
    method: 'GET',
    path: `${S}/constants/template`,
    summary: '常量导入模板 / the constant import template',
    response: FILE,
  }),
  constantImport: endpointOf({
    method: 'POST',
    path: `${S}/constants/import`,
    summary: '导入常量（Excel，逐行报告，全部或全不） / import constants from Excel',
    consumes: MULTIPART,
    response: ConstantImportSchema,
  }),

  // ---- tasks ----
  taskList: endpointOf({
    method: 'GET',
    path: `${S}/tasks/list`,
    summary: '采集任务 / collection tasks',
    response: z.array(CollectionTaskSchema),
  }),
  taskInsert: endpointOf({
    method: 'POST',
    path: `${S}/tasks/insert`,
    summary: '发起采集任务（分配给部门或人员） / start a collection task',
    body: CollectionTaskInputSchema,
    response: CollectionTaskSchema,
  }),
  taskUpdate: endpointOf({
    method: 'POST',
    path: `${S}/tasks/update`,
    summary: '修改采集任务（名称、截止日期） / update a task',
    body: CollectionTaskUpdateSchema,
    response: CollectionTaskSchema,
  }),
  taskDelete: endpointOf({
    method: 'POST',
    path: `${S}/tasks/:id/delete`,
    summary: '删除采集任务（已有提交时拒绝） / delete a task',
    params: CollectionIdSchema,
    response: None,
  }),
  closeOutdated: endpointOf({
    method: 'POST',
    path: `${S}/tasks/closeOutdatedTask`,
    summary: '关闭已过截止日期的采集任务 / close overdue tasks',
    response: z.object({ closed: z.number().int() }),
  }),

  // ---- fill tasks ----
  fillTaskList: endpointOf({
    method: 'GET',
    path: `${S}/fillTasks/list`,
    summary: '填报任务（我的、待我审核、全部） / fill tasks',
    query: FillTaskQuerySchema,
    response: z.array(FillTaskSchema),
  }),
  fillTaskCounts: endpointOf({
    method: 'GET',
    path: `${S}/fillTasks/counts`,
    summary: '填报任务按状态计数（我的、待我审核、全部） / fill tasks counted by state',
    query: FillTaskCountQuerySchema,
    response: FillCountsSchema,
  }),
  fillTaskCommit: endpointOf({
    method: 'POST',
    path: `${S}/fillTasks/:id/commit`,
    summary: '提交填报 / commit a fill task',
    params: CollectionIdSchema,
    response: FillTaskSchema,
  }),
  fillTaskWithdraw: endpointOf({
    method: 'POST',
    path: `${S}/fillTasks/:id/withdraw`,
    summary: '撤回提交（审核前） / withdraw before the audit',
    params: CollectionIdSchema,
    response: FillTaskSchema,
  }),
  fillTaskAudit: endpointOf({
    method: 'POST',
    path: `${S}/fillTasks/:id/audit`,
    summary: '审核填报（通过或退回，附意见） / audit a fill task',
    params: CollectionIdSchema,
    body: FillAuditSchema,
    response: FillTaskSchema,
  }),
  fillTaskRollback: endpointOf({
    method: 'POST',
    path: `${S}/fillTasks/rollback`,
    summary: '回退已完成的填报（附原因） / roll a finished fill task back',
    body: FillRollbackSchema,
    response: FillTaskSchema,
  }),

  // ---- allocations (the fill tasks of a task, for its administrator) ----
  allocationList: endpointOf({
    method: 'GET',
    path: `${S}/taskAllocations/list`,
    summary: '任务分配（某采集任务的全部填报） / the allocations of a task',
    query: z.object({ taskId: CollectionIdSchema.shape.id }),
    response: z.array(FillTaskSchema),
  }),
  allocationAudit: endpointOf({
    method: 'POST',
    path: `${S}/taskAllocations/audit`,
    summary: '批量审核（全部或全不） / audit several',
    body: BatchAuditSchema,
    response: z.array(FillTaskSchema),
  }),
  allocationRollback: endpointOf({
    method: 'POST',
    path: `${S}/taskAllocations/rollback`,
    summary: '批量回退（全部或全不） / roll several back',
    body: BatchRollbackSchema,
    response: z.array(FillTaskSchema),
  }),

  allocationExport: endpointOf({
    method: 'GET',
    path: `${S}/taskAllocations/export`,
    summary: '批量导出填报数据（Excel） / export the rows of several allocations',
    query: AllocationExportQuerySchema,
    response: FILE,
  }),

  // ---- datas ----
  dataQuery: endpointOf({
    method: 'GET',
    path: `${S}/datas/queryDatasByParam`,
    summary: '填报数据（表单字段与行） / the rows of a fill task',
    query: DataQuerySchema,
    response: DataRowsSchema,
  }),
  dataSave: endpointOf({
    method: 'POST',
    path: `${S}/datas/updateOrInsert`,
    summary: '保存填报数据（整表，逐格校验，全部或全不） / save the rows of a fill task',
    body: DataSaveSchema,
    response: DataRowsSchema,
  }),
  dataTemplate: endpointOf({
    method: 'GET',
    path: `${S}/datas/template`,
    summary: '填报模板（按表单字段，Excel） / the fill template of a fill task',
    query: DataQuerySchema,
    response: FILE,
  }),
  dataImport: endpointOf({
    method: 'POST',
    path: `${S}/datas/import`,
    summary: '导入填报数据（Excel，逐行报告，全部或全不） / import the rows of a fill task',
    query: DataQuerySchema,
    consumes: MULTIPART,
    response: ConstantImportSchema,
  }),
  dataSync: endpointOf({
    method: 'POST',
    path: `${S}/datas/synDataByTaskId`,
    summary: '把已完成的填报写入数据仓库（一个事务） / write audited rows into the warehouse',
    body: SyncSchema,
    response: z.object({ rows: z.number().int() }),
  }),
  dataUnique: endpointOf({
    method: 'GET',
    path: `${S}/datas/checkDataUnique`,
    summary: '唯一性校验 / whether a value is unique',
    query: UniqueCheckSchema,
    response: UniqueAnswerSchema,
  }),
} as const;

/** An endpoint of data collection: its tag, and JSON bodies (forms carry nested fields, nulls and booleans). */
function endpointOf<const E extends Omit<Endpoint, 'tags'>>(e: E): E & { tags: typeof tags; json: true } {
  return endpoint({ ...e, tags, json: true });
}
