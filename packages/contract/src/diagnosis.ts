import { z } from 'zod';
import { AlgorithmLineageSchema } from './algorithm';
import { listOf, PagingQuerySchema } from './envelope';
import { jobSchema } from './jobs';
import { DateTimeSchema, IdSchema, int32, isoDate, text } from './primitives';
import { DIRECTIONS, GradeRuleSchema, VALUE_TYPES, WarningRuleSchema } from './standard';

/**
 * 诊断改进 (issue 30): diagnosis tasks published from a PUBLISHED standard system to the objects of its dimension, an
 * object task per object with its person in charge (fzr), sharers (gxr) and collectors (cjr), one row per standard node
 * that carries a value type, targets set and audited, results computed by the node's algorithm VERSION (or entered by
 * hand), grades and the unfinished / below-standard flags, sampling records and lineage (数据来源). Served under
 * /api/herm-zdgj (DIAGNOSIS_API). Field names are the spec's (spec-2 §3, DOMAIN.md's glossary).
 */

// ---- enumerations ----

/** A diagnosis task's states (rwzt). */
export const DIAGNOSIS_TASK_STATES = ['normal', 'pause', 'finished'] as const;
export type DiagnosisTaskState = (typeof DIAGNOSIS_TASK_STATES)[number];
export const DIAGNOSIS_TASK_STATE_NAMES: Record<DiagnosisTaskState, string> = {
  normal: '进行中',
  pause: '已暂停',
  finished: '已结束',
};

/** The transitions of a diagnosis task (diagnosis-task.machine.ts). */
export const DIAGNOSIS_TASK_ACTIONS = {
  update: '修改',
  pause: '暂停',
  resume: '恢复',
  finish: '结束',
  delete: '删除',
  addObjects: '添加诊改对象',
  calculate: '计算结果',
} as const;
export type DiagnosisTaskAction = keyof typeof DIAGNOSIS_TASK_ACTIONS;

/**
 * User types of spec-2 §4/§6: fzr 负责人 (of an object task), jkr 监控人 and shr 审核人 (of the task), cjr 采集人 and gxr
 * 共享人 (of an object task), fbr 发布人 (the task's creator).
 */
export const DIAGNOSIS_USER_TYPES = ['fzr', 'jkr', 'cjr', 'shr', 'fbr', 'gxr'] as const;
export type DiagnosisUserType = (typeof DIAGNOSIS_USER_TYPES)[number];
export const DIAGNOSIS_USER_TYPE_NAMES: Record<DiagnosisUserType, string> = {
  fzr: '负责人',
  jkr: '监控人',
  cjr: '采集人',
  shr: '审核人',
  fbr: '发布人',
  gxr: '共享人',
};

/**
 * The targets of an object task (spec-2 §4 improvement-list states): tosubmit 待提交, waitaudit 待审核 (shown to the
 * person in charge as 已提交), toaudit 已审核 (approved, or issued down by the publisher).
 */
export const TARGET_STATES = ['tosubmit', 'waitaudit', 'toaudit'] as const;
export type TargetState = (typeof TARGET_STATES)[number];
export const TARGET_STATE_NAMES: Record<TargetState, string> = {
  tosubmit: '待提交',
  waitaudit: '待审核',
  toaudit: '已审核',
};
/** The same states as the person in charge reads them. */
export const TARGET_STATE_NAMES_FZR: Record<TargetState, string> = {
  tosubmit: '待提交',
  waitaudit: '已提交',
  toaudit: '已审核',
};

/** The actions on an object task's targets (object-task.machine.ts). */
export const OBJECT_TASK_ACTIONS = {
  saveTargets: '保存目标值',
  submit: '提交审核',
  pass: '审核通过',
  refuse: '审核不通过',
  issueDown: '下发目标值',
} as const;
export type ObjectTaskAction = keyof typeof OBJECT_TASK_ACTIONS;

/** A row's revised value (xzmbz, xzjgz): none 无, waitaudit 待审核, toaudit 已通过, refused 未通过. */
export const REVISION_STATES = ['none', 'waitaudit', 'toaudit', 'refused'] as const;
export type RevisionState = (typeof REVISION_STATES)[number];
export const REVISION_STATE_NAMES: Record<RevisionState, string> = {
  none: '无',
  waitaudit: '待审核',
  toaudit: '已通过',
  refused: '未通过',
};

/** Audit stages (shjd): an object task's targets, a row's revised target, a row's revised result. */
export const AUDIT_STAGES = ['target', 'xzmbz', 'xzjgz'] as const;
export type AuditStage = (typeof AUDIT_STAGES)[number];
export const AUDIT_STAGE_NAMES: Record<AuditStage, string> = {
  target: '目标值审核',
  xzmbz: '修正目标值审核',
  xzjgz: '修正结果值审核',
};

