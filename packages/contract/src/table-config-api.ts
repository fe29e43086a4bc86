import { z } from 'zod';
import { endpoint } from './endpoint';
import { listOf, pagingQuery } from './envelope';
import { int32 } from './primitives';
import {
  TableConfigInsertSchema,
  TableConfigListItemSchema,
  TableConfigSchema,
  TableConfigUpdateSchema,
} from './table-config';

const T = '/api/herm-sjcj/tableConfiguration';
const tags = ['表格配置'] as const;
const Id = z.object({ id: int32().positive() });

export const TableConfigListSchema = listOf(TableConfigListItemSchema);

/** The table-config module's endpoints: table layouts of collection forms (spec-1 section 2). */
export const TABLE_CONFIG_API = {
  list: endpoint({
    method: 'GET',
    path: `${T}/list`,
    summary: '表格配置列表（分页） / table configurations, paged',
    tags,
    // The collection form designer picks a layout among all of them: pages of up to 1000.
    query: pagingQuery(1000),
    response: TableConfigListSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: `${T}/:id`,
    summary: '表格配置 / one table configuration',
    tags,
    params: Id,
    response: TableConfigSchema,
  }),
  insert: endpoint({
    method: 'POST',
    path: `${T}/insert`,
    summary: '新建表格配置 / create a table configuration',
    tags,
    body: TableConfigInsertSchema,
    response: TableConfigSchema,
    json: true,
  }),
  update: endpoint({
    method: 'POST',
    path: `${T}/update`,
    summary: '保存表格配置（整体，带版本号） / save a table configuration, whole, versioned',
    tags,
    body: TableConfigUpdateSchema,
    response: TableConfigSchema,
    json: true,
  }),
  delete: endpoint({
    method: 'POST',
    path: `${T}/:id/delete`,
    summary: '删除表格配置 / delete a table configuration',
    tags,
    params: Id,
    response: z.null(),
  }),
} as const;
