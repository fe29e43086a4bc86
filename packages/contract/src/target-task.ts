import { z } from 'zod';
import { pageOf } from './envelope';
import { int32, isoDate } from './primitives';

/** Year task states (年度目标状态). */
export const YEAR_TASK_STATUS = {
  waitResolve: '待分解',
  hasResolved: '已分解',
  doing: '进行中',
  done: '已完成',
} as const;
export type YearTaskStatus = keyof typeof YEAR_TASK_STATUS;

/** Task node states (任务状态), spec-1 section 4. */
export const TASK_STATUS = {
  notPushed: '未下发',
  waitAccept: '待接收',
  waitResolve: '待分解',
  goBack: '已退回',
  waitDefine: '待定义',
  executeing: '执行中',
  hasDone: '已完成',
  delayNotDone: '逾期未完成',
  delayDone: '逾期完成',
} as const;
export type TaskStatus = keyof typeof TASK_STATUS;
export const TASK_STATUSES = Object.keys(TASK_STATUS) as TaskStatus[];
/**
 * The states of a task that is not issued (未下发) in every analysis figure: never pushed (or withdrawn, which
 * returns it there), and returned by its department (已退回), which is back with the publisher.
 */
export const NOT_ISSUED_STATES = ['notPushed', 'goBack'] as const satisfies readonly TaskStatus[];

/** Target task audit of the definition: 0 pending, 1 approved, 2 rejected. */
export const TASK_AUDIT = { 0: '待审核', 1: '审核通过', 2: '审核不通过' } as const;
export type TaskAudit = 0 | 1 | 2;

/** The named transitions of a task node. */
export const TASK_ACTIONS = {
  push: '下发',
  withdraw: '撤回',
  accept: '接收',
  goBack: '退回',
  resolve: '分解完成',
  decompose: '继续分解',
  define: '提交定义',
  pass: '审核通过',
  refuse: '审核不通过',
} as const;
export type TaskAction = keyof typeof TASK_ACTIONS;

/** The deepest level of a task tree under its year target (a top-level task is level 1). */
export const TASK_MAX_DEPTH = 4;

export const TASK_MSG = {
  wrongState: '任务当前状态不允许此操作',
  notAllowed: '您无权对该任务执行此操作',
  changed: '任务已被他人修改，请刷新后重试',
  endBeforeStart: '结束时间不能早于开始时间',
  outsideParent: '子任务的起止时间必须在上级任务的起止时间之内',
  cycleValueMismatch: '周期值与周期类型不匹配',
  /** Cycle values whose period lies wholly outside the task's start..end (they would give no reporting period). */
  cycleValueOutside: (values: readonly string[], start: string, end: string) =>
    `周期值${values.map((v) => `“${v}”`).join('、')}不在任务的起止时间（${start} 至 ${end}）之内，请调整周期值或起止时间`,
  ownerNotInDepartment: '负责人必须是负责部门的人员',
  reasonRequired: '请填写退回或不通过的原因',
  needOwnerOrChildren: '请先指定负责人或分解子任务',
  tooDeep: `任务最多分解到第${TASK_MAX_DEPTH}级，不能继续分解`,
  departmentRequired: '请选择负责部门',
  yearTargetInUse: '该年度目标下已有任务，不能删除',
  taskHasChildren: '该任务下有子任务，不能删除',
  deleteOnlyUnpushed: '只能删除未下发的任务',
  targetNotFound: '年度目标不存在',
  taskNotFound: '任务不存在',
  weightInvalid: '权重必须在0到100之间',
  pushed: '下发成功',
  done: '操作成功',
  moveEdge: '已经无法再移动了',
  moved: '移动成功',
  missionNotAllowed: '只有任务负责人在定义任务时、或可编辑该任务的人可以修改任务书',
  missionSaved: '任务书已保存',
  fileTypeNotAllowed: '该文件类型不能用于此记录',
  filesSaved: '文档已保存',
  taskTypeSaved: '任务类型已保存',
  publisherOnly: '只有年度目标发布者可以执行此操作',
  /** 服务的质控点 (issue 35): an id that is no live QCP of a live standard system. */
  qcpUnknown: (ids: readonly number[]) =>
    `服务的质控点中，节点 ${ids.join('、')} 不存在、已删除或不是质控点，请重新选择`,
} as const;