/** What an audit trail entry records. */
export const AUDIT_ACTIONS = ['submit', 'pass', 'refuse', 'issueDown'] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_NAMES: Record<AuditActionName, string> = {
  submit: '提交',
  pass: '审核通过',
  refuse: '审核不通过',
  issueDown: '下发',
};

/** Result grades (jgdj): A-D by thresholds or a level list, Y / N for have / whether (spec-1). */
export const RESULT_GRADES = ['A', 'B', 'C', 'D', 'Y', 'N'] as const;
export type ResultGrade = (typeof RESULT_GRADES)[number];
export const RESULT_GRADE_NAMES: Record<ResultGrade, string> = {
  A: '优秀',
  B: '良好',
  C: '一般',
  D: '未完成',
  Y: '达成',
  N: '未达成',
};
/** Points of each grade in an object task's score (calScore: the mean over graded rows, two decimals). */
export const GRADE_POINTS: Record<ResultGrade, number> = { A: 100, B: 85, C: 70, D: 50, Y: 100, N: 0 };

/** Row filters of the rows' list: unfinished, below standard. */
export const ROW_FLAGS = ['unfin', 'dis'] as const;
export type RowFlag = (typeof ROW_FLAGS)[number];

export const DIAGNOSIS_LIMITS = {
  /** Cause analysis, measures, reasons (spec-2 §5, §9). */
  textMax: 500,
  nameMax: 100,
  /** Objects of one publish or insertlist call (1 200 courses and more). */
  objectsMax: 5000,
  /** Rows of one target save. */
  rowsMax: 2000,
  /** A value as typed (a number or a level's name). */
  valueMax: 40,
  /** Sharers or collectors of one object task. */
  peopleMax: 200,
} as const;

/** The calculation rule of a row without an algorithm (spec: 手工填报). */
export const MANUAL_CAL_RULE = '手工填报';

export const DIAGNOSIS_MSG = {
  taskNotFound: '诊改任务不存在',
  objectTaskNotFound: '诊改对象任务不存在',
  rowNotFound: '质控点不存在',
  sampleNotFound: '采样记录不存在',
  nameRequired: '请输入任务名称',
  nameTaken: (name: string) => `任务名称“${name}”已存在`,
  endBeforeStart: '结束时间不能早于开始时间',
  standardNotFound: '目标标准不存在',
  standardNotPublished: '只能发布已发布的目标标准，请先发布该目标标准',
  standardNoRows: '该目标标准没有设置值类型的指标，无法发布诊改任务',
  cycleNotFound: '周期值不存在',
  dimensionEmpty: '该维度下没有可发布的诊改对象',
  objectUnknown: (code: string) => `诊改对象不存在或不属于该标准的维度：${code}`,
  objectTaken: (name: string) => `诊改对象“${name}”已在该任务中`,
  objectsRequired: '请选择诊改对象',
  userUnknown: (id: string) => `用户不存在或已停用：${id}`,
  departmentUnknown: (id: string) => `部门不存在：${id}`,
  noCharger: (names: string) => `以下诊改对象没有默认负责人（部门职责未设置负责人），请指定：${names}`,
  wrongState: '任务当前状态不允许此操作',
  taskPaused: '任务已暂停，恢复后才能继续',
  taskFinished: '任务已结束，不能再修改',
  notAllowed: '您无权执行此操作',
  notPublisher: '只有任务的发布人或管理员可以执行此操作',
  notCharger: '只有该诊改对象的负责人可以执行此操作',
  notEditor: '只有该诊改对象的负责人或共享人可以执行此操作',
  notAuditor: '只有任务的审核人可以审核',
  reasonRequired: '请填写原因',
  refuseReasonRequired: '请填写审核不通过的原因',
  targetsNotSubmittable: '目标值已提交或已审核，不能再修改',
  targetsMissing: (names: string) => `以下质控点尚未填写目标值：${names}`,
  targetsNotAudited: '目标值审核通过后才能修正目标值',
  nothingToAudit: '没有待审核的内容',
  revisionPending: '该值的修正正在审核中',
  resultMissing: '该质控点还没有结果值，无法修正',
  noValue: '算法没有返回该对象的值（数据中没有该对象的记录）',
  computeFailed: (message: string) => `计算失败：${message}`,
  notManual: (name: string) => `质控点“${name}”由算法计算，不能手工填写结果值，如需调整请修正结果值`,
  rowNotInTask: (id: number) => `质控点不属于该诊改对象：${id}`,
  valueRequired: (label: string) => `请填写${label}`,
  percentRange: (label: string, v: string) => `${label}“${v}”应为 0 到 100 之间的百分比`,
  notNumber: (label: string, v: string) => `${label}“${v}”不是有效的数值`,
  tooManyDecimals: (label: string, v: string) => `${label}“${v}”最多保留两位小数`,
  haveValue: (label: string, v: string) => `${label}“${v}”应为 无(0) 或 有(1)`,
  whetherValue: (label: string, v: string) => `${label}“${v}”应为 否(0) 或 是(1)`,
  levelValue: (label: string, v: string, levels: string) => `${label}“${v}”不在等级列表中（${levels}）`,
  targetBelowStandard: (mbz: string, bzz: string) =>
    `目标值 ${mbz} 低于标准值 ${bzz}，越高越好的指标目标值不能低于标准值`,
  targetAboveStandard: (mbz: string, bzz: string) =>
    `目标值 ${mbz} 高于标准值 ${bzz}，越低越好的指标目标值不能高于标准值`,
  noNewerVersion: '该目标标准没有更新的版本，无需刷新',
  refreshed: (n: number) => `已刷新到最新版本（V${n}）`,
  calculationUnderWay: '该任务的计算正在进行中，请稍候',
  calculationNotNormal: '只有进行中的任务可以计算结果',
  algorithmGone: '计算规则对应的算法版本已删除',
  computed: (ok: number, failed: number) =>
    failed ? `已计算 ${ok} 个质控点，${failed} 个计算失败` : `已计算 ${ok} 个质控点`,
  jobStep: '正在计算诊改结果',
  saved: '保存成功',
  submitted: '提交成功',
  audited: '审核完成',
  issuedDown: '目标值已下发',
  added: '新增成功',
  updated: '修改成功',
  deleted: '删除成功',
  paused: '任务已暂停',
  resumed: '任务已恢复',
  finished: '任务已结束',
  published: (n: number) => `发布成功，共 ${n} 个诊改对象`,
  chargerChanged: '负责人已更换',
  authoritySaved: '权限已保存',
  againStarted: (round: number) => `已开始第 ${round} 轮诊断`,
  scored: '得分已计算',
  notScored: '尚未计算得分',
} as const;

