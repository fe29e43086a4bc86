import { endpoint } from './endpoint';
import {
  BelowPageSchema,
  BelowQuerySchema,
  CorrelationQuerySchema,
  CorrelationSchema,
  IndicatorListQuerySchema,
  IndicatorListSchema,
  IndicatorObjectPageSchema,
  IndicatorObjectQuerySchema,
  IndicatorTaskListSchema,
  MoverPageSchema,
  MoverQuerySchema,
  MoverSourceQuerySchema,
  MoverSourceSchema,
} from './indicator-analysis';

const I = '/api/herm-znfx/indicatorAnalysis';
const tags = ['指标分析'] as const;

/** 指标分析 (issue 35 item 5): what moved in a diagnosis task, within the user's authority. */
export const INDICATOR_ANALYSIS_API = {
  tasks: endpoint({
    method: 'GET',
    path: `${I}/tasks`,
    summary: '可分析的诊改任务（有可查看的对象） / the tasks the user may analyse',
    tags,
    response: IndicatorTaskListSchema,
  }),
  objects: endpoint({
    method: 'GET',
    path: `${I}/objects`,
    summary: '任务中可查看的诊改对象（分页，可按名称/编码搜索） / the objects the user sees',
    tags,
    query: IndicatorObjectQuerySchema,
    response: IndicatorObjectPageSchema,
  }),
  movers: endpoint({
    method: 'GET',
    path: `${I}/movers`,
    summary: '指标异动：对象各质控点本轮与上轮相比变化最大的（分页） / the rows that moved most',
    tags,
    query: MoverQuerySchema,
    response: MoverPageSchema,
  }),
  moverSource: endpoint({
    method: 'GET',
    path: `${I}/moverSource`,
    summary: '异动行的数据来源：算法执行记录与贡献的仓库数据行（分页） / a row’s lineage and contributing rows',
    tags,
    query: MoverSourceQuerySchema,
    response: MoverSourceSchema,
  }),
  below: endpoint({
    method: 'GET',
    path: `${I}/below`,
    summary: '新增未达标：上轮达标、本轮未达标的质控点，按学院/专业（分页） / fell below standard this round',
    tags,
    query: BelowQuerySchema,
    response: BelowPageSchema,
  }),
  indicators: endpoint({
    method: 'GET',
    path: `${I}/indicators`,
    summary: '任务中的数值型指标 / the numeric indicators of a task',
    tags,
    query: IndicatorListQuerySchema,
    response: IndicatorListSchema,
  }),
  correlation: endpoint({
    method: 'GET',
    path: `${I}/correlation`,
    summary: '相关性分析：两个指标在各对象（专业）上的取值与皮尔逊相关系数 / two indicators across the majors',
    tags,
    query: CorrelationQuerySchema,
    response: CorrelationSchema,
  }),
};
