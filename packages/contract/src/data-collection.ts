import { z } from 'zod';
import type { FieldType } from './data-manage';
import { int32, isoDate, text } from './primitives';

/**
 * Data collection (数据采集, spec-2 §7.8 "Data collection ({sjcj})"): form directories and forms whose fields are bound
 * to the fields of one warehouse table, constants (the option lists of form fields), collection tasks allocated to
 * departments or users as fill tasks (未提交 -> 待审核 -> 已完成), their rows, and the audited rows written into the
 * warehouse table.
 */

export const COLLECTION_LIMITS = {
  nameMax: 60,
  remarkMax: 300,
  opinionMax: 500,
  constantValueMax: 100,
  formFieldsMax: 200,
  /** Rows one save of a fill task may carry (a floating table). */
  rowsMax: 5000,
  directoryDepthMax: 5,
} as const;

/** Input kinds of a form field (组件类型) and their Chinese names. */
export const INPUT_KINDS = ['text', 'textarea', 'number', 'date', 'select', 'multiSelect', 'yesNo', 'file'] as const;
export type InputKind = (typeof INPUT_KINDS)[number];
export const INPUT_KIND_NAMES: Record<InputKind, string> = {
  text: '单行文本',
  textarea: '多行文本',
  number: '数字',
  date: '日期',
  select: '单选',
  multiSelect: '多选',
  yesNo: '是否',
  file: '附件',
};

/** The warehouse field types an input kind can be bound to: the server refuses others, the designer offers only these. */
export const INPUT_KIND_FIELD_TYPES: Record<InputKind, readonly FieldType[]> = {
  text: ['text'],
  textarea: ['text'],
  number: ['integer', 'decimal'],
  date: ['date'],
  select: ['text', 'integer'],
  multiSelect: ['text'],
  yesNo: ['boolean'],
  file: ['text'],
};

/** A form's table: one row per object (固定表) or any number of rows (浮动表). */
export const FORM_TABLE_TYPES = ['fixed', 'floating'] as const;
export type FormTableType = (typeof FORM_TABLE_TYPES)[number];

/** Fill-task states and actions (the rules table is the server's data-collection.machine.ts). */
export const FILL_STATES = ['uncommitted', 'waitAudit', 'finished'] as const;
export type FillState = (typeof FILL_STATES)[number];
export const FILL_STATE_NAMES: Record<FillState, string> = {
  uncommitted: '未提交',
  waitAudit: '待审核',
  finished: '已完成',
};
export const FILL_ACTIONS = ['save', 'commit', 'withdraw', 'pass', 'reject', 'rollback'] as const;
export type FillAction = (typeof FILL_ACTIONS)[number];
export const FILL_ACTION_NAMES: Record<FillAction, string> = {
  save: '保存',
  commit: '提交',
  withdraw: '撤回',
  pass: '审核通过',
  reject: '审核退回',
  rollback: '回退',
};