// ---- shared shapes ----

const Name = z.string().describe('名称 / name');
const UserRef = z.object({ id: z.string().describe('用户id / user id'), name: z.string().describe('姓名 / name') });
const userId = () => z.string().trim().min(1).max(64);
const dateTime = DateTimeSchema;
const reason = () => text(DIAGNOSIS_LIMITS.textMax).trim();
/** A value as typed: a number (two decimals at most), 0 / 1, or a level's name. Checked by the row's value type. */
const value = () => text(DIAGNOSIS_LIMITS.valueMax).trim();

// ---- diagnosis tasks (rest/task) ----

export const DiagnosisTaskAbilitiesSchema = z.object(
  Object.fromEntries(Object.keys(DIAGNOSIS_TASK_ACTIONS).map((k) => [k, z.boolean()])) as Record<
    DiagnosisTaskAction,
    z.ZodBoolean
  >,
);

export const DiagnosisTaskSchema = z.object({
  id: z.number().int().describe('任务id / id'),
  rwmc: Name.describe('任务名称 / task name'),
  rwzt: z.enum(DIAGNOSIS_TASK_STATES).describe('状态 normal 进行中 / pause 已暂停 / finished 已结束'),
  zqid: z.number().int().describe('周期值id / cycle value id'),
  zqz: z.string().describe('周期值 / cycle value'),
  nf: z.number().int().describe('年度（算法的 :year） / year'),
  kssj: z.string().describe('开始日期 / start (yyyy-MM-dd)'),
  jssj: z.string().describe('结束日期 / end (yyyy-MM-dd)'),
  bzid: z.number().int().describe('目标标准id（发布时的版本） / standard system version'),
  bzmc: z.string().describe('目标标准名称 / standard name'),
  bzbb: z.number().int().describe('目标标准版本号 / its version'),
  wd: z.string().describe('维度（维度类型编码：专业、课程 …） / dimension type code'),
  fbbm: z.string().nullable().describe('发布部门id / publishing department'),
  fbbmmc: z.string().nullable().describe('发布部门名称 / its name'),
  jkr: UserRef.nullable().describe('监控人 / monitor (jkr)'),
  shr: UserRef.nullable().describe('审核人 / auditor (shr)'),
  cjr: UserRef.describe('发布人（创建人） / publisher (fbr)'),
  cjsj: dateTime.describe('创建时间 / created'),
  dxsl: z.number().int().describe('诊改对象数 / object tasks'),
  zbsl: z.number().int().describe('质控点（行）总数 / rows'),
  yjgsl: z.number().int().describe('已有结果的行数 / rows with a result'),
  mbshsl: z.number().int().describe('目标值已审核的对象数 / object tasks whose targets are audited'),
  wdbsl: z.number().int().describe('不达标行数 / rows below standard'),
  wwcsl: z.number().int().describe('未完成行数 / unfinished rows'),
  rwjd: z.number().describe('进度（%，两位小数：已有结果的行占全部行） / progress'),
  userTypes: z.array(z.enum(DIAGNOSIS_USER_TYPES)).describe('当前用户在该任务中的身份 / my user types'),
  isGly: z.boolean().describe('管理员（系统或诊改管理员） / administrator'),
  isFbr: z.boolean().describe('发布人或管理员 / publisher'),
  isShr: z.boolean().describe('审核人 / auditor'),
  abilities: DiagnosisTaskAbilitiesSchema.describe('当前用户可执行的操作 / what the user may do'),
});
export type DiagnosisTask = z.infer<typeof DiagnosisTaskSchema>;

