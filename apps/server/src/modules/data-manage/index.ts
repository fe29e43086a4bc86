/** The data-manage module's public surface: the data warehouse (数据仓库: warehouses, tables, fields and rows). */

/**
 * Cycle types with their visible values (id, lxmc, values: cycleId, cycleNumber, defaultsStatus) in order: the one
 * source of every cycle picker (CycleTypeSchema), target-task's /cycleType/list included.
 */
export { cycleTypeOptions } from './cycle.service';
/** Who names cycle values registers with this hook, so a named value is never deleted, renamed or moved. */
export { CYCLE_VALUE_USERS, type CycleValueUse, type CycleValueUser } from './cycle-users';
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
/**
 * The objects of a dimension type with their parents and the department answering for each (部门职责) with its head:
 * what a diagnosis task is published to, and who is in charge of each object by default.
 */
export { type DimensionObjectWithDuty, dimensionObjectsWithDuty, saveDuties } from './department-duty.service';
/** Dimension objects in bulk (by type code and code, parents by code): the demo data seed. */
export { upsertDimensionObjects } from './dimension.service';
/**
 * Hooks for the modules above the warehouse (`app.hooks.add(...)` in their plugins): hear its changes, keep a table
 * they read, or a data source they use, from being dropped.
 */
export {
  DATA_SOURCE_USERS,
  type DataSourceUser,
  WAREHOUSE_CHANGED,
  WAREHOUSE_TABLE_USERS,
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