export const COLLECTION_MSG = {
  /** Why a warehouse table's physical table may not be dropped (data-manage's 删除物理表). */
  tableUsedByForms: (names: string[]) =>
    `正被采集表单${names
      .slice(0, 3)
      .map((n) => `“${n}”`)
      .join('、')}${names.length > 3 ? `等 ${names.length} 个表单` : ''}使用`,
  created: '新增成功',
  saved: '保存成功',
  deleted: '删除成功',
  published: (v: number) => `发布成功（第 ${v} 版）`,
  directoryNotFound: '表单目录不存在或已被删除',
  directoryParentLoop: '上级目录不能是自身或其下级目录',
  directoryTooDeep: `表单目录最多 ${COLLECTION_LIMITS.directoryDepthMax} 级`,
  directoryNotEmpty: (name: string) => `目录“${name}”下还有子目录或表单，请先删除它们`,
  formNotFound: '表单不存在或已被删除',
  formNotPublished: (name: string) => `表单“${name}”尚未发布，不能发起采集任务`,
  formHasTasks: (name: string) => `表单“${name}”已有采集任务，不能删除`,
  formNoFields: '表单至少需要 1 个字段才能发布',
  formFieldUnknown: (n: number) => `第 ${n} 个字段：所绑定的数据表字段不存在`,
  formFieldTwice: (n: number, label: string) => `第 ${n} 个字段：数据表字段“${label}”已绑定过`,
  formFieldNeedsConstant: (n: number, label: string) => `第 ${n} 个字段“${label}”：单选、多选需要选择常量类型`,
  formFieldConstantUnknown: (n: number, label: string) => `第 ${n} 个字段“${label}”：所选常量类型不存在`,
  formFieldMinMax: (n: number, label: string) => `第 ${n} 个字段“${label}”：最小值不能大于最大值`,
  formFieldKindMismatch: (n: number, label: string, kind: string, type: string) =>
    `第 ${n} 个字段“${label}”：组件类型“${kind}”不能绑定“${type}”类型的数据表字段`,
  formFieldRequiredMissing: (label: string) => `数据表中必填的字段“${label}”没有绑定到表单`,
  tableNotReady: '所选数据表不存在或尚未创建物理表',
  constantTypeNotFound: '常量类型不存在或已被删除',
  constantTypeCodeTaken: (code: string) => `常量类型编码“${code}”已存在`,
  constantTypeInUse: (name: string) => `常量类型“${name}”已被表单使用，不能删除`,
  constantNotFound: '常量不存在或已被删除',
  constantValueTaken: (value: string) => `常量值“${value}”在该类型中已存在`,
  taskNotFound: '采集任务不存在或已被删除',
  taskDates: '截止日期不能早于开始日期',
  taskNoAssignees: '请至少选择一个填报部门或填报人',
  auditorForWhom: (id: string) => `“${id}”不是本任务的填报部门或填报人，不能为其指定审核人`,
  taskHasProgress: (name: string) => `采集任务“${name}”已有提交的填报，不能删除`,
  userNotFound: (id: string) => `用户“${id}”不存在`,
  departmentNotFound: (id: string) => `部门“${id}”不存在`,
  fillTaskNotFound: '填报任务不存在或已被删除',
  wrongState: (action: string, state: string) => `当前状态为“${state}”，不能${action}`,
  notAllowed: (action: string, who: string) => `您不是该填报任务的${who}，不能${action}`,
  opinionRequired: '请填写退回或回退的原因',
  pastDeadline: (deadline: string) => `已过截止日期（${deadline}），不能再填报或提交`,
  notStarted: (start: string) => `采集任务 ${start} 才开始，现在不能填报`,
  taskClosed: '采集任务已关闭',
  noRows: '请至少填写一行数据再提交',
  fixedOneRow: '固定表只能填写一行',
  cellRefused: (row: number, label: string, rule: string) => `第 ${row} 行“${label}”：${rule}`,
  cellUnknown: (row: number, key: string) => `第 ${row} 行：表单中没有字段“${key}”`,
  sameAsRow: (first: number) => `与第 ${first} 行重复`,
  duplicateInRows: (row: number, label: string, first: number) => `第 ${row} 行“${label}”：与第 ${first} 行重复`,
  tooManyRows: `一次最多填报 ${COLLECTION_LIMITS.rowsMax} 行`,
  templateName: (form: string) => `${form}填报模板.xlsx`,
  imported: (n: number) => `已导入 ${n} 行`,
  duplicateInTable: (row: number, label: string, value: string) =>
    `第 ${row} 行“${label}”：值“${value}”在数据表中已存在`,
  notOption: (label: string) => `“${label}”不是可选的值`,
  belowMin: (min: number) => `不能小于 ${min}`,
  aboveMax: (max: number) => `不能大于 ${max}`,
  /** No places allowed reads as an integer rule (6.5 in a column of whole numbers: 应为整数, issue 28 item 8). */
  decimals: (n: number) => (n === 0 ? '应为整数' : `最多 ${n} 位小数`),
  fieldNotInForm: '表单中没有这个字段',
  /** A file field's value that is no file of the filler's (or of this fill task's). */
  notOwnFile: '附件不存在或不是您上传的，请重新上传',
  valueTaken: (label: string, value: string) => `“${label}”的值“${value}”在数据表中已存在`,
  exportName: (task: string) => `${task}填报数据.xlsx`,
  notFinished: '只有已完成（审核通过）的填报任务才能同步到数据仓库',
  closedCount: (n: number) => `已关闭 ${n} 个过期的采集任务`,
  synced: (n: number) => `已写入数据仓库 ${n} 行`,
} as const;

const name = () => text(COLLECTION_LIMITS.nameMax).trim().min(1, '请输入名称');
const remark = () => text(COLLECTION_LIMITS.remarkMax).trim().nullish();
const Id = int32().positive();

// ---- form directories ----

