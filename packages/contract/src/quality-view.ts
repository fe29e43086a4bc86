import { z } from 'zod';
import { DIAGNOSIS_LIMITS } from './diagnosis';
import { endpoint } from './endpoint';
import { AttachmentListSchema, STAGE_MAP } from './files';
import { IdSchema, text } from './primitives';

/**
 * The monitoring views of 诊断改进 (issue 31, spec-2 §2.1-2.9): 分析与改进 of a row (rest/disqualified/update), the
 * attachments of a row by stage (rest/quality/uploadFileList, owner type 'Quality'). The tables themselves read
 * rest/quality/select, the QCP panel rest/quality/selectbyid, the sampling dialog rest/quality/samples.
 */

export const QUALITY_VIEW_MSG = {
  required: '此项为必填项',
  tooLong: (max: number) => `最多允许输入${max}个字符`,
  analysisSaved: '分析与改进已保存',
  stageUnknown: '附件阶段不正确',
  rowNotOfObject: '该质控点不属于所给的诊改对象任务',
  rangeReversed: '开始日期不能晚于结束日期',
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

const Z = '/api/herm-zdgj';
const tags = ['诊断改进'] as const;

export const QUALITY_VIEW_API = {
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
