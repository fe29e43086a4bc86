/** The data-manage module's public surface: the data warehouse (数据仓库: warehouses, tables, fields and rows). */
export { dataManagePlugin } from './data-manage.plugin';
/** Data sources: a read-only connection to a saved one, for the algorithms. */
export { DataSourceConnectError, openDataSource, type ReadOnlyConnection } from './datasource';