export const DiagnosisTaskQuerySchema = PagingQuerySchema.extend({
  rwmc: z.string().trim().max(100).optional().describe('任务名称（包含） / name contains'),
  rwzt: z.enum(DIAGNOSIS_TASK_STATES).optional().describe('状态 / state'),
  nf: int32().optional().describe('年度 / year'),
  userType: z.enum(DIAGNOSIS_USER_TYPES).optional().describe('我的身份 / my user type'),
});
export const DiagnosisTaskPageSchema = listOf(DiagnosisTaskSchema);

export const DiagnosisTaskCountQuerySchema = DiagnosisTaskQuerySchema.omit({
  pageNum: true,
  pageSize: true,
  rwzt: true,
});
export const DiagnosisTaskCountsSchema = z.object({
  all: z.number().int().describe('全部 / all'),
  normal: z.number().int().describe('进行中 / normal'),
  pause: z.number().int().describe('已暂停 / paused'),
  finished: z.number().int().describe('已结束 / finished'),
});

export const DiagnosisTaskInputSchema = z.object({
  rwmc: text(DIAGNOSIS_LIMITS.nameMax).trim().min(1, DIAGNOSIS_MSG.nameRequired).describe('任务名称 / name'),
  zqid: IdSchema.describe('周期值id / cycle value'),
  nf: int32()
    .min(1900)
    .max(2200)
    .optional()
    .describe('年度（空则取周期值中的年份） / year; default from the cycle value'),
  kssj: isoDate().describe('开始日期 / start'),
  jssj: isoDate().describe('结束日期 / end'),
  bzid: IdSchema.describe('已发布的目标标准id / a published standard system'),
  fbbm: z.string().trim().min(1).max(64).optional().describe('发布部门id / publishing department'),
  jkrid: userId().optional().describe('监控人 / monitor'),
  shrid: userId().describe('审核人 / auditor'),
  dxbms: z
    .array(z.string().trim().min(1).max(100))
    .max(DIAGNOSIS_LIMITS.objectsMax)
    .optional()
    .describe('诊改对象编码（空则为该维度的全部启用对象） / object codes; absent: all'),
  chargers: z
    .record(z.string().max(100), userId())
    .optional()
    .describe('指定负责人：对象编码 -> 用户id（未指定者取部门职责的负责人） / chargers by object code'),
});
export type DiagnosisTaskInput = z.infer<typeof DiagnosisTaskInputSchema>;

export const DiagnosisTaskUpdateSchema = z.object({
  id: IdSchema,
  rwmc: text(DIAGNOSIS_LIMITS.nameMax).trim().min(1, DIAGNOSIS_MSG.nameRequired).describe('任务名称 / name'),
  kssj: isoDate().describe('开始日期 / start'),
  jssj: isoDate().describe('结束日期 / end'),
  fbbm: z.string().trim().min(1).max(64).nullable().optional().describe('发布部门id / publishing department'),
  jkrid: userId().nullable().optional().describe('监控人 / monitor'),
  shrid: userId().describe('审核人 / auditor'),
});

export const DiagnosisIdSchema = z.object({ id: IdSchema });
export const DiagnosisIdsSchema = z.object({
  ids: z.array(IdSchema).min(1, '请选择要操作的记录').max(DIAGNOSIS_LIMITS.objectsMax),
});
export const DiagnosisTaskIdQuerySchema = z.object({ rwid: IdSchema.describe('诊改任务id / task id') });

/** The scheduled computation of a task whose cycle is under way (getFutureTaskResult). */
export const FutureTaskResultSchema = z.object({
  rwid: z.number().int(),
  scheduled: z
    .boolean()
    .describe('是否按计划每日计算（进行中且在起止日期内） / computed daily (normal, start ≤ today ≤ end)'),
  lastRun: DateTimeSchema.nullable().describe('上次计算时间 / last computed'),
  nextRun: DateTimeSchema.nullable().describe('下次计划计算时间 / next scheduled computation'),
  jobId: z.string().nullable().describe('最近一次整任务计算的任务id（可轮询进度） / the latest whole-task job'),
});

