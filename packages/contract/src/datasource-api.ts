import { z } from 'zod';
import {
  DataSourceIdParamSchema,
  DataSourceIdsSchema,
  DataSourceInputSchema,
  DataSourceQuerySchema,
  DataSourceSchema,
  DataSourceTestResultSchema,
  DataSourceTestSchema,
  DataSourceUpdateSchema,
} from './datasource';
import { type Endpoint, endpoint } from './endpoint';
import { pageOf } from './envelope';

const S = '/api/herm-sjgl/datasource';
const tags = ['数据源'] as const;

export const DataSourcePageSchema = pageOf(DataSourceSchema);

/**
 * Data sources (spec-2 §7.8 "Data management": datasource selectPage, insert, update, test, deleteBatchIds,
 * {id}/delete): external PostgreSQL connections, kept by administrators and the data office. No answer carries a
 * password.
 */
export const DATASOURCE_API = {
  page: endpointOf({
    method: 'GET',
    path: `${S}/selectPage`,
    summary: '数据源分页（按名称关键字） / data sources, paged',
    query: DataSourceQuerySchema,
    response: DataSourcePageSchema,
  }),
  insert: endpointOf({
    method: 'POST',
    path: `${S}/insert`,
    summary: '新增数据源（仅支持 PostgreSQL；密码加密保存；声明算法可读的模式；记入审计日志） / add a data source',
    body: DataSourceInputSchema,
    response: DataSourceSchema,
  }),
  update: endpointOf({
    method: 'POST',
    path: `${S}/update`,
    summary:
      '修改数据源（不传密码则保留原密码，但改了主机、端口、数据库或用户名须重新输入密码；记入审计日志） / update a data source; the stored password stays with the place it was saved for',
    body: DataSourceUpdateSchema,
    response: DataSourceSchema,
  }),
  test: endpointOf({
    method: 'POST',
    path: `${S}/test`,
    summary:
      '测试连接（只传 id：用已保存的设置；表单带 id 而不带密码时，仅当主机、端口、数据库、用户名与保存的相同才用已保存的密码；不能指向本系统数据库、链路本地与元数据地址及 DATASOURCE_ALLOWED_HOSTS 以外的主机；5 秒内必有答复；记入审计日志） / test a connection',
    body: DataSourceTestSchema,
    response: DataSourceTestResultSchema,
  }),
  deleteBatch: endpointOf({
    method: 'POST',
    path: `${S}/deleteBatchIds`,
    summary: '批量删除数据源 / delete data sources',
    body: DataSourceIdsSchema,
    response: z.object({ count: z.number().int() }),
  }),
  delete: endpointOf({
    method: 'POST',
    path: `${S}/:id/delete`,
    summary: '删除数据源 / delete a data source',
    params: DataSourceIdParamSchema,
    response: z.null(),
  }),
} as const;

/** An endpoint of the data sources: its tag, and JSON bodies (a port is a number, a schema may be null). */
function endpointOf<const E extends Omit<Endpoint, 'tags'>>(e: E): E & { tags: typeof tags; json: true } {
  return endpoint({ ...e, tags, json: true });
}
