import { z } from 'zod';
import { AlgorithmColumnSchema } from './algorithm';
import { DIAGNOSIS_LIMITS } from './diagnosis';
import { endpoint } from './endpoint';
import { AttachmentListSchema, STAGE_MAP } from './files';
import { IdSchema, PageNumSchema, pageSize, text } from './primitives';

/**
 * The monitoring views of 诊断改进 (issue 31, spec-2 §2.1-2.9): 分析与改进 of a row (rest/disqualified/update), the
 * attachments of a row by stage (rest/quality/uploadFileList, owner type 'Quality'). The tables themselves read
 * rest/quality/select, the QCP panel rest/quality/selectbyid and its 明细数据 rest/quality/detail (the node's 详情算法),
 * the sampling dialog rest/quality/samples.
 */

export const QUALITY_VIEW_MSG = {
  required: '此项为必填项',
  tooLong: (max: number) => `最多允许输入${max}个字符`,
  analysisSaved: '分析与改进已保存',
  stageUnknown: '附件阶段不正确',
  rowNotOfObject: '该质控点不属于所给的诊改对象任务',
  rangeReversed: '开始日期不能晚于结束日期',
  noDetailRule: '未配置详情算法',
  detailRuleGone: '详情算法的版本已被删除，请在目标标准中重新选择',
} as const;

/** Cause analysis or improvement measures: required, at most 500 characters (spec-2 §5). */
const analysisText = () =>
  text(DIAGNOSIS_LIMITS.textMax * 4)
    .trim()
    .min(1, QUALITY_VIEW_MSG.required)
    .refine((s) => [...s].length <= DIAGNOSIS_LIMITS.textMax, QUALITY_VIEW_MSG.tooLong(DIAGNOSIS_LIMITS.textMax));

export const AnalysisInputSchema = z.object({
  id: IdSchema.describe('行id / row'),
  yyfx: analysisText().describe('原因分析（必填，至多500字） / cause analysis'),
  gjcs: analysisText().describe('改进措施（必填，至多500字） / improvement measures'),
});
export type AnalysisInput = z.infer<typeof AnalysisInputSchema>;

export const AnalysisSavedSchema = z.object({
  id: z.number().int(),
  yyfx: z.string().nullable(),
  gjcs: z.string().nullable(),
});

/** The calling stages a row's attachment list is saved under (mbbz 目标标准 … unfinish / disqualified 总结改进). */
export const QUALITY_FILE_STAGES = Object.keys(STAGE_MAP) as (keyof typeof STAGE_MAP)[];

export const QualityFileListSchema = z.object({
  list: z
    .array(
      z.object({
        fileId: z.string().uuid(),
        fileName: z.string().max(255).optional(),
        fileType: z.coerce.number().int().positive().optional(),
      }),
    )
    .max(50),
  context: z.object({
    zgzkdid: IdSchema.describe('质控点行id / row'),
    objTaskId: IdSchema.optional().describe('诊改对象任务id（给出时须与行一致） / object task'),
    stage: z
      .enum(QUALITY_FILE_STAGES as [string, ...string[]], { message: QUALITY_VIEW_MSG.stageUnknown })
      .describe('阶段 mbbz/jcyj/zwzd/zjgj/unfinish/disqualified'),
  }),
});

/** 明细数据 of a row (rest/quality/detail): its node's 详情算法 run for the row's object and the task's year, a page. */
export const QualityDetailQuerySchema = z.object({
  id: IdSchema.describe('质控点行id / row'),
  current: PageNumSchema,
  size: pageSize(10, 100),
});
export const QualityDetailSchema = z.object({
  configured: z.boolean().describe('质控点是否配置了详情算法 / whether the node names a detail algorithm'),
  algorithm: z.string().nullable().describe('详情算法 名称/V版本号 / the detail algorithm'),
  message: z.string().nullable().describe('说明：未配置详情算法；结果被截断的原因 / why empty or cut'),
  columns: z.array(AlgorithmColumnSchema).describe('结果列（按算法返回的顺序） / the result columns, in order'),
  records: z.array(z.record(z.string(), z.unknown())).describe('本页的明细行 / this page of rows'),
  total: z.number().int().describe('明细总行数（不超过算法行数上限） / rows in all, at most the row cap'),
  current: z.number().int(),
  pages: z.number().int(),
  size: z.number().int(),
  truncated: z.boolean().describe('结果超过上限而被截断 / the result was cut at the caps'),
  runId: z.number().int().nullable().describe('执行记录id（血缘） / the lineage run'),
});
export type QualityDetail = z.infer<typeof QualityDetailSchema>;

const Z = '/api/herm-zdgj';
const tags = ['诊断改进'] as const;

export const QUALITY_VIEW_API = {
  detail: endpoint({
    method: 'GET',
    path: `${Z}/rest/quality/detail`,
    summary:
      '明细数据：质控点的详情算法按诊改对象（:objectId）和任务年度（:year）返回的行，分页 / a row’s detail data, a page',
    tags,
    query: QualityDetailQuerySchema,
    response: QualityDetailSchema,
  }),
  analysisSave: endpoint({
    method: 'POST',
    path: `${Z}/rest/disqualified/update`,
    summary: '保存原因分析与改进措施（负责人或共享人；均必填，至多500字） / save cause analysis and measures',
    tags,
    body: AnalysisInputSchema,
    response: AnalysisSavedSchema,
    json: true,
  }),
  uploadFileList: endpoint({
    method: 'POST',
    path: `${Z}/rest/quality/uploadFileList`,
    summary:
      '保存质控点某阶段的附件列表（负责人或共享人；列表外的该阶段附件被删除） / save a row’s attachments of a stage',
    tags,
    body: QualityFileListSchema,
    response: AttachmentListSchema,
    json: true,
  }),
};
