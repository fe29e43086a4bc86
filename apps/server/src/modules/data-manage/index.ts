/** The data-manage module's public surface: the data warehouse (数据仓库: warehouses, tables, fields and rows). */

/**
 * Cycle types with their visible values (id, lxmc, values: cycleId, cycleNumber, defaultsStatus) in order: the one
 * source of every cycle picker (CycleTypeSchema), target-task's /cycleType/list included.
 */
export { cycleTypeOptions } from './cycle.service';
/** Who names cycle values registers here, so a named value is never deleted, renamed or moved. */
export { type CycleValueUse, type CycleValueUser, registerCycleValueUser } from './cycle-users';
export { dataManagePlugin } from './data-manage.plugin';
/** Writing rows into the warehouse from another module (data collection), with the warehouse's value rules. */
export type { CellValue, FieldDef } from './data-manage.rules';
/** Data sources: a read-only connection to a saved one, for the algorithms. */
export {
  DataSourceConnectError,
  type DataSourceInfo,
  dataSourceInfo,
  openDataSource,
  type ReadOnlyConnection,
} from './datasource';
/** Dimension objects in bulk (by type code and code, parents by code): the demo data seed. */
export { upsertDimensionObjects } from './dimension.service';
/** Hooks for the modules above the warehouse: hear its changes, keep a table they read from being dropped. */
export {
  type DataSourceUser,
  onWarehouseChange,
  registerDataSourceUser,
  registerWarehouseTableUser,
  type WarehouseChangeListener,
  type WarehouseTableUser,
} from './warehouse-events';
export { type LoadField, type LoadTable, loadWarehouse, type WarehouseLoad } from './warehouse-load.service';
export {
  readFieldValue,
  valuesTaken,
  type WarehouseTableInfo,
  warehouseTable,
  writeWarehouseRows,
} from './warehouse-write.service';
