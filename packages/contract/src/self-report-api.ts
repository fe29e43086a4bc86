import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  SelfReportByIdQuerySchema,
  SelfReportDetailSchema,
  SelfReportExplainInputSchema,
  SelfReportGenerateInputSchema,
  SelfReportPageQuerySchema,
  SelfReportPageSchema,
  SelfReportSubmitInputSchema,
} from './self-report';

const Z = '/api/herm-zdgj';
const tags = ['自我诊断报告'] as const;

/**
 * 自我诊断报告 (issue 33) under `/api/herm-zdgj/rest/report` (spec-2 §7.7): the list, one report, its generation for an
 * object task's round, the explanations per overview entry (explain/save) and the submission that freezes its figures.
 */
export const SELF_REPORT_API = {
  selectPage: endpoint({
    method: 'GET',
    path: `${Z}/rest/report/selectpage`,
    summary: '自我诊断报告列表（我可见的） / the reports the user sees, paged',
    tags,
    query: SelfReportPageQuerySchema,
    response: SelfReportPageSchema,
  }),
  selectById: endpoint({
    method: 'GET',
    path: `${Z}/rest/report/selectbybgid`,
    summary: '一份自我诊断报告（草稿为实时数据；已提交的为冻结数据并列出当前不同之处） / one report',
    tags,
    query: SelfReportByIdQuerySchema,
    response: SelfReportDetailSchema,
  }),
  generate: endpoint({
    method: 'POST',
    path: `${Z}/rest/report/generate`,
    summary: '生成诊改对象任务本轮的自我诊断报告（已有则返回） / generate the round’s report of an object task',
    tags,
    body: SelfReportGenerateInputSchema,
    response: SelfReportDetailSchema,
    json: true,
  }),
  explainSave: endpoint({
    method: 'POST',
    path: `${Z}/rest/report/explain/save`,
    summary: '保存概述条目的说明与是否纳入 / save an entry’s explanation and tick',
    tags,
    body: SelfReportExplainInputSchema,
    response: z.null(),
    json: true,
  }),
  submit: endpoint({
    method: 'POST',
    path: `${Z}/rest/report/submit`,
    summary: '提交自我诊断报告（冻结数据） / submit the report, freezing its figures',
    tags,
    body: SelfReportSubmitInputSchema,
    response: z.null(),
    json: true,
  }),
} as const;