const dateStr = isoDate();

export const YearTargetInputSchema = z.object({
  name: z.string().trim().min(1).max(300).describe('年度目标名称 / name'),
  cycleYear: int32().min(1969).max(2098).describe('目标周期（年） / cycle year'),
  chargeDepartId: z.string().max(32).describe('负责部门id / charge department'),
  auditorId: z.string().max(64).optional().describe('审核人工号 / auditor'),
  description: z.string().max(1000).optional().describe('说明 / description'),
});

export const YearTargetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cycleYear: z.number().int(),
  sortOrder: z.number().int().describe('年内排序 / position within the year'),
  chargeDepartId: z.string(),
  chargeDepartName: z.string().nullable(),
  auditorId: z.string().nullable(),
  auditorName: z.string().nullable(),
  creatorId: z.string(),
  creatorName: z.string().nullable(),
  createTime: z.string(),
  status: z.enum(Object.keys(YEAR_TASK_STATUS) as [YearTaskStatus, ...YearTaskStatus[]]),
  description: z.string().nullable(),
  taskCount: z.number().int(),
  version: z.number().int(),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean(), addTask: z.boolean() }),
});
export type YearTarget = z.infer<typeof YearTargetSchema>;

export const TaskInputSchema = z.object({
  yearTargetId: int32(),
  parentId: int32().optional().describe('上级任务id / parent task'),
  rwmc: z.string().trim().min(1).max(300).describe('任务名称 / task name'),
  rwlx: z.enum(['A', 'B', 'C', 'D']).describe('任务类型 A双高 B重点 C常规 D一般 / type'),
  departmentId: z.string().max(32).optional().describe('负责部门 / responsible department'),
  ownerId: z.string().max(64).optional().describe('负责人 / responsible person'),
  coopDepartmentIds: z.array(z.string().max(32)).max(50).default([]).describe('协作部门 / cooperating departments'),
  auditorId: z.string().max(64).optional().describe('审核人 / auditor'),
  kssj: dateStr.describe('开始时间 / start'),
  jssj: dateStr.describe('结束时间 / end'),
  cycleTypeId: int32().optional().describe('周期类型 / cycle type'),
  cycleValueIds: z.array(int32()).max(100).default([]).describe('周期值 / cycle values'),
  weight: z.coerce.number().min(0).max(100).default(0).describe('权重 / weight'),
  mission: z.string().max(1000).optional().describe('任务书 / mission statement'),
  standardNodeIds: z
    .array(int32().positive())
    .max(50)
    .optional()
    .describe('服务的质控点（目标标准节点id；省略则修改时保持不变） / QCPs served (omitted: unchanged on update)'),
});
export type TaskInput = z.infer<typeof TaskInputSchema>;

/** A quality control point (质控点) a task serves: the standard node with its system (issue 35). */
export const TaskQcpSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('质控点名称 / QCP'),
  dimensionName: z.string().nullable().describe('所属诊断维度 / dimension'),
  systemId: z.number().int(),
  systemName: z.string().describe('目标标准名称（含版本） / standard system'),
});
export type TaskQcp = z.infer<typeof TaskQcpSchema>;