// ---- object tasks (rest/obj) ----

export const ObjectTaskAbilitiesSchema = z.object({
  ...(Object.fromEntries(Object.keys(OBJECT_TASK_ACTIONS).map((k) => [k, z.boolean()])) as Record<
    ObjectTaskAction,
    z.ZodBoolean
  >),
  enterResults: z.boolean().describe('手工填写结果值、修正 / enter and revise results'),
  reviseTargets: z.boolean().describe('修正目标值 / revise targets'),
  auditRevisions: z.boolean().describe('审核修正值 / audit revised values'),
  calculate: z.boolean().describe('计算结果 / compute'),
  authority: z.boolean().describe('设置共享人、采集人 / sharers and collectors'),
  changeCharger: z.boolean().describe('更换负责人 / change the person in charge'),
  refresh: z.boolean().describe('刷新到标准的新版本 / refresh to a newer version'),
  again: z.boolean().describe('再次诊断（新一轮） / diagnose again'),
  delete: z.boolean().describe('删除 / delete'),
});

export const ObjectTaskSchema = z.object({
  id: z.number().int().describe('诊改对象任务id（dxrwid） / object task id'),
  rwid: z.number().int().describe('诊改任务id / task id'),
  rwmc: z.string().describe('任务名称 / task name'),
  rwzt: z.enum(DIAGNOSIS_TASK_STATES).describe('任务状态 / task state'),
  dxbm: z.string().describe('诊改对象编码 / object code'),
  gzdxmc: z.string().describe('诊改对象名称 / object name'),
  bmid: z.string().nullable().describe('责任部门id / responsible department'),
  bmmc: z.string().nullable().describe('责任部门 / its name'),
  fzr: UserRef.nullable().describe('负责人 / person in charge (fzr)'),
  gxrs: z.array(UserRef).describe('共享人 / sharers (gxr)'),
  cjrs: z.array(UserRef).describe('采集人 / collectors (cjr)'),
  bzid: z.number().int().describe('行所来自的目标标准版本 / the system version of its rows'),
  bzbb: z.number().int().describe('版本号 / version number'),
  hasNewer: z.boolean().describe('标准有更新的版本（可刷新） / a newer version exists'),
  lc: z.number().int().describe('诊断轮次 / round'),
  mbzt: z.enum(TARGET_STATES).describe('目标值状态 tosubmit 待提交 / waitaudit 待审核 / toaudit 已审核'),
  score: z.number().nullable().describe('得分（两位小数） / score'),
  pfsj: DateTimeSchema.nullable().describe('得分计算时间 / scored at'),
  zbsl: z.number().int().describe('质控点（行）数 / rows'),
  yjgsl: z.number().int().describe('已有结果的行数 / rows with a result'),
  wdbsl: z.number().int().describe('不达标行数 / rows below standard'),
  wwcsl: z.number().int().describe('未完成行数 / unfinished rows'),
  dshsl: z
    .object({
      mbz: z.boolean().describe('目标值待审核 / targets waiting'),
      xzmbz: z.number().int().describe('修正目标值待审核的行数 / revised targets waiting'),
      xzjgz: z.number().int().describe('修正结果值待审核的行数 / revised results waiting'),
    })
    .describe('待审核 / waiting for audit'),
  jd: z.number().describe('进度（%） / progress'),
  userTypes: z.array(z.enum(DIAGNOSIS_USER_TYPES)).describe('当前用户的身份 / my user types'),
  isFzr: z.boolean().describe('负责人 / in charge'),
  isShr: z.boolean().describe('审核人 / auditor'),
  isZgdx: z.boolean().describe('诊改对象角色 / holds the diagnosis-object role'),
  isGly: z.boolean().describe('管理员 / administrator'),
  isFbr: z.boolean().describe('发布人或管理员 / publisher'),
  isedit: z.boolean().describe('可编辑（负责人或共享人） / may edit analysis and attachments'),
  abilities: ObjectTaskAbilitiesSchema,
});
export type ObjectTask = z.infer<typeof ObjectTaskSchema>;

export const ObjectTaskQuerySchema = PagingQuerySchema.extend({
  rwid: IdSchema.optional().describe('诊改任务id（空为我的全部任务） / task id'),
  gzdxmc: z.string().trim().max(100).optional().describe('对象名称（包含） / object name contains'),
  userType: z.enum(DIAGNOSIS_USER_TYPES).optional().describe('我的身份 / my user type'),
  state: z.enum(TARGET_STATES).optional().describe('目标值状态 / target state'),
});
export const ObjectTaskPageSchema = listOf(ObjectTaskSchema);

