import { DevelopOverviewSchema, DevelopQuerySchema } from './develop';
import { endpoint } from './endpoint';

const tags = ['发展中心'] as const;

/** 发展中心 (/develop, menu developCenter; issue 35 item 4): one read for the whole page. */
export const DEVELOP_API = {
  overview: endpoint({
    method: 'GET',
    path: '/api/herm-xxjk/develop/overview',
    summary:
      '发展中心：年份范围内各年度目标及其任务进度（按部门），任务所服务的质控点及其最新诊断结果 / the development view',
    tags,
    query: DevelopQuerySchema,
    response: DevelopOverviewSchema,
  }),
} as const;