export const TaskCardSchema = z.object({
  id: z.number().int(),
  yearTargetId: z.number().int(),
  yearTargetName: z.string(),
  parentId: z.number().int().nullable(),
  rwmc: z.string().describe('任务名称 / name'),
  rwzt: z.string().describe('任务状态 / state'),
  rwztmc: z.string().describe('任务状态名称 / state label'),
  kssj: z.string().describe('开始时间 / start'),
  jssj: z.string().describe('结束时间 / end'),
  jkrmc: z.string().nullable().describe('监控人（审核人）名称 / monitor'),
  zqz: z.string().describe('周期值 / cycle values'),
  rwnf: z.string().describe('任务年份（逗号分隔） / years'),
  cjrmc: z.string().nullable().describe('创建人名称 / creator'),
  rwlx: z.string().describe('任务类型 / type'),
  fbbm: z.string().nullable().describe('负责部门 / department'),
  departmentId: z.string().nullable(),
  fzrmc: z.string().nullable().describe('负责人名称 / owner'),
  ownerId: z.string().nullable(),
  rwjd: z.number().describe('任务进度（0-100） / progress'),
  weight: z.number(),
  auditStatus: z.number().int().nullable().describe('审核状态 0待审 1通过 2不通过 / audit'),
  auditReason: z.string().nullable(),
  isLeaf: z.boolean().describe('是否末级任务 / last-level task'),
  version: z.number().int(),
  processWarningCount: z.number().int(),
  expiredWarningCount: z.number().int(),
  abilities: z.record(z.string(), z.boolean()).describe('当前用户可执行的操作 / actions the user may take'),
});
export type TaskCard = z.infer<typeof TaskCardSchema>;
export const TaskPageSchema = pageOf(TaskCardSchema);

/** Page kinds of the task lists (spec-1 section 2). */
export const TASK_PAGE_KINDS = [
  'yearTask',
  'myYearTask',
  'departmentTask',
  'departmentCoopTask',
  'myTask',
  'myCoopTask',
  'reviewTask',
  'warningTask',
] as const;
export type TaskPageKind = (typeof TASK_PAGE_KINDS)[number];

export const TaskQuerySchema = z.object({
  current: int32().min(1).default(1),
  size: int32().min(1).max(200).default(10),
  kind: z.enum(TASK_PAGE_KINDS).default('yearTask'),
  year: int32().optional().describe('年份 / year'),
  yearTargetId: int32().optional().describe('关联年度目标 / year target'),
  rwlx: z.enum(['A', 'B', 'C', 'D']).optional(),
  departmentId: z.string().max(32).optional(),
  departmentName: z.string().max(60).optional(),
  rwzt: z.enum(TASK_STATUSES as [TaskStatus, ...TaskStatus[]]).optional(),
  rwmc: z.string().max(60).optional(),
  sort: z.enum(['asc', 'desc']).default('desc').describe('按时间升序/降序 / time sort'),
  warningTypeId: int32().optional().describe('预警类型 / warning type'),
  missionState: z
    .enum(['toWrite'])
    .optional()
    .describe('任务书待编写：待定义且未提交审核或被退回 / definitions to write (not under review)'),
});

export const TaskActionInputSchema = z.object({
  version: int32().describe('读取时的版本号 / version read'),
  reason: z.string().trim().max(500).optional().describe('原因 / reason'),
  ownerId: z.string().max(64).optional().describe('分解时指定的负责人 / owner at resolve'),
});

/** Columns of the task import template and export, in order (导入模板 / 导出). */
export const TASK_EXCEL_COLUMNS = [
  { key: 'rwmc', header: '任务名称', width: 40 },
  { key: 'rwlx', header: '任务类型（A/B/C/D）', width: 18 },
  { key: 'fbbm', header: '负责部门', width: 20 },
  { key: 'ownerId', header: '负责人工号', width: 14 },
  { key: 'auditorId', header: '审核人工号', width: 14 },
  { key: 'kssj', header: '开始时间', width: 14 },
  { key: 'jssj', header: '结束时间', width: 14 },
  { key: 'weight', header: '权重', width: 8 },
  { key: 'mission', header: '任务书', width: 40 },
] as const;