export const AuditQueueQuerySchema = PagingQuerySchema.extend({
  shjd: z.enum(AUDIT_STAGES).optional().describe('审核阶段（空为全部） / audit stage'),
  rwid: IdSchema.optional().describe('诊改任务id / task id'),
});

export const ObjectInsertSchema = z.object({
  rwid: IdSchema.describe('诊改任务id / task'),
  dxbms: z
    .array(z.string().trim().min(1).max(100))
    .min(1, DIAGNOSIS_MSG.objectsRequired)
    .max(DIAGNOSIS_LIMITS.objectsMax),
  chargers: z.record(z.string().max(100), userId()).optional().describe('指定负责人 / chargers by object code'),
});
export const ObjectInsertResultSchema = z.object({ added: z.number().int().describe('新增对象数 / added') });

export const ObjectAuthorityInputSchema = z.object({
  id: IdSchema.describe('诊改对象任务id / object task'),
  gxrids: z.array(userId()).max(DIAGNOSIS_LIMITS.peopleMax).default([]).describe('共享人 / sharers'),
  cjrids: z.array(userId()).max(DIAGNOSIS_LIMITS.peopleMax).default([]).describe('采集人 / collectors'),
});

export const PushedChargerInputSchema = z.object({
  ids: z.array(IdSchema).min(1).max(DIAGNOSIS_LIMITS.objectsMax).describe('诊改对象任务id / object tasks'),
  fzrid: userId().describe('新的负责人 / the new person in charge'),
});

export const RefreshResultSchema = z.object({
  bzid: z.number().int().describe('新的标准版本id / the version now'),
  bzbb: z.number().int().describe('版本号 / its number'),
  kept: z.number().int().describe('保留的行 / rows kept (values kept)'),
  added: z.number().int().describe('新增的行 / rows added'),
  removed: z.number().int().describe('删除的行 / rows removed'),
});

export const ScoreSchema = z.object({
  id: z.number().int().describe('诊改对象任务id / object task'),
  score: z.number().nullable().describe('得分（两位小数；无定级行为空） / score'),
  pfsj: DateTimeSchema.nullable().describe('计算时间 / computed at'),
  graded: z.number().int().describe('参与计分的行数 / graded rows'),
  grades: z.record(z.enum(RESULT_GRADES), z.number().int()).describe('各等级行数 / rows per grade'),
});

/**
 * The diagnosis to-dos of the home page's 待办, each counted by the list it opens: the person in charge's object tasks
 * whose targets are to be submitted (rest/obj/select?userType=fzr&state=tosubmit), the auditor's queue
 * (rest/obj/selectbyshjd); null when the user has no such part.
 */
export const DiagnosisTodoSchema = z.object({
  toSubmit: z.number().int().nullable().describe('待提交目标值的诊改对象（负责人） / targets to submit'),
  toAudit: z.number().int().nullable().describe('待审核的诊改对象（审核人） / waiting for my audit'),
});

export const ObjectTaskIdQuerySchema = z.object({ dxrwid: IdSchema.describe('诊改对象任务id / object task') });

// ---- rows (rest/quality) ----

export const RowAbilitiesSchema = z.object({
  setTarget: z.boolean().describe('填写目标值 / set the target'),
  reviseTarget: z.boolean().describe('修正目标值 / revise the target'),
  enterResult: z.boolean().describe('手工填写结果值 / enter the result by hand'),
  reviseResult: z.boolean().describe('修正结果值 / revise the result'),
  audit: z.boolean().describe('审核修正值 / audit its revisions'),
});

export const LevelCellSchema = z.object({
  id: z.number().int().describe('节点id（levelNId） / node id'),
  name: z.string().describe('节点名称（levelNName） / node name'),
});

