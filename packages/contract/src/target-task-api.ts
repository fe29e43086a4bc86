import { z } from 'zod';
import { endpoint, FILE, MULTIPART } from './endpoint';
import { listOf, OptionPagingQuerySchema, PagingQuerySchema, pageOf } from './envelope';
import { int32 } from './primitives';
import {
  CatalogNodeSchema,
  ChargerSchema,
  CycleTypeSchema,
  DepartManageSchema,
  DocumentOwnerSchema,
  DocumentSaveSchema,
  DocumentsSchema,
  MissionInputSchema,
  MissionSchema,
  MoveYearTargetSchema,
  TASK_ACTIONS,
  TaskActionInputSchema,
  TaskCardSchema,
  TaskDetailQuerySchema,
  TaskInputSchema,
  TaskQcpSchema,
  TaskQuerySchema,
  TaskStatusUpdateSchema,
  TaskTypeInputSchema,
  TaskTypeSchema,
  TaskVoSchema,
  YearGroupSchema,
  YearTargetInputSchema,
  YearTargetSchema,
} from './target-task';

const W = '/api/herm-wbs';
const N = '/api/herm-ndwbs';
const wbsTags = ['目标任务管理'] as const;
const annualTags = ['年度目标分解'] as const;
const None = z.null();

export const IdParamsSchema = z.object({ id: int32().positive() });
export const VersionedSchema = z.object({ id: int32().positive(), version: int32() });
/** What a create answers: the new record's id. */
export const CreatedSchema = z.object({ id: z.number().int() });
/** What an Excel import answers: the rows imported. */
export const ImportCountSchema = z.object({ count: z.number().int() });
export const YearTargetIdQuerySchema = z.object({ yearTargetId: int32() });
export const YearQuerySchema = z.object({ year: int32().optional() });
/** One year target of the pickers (`yearTarget/list`): the targets the user sees, with their year. */
export const YearTargetOptionSchema = z.object({ id: z.number().int(), name: z.string(), cycleYear: z.number().int() });
export type YearTargetOption = z.infer<typeof YearTargetOptionSchema>;
export const YearTargetPageQuerySchema = z.object({
  current: int32().min(1).default(1),
  size: int32().min(1).max(200).default(10),
  year: int32().optional(),
  name: z.string().max(60).optional(),
  mine: z.enum(['true', 'false']).optional().describe('只看我发布的 / only mine (myYearTask)'),
});
export const CooperationQuerySchema = TaskQuerySchema.omit({ kind: true }).extend({
  scope: z.enum(['department', 'mine']).default('department'),
});
export const ChargerInputSchema = z.object({ bmid: z.string().max(32), fzrid: z.string().max(64) });
export const ChargerQuerySchema = z.object({ bmid: z.string().max(32).optional() });
/** The list-style paging of the annual-wbs task lists (up to 1000 a page). */
export const TaskPagingSchema = z.object({
  pageNum: int32().min(1).default(1).describe('页码 / page number'),
  pageSize: int32().min(1).max(1000).default(10).describe('每页条数 / page size'),
});
/** The year targets of the annual-wbs: an option list the spec asks with pageSize 1000000 (served at most MAX_PAGE_SIZE). */
export const AnnualYearTargetQuerySchema = OptionPagingQuerySchema.extend({
  year: int32().optional(),
  name: z.string().max(60).optional(),
});
export const AnnualTaskQuerySchema = TaskQuerySchema.omit({ current: true, size: true }).extend(TaskPagingSchema.shape);

/** Where each service keeps the families that spec-1 section 7 names under both herm-wbs and herm-ndwbs. */
interface SharedNames {
  /** Year-target writes: `${yearTarget}/insert`, `/update`, `/:id/delete`. */
  yearTarget: string;
  /** Task writes: `${task}/insert`, `/update`, `/:id/delete`. */
  task: string;
  /** The documents of a year target or task, by file type (the save is `/targetTaskFile/save` under both). */
  documentList: string;
  /** Department chargers' writes: `${chargers}/insert`, `/delete`, `/export`, `/import`. */
  chargers: string;
}