/** Columns of the last-level task export (末级任务明细). */
export const DETAIL_EXCEL_COLUMNS = [
  { key: 'yearTargetName', header: '年度任务名称', width: 30 },
  { key: 'rwmc', header: '末级任务名称', width: 36 },
  { key: 'rwlx', header: '任务类型', width: 10 },
  { key: 'fbbm', header: '负责部门', width: 18 },
  { key: 'fzrmc', header: '负责人', width: 12 },
  { key: 'kssj', header: '开始时间', width: 12 },
  { key: 'jssj', header: '结束时间', width: 12 },
  { key: 'rwztmc', header: '任务状态', width: 12 },
  { key: 'rwjd', header: '任务进度', width: 10 },
  { key: 'processWarningCount', header: '过程预警', width: 10 },
  { key: 'expiredWarningCount', header: '逾期预警', width: 10 },
] as const;

export const CHARGER_EXCEL_COLUMNS = [
  { key: 'bmid', header: '部门编号', width: 12 },
  { key: 'bmmc', header: '部门名称', width: 24 },
  { key: 'fzrid', header: '负责人工号', width: 14 },
  { key: 'fzrmc', header: '负责人姓名', width: 14 },
] as const;

/** How a person acts for a department in the chargers export (a column the import ignores). */
export const CHARGER_KIND = { head: '部门负责人', registered: '登记的负责人' } as const;
/** Columns of the chargers export: the import's columns, then how each person acts for the department. */
export const CHARGER_EXPORT_COLUMNS = [...CHARGER_EXCEL_COLUMNS, { key: 'kind', header: '类别', width: 14 }] as const;

export const EXCEL_MSG = {
  notExcel: '请上传 .xlsx 格式的 Excel 文件',
  emptySheet: '表格中没有数据',
  headerMismatch: '表头与模板不一致，请下载最新模板',
  importFailed: (n: number) => `导入失败，共${n}处错误，未导入任何数据：`,
  imported: (n: number) => `导入成功，共${n}条`,
  /** A chargers import of n rows, of which `kept` named someone who already acts for the department. */
  chargersImported: (n: number, kept: number) =>
    kept ? `导入成功，共${n}条，其中${kept}条已在部门负责人名单中，未重复添加` : `导入成功，共${n}条`,
  row: (row: number, message: string) => `第${row}行：${message}`,
  /** One problem of one cell: row, the column's header, the rule broken and the (already shortened) value. */
  cell: (row: number, header: string, rule: string, value?: string) =>
    `第${row}行「${header}」：${rule}${value ? `（“${value}”）` : ''}`,
  moreErrors: (n: number) => `……另有${n}处错误未列出`,
  unknownDepartment: (name: string) => `负责部门“${name}”不存在`,
  unknownUser: (id: string) => `工号“${id}”不存在`,
  fileTooLarge: (mb: number) => `Excel 文件不能超过 ${mb} MB`,
  tooLarge: (mb: number) => `表格内容过大（解压后超过 ${mb} MB），请删除多余的内容或分批导入`,
  tooManyRows: (n: number) => `表格行数过多（最多 ${n} 行数据），请分批导入`,
} as const;

/** The rules a cell of an import sheet can break (EXCEL_MSG.cell names the row and column). */
export const EXCEL_RULE = {
  required: '不能为空',
  tooLong: (max: number) => `不能超过${max}个字符`,
  badType: '只能是 A、B、C、D',
  unknownDepartment: '部门不存在',
  unknownUser: '工号不存在',
  badDate: '日期格式不正确，应为 YYYY-MM-DD',
  /** Written YYYY-MM-DD but not on the calendar (2026-02-30, 2026-13-01). */
  noSuchDate: '日期不存在',
  badWeight: '应为0到100之间的数字',
  endBeforeStart: '不能早于开始时间',
  ownerNotInDepartment: '不是负责部门的人员',
} as const;

export const ChargerSchema = z.object({
  bmid: z.string().describe('部门id / department id'),
  bmmc: z.string().describe('部门名称 / department name'),
  fzrid: z.string().describe('负责人工号 / charger user id'),
  fzrmc: z.string().describe('负责人姓名 / charger name'),
});