export const QualityRowSchema = z.object({
  id: z.number().int().describe('行id / row id'),
  dxrwid: z.number().int().describe('诊改对象任务id / object task'),
  zkdid: z.number().int().describe('标准节点id / the standard node'),
  zkdmc: z.string().describe('名称 / name'),
  levels: z.array(LevelCellSchema).describe('各级名称与id（level1 维度 … levelN） / level columns, dimension first'),
  nh: z.string().nullable().describe('内涵 / description'),
  zdbz: z.string().nullable().describe('诊断标准 / diagnosis standard'),
  zlx: z.enum(VALUE_TYPES).describe('值类型 / value type'),
  fsdl: z.boolean().describe('否决点 / veto point'),
  direction: z.enum(DIRECTIONS).nullable().describe('方向 / higher or lower is better'),
  calRule: z.number().int().nullable().describe('计算规则（算法版本id，空为手工填报） / algorithm version'),
  jsgz: z.string().describe('计算规则名称（算法名 V版本，或 手工填报） / the rule in words'),
  gradeRule: GradeRuleSchema.nullable().describe('等级规则 / grade rule'),
  warningRule: WarningRuleSchema.nullable().describe('预警规则 / warning rule'),
  levelOptions: z.array(z.string()).describe('等级值列表（值类型为等级时） / the level values'),
  bzz: z.string().nullable().describe('标准值 / standard'),
  mbz: z.string().nullable().describe('目标值 / target'),
  xzmbz: z.string().nullable().describe('修正目标值 / revised target'),
  xzmbzly: z.string().nullable().describe('修正目标值原因 / reason'),
  xzmbzzt: z.enum(REVISION_STATES).describe('修正目标值状态 / its state'),
  xzmbzdsh: z.string().nullable().describe('待审核的修正目标值 / the revised target waiting for audit'),
  jgz: z.string().nullable().describe('结果值 / result'),
  xzjgz: z.string().nullable().describe('修正结果值 / revised result'),
  xzjgzly: z.string().nullable().describe('修正结果值原因 / reason'),
  xzjgzzt: z.enum(REVISION_STATES).describe('修正结果值状态 / its state'),
  xzjgzdsh: z.string().nullable().describe('待审核的修正结果值 / the revised result waiting for audit'),
  jgdj: z.enum(RESULT_GRADES).nullable().describe('结果等级 / grade'),
  sljsz: z.string().nullable().describe('上轮结果值 / last round result'),
  sldj: z.enum(RESULT_GRADES).nullable().describe('上轮等级 / last round grade'),
  unfin: z.boolean().describe('未完成（结果未达目标） / unfinished'),
  dis: z.boolean().describe('不达标（结果未达标准） / below standard'),
  yyfx: z.string().nullable().describe('原因分析 / cause analysis'),
  gjcs: z.string().nullable().describe('改进措施 / measures'),
  jssj: DateTimeSchema.nullable().describe('最近计算时间 / computed at'),
  runId: z.number().int().nullable().describe('最近计算的算法执行记录 / the lineage run of the value'),
  cwxx: z.string().nullable().describe('最近一次计算失败的原因（值保留上次成功的） / the last failure'),
  isedit: z.boolean().describe('可编辑（负责人或共享人） / editable'),
  abilities: RowAbilitiesSchema,
});
export type QualityRow = z.infer<typeof QualityRowSchema>;

export const QualityQuerySchema = z.object({
  dxrwid: IdSchema.describe('诊改对象任务id / object task'),
  flag: z.enum(ROW_FLAGS).optional().describe('unfin 未完成 / dis 不达标'),
  zkdmc: z.string().trim().max(100).optional().describe('名称（包含） / name contains'),
});
export const QualityListSchema = z.object({
  list: z.array(QualityRowSchema),
  eachLevelCount: z
    .array(z.number().int())
    .describe('各级列的不同节点数（长度为层级列数） / distinct nodes per level column; its length is the level count'),
  objectTask: ObjectTaskSchema.describe('所属诊改对象任务 / the object task'),
});

export const QcpDetailSchema = QualityRowSchema.extend({
  rwmc: z.string().describe('任务名称 / task name'),
  gzdxmc: z.string().describe('诊改对象名称 / object name'),
  datasourceVos: z
    .array(
      z.object({
        sjlx: z.string().describe('数据类型（算法 / 手工填报） / kind'),
        jsgz: z.string().describe('计算规则 / rule'),
        xsfs: z.string().describe('显示方式 / display'),
      }),
    )
    .describe('数据来源 / data sources'),
  warningVo: z
    .object({
      yjlx: z.string().describe('预警模式 / mode'),
      yjz: z.string().nullable().describe('预警值 / value or grade'),
      yjzq: z.string().describe('预警周期 / cycle'),
    })
    .nullable(),
  sharePos: z.array(z.object({ gxrmc: z.string().describe('共享人名称 / sharer') })),
});

export const TargetSaveSchema = z.object({
  dxrwid: IdSchema.describe('诊改对象任务id / object task'),
  list: z
    .array(z.object({ id: IdSchema.describe('行id / row'), mbz: value().nullable().describe('目标值 / target') }))
    .max(DIAGNOSIS_LIMITS.rowsMax)
    .default([]),
  commit: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .default(false)
    .describe('同时提交审核 / submit too'),
});

export const IssueDownSchema = z.object({
  ids: z.array(IdSchema).min(1).max(DIAGNOSIS_LIMITS.objectsMax).describe('诊改对象任务id / object tasks'),
  list: z
    .array(z.object({ id: IdSchema, mbz: value().nullable() }))
    .max(DIAGNOSIS_LIMITS.rowsMax)
    .default([])
    .describe('先保存的目标值（仅一个对象时） / targets to save first (one object task)'),
});

