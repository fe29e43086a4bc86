import { z } from 'zod';
import { endpoint, FILE } from './endpoint';
import {
  CaseOfRowSchema,
  CasePageSchema,
  CaseQuerySchema,
  CaseStepInputSchema,
  DisposeInputSchema,
  ForecastSchema,
  ImprovementCaseSchema,
  RemoteAcceptedSchema,
  RemoteWarningSchema,
  TrendQuerySchema,
  TrendSchema,
  WarnCountQuerySchema,
  WarnCountSchema,
  WarnExportQuerySchema,
  WarnFlowSchema,
  WarnGridPageSchema,
  WarnGridQuerySchema,
  WarnListQuerySchema,
  WarnListSchema,
} from './quality-warning';

const Z = '/api/herm-zdgj';
const tags = ['质量预警'] as const;
const RowQuery = z.object({ zkdid: z.coerce.number().int().min(1) });

/**
 * 质量预警 (issue 32) under `/api/herm-zdgj`: counts (rest/obj/selectwarningcount, warningflow/queryWarnCount), the
 * record table (queryWarnGrid, export), a row's warnings (queryWarnList), disposal (rest/warningflow/dispose), the
 * improvement case, trend and forecast, and the signed remote call (handleWarningRemote).
 */
export const QUALITY_WARNING_API = {
  selectWarningCount: endpoint({
    method: 'GET',
    path: `${Z}/rest/obj/selectwarningcount`,
    summary: '诊改任务或对象任务的预警数 / warning counts of a task or object task',
    tags,
    query: WarnCountQuerySchema,
    response: WarnCountSchema,
  }),
  queryWarnCount: endpoint({
    method: 'GET',
    path: `${Z}/warningflow/queryWarnCount`,
    summary: '我可见的质量预警数（首页） / warning counts the user sees',
    tags,
    response: WarnCountSchema,
  }),
  queryWarnGrid: endpoint({
    method: 'GET',
    path: `${Z}/warningflow/queryWarnGrid`,
    summary: '预警记录表（按质控点） / the warning record table',
    tags,
    query: WarnGridQuerySchema,
    response: WarnGridPageSchema,
  }),
  exportWarnGrid: endpoint({
    method: 'GET',
    path: `${Z}/warningflow/exportWarnGrid`,
    summary: '导出预警记录（xlsx） / export the warning records',
    tags,
    query: WarnExportQuerySchema,
    response: FILE,
  }),
  queryWarnList: endpoint({
    method: 'GET',
    path: `${Z}/warningflow/queryWarnList`,
    summary: '质控点的预警历史（warningFlowVos） / a row’s warning history',
    tags,
    query: WarnListQuerySchema,
    response: WarnListSchema,
  }),
  dispose: endpoint({
    method: 'POST',
    path: `${Z}/rest/warningflow/dispose`,
    summary: '处理预警（原因分析、处理措施） / dispose of a warning',
    tags,
    body: DisposeInputSchema,
    response: WarnFlowSchema,
  }),
  trend: endpoint({
    method: 'GET',
    path: `${Z}/warningflow/queryWarnTrend`,
    summary: '预警趋势（默认 7 天） / the warning trend',
    tags,
    query: TrendQuerySchema,
    response: TrendSchema,
  }),
  forecast: endpoint({
    method: 'GET',
    path: `${Z}/warningflow/queryForecast`,
    summary: '周期末预测（Holt 线性趋势法） / the forecast at the cycle’s end',
    tags,
    query: RowQuery,
    response: ForecastSchema,
  }),
  caseOfRow: endpoint({
    method: 'GET',
    path: `${Z}/rest/case/selectbyzkd`,
    summary: '质控点的改进案例（进行中或最近的） / a row’s improvement case',
    tags,
    query: RowQuery,
    response: CaseOfRowSchema,
  }),
  caseStep: endpoint({
    method: 'POST',
    path: `${Z}/rest/case/step`,
    summary: '推进改进案例的环节 / move a case to a later step',
    tags,
    body: CaseStepInputSchema,
    response: ImprovementCaseSchema,
  }),
  caseList: endpoint({
    method: 'GET',
    path: `${Z}/rest/case/selectlist`,
    summary: '改进案例（进行中、已关闭及持续天数） / improvement cases',
    tags,
    query: CaseQuerySchema,
    response: CasePageSchema,
  }),
  handleWarningRemote: endpoint({
    method: 'POST',
    path: `${Z}/handleWarningRemote`,
    summary: '接收其他系统的预警（HMAC-SHA256 签名，头 X-Zg-Timestamp、X-Zg-Signature） / a signed remote warning',
    tags,
    body: RemoteWarningSchema,
    response: RemoteAcceptedSchema,
  }),
} as const;