/** Summary analysis (汇总分析) scopes and shapes. */
export const ANALYSIS_SCOPES = ['mySummaryAnalysis', 'departmentSummaryAnalysis', 'globalSummaryAnalysis'] as const;
export const AnalysisQuerySchema = z.object({
  scope: z.enum(ANALYSIS_SCOPES).default('globalSummaryAnalysis'),
  year: int32().optional().describe('任务年份 / year'),
  rwlx: z.enum(['A', 'B', 'C', 'D']).optional().describe('任务类型 / type'),
  bmid: z.string().max(32).optional().describe('负责部门（部门页必填） / charge department'),
});
export const StatusCountSchema = z.object({ rwzt: z.string(), rwztmc: z.string(), count: z.number().int() });
export const DepartmentRateSchema = z.object({
  bmid: z.string(),
  bmmc: z.string(),
  issued: z.number().int().describe('已下发任务数（不含未下发/撤回） / issued tasks'),
  finished: z.number().int().describe('已完成（含逾期完成） / finished'),
  rate: z.number().describe('完成率（%，两位小数） / finish rate'),
  rank: z.number().int().describe('排名 / rank'),
});
export const ANALYSIS_NOTE = '统计末级任务；未下发（含撤回）和已退回的任务不计为下发，也不计入完成率';

/** Year targets of one year, in order (divideTargetYear). */
export const YearGroupSchema = z.object({
  year: z.number().int().describe('目标周期（年） / cycle year'),
  targets: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.enum(Object.keys(YEAR_TASK_STATUS) as [YearTaskStatus, ...YearTaskStatus[]]),
      taskCount: z.number().int(),
    }),
  ),
});
export type YearGroup = z.infer<typeof YearGroupSchema>;

export const MoveYearTargetSchema = z.object({
  id: int32().positive(),
  direction: z.enum(['up', 'down']).describe('上移/下移 / move up or down within its year'),
});

/** One node of the target-task catalogue (flat; the client nests by parentKey). */
export const CatalogNodeSchema = z.object({
  key: z.string().describe('节点键 y:{id} 年度目标 / t:{id} 任务 / node key'),
  parentKey: z.string().nullable(),
  kind: z.enum(['yearTarget', 'task']),
  id: z.number().int(),
  title: z.string(),
  status: z.string().describe('年度目标或任务状态 / state'),
  cycleYear: z.number().int(),
});
export type CatalogNode = z.infer<typeof CatalogNodeSchema>;

/** A task with everything its edit dialog and detail need (getTargetTaskVo). */
export const TaskVoSchema = TaskCardSchema.extend({
  auditorId: z.string().nullable(),
  cycleTypeId: z.number().int().nullable(),
  cycleTypeName: z.string().nullable().describe('周期类型名称 / cycle type'),
  cycleValueIds: z.array(z.number().int()),
  coopDepartments: z.array(z.object({ bmid: z.string(), bmmc: z.string() })).describe('协作部门 / cooperating'),
  mission: z.string().nullable().describe('任务书 / mission statement'),
  depth: z.number().int(),
  childCount: z.number().int(),
  parentName: z.string().nullable(),
  cycleYear: z.number().int().describe('年度目标的周期 / year of the target'),
  standardNodes: z.array(TaskQcpSchema).describe('服务的质控点 / QCPs served'),
});
export type TaskVo = z.infer<typeof TaskVoSchema>;

/** Warning status filter of the task-detail list. */
export const WARNING_STATUS = { none: '无预警', process: '过程预警', final: '逾期预警' } as const;
export type WarningStatus = keyof typeof WARNING_STATUS;

