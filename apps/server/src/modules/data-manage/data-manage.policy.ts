import { ROLE } from '@zg/contract';
import { type Actor, isAdmin } from '../../platform/access';

/** Who keeps the data warehouse (definitions, physical tables and rows): administrators and the data office. */
export const WAREHOUSE_ROLES = [ROLE.admin, ROLE.dataOffice] as const;

/** Whether the actor keeps the warehouse: defines warehouses, tables and fields, creates tables and edits their rows. */
export const keepsWarehouse = (actor: Pick<Actor, 'roles'>) => isAdmin(actor) || actor.roles.has(ROLE.dataOffice);

/** What the actor may do with a table, sent with it so the page shows only what is allowed. */
export function tableAbilities(actor: Pick<Actor, 'roles'>, table: { physical: boolean; fields: number }) {
  const keeps = keepsWarehouse(actor);
  return {
    edit: keeps,
    createPhysical: keeps && !table.physical && table.fields > 0,
    dropPhysical: keeps && table.physical,
    editData: keeps && table.physical,
  };
}

/**
 * What the actor may keep in 数据管理 besides a record, sent to the page (`GET /api/herm-sjgl/abilities`) so it shows
 * only the tabs and buttons that work: cycles, department versions, data sources and algorithms are kept by the
 * warehouse's keepers (the algorithm module's `keepsAlgorithms` names the same people).
 */
export function dataManageAbilities(actor: Pick<Actor, 'roles'>) {
  const keeps = keepsWarehouse(actor);
  return { cycles: keeps, departmentVersions: keeps, dataSources: keeps, algorithms: keeps };
}