/**
 * The endpoints both target-task services offer under their own names (one handler each on the server, so the two
 * cannot drift apart): year-target and task writes, the year division, documents and the chargers' writes.
 */
function sharedEndpoints(prefix: string, names: SharedNames, tags: readonly string[]) {
  return {
    yearTargetInsert: endpoint({
      method: 'POST',
      path: `${prefix}${names.yearTarget}/insert`,
      summary: '新增年度目标 / create a year target',
      tags,
      body: YearTargetInputSchema,
      response: CreatedSchema,
    }),
    yearTargetUpdate: endpoint({
      method: 'POST',
      path: `${prefix}${names.yearTarget}/update`,
      summary: '修改年度目标 / update a year target',
      tags,
      body: YearTargetInputSchema.extend(VersionedSchema.shape),
      response: None,
    }),
    yearTargetDelete: endpoint({
      method: 'POST',
      path: `${prefix}${names.yearTarget}/:id/delete`,
      summary: '删除年度目标（其下无任务时） / delete a year target without tasks',
      tags,
      params: IdParamsSchema,
      response: None,
    }),
    divideTargetYear: endpoint({
      method: 'GET',
      path: `${prefix}/yearTarget/divideTargetYear`,
      summary: '按年划分的年度目标 / year targets divided by year',
      tags,
      query: YearQuerySchema,
      response: z.array(YearGroupSchema),
    }),
    taskInsert: endpoint({
      method: 'POST',
      path: `${prefix}${names.task}/insert`,
      summary: '新增任务（顶层或分解子任务） / create a task or a child',
      tags,
      body: TaskInputSchema,
      response: CreatedSchema,
    }),
    taskUpdate: endpoint({
      method: 'POST',
      path: `${prefix}${names.task}/update`,
      summary: '修改任务 / update a task',
      tags,
      body: TaskInputSchema.extend(VersionedSchema.shape),
      response: None,
    }),
    taskDelete: endpoint({
      method: 'POST',
      path: `${prefix}${names.task}/:id/delete`,
      summary: '删除任务 / delete a task',
      tags,
      params: IdParamsSchema,
      response: None,
    }),
    documentList: endpoint({
      method: 'GET',
      path: `${prefix}${names.documentList}`,
      summary: '年度目标或任务的文档（按文件类型） / documents of a year target or task by file type',
      tags,
      query: DocumentOwnerSchema,
      response: DocumentsSchema,
    }),
    documentSave: endpoint({
      method: 'POST',
      path: `${prefix}/targetTaskFile/save`,
      summary: '保存某一文件类型的全部文档（新上传的挂上，列表外的删除） / save the documents of one file type',
      tags,
      body: DocumentSaveSchema,
      response: DocumentsSchema,
    }),
    chargerInsert: endpoint({
      method: 'POST',
      path: `${prefix}${names.chargers}/insert`,
      summary: '新增部门负责人 / add a charger',
      tags,
      body: ChargerInputSchema,
      response: None,
    }),
    chargerDelete: endpoint({
      method: 'POST',
      path: `${prefix}${names.chargers}/delete`,
      summary: '删除部门负责人 / remove a charger',
      tags,
      body: ChargerInputSchema,
      response: None,
    }),
    chargerExport: endpoint({
      method: 'GET',
      path: `${prefix}${names.chargers}/export`,
      summary: '导出部门负责人（xlsx，部门负责人页所列的人，可原样导入） / export chargers',
      tags,
      query: z.object({ bmid: z.string().max(32).optional().describe('只导出该部门 / one department') }),
      response: FILE,
    }),
    chargerImport: endpoint({
      method: 'POST',
      path: `${prefix}${names.chargers}/import`,
      summary: '导入部门负责人（xlsx，部门编号+负责人工号） / import chargers',
      tags,
      consumes: MULTIPART,
      response: ImportCountSchema,
    }),
  };
}

/** The family both services serve (the server registers it with one handler per endpoint). */
export type TargetTaskSharedApi = ReturnType<typeof sharedEndpoints>;