/** Task-detail filter (spec-1 section 2): last-level tasks, optionally of the user's departments or own. */
export const TaskDetailQuerySchema = z.object({
  current: int32().min(1).default(1),
  size: int32().min(1).max(200).default(10),
  scope: z.enum(['all', 'department', 'mine']).default('all').describe('全部/部门/我的 / scope'),
  year: int32().optional(),
  yearTaskName: z.string().max(60).optional().describe('年度任务名称 / year-task name'),
  rwmc: z.string().max(60).optional().describe('末级任务名称 / last-level task name'),
  fzrmc: z.string().max(60).optional().describe('末级任务负责人（部门页） / last-level task owner'),
  rwzt: z.enum(TASK_STATUSES as [TaskStatus, ...TaskStatus[]]).optional(),
  warningStatus: z.enum(['none', 'process', 'final']).optional().describe('预警状态 / warning status'),
});
export type TaskDetailQuery = z.infer<typeof TaskDetailQuerySchema>;

/** Mission statement (任务书) of a task. */
export const MissionSchema = z.object({
  taskId: z.number().int(),
  rwmc: z.string(),
  mission: z.string().nullable(),
  version: z.number().int(),
  canEdit: z.boolean(),
});
export const MissionInputSchema = z.object({
  taskId: int32(),
  version: int32(),
  mission: z.string().max(1000).describe('任务书 / mission statement'),
});

/** A department with its head and registered chargers (departManage). */
export const DepartManageSchema = z.object({
  bmid: z.string(),
  bmmc: z.string(),
  headId: z.string().nullable().describe('部门负责人工号 / head'),
  fzrmc: z.string().nullable().describe('部门负责人 / head name'),
  chargers: z.array(z.object({ fzrid: z.string(), fzrmc: z.string() })),
});

export const TaskTypeSchema = z.object({ id: z.number().int(), code: z.string(), rwlxmc: z.string() });
export const TaskTypeInputSchema = z.object({
  id: int32(),
  rwlxmc: z.string().trim().min(1).max(20).describe('任务类型名称 / type name'),
});

/** The documents of a year target or task, by file type (targetTaskFile). */
export const DOCUMENT_FILE_TYPES = {
  YearTask: ['年度目标文件', '目标支撑文件', '任务分解文件'],
  NodeTask: ['目标支撑文件', '任务分解文件'],
} as const;
export const DocumentOwnerSchema = z.object({
  ownerType: z.enum(['YearTask', 'NodeTask']),
  ownerId: int32(),
});
export const DocumentGroupSchema = z.object({
  fileTypeId: z.number().int(),
  fileTypeName: z.string(),
  files: z.array(
    z.object({
      fileId: z.string(),
      fileName: z.string(),
      size: z.number().int(),
      uploaderName: z.string().nullable(),
      createTime: z.string(),
    }),
  ),
});
export const DocumentsSchema = z.object({ canEdit: z.boolean(), groups: z.array(DocumentGroupSchema) });
export type Documents = z.infer<typeof DocumentsSchema>;
export const DocumentSaveSchema = DocumentOwnerSchema.extend({
  fileTypeId: int32(),
  fileIds: z.array(z.string().uuid()).max(50).default([]).describe('该类型的全部文件 / all files of the type'),
});

/** A named transition by name (averageLevelTarget updateTaskStauts). */
export const TaskStatusUpdateSchema = TaskActionInputSchema.extend({
  id: int32().positive(),
  action: z.enum(Object.keys(TASK_ACTIONS) as [TaskAction, ...TaskAction[]]).describe('动作 / action'),
});

/** Cycle type (id, lxmc) with its values (cycleId, cycleNumber, defaultsStatus 1 = default). */
export const CycleTypeSchema = z.object({
  id: z.number().int(),
  lxmc: z.string().describe('周期类型名称 / cycle type name'),
  values: z.array(
    z.object({
      cycleId: z.number().int(),
      cycleNumber: z.string().describe('周期值 / cycle value'),
      defaultsStatus: z.number().int().describe('1 默认 / 1 default'),
    }),
  ),
});
export type CycleType = z.infer<typeof CycleTypeSchema>;