export const FormDirectoryInputSchema = z.object({
  parentId: Id.nullish().describe('上级目录 / parent directory'),
  name: name().describe('目录名称 / name'),
  sortOrder: int32().min(0).default(0).describe('排序 / order'),
});
export const FormDirectoryUpdateSchema = FormDirectoryInputSchema.extend({ id: Id });
export const FormDirectorySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  sortOrder: z.number().int(),
  forms: z.number().int().describe('目录下表单数 / forms in it'),
});
export interface FormDirectoryNode extends z.infer<typeof FormDirectorySchema> {
  children: FormDirectoryNode[];
}
export const FormDirectoryNodeSchema: z.ZodType<FormDirectoryNode> = FormDirectorySchema.extend({
  get children() {
    return z.array(FormDirectoryNodeSchema);
  },
});

// ---- forms ----

export const FormFieldSchema = z.object({
  fieldId: Id.describe('绑定的数据表字段 / the warehouse field'),
  label: name().describe('显示名称 / label'),
  kind: z.enum(INPUT_KINDS).describe('组件类型 / input kind'),
  required: z.boolean().default(false).describe('必填 / required'),
  unique: z.boolean().default(false).describe('唯一 / unique'),
  constantTypeId: Id.nullish().describe('常量类型（单选、多选） / constant type'),
  min: z.number().finite().nullish().describe('最小值 / min'),
  max: z.number().finite().nullish().describe('最大值 / max'),
  decimals: z.number().int().min(0).max(10).nullish().describe('小数位数 / decimals'),
  defaultValue: text(500).nullish().describe('默认值 / default'),
});
export type FormFieldInput = z.input<typeof FormFieldSchema>;
export type FormField = z.output<typeof FormFieldSchema>;

export const FormInputSchema = z.object({
  directoryId: Id.describe('表单目录 / directory'),
  name: name().describe('表单名称 / name'),
  tableId: Id.describe('数据表（ckb） / warehouse table'),
  tableType: z.enum(FORM_TABLE_TYPES).default('floating').describe('固定表或浮动表 / fixed or floating'),
  tableConfigId: Id.nullish().describe('表格配置（布局） / the layout, a table configuration'),
  remark: remark(),
  fields: z.array(FormFieldSchema).max(COLLECTION_LIMITS.formFieldsMax).default([]),
});
export const FormUpdateSchema = FormInputSchema.extend({ id: Id });
export const FormQuerySchema = z.object({
  directoryId: Id.optional(),
  keyword: text(60).trim().optional(),
});
/** What the user may do in 数据采集 besides a record: keep forms, constants and collection tasks (its admin tabs). */
export const CollectionAbilitiesSchema = z.object({
  manage: z.boolean().describe('可设计表单、维护常量、发起采集任务 / may design forms, keep constants, start tasks'),
});
export type CollectionAbilities = z.infer<typeof CollectionAbilitiesSchema>;

export const FormSchema = z.object({
  id: z.number().int(),
  directoryId: z.number().int(),
  name: z.string(),
  tableId: z.number().int(),
  tableName: z.string().describe('数据表中文名 / table label'),
  tableType: z.enum(FORM_TABLE_TYPES),
  tableConfigId: z.number().int().nullable(),
  remark: z.string().nullable(),
  fields: z.array(FormFieldSchema),
  version: z.number().int().describe('已发布的最新版本（0 为未发布） / latest published version'),
  changedSincePublish: z.boolean().describe('发布后又有修改 / edited since published'),
  abilities: z.object({ edit: z.boolean(), publish: z.boolean(), remove: z.boolean() }),
});

// ---- constants ----

export const ConstantTypeInputSchema = z.object({
  code: text(40)
    .trim()
    .regex(/^[A-Za-z][\w-]*$/, '编码只能包含字母、数字、下划线和减号，且以字母开头')
    .describe('编码 / code'),
  name: name().describe('名称 / name'),
  remark: remark(),
});
export const ConstantTypeUpdateSchema = ConstantTypeInputSchema.extend({ id: Id });
export const ConstantTypeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  constants: z.number().int(),
});
export const ConstantInputSchema = z.object({
  typeId: Id.describe('常量类型 / type'),
  value: text(COLLECTION_LIMITS.constantValueMax).trim().min(1, '请输入常量值').describe('常量值 / value'),
  label: text(COLLECTION_LIMITS.constantValueMax).trim().min(1, '请输入显示名称').describe('显示名称 / label'),
  sortOrder: int32().min(0).default(0),
});
export const ConstantUpdateSchema = ConstantInputSchema.extend({ id: Id });
export const ConstantSchema = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  value: z.string(),
  label: z.string(),
  sortOrder: z.number().int(),
});
export const ConstantQuerySchema = z.object({ typeId: Id });
export const CollectionIdsSchema = z.object({ ids: z.array(Id).min(1, '请至少选择一项').max(1000) });
export const CollectionIdSchema = z.object({ id: Id });
export const ConstantImportSchema = z.object({ count: z.number().int() });

