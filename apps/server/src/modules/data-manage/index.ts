/** The data-manage module's public surface: the data warehouse (数据仓库: warehouses, tables, fields and rows). */
export { dataManagePlugin } from './data-manage.plugin';
export { type LoadField, type LoadTable, loadWarehouse, type WarehouseLoad } from './warehouse-load.service';