export const ReviseSchema = z.object({
  id: IdSchema.describe('行id / row'),
  value: value().describe('修正值 / the revised value'),
  reason: reason().min(1, DIAGNOSIS_MSG.reasonRequired).describe('修正原因 / reason'),
});

export const ResultEntrySchema = z.object({
  dxrwid: IdSchema,
  list: z
    .array(z.object({ id: IdSchema, jgz: value().nullable().describe('结果值 / result') }))
    .min(1)
    .max(DIAGNOSIS_LIMITS.rowsMax),
});

export const CollectorSchema = z.object({
  yhid: z.string().describe('采集人 / collector'),
  yhmc: z.string().describe('姓名 / name'),
});
export const CollectorRemoveSchema = z.object({ dxrwid: IdSchema, yhid: userId() });

export const RowFailureSchema = z.object({
  id: z.number().int().describe('行id / row'),
  dxrwid: z.number().int(),
  gzdxmc: z.string().describe('对象 / object'),
  zkdmc: z.string().describe('质控点 / row'),
  message: z.string().describe('失败原因 / why'),
});
export const CalResultSchema = z.object({
  computed: z.number().int().describe('计算成功的行 / rows computed'),
  failed: z.number().int().describe('失败的行（保留上次的值） / rows failed (last value kept)'),
  manual: z.number().int().describe('手工填报的行（未计算） / manual rows'),
  failures: z.array(RowFailureSchema).describe('失败明细（最多 200 条） / failures (first 200)'),
});
export const CalculationJobSchema = jobSchema(CalResultSchema, z.null());

export const SampleSchema = z.object({
  id: z.number().int().describe('采样记录id / sample'),
  sj: DateTimeSchema.describe('时间 / time'),
  cjz: z.string().nullable().describe('采集值 / value'),
  zlx: z.enum(VALUE_TYPES),
  sfdl: z.boolean().describe('否决点 / veto point'),
  calRule: z.number().int().nullable(),
  jsgz: z.string().describe('计算规则 / rule'),
  runId: z.number().int().nullable().describe('算法执行记录（手工为空） / run'),
  czr: UserRef.nullable().describe('填写人（手工） / who entered it'),
});
export const SampleQuerySchema = z.object({
  id: IdSchema.describe('行id / row'),
  start: isoDate().optional().describe('开始日期 / from'),
  end: isoDate().optional().describe('结束日期 / to'),
});

export const LineageQuerySchema = z.object({
  id: IdSchema.describe('行id / row'),
  sampleId: IdSchema.optional().describe('采样记录id（空为当前值） / a sample; absent: the current value'),
});
export const RowLineageSchema = z.object({
  id: z.number().int().describe('行id / row'),
  zkdmc: z.string(),
  gzdxmc: z.string().describe('对象 / object'),
  dxbm: z.string().describe('对象编码（:objectId） / object code'),
  value: z.string().nullable().describe('该值 / the value'),
  sj: z.string().nullable().describe('取得时间 / when'),
  manual: z.boolean().describe('手工填报 / entered by hand'),
  czr: UserRef.nullable().describe('手工填写人 / who entered it'),
  run: AlgorithmLineageSchema.nullable().describe(
    '算法执行记录：算法、版本、SQL、参数、执行人与时间、读取的表 / the run',
  ),
});

// ---- audits (rest/audit) ----

export const AuditInputSchema = z.object({
  dxrwid: IdSchema.describe('诊改对象任务id / object task'),
  shjd: z.enum(AUDIT_STAGES).default('target').describe('审核阶段 / stage'),
  rowIds: z.array(IdSchema).max(DIAGNOSIS_LIMITS.rowsMax).optional().describe('修正值的行（空为全部待审） / rows'),
  reason: reason().optional().describe('意见（不通过时必填） / reason'),
});
export const AuditSubmitSchema = z.object({ dxrwid: IdSchema.describe('诊改对象任务id / object task') });

export const AuditRecordSchema = z.object({
  id: z.number().int(),
  shjd: z.enum(AUDIT_STAGES).describe('审核阶段 / stage'),
  shjdmc: z.string(),
  dz: z.enum(AUDIT_ACTIONS).describe('动作 / action'),
  dzmc: z.string(),
  czr: UserRef.describe('操作人 / who'),
  sj: z.string().describe('时间 / when'),
  yj: z.string().nullable().describe('原因或意见 / reason'),
  zkdmc: z.string().nullable().describe('质控点（修正值审核） / the row'),
});
export const AuditDynamicQuerySchema = z.object({ dxrwid: IdSchema });

/** An audit's outcome: how many items it moved. */
export const AuditOutcomeSchema = z.object({ n: z.number().int().describe('处理的条数 / items') });
