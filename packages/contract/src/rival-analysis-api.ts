import { z } from 'zod';
import { endpoint, FILE, MULTIPART } from './endpoint';
import {
  DoubleHighPageSchema,
  DoubleHighQuerySchema,
  DoubleHighYearsSchema,
  DoubleSchoolQuerySchema,
  DoubleSchoolSchema,
  OwnSchoolSchema,
  RivalAvgSchema,
  RivalImportResultSchema,
  RivalOverviewSchema,
  RivalQuerySchema,
  RivalRankQuerySchema,
  RivalRankSchema,
  RivalSchoolSchema,
  RivalTrendQuerySchema,
  RivalTrendSchema,
  RivalYearQuerySchema,
} from './rival-analysis';

const R = '/api/herm-xxjk/rivalAnalysis';
const D = '/api/herm-xxjk/doubleHigh';
const tags = ['对标分析'] as const;

/** 对标分析 (spec-2 §7.1 rivalAnalysis): the school against its benchmark schools, over the imported figures. */
export const RIVAL_ANALYSIS_API = {
  querySchoolRival: endpoint({
    method: 'POST',
    path: `${R}/querySchoolRival`,
    summary: '本校与对标院校某年的各项指标（可只取两校并列） / the school and its rivals in a year',
    tags,
    body: RivalQuerySchema,
    response: RivalOverviewSchema,
    json: true,
  }),
  queryTrendAnalysis: endpoint({
    method: 'GET',
    path: `${R}/queryTrendAnalysis`,
    summary: '某指标历年趋势（本校与对标院校） / an indicator over the years',
    tags,
    query: RivalTrendQuerySchema,
    response: RivalTrendSchema,
  }),
  queryRankAnalysis: endpoint({
    method: 'GET',
    path: `${R}/queryRankAnalysis`,
    summary: '某指标某年在对标院校中的排名 / rank among the rivals',
    tags,
    query: RivalRankQuerySchema,
    response: RivalRankSchema,
  }),
  queryAVGAnalysis: endpoint({
    method: 'GET',
    path: `${R}/queryAVGAnalysis`,
    summary: '本校与对标院校平均值（最高、最低） / the school against the rivals’ average',
    tags,
    query: RivalYearQuerySchema,
    response: RivalAvgSchema,
  }),
  queryDoubleSchool: endpoint({
    method: 'GET',
    path: `${R}/queryDoubleSchool`,
    summary: '本校与双高院校各档次平均值对比 / the school against the double-high groups',
    tags,
    query: DoubleSchoolQuerySchema,
    response: DoubleSchoolSchema,
  }),
  updateOwnSchool: endpoint({
    method: 'POST',
    path: `${R}/updateOwnSchool`,
    summary: '设置本校（学校代码） / set the school itself',
    tags,
    body: OwnSchoolSchema,
    response: RivalSchoolSchema,
    json: true,
  }),
  upload: endpoint({
    method: 'POST',
    path: `${R}/upload`,
    summary: '导入院校指标数据（multipart：file；有错则全部不导入并逐行列出） / import the figures, all or nothing',
    tags,
    consumes: MULTIPART,
    response: RivalImportResultSchema,
  }),
  template: endpoint({
    method: 'GET',
    path: `${R}/downloadtemplate`,
    summary: '下载院校指标导入模板 / the figures’ template',
    tags,
    response: FILE,
  }),
  download: endpoint({
    method: 'GET',
    path: `${R}/download`,
    summary: '导出院校指标数据（可再导入） / export the figures',
    tags,
    response: FILE,
  }),
};

/** 双高 (spec-2 §7.1 doubleHigh): the plan's rounds and units, kept by the school from the published list. */
export const DOUBLE_HIGH_API = {
  queryYear: endpoint({
    method: 'GET',
    path: `${D}/queryYear`,
    summary: '双高批次年份（已收录/官方总数） / the rounds',
    tags,
    response: DoubleHighYearsSchema,
  }),
  getHighSchoolCode: endpoint({
    method: 'GET',
    path: `${D}/getHighSchoolCode`,
    summary: '双高建设单位名单（分页；类别、档次、名称筛选） / the units of a round',
    tags,
    query: DoubleHighQuerySchema,
    response: DoubleHighPageSchema,
  }),
  upload: endpoint({
    method: 'POST',
    path: `${D}/upload`,
    summary: '导入双高名单（multipart：file；按批次+学校新增或更新；有错则全部不导入） / import the list',
    tags,
    consumes: MULTIPART,
    response: RivalImportResultSchema,
  }),
  template: endpoint({
    method: 'GET',
    path: `${D}/downloadtemplate`,
    summary: '下载双高名单导入模板 / the list’s template',
    tags,
    response: FILE,
  }),
  download: endpoint({
    method: 'GET',
    path: `${D}/download`,
    summary: '导出双高名单 / export the list',
    tags,
    query: z.object({ year: DoubleSchoolQuerySchema.shape.batch }),
    response: FILE,
  }),
};
