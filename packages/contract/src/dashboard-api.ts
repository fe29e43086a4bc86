import { z } from 'zod';
import {
  ChartListQuerySchema,
  ChartTypeInputSchema,
  ChartTypeSchema,
  DashboardDataQuerySchema,
  DashboardDataSchema,
  DashboardLayoutSchema,
  DashboardUpdateSchema,
  LibraryChartQuerySchema,
  PublishedChartInputSchema,
  PublishedChartSchema,
} from './dashboard';
import {
  IndicatorDataQuerySchema,
  IndicatorDataSchema,
  OperationMonitoringSchema,
  ScreenDataQuerySchema,
  ScreenDataSchema,
  ScreenHistoryQuerySchema,
  ScreenHistorySchema,
  ScreenIdQuerySchema,
  ScreenSaveSchema,
  ScreenSchema,
  ScreenSummarySchema,
} from './dashboard-monitor';
import { endpoint } from './endpoint';
import { pageOf } from './envelope';
import { IdSchema } from './primitives';

const tags = ['仪表盘、数据大屏与运行监控'] as const;
const None = z.null();
const IdParams = z.object({ id: IdSchema });
const SJGL = '/api/herm-sjgl';
const SJFW = '/api/herm-sjfw';
const XXJK = '/api/herm-xxjk';

/**
 * 仪表盘 (issue 34): the chart library (ybplx types, ybp published charts) under 数据管理, the user's subscribed
 * charts (dynamicYbpDy) under the data service, the data screen and operation monitoring under school monitoring.
 */
export const DASHBOARD_API = {
  chartTypes: endpoint({
    method: 'GET',
    path: `${SJGL}/ybplx/list`,
    summary: '图表分类 / chart types',
    tags,
    response: z.array(ChartTypeSchema),
  }),
  chartTypeInsert: endpoint({
    method: 'POST',
    path: `${SJGL}/ybplx/insert`,
    summary: '新增图表分类 / add a chart type',
    tags,
    body: ChartTypeInputSchema,
    response: ChartTypeSchema,
  }),
  chartTypeDelete: endpoint({
    method: 'POST',
    path: `${SJGL}/ybplx/:id/delete`,
    summary: '删除图表分类 / delete a chart type',
    tags,
    params: IdParams,
    response: None,
  }),
  charts: endpoint({
    method: 'GET',
    path: `${SJGL}/ybp/list`,
    summary: '可订阅的图表（向本人角色开放的） / the charts the user may subscribe',
    tags,
    query: ChartListQuerySchema,
    response: z.array(PublishedChartSchema),
  }),
  libraryCharts: endpoint({
    method: 'GET',
    path: `${SJGL}/ybp/page`,
    summary: '图表库（管理：全部已发布图表，分页） / every published chart, for the library keepers',
    tags,
    query: LibraryChartQuerySchema,
    response: pageOf(PublishedChartSchema),
  }),
  chartInsert: endpoint({
    method: 'POST',
    path: `${SJGL}/ybp/insert`,
    summary: '发布图表（图表算法或详情算法） / publish a chart',
    tags,
    body: PublishedChartInputSchema,
    response: PublishedChartSchema,
  }),
  chartDelete: endpoint({
    method: 'POST',
    path: `${SJGL}/ybp/:id/delete`,
    summary: '下架图表（订阅随之移除） / withdraw a chart',
    tags,
    params: IdParams,
    response: None,
  }),
  subscriptions: endpoint({
    method: 'GET',
    path: `${SJGL}/ybpdy/list`,
    summary: '我的订阅 / my subscriptions',
    tags,
    response: DashboardLayoutSchema,
  }),
  layout: endpoint({
    method: 'GET',
    path: `${SJFW}/dynamicYbpDy/query`,
    summary: '我的仪表盘（订阅与布局） / my dashboard',
    tags,
    response: DashboardLayoutSchema,
  }),
  updateLayout: endpoint({
    method: 'POST',
    path: `${SJFW}/dynamicYbpDy/updateList`,
    summary: '保存仪表盘（整体替换，位置规整后保存） / save my dashboard',
    tags,
    body: DashboardUpdateSchema,
    response: DashboardLayoutSchema,
    json: true,
  }),
  data: endpoint({
    method: 'POST',
    path: `${SJFW}/dynamicYbpDy/data`,
    summary: '仪表盘全部图表的数据（一次请求，各图表单独成败） / every chart’s data',
    tags,
    body: DashboardDataQuerySchema,
    response: DashboardDataSchema,
    json: true,
  }),
} as const;

