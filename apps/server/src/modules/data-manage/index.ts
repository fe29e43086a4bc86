/** The data-manage module's public surface: the data warehouse (数据仓库: warehouses, tables, fields and rows). */
export { dataManagePlugin } from './data-manage.plugin';
/** Dimension objects in bulk (by type code and code, parents by code): the demo data seed. */
export { upsertDimensionObjects } from './dimension.service';
