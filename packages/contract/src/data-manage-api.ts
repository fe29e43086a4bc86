import { z } from 'zod';
import {
  DataManageAbilitiesSchema,
  FieldDimensionOptionSchema,
  FieldQuerySchema,
  FieldTypeOptionSchema,
  ImportJobSchema,
  ImportResultSchema,
  RowDeleteSchema,
  RowExportQuerySchema,
  RowQuerySchema,
  RowUpdateSchema,
  TableIdQuerySchema,
  TableQuerySchema,
  WarehouseFieldInputSchema,
  WarehouseFieldSchema,
  WarehouseFieldUpdateSchema,
  WarehouseIdQuerySchema,
  WarehouseIdSchema,
  WarehouseIdsSchema,
  WarehouseInputSchema,
  WarehouseQuerySchema,
  WarehouseRowPageSchema,
  WarehouseRowSchema,
  WarehouseSchema,
  WarehouseTableInputSchema,
  WarehouseTableSchema,
  WarehouseTableUpdateSchema,
  WarehouseTemplateQuerySchema,
  WarehouseUpdateSchema,
} from './data-manage';
import { type Endpoint, endpoint, FILE } from './endpoint';
import { pageOf } from './envelope';
import { JobQuerySchema, JobStartedSchema } from './jobs';

const S = '/api/herm-sjgl';
const tags = ['数据仓库'] as const;
const None = z.null();

export const WarehouseTablePageSchema = pageOf(WarehouseTableSchema);
export const WarehousePageSchema = pageOf(WarehouseSchema);
export const WarehouseFieldPageSchema = pageOf(WarehouseFieldSchema);

/**
 * The data warehouse's endpoints (spec-2 §7.8 "Data management"): warehouses (ck), their tables (ckb) and the tables'
 * fields (ckbzd); 创建物理表 (cjwlb) and 删除物理表 (scwlb).
 */