/**
 * 学校监测 (herm-xxjk): the data screens (schoolScreen) and operation monitoring (queryOperationMonitoring,
 * indicatorDataShow).
 */
export const SCHOOL_SCREEN_API = {
  screens: endpoint({
    method: 'GET',
    path: `${XXJK}/schoolScreen/queryAllList`,
    summary: '全部大屏（管理） / every screen',
    tags,
    response: z.array(ScreenSummarySchema),
  }),
  screensOfUser: endpoint({
    method: 'GET',
    path: `${XXJK}/schoolScreen/querySchoolList`,
    summary: '本人可看的大屏 / the screens the user may see',
    tags,
    response: z.array(ScreenSummarySchema),
  }),
  screen: endpoint({
    method: 'GET',
    path: `${XXJK}/schoolScreen/querySchoolScreen`,
    summary: '大屏布局 / a screen',
    tags,
    query: ScreenIdQuerySchema,
    response: ScreenSchema,
  }),
  updateScreen: endpoint({
    method: 'POST',
    path: `${XXJK}/schoolScreen/updateSchoolScreen`,
    summary: '保存大屏（新增或修改） / save a screen',
    tags,
    body: ScreenSaveSchema,
    response: ScreenSchema,
    json: true,
  }),
  saveScreenHistory: endpoint({
    method: 'POST',
    path: `${XXJK}/schoolScreen/saveSchoolHistory`,
    summary: '恢复大屏的历史版本 / restore a saved version',
    tags,
    body: z.object({ id: IdSchema.describe('历史版本id / version id') }),
    response: ScreenSchema,
  }),
  screenHistory: endpoint({
    method: 'GET',
    path: `${XXJK}/schoolScreen/querySchoolHistory`,
    summary: '大屏的历史版本 / a screen’s versions',
    tags,
    query: ScreenHistoryQuerySchema,
    response: pageOf(ScreenHistorySchema),
  }),
  screenData: endpoint({
    method: 'POST',
    path: `${XXJK}/schoolScreen/queryScreenData`,
    summary: '大屏全部组件的数据（一次请求，图表各自成败） / a screen’s data',
    tags,
    body: ScreenDataQuerySchema,
    response: ScreenDataSchema,
    json: true,
  }),
  indicatorYears: endpoint({
    method: 'GET',
    path: `${XXJK}/indicatorDataShow/queryYears`,
    summary: '有数据的年度 / the years with figures',
    tags,
    response: z.array(z.number().int()),
  }),
} as const;

/** 运行监控 (herm-xxjk): queryOperationMonitoring and indicatorDataShow. */
export const MONITOR_API = {
  operationMonitoring: endpoint({
    method: 'GET',
    path: `${XXJK}/queryOperationMonitoring`,
    summary: '运行监控 / operation monitoring',
    tags,
    query: z.object({ year: IndicatorDataQuerySchema.shape.year }),
    response: OperationMonitoringSchema,
  }),
  indicatorData: endpoint({
    method: 'POST',
    path: `${XXJK}/indicatorDataShow`,
    summary: '运行监控指标数据 / monitoring figures by department',
    tags,
    body: IndicatorDataQuerySchema,
    response: IndicatorDataSchema,
  }),
} as const;