/** A transition of a task by its own path (`targetTask/:id/<action>`, `targetTaskAudit/:id/<path>`). */
function actionEndpoint(path: string, summary: string) {
  return endpoint({
    method: 'POST',
    path,
    summary,
    tags: wbsTags,
    params: IdParamsSchema,
    body: TaskActionInputSchema,
    response: None,
  });
}
const taskAction = (a: 'push' | 'withdraw' | 'accept' | 'goBack' | 'resolve' | 'decompose') =>
  actionEndpoint(`${W}/targetTask/:id/${a}`, `${TASK_ACTIONS[a]} / ${a}`);
const auditAction = (path: 'submit' | 'pass' | 'refuse', a: 'define' | 'pass' | 'refuse') =>
  actionEndpoint(`${W}/targetTaskAudit/:id/${path}`, `任务定义审核：${TASK_ACTIONS[a]} / definition audit: ${path}`);

/** `/api/herm-wbs`: year targets and target tasks, resource style (the target-task menu). */
export const TARGET_TASK_API = {
  ...sharedEndpoints(
    W,
    {
      yearTarget: '/yearTarget',
      task: '/targetTask',
      documentList: '/targetTaskFile/list',
      chargers: '/departManage/chargers',
    },
    wbsTags,
  ),
  taskTypeList: endpoint({
    method: 'GET',
    path: `${W}/taskType/list`,
    summary: '任务类型列表 / task types',
    tags: wbsTags,
    response: z.array(TaskTypeSchema),
  }),
  template: endpoint({
    method: 'GET',
    path: `${W}/targetTask/template`,
    summary: '下载任务导入模板（xlsx） / the task import template',
    tags: wbsTags,
    response: FILE,
  }),
  exportTaskDetail: endpoint({
    method: 'GET',
    path: `${W}/targetTask/exportTaskDetail`,
    summary: '导出年度目标的任务（xlsx，与导入模板同列） / export tasks in the import layout',
    tags: wbsTags,
    query: YearTargetIdQuerySchema,
    response: FILE,
  }),
  import: endpoint({
    method: 'POST',
    path: `${W}/targetTask/import`,
    summary:
      '导入任务（multipart：yearTargetId，然后 file；逐行校验，有错则全部不导入） / import tasks, all or nothing',
    tags: wbsTags,
    consumes: MULTIPART,
    response: ImportCountSchema,
  }),
  chargers: endpoint({
    method: 'GET',
    path: `${W}/departManage/chargers`,
    summary: '部门负责人（fzrid/bmid）列表 / department chargers',
    tags: wbsTags,
    query: ChargerQuerySchema,
    response: z.array(ChargerSchema),
  }),
  yearTargetPage: endpoint({
    method: 'GET',
    path: `${W}/yearTarget/selectPage`,
    summary: '年度目标分页 / year targets, paged',
    tags: wbsTags,
    query: YearTargetPageQuerySchema,
    response: pageOf(YearTargetSchema),
  }),
  yearTargetOptions: endpoint({
    method: 'GET',
    path: `${W}/yearTarget/list`,
    summary: '年度目标下拉列表（id、name） / year target options',
    tags: wbsTags,
    response: z.array(YearTargetOptionSchema),
  }),
  taskPage: endpoint({
    method: 'GET',
    path: `${W}/targetTask/selectPage`,
    summary: '任务分页（按页面类型 kind 与筛选条件；按用户可见范围） / task cards, paged, filtered, visible only',
    tags: wbsTags,
    query: TaskQuerySchema,
    response: pageOf(TaskCardSchema),
  }),
  taskTree: endpoint({
    method: 'GET',
    path: `${W}/targetTask/tree`,
    summary: '年度目标的任务树（平铺，含 parentId） / the task tree of a year target, flat with parentId',
    tags: wbsTags,
    query: YearTargetIdQuerySchema,
    response: z.array(TaskCardSchema),
  }),
  task: endpoint({
    method: 'GET',
    path: `${W}/targetTask/:id`,
    summary: '任务详情 / a task',
    tags: wbsTags,
    params: IdParamsSchema,
    response: TaskCardSchema,
  }),
  push: taskAction('push'),
  withdraw: taskAction('withdraw'),
  accept: taskAction('accept'),
  goBack: taskAction('goBack'),
  resolve: taskAction('resolve'),
  decompose: taskAction('decompose'),
  auditSubmit: auditAction('submit', 'define'),
  auditPass: auditAction('pass', 'pass'),
  auditRefuse: auditAction('refuse', 'refuse'),
  cycleTypeList: endpoint({
    method: 'GET',
    path: `${W}/cycleType/list`,
    summary: '周期类型及周期值 / cycle types with their values',
    tags: wbsTags,
    response: z.array(CycleTypeSchema),
  }),
  moveYearTarget: endpoint({
    method: 'POST',
    path: `${W}/yearTarget/moveYearTarget`,
    summary: '年度目标在本年内上移/下移 / move a year target up or down within its year',
    tags: wbsTags,
    body: MoveYearTargetSchema,
    response: None,
  }),
  cooperationTasks: endpoint({
    method: 'GET',
    path: `${W}/targetTask/getCooperationTask`,
    summary: '协作任务：部门协作（department）或我的协作（mine） / cooperation tasks',
    tags: wbsTags,
    query: CooperationQuerySchema,
    response: pageOf(TaskCardSchema),
  }),
  taskVo: endpoint({
    method: 'GET',
    path: `${W}/targetTask/getTargetTaskVo`,
    summary: '任务完整信息（协作部门、周期、任务书） / a task with everything its form needs',
    tags: wbsTags,
    query: IdParamsSchema,
    response: TaskVoSchema,
  }),
  catalogue: endpoint({
    method: 'GET',
    path: `${W}/targetTaskCatalog/list`,
    summary: '目标任务目录：年度目标及其任务（平铺，parentKey 相连） / the catalogue of targets and tasks',
    tags: wbsTags,
    query: YearQuerySchema,
    response: z.array(CatalogNodeSchema),
  }),
  lastLevelPage: endpoint({
    method: 'GET',
    path: `${W}/targetTaskDetail/selectPage`,
    summary: '末级任务明细（年度任务名称、末级任务名称、负责人、状态、预警状态） / last-level tasks',
    tags: wbsTags,
    query: TaskDetailQuerySchema,
    response: pageOf(TaskCardSchema),
  }),
  lastLevelExport: endpoint({
    method: 'GET',
    path: `${W}/targetTaskDetail/exportDetail`,
    summary: '导出末级任务明细（xlsx） / export last-level tasks',
    tags: wbsTags,
    query: TaskDetailQuerySchema.omit({ current: true, size: true }),
    response: FILE,
  }),
  departments: endpoint({
    method: 'GET',
    path: `${W}/departManage/list`,
    summary: '部门及其负责人、登记的部门负责人 / departments with heads and chargers',
    tags: wbsTags,
    response: z.array(DepartManageSchema),
  }),
  qcpOptions: endpoint({
    method: 'GET',
    path: `${W}/targetTask/qcpOptions`,
    summary: '任务可服务的质控点：已发布目标标准的质控点 / QCPs of the published standard systems, for the task form',
    tags: wbsTags,
    response: z.array(TaskQcpSchema),
  }),
} as const;

