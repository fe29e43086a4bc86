import { z } from 'zod';
import { ROLE } from './enums';
import { JobQuerySchema, JobStartedSchema, jobSchema } from './jobs';
import { IdSchema } from './primitives';

/**
 * 全校汇总报告 (issue 33 item 4): the school-wide summary over every object of a diagnosis task — the objects ranked by
 * their attainment, the distribution of the rows' grades, and the QCPs most often below standard — computed as a
 * tracked job (its progress in PostgreSQL, polled by any worker) and downloaded as Word.
 */

export const SELF_REPORT_SUMMARY_MSG = {
  started: '全校汇总报告正在生成',
  notAllowed: '只有管理员、诊改管理员、诊改发布者、校领导和学校审核可以生成全校汇总报告',
  taskNotFound: '诊改任务不存在',
  underWay: '该任务的全校汇总报告正在生成，请稍候',
  step: '正在汇总诊改对象',
  done: (n: number) => `已汇总 ${n} 个诊改对象`,
  notReady: '汇总报告尚未生成完成',
};

/** Who reads the school as a whole, besides the administrators: 诊改管理员, 诊改发布者, 校领导, 学校审核. */
export const SUMMARY_ROLE_IDS = [ROLE.diagnosisAdmin, ROLE.publisher, ROLE.schoolLeader, ROLE.schoolReviewer] as const;

export const SELF_REPORT_SUMMARY_TEXT = {
  open: '全校汇总报告',
  title: '全校汇总报告',
  task: '诊改任务',
  taskPlaceholder: '选择诊改任务',
  generate: '生成',
  download: '下载 Word',
  ranking: '诊改对象排名',
  grades: '等级分布',
  frequent: '未达标最多的质控点',
  none: '暂无数据',
  colRank: '名次',
  colObject: '诊改对象',
  colCharger: '负责人',
  colRows: '质控点数',
  colReached: '达标数',
  colBelow: '未达标数',
  colRate: '达标率（%）',
  colQcp: '质控点',
  colObjects: '未达标对象数',
  progress: '汇总进度',
  head: (n: number, rows: number, at: string) => `诊改对象 ${n} 个，质控点 ${rows} 个；生成时间：${at}`,
};

/** How many of the most frequent below-standard QCPs the summary lists. */
export const SUMMARY_TOP_QCPS = 10;

/** The diagnosis tasks a summary may be made of (newest first). */
export const SelfReportSummaryTasksSchema = z.array(z.object({ id: z.number().int(), rwmc: z.string() }));

export const SelfReportSummaryStartSchema = z.object({ rwid: IdSchema.describe('诊改任务 id') });

export const SummaryObjectSchema = z.object({
  pm: z.number().int().describe('名次（达标率从高到低，并列同名次）'),
  dxmc: z.string().describe('诊改对象'),
  fzrmc: z.string().nullable().describe('负责人'),
  zkdsl: z.number().int().describe('质控点数'),
  dbsl: z.number().int().describe('达标数'),
  wdbsl: z.number().int().describe('未达标数'),
  dbl: z.number().describe('达标率（%，两位小数；达标与未达标之和为分母）'),
  grades: z.record(z.string(), z.number().int()).describe('各等级的质控点数（A-D）'),
});
export const SummaryNameCountSchema = z.object({
  name: z.string(),
  value: z.number().int(),
  zb: z.number().describe('占比（%，两位小数）'),
});
export const SelfReportSummarySchema = z.object({
  rwid: z.number().int(),
  rwmc: z.string().describe('诊改任务名称'),
  dxsl: z.number().int().describe('诊改对象数'),
  zkdsl: z.number().int().describe('质控点总数'),
  scsj: z.string().describe('生成时间'),
  objects: z.array(SummaryObjectSchema).describe('排名'),
  gradeDistribution: z.array(SummaryNameCountSchema).describe('等级分布（A-D）'),
  frequentBelow: z
    .array(SummaryNameCountSchema)
    .describe(`未达标最多的质控点（前 ${SUMMARY_TOP_QCPS} 个；value 为未达标对象数，zb 为占全部对象的比例）`),
});
export type SelfReportSummary = z.infer<typeof SelfReportSummarySchema>;
export type SummaryObject = z.infer<typeof SummaryObjectSchema>;

export const SelfReportSummaryJobSchema = jobSchema(SelfReportSummarySchema, z.null());
export { JobQuerySchema as SelfReportSummaryJobQuerySchema, JobStartedSchema as SelfReportSummaryStartedSchema };