export const DATA_MANAGE_API = {
  abilities: endpointOf({
    method: 'GET',
    path: `${S}/abilities`,
    summary: '当前用户在数据管理中可维护什么 / what the user may keep in 数据管理',
    response: DataManageAbilitiesSchema,
  }),
  // ---- warehouses (ck) ----
  warehouseAll: endpointOf({
    method: 'GET',
    path: `${S}/ck/selectAll`,
    summary: '全部仓库 / every warehouse',
    response: z.array(WarehouseSchema),
  }),
  warehousePage: endpointOf({
    method: 'GET',
    path: `${S}/ck/selectqurey`,
    summary: '仓库分页（按名称关键字） / warehouses, paged',
    query: WarehouseQuerySchema,
    response: WarehousePageSchema,
  }),
  warehouseInsert: endpointOf({
    method: 'POST',
    path: `${S}/ck/insert`,
    summary: '新增仓库（管理员、数据管理员） / add a warehouse',
    body: WarehouseInputSchema,
    response: WarehouseSchema,
  }),
  warehouseUpdate: endpointOf({
    method: 'POST',
    path: `${S}/ck/update`,
    summary: '修改仓库 / update a warehouse',
    body: WarehouseUpdateSchema,
    response: WarehouseSchema,
  }),
  warehousesDelete: endpointOf({
    method: 'POST',
    path: `${S}/ck/ids/delete`,
    summary: '删除仓库（仓库下还有数据表时拒绝） / delete warehouses, refused while they hold tables',
    body: WarehouseIdsSchema,
    response: None,
  }),

  // ---- tables (ckb) ----
  tableAll: endpointOf({
    method: 'GET',
    path: `${S}/ckb/selectAll`,
    summary: '仓库的全部数据表（不传仓库id为全部） / every table of a warehouse',
    query: WarehouseIdQuerySchema,
    response: z.array(WarehouseTableSchema),
  }),
  tablePage: endpointOf({
    method: 'GET',
    path: `${S}/ckb/selectqurey`,
    summary: '数据表分页（按仓库、关键字） / tables, paged',
    query: TableQuerySchema,
    response: WarehouseTablePageSchema,
  }),
  tableInsert: endpointOf({
    method: 'POST',
    path: `${S}/ckb/insert`,
    summary: '新增数据表（只建定义，物理表由“创建物理表”生成） / add a table definition',
    body: WarehouseTableInputSchema,
    response: WarehouseTableSchema,
  }),
  tableUpdate: endpointOf({
    method: 'POST',
    path: `${S}/ckb/update`,
    summary: '修改数据表（已创建物理表时改名即 ALTER TABLE RENAME） / update a table',
    body: WarehouseTableUpdateSchema,
    response: WarehouseTableSchema,
  }),
  tablesDelete: endpointOf({
    method: 'POST',
    path: `${S}/ckb/ids/delete`,
    summary: '删除数据表定义（已创建物理表时拒绝） / delete table definitions',
    body: WarehouseIdsSchema,
    response: None,
  }),
  createPhysical: endpointOf({
    method: 'POST',
    path: `${S}/ckb/cjwlb`,
    summary: '创建物理表（warehouse 模式下的真实表） / create the physical table',
    body: WarehouseIdSchema,
    response: WarehouseTableSchema,
  }),
  dropPhysical: endpointOf({
    method: 'POST',
    path: `${S}/ckb/scwlb`,
    summary: '删除物理表（表中数据一并删除，定义保留） / drop the physical table',
    body: WarehouseIdSchema,
    response: WarehouseTableSchema,
  }),

  // ---- rows of a created table, and Excel ----
  rows: endpointOf({
    method: 'GET',
    path: `${S}/ckb/selectbsj`,
    summary: '表数据分页（可按字段筛选；按行id排序） / rows of a created table, paged and filtered',
    query: RowQuerySchema,
    response: WarehouseRowPageSchema,
  }),
  rowSave: endpointOf({
    method: 'POST',
    path: `${S}/ckb/updatebsj`,
    summary: '修改一行数据（不传行id则新增一行；按字段类型校验） / edit a row, or add one',
    body: RowUpdateSchema,
    response: WarehouseRowSchema,
  }),
  rowsDelete: endpointOf({
    method: 'POST',
    path: `${S}/ckb/deletebsj`,
    summary: '删除数据行 / delete rows',
    body: RowDeleteSchema,
    response: ImportResultSchema,
  }),
  template: endpointOf({
    method: 'GET',
    path: `${S}/ckb/downloadTemplate`,
    summary: '下载导入模板（data：数据表的表头；structure：结构表头） / the import template',
    query: WarehouseTemplateQuerySchema,
    response: FILE,
  }),
  importStructure: endpointOf({
    method: 'POST',
    path: `${S}/ckb/drbjg`,
    summary:
      '导入表结构（multipart：file；替换尚未创建物理表的数据表的全部字段；有错则全部不导入） / import the fields',
    query: z.object({ id: WarehouseIdSchema.shape.id }),
    consumes: ['multipart/form-data'],
    response: ImportResultSchema,
  }),
  exportStructure: endpointOf({
    method: 'GET',
    path: `${S}/ckb/dcbjg`,
    summary: '导出表结构（xlsx，可再导入） / export the fields',
    query: WarehouseIdSchema,
    response: FILE,
  }),
  importRows: endpointOf({
    method: 'POST',
    path: `${S}/ckb/drsj`,
    summary:
      '导入表数据（multipart：file；逐行流式读取，同一事务内全部导入或全部不导入；错误逐行列出行、列与原因） / import rows, all or nothing',
    query: z.object({ id: WarehouseIdSchema.shape.id }),
    consumes: ['multipart/form-data'],
    response: ImportResultSchema,
  }),
  importRowsTask: endpointOf({
    method: 'POST',
    path: `${S}/ckb/drsj/task`,
    summary:
      '后台导入表数据（multipart：file；立即返回任务id，进度与结果由 getFutureTaskResult 查询；全部导入或全部不导入） / import rows as a background job',
    query: z.object({ id: WarehouseIdSchema.shape.id }),
    consumes: ['multipart/form-data'],
    response: JobStartedSchema,
  }),
  importTaskResult: endpointOf({
    method: 'GET',
    path: `${S}/ckb/getFutureTaskResult`,
    summary:
      '导入任务的进度与结果（仅发起人或系统管理员可查，任何服务进程都可应答；完成后保留7天） / a background import: progress and outcome',
    query: JobQuerySchema,
    response: ImportJobSchema,
  }),
  exportRows: endpointOf({
    method: 'GET',
    path: `${S}/ckb/dcbsj`,
    summary: '导出表数据（xlsx，流式写出；可带与分页相同的筛选条件） / export the rows, streamed',
    query: RowExportQuerySchema,
    response: FILE,
  }),

  // ---- fields (ckbzd) ----
  fieldAll: endpointOf({
    method: 'GET',
    path: `${S}/ckbzd/selectAll`,
    summary: '数据表的全部字段 / every field of a table',
    query: TableIdQuerySchema,
    response: z.array(WarehouseFieldSchema),
  }),
  fieldPage: endpointOf({
    method: 'GET',
    path: `${S}/ckbzd/selectqurey`,
    summary: '字段分页（按字段名或中文名称关键字） / fields of a table, paged',
    query: FieldQuerySchema,
    response: WarehouseFieldPageSchema,
  }),
  fieldTypes: endpointOf({
    method: 'GET',
    path: `${S}/ckbzd/boxtype`,
    summary: '字段类型选项 / the field types',
    response: z.array(FieldTypeOptionSchema),
  }),
  fieldDimensions: endpointOf({
    method: 'GET',
    path: `${S}/ckbzd/wdxx`,
    summary: '字段可关联的维度 / the dimensions a field may link to',
    response: z.array(FieldDimensionOptionSchema),
  }),
  fieldInsert: endpointOf({
    method: 'POST',
    path: `${S}/ckbzd/insert`,
    summary: '新增字段（已创建物理表时同一事务内 ALTER TABLE ADD COLUMN） / add a field',
    body: WarehouseFieldInputSchema,
    response: WarehouseFieldSchema,
  }),
  fieldUpdate: endpointOf({
    method: 'POST',
    path: `${S}/ckbzd/update`,
    summary: '修改字段（已创建物理表时同一事务内 ALTER TABLE；已有数据无法转换则拒绝） / update a field',
    body: WarehouseFieldUpdateSchema,
    response: WarehouseFieldSchema,
  }),
  fieldsDelete: endpointOf({
    method: 'POST',
    path: `${S}/ckbzd/ids/delete`,
    summary: '删除字段（已创建物理表时同一事务内 DROP COLUMN） / delete fields',
    body: WarehouseIdsSchema,
    response: None,
  }),
} as const;

/** An endpoint of the warehouse: its tag, and JSON bodies (field definitions carry nulls and booleans). */
function endpointOf<const E extends Omit<Endpoint, 'tags'>>(e: E): E & { tags: typeof tags; json: true } {
  return endpoint({ ...e, tags, json: true });
}