/**
 * `/api/herm-ndwbs`: the year-target task module (年度目标分解). The same year targets, tasks, state machine and rules
 * as TARGET_TASK_API, under the names of spec-1 section 7 and with list-style pages.
 */
export const ANNUAL_WBS_API = {
  ...sharedEndpoints(
    N,
    {
      yearTarget: '/yearTargetTask',
      task: '/averageLevelTarget',
      documentList: '/targetTaskFile/select',
      chargers: '/chargers',
    },
    annualTags,
  ),
  yearTargets: endpoint({
    method: 'GET',
    path: `${N}/yearTargetTask/select`,
    summary: '年度目标列表（分页） / year targets, paged',
    tags: annualTags,
    query: AnnualYearTargetQuerySchema,
    response: listOf(YearTargetSchema),
  }),
  topTasks: endpoint({
    method: 'GET',
    path: `${N}/yearTargetTask/selectTop`,
    summary: '年度目标的顶层任务（分页） / top-level tasks of a year target',
    tags: annualTags,
    query: TaskPagingSchema.extend(YearTargetIdQuerySchema.shape),
    response: listOf(TaskCardSchema),
  }),
  taskTree: endpoint({
    method: 'GET',
    path: `${N}/yearTargetTask/selectTree`,
    summary: '年度目标的任务树（平铺，含 parentId） / the task tree of a year target',
    tags: annualTags,
    query: YearTargetIdQuerySchema,
    response: z.array(TaskCardSchema),
  }),
  inputExample: endpoint({
    method: 'GET',
    path: `${N}/yearTargetTask/inputExample`,
    summary: '下载任务导入样例（xlsx） / the task import example',
    tags: annualTags,
    response: FILE,
  }),
  export: endpoint({
    method: 'GET',
    path: `${N}/yearTargetTask/export`,
    summary: '导出年度目标的任务（xlsx） / export the tasks',
    tags: annualTags,
    query: YearTargetIdQuerySchema,
    response: FILE,
  }),
  import: endpoint({
    method: 'POST',
    path: `${N}/yearTargetTask/import`,
    summary: '导入任务（multipart：yearTargetId，然后 file；有错则全部不导入） / import tasks, all or nothing',
    tags: annualTags,
    consumes: MULTIPART,
    response: ImportCountSchema,
  }),
  tasks: endpoint({
    method: 'GET',
    path: `${N}/averageLevelTarget/select`,
    summary: '任务列表（按页面类型 kind 与筛选条件；按用户可见范围） / task cards, paged',
    tags: annualTags,
    query: AnnualTaskQuerySchema,
    response: listOf(TaskCardSchema),
  }),
  task: endpoint({
    method: 'GET',
    path: `${N}/averageLevelTarget/:id`,
    summary: '任务完整信息 / a task',
    tags: annualTags,
    params: IdParamsSchema,
    response: TaskVoSchema,
  }),
  updateTaskStatus: endpoint({
    method: 'POST',
    path: `${N}/averageLevelTarget/updateTaskStauts`,
    summary: `更新任务状态：按动作名执行一次状态迁移（${Object.keys(TASK_ACTIONS).join('/')}） / run a named transition`,
    tags: annualTags,
    body: TaskStatusUpdateSchema,
    response: None,
  }),
  withdrawTask: endpoint({
    method: 'POST',
    path: `${N}/averageLevelTarget/withdrawTask`,
    summary: '撤回已下发未接收的任务 / withdraw a pushed task',
    tags: annualTags,
    body: TaskActionInputSchema.extend({ id: int32().positive() }),
    response: None,
  }),
  taskTypes: endpoint({
    method: 'GET',
    path: `${N}/yearTargetTaskType/select`,
    summary: '任务类型列表 / task types',
    tags: annualTags,
    query: OptionPagingQuerySchema,
    response: listOf(TaskTypeSchema),
  }),
  taskTypeUpdate: endpoint({
    method: 'POST',
    path: `${N}/yearTargetTaskType/update`,
    summary: '修改任务类型名称（A-D 四类固定） / rename a task type',
    tags: annualTags,
    body: TaskTypeInputSchema,
    response: None,
  }),
  chargers: endpoint({
    method: 'GET',
    path: `${N}/chargers/select`,
    summary: '部门负责人（fzrid/bmid）列表 / department chargers',
    tags: annualTags,
    query: PagingQuerySchema.extend(ChargerQuerySchema.shape),
    response: listOf(ChargerSchema),
  }),
  mission: endpoint({
    method: 'GET',
    path: `${N}/missionStatement/:taskId`,
    summary: '任务的任务书 / the mission statement of a task',
    tags: annualTags,
    params: z.object({ taskId: int32().positive() }),
    response: MissionSchema,
  }),
  missionUpdate: endpoint({
    method: 'POST',
    path: `${N}/missionStatement/update`,
    summary: '保存任务书 / save the mission statement',
    tags: annualTags,
    body: MissionInputSchema,
    response: None,
  }),
} as const;