// ---- tasks and fill tasks ----

export const CollectionTaskInputSchema = z
  .object({
    name: name().describe('任务名称 / name'),
    formId: Id.describe('表单（发布的最新版本） / the form'),
    cycle: text(40).trim().min(1, '请选择采集周期').describe('采集周期值 / cycle value'),
    startDate: isoDate().describe('开始日期 / start'),
    deadline: isoDate().describe('截止日期 / deadline'),
    departmentIds: z.array(text(64).min(1)).max(500).default([]).describe('填报部门 / departments'),
    userIds: z.array(text(64).min(1)).max(500).default([]).describe('填报人 / users'),
    auditorId: text(64).min(1, '请选择审核人').describe('审核人 / auditor'),
    auditorOf: z
      .record(text(64), text(64).min(1, '请选择审核人'))
      .default({})
      .describe('个别填报部门或填报人的审核人（按部门 id 或用户 id），其余用 auditorId / per-allocation auditors'),
  })
  .refine((t) => t.startDate <= t.deadline, { message: COLLECTION_MSG.taskDates, path: ['deadline'] });
export const CollectionTaskUpdateSchema = z.object({
  id: Id,
  name: name(),
  deadline: isoDate(),
});
export const CollectionTaskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  formId: z.number().int(),
  formName: z.string(),
  formVersion: z.number().int(),
  cycle: z.string(),
  startDate: z.string(),
  deadline: z.string(),
  closed: z.boolean(),
  counts: z.record(z.enum(FILL_STATES), z.number().int()),
});

export const FillTaskSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  taskName: z.string(),
  formName: z.string(),
  cycle: z.string(),
  deadline: z.string(),
  closed: z.boolean(),
  assigneeId: z.string().nullable(),
  departmentId: z.string().nullable(),
  /** 填报对象: the user's or the department's name. */
  assigneeName: z.string(),
  auditorId: z.string().describe('审核人工号 / the auditor, staff number'),
  auditorName: z.string().optional().describe('审核人姓名（总会返回） / the auditor, by name'),
  state: z.enum(FILL_STATES),
  opinion: z.string().nullable(),
  synced: z.boolean(),
  abilities: z.record(z.enum(FILL_ACTIONS), z.boolean()),
});
export const FillTaskQuerySchema = z.object({
  taskId: Id.optional(),
  state: z.enum(FILL_STATES).optional(),
  /** mine: my fill tasks; audit: those I audit; all: every one (collection administrators). */
  scope: z.enum(['mine', 'audit', 'all']).default('mine'),
});
export const AllocationExportQuerySchema = z.object({
  taskId: Id,
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,999}$/, '所选填报任务的格式不正确')
    .optional()
    .describe('所选填报任务 id，逗号分隔；不传为全部 / the fill tasks, comma separated'),
});
export const FillTaskCountQuerySchema = FillTaskQuerySchema.pick({ taskId: true, scope: true });
export const FillCountsSchema = z.record(z.enum(FILL_STATES), z.number().int());
export const FillAuditSchema = z.object({
  pass: z.boolean().describe('通过或退回 / pass or reject'),
  opinion: text(COLLECTION_LIMITS.opinionMax).trim().nullish().describe('审核意见 / opinion'),
});
export const FillRollbackSchema = z.object({
  id: Id,
  opinion: text(COLLECTION_LIMITS.opinionMax).trim().nullish().describe('回退原因 / reason'),
});
export const BatchAuditSchema = CollectionIdsSchema.extend(FillAuditSchema.shape);
export const BatchRollbackSchema = CollectionIdsSchema.extend({ opinion: FillRollbackSchema.shape.opinion });

// ---- datas ----

export const DataRowSchema = z.record(z.string(), z.unknown());
export const DataQuerySchema = z.object({ fillTaskId: Id });
export const DataSaveSchema = z.object({
  fillTaskId: Id,
  rows: z.array(DataRowSchema).max(COLLECTION_LIMITS.rowsMax),
});
export const DataRowsSchema = z.object({
  tableType: z.enum(FORM_TABLE_TYPES).describe('固定表（一行）或浮动表 / fixed (one row) or floating'),
  fields: z.array(FormFieldSchema.extend({ name: z.string().describe('列名 / column') })),
  rows: z.array(z.record(z.string(), z.unknown())),
});
export const UniqueCheckSchema = z.object({
  fillTaskId: Id,
  fieldId: Id,
  value: text(4000),
});
export const UniqueAnswerSchema = z.object({ unique: z.boolean(), message: z.string().nullable() });
export const SyncSchema = z.object({ taskId: Id });
