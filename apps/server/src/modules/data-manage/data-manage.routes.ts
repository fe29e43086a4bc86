import { DATA_MANAGE_API as API, FIELD_TYPE_NAMES, FIELD_TYPES, DATA_MANAGE_MSG as M, pageReply } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx, streamDownload } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { excelUpload } from '../../platform/excel';
import { WAREHOUSE_ROLES } from './data-manage.policy';
import {
  allTables,
  allWarehouses,
  createField,
  createPhysical,
  createTableDef,
  createWarehouse,
  dimensionOptions,
  dropPhysical,
  editField,
  editTableDef,
  editWarehouse,
  fieldPage,
  fieldsOfTable,
  removeFields,
  removeTableDefs,
  removeWarehouses,
  tablePage,
  warehousePage,
} from './data-manage.service';
import {
  browseRows,
  exportStructure,
  importRows,
  importStructure,
  removeRows,
  rowExport,
  saveRow,
  template,
} from './warehouse-data.service';
import { importJob, startImport } from './warehouse-import.jobs';

/**
 * Reading the warehouse: whoever has the 数据管理 menu, and its keepers (a database that existed before the data-office
 * role gives the role no menu until an administrator grants it: seeding grants menus only as they first appear).
 */
const READ = { menus: ['dataManagement'], roles: WAREHOUSE_ROLES } as const;
/** Keeping it (definitions, physical tables, rows): administrators and the data office. */
const KEEP = { roles: WAREHOUSE_ROLES } as const;

/** `/api/herm-sjgl`: the data warehouse (DATA_MANAGE_API). */
export const dataManageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  // ---- warehouses (ck) ----
  serve(app, API.warehouseAll, READ, async () => ok(await allWarehouses(db())));
  serve(app, API.warehousePage, READ, async (req) => {
    const { records, total } = await warehousePage(db(), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.warehouseInsert, KEEP, async (req) =>
    ok(await createWarehouse(db(), actorOf(req), req.body), M.created),
  );
  serve(app, API.warehouseUpdate, KEEP, async (req) =>
    ok(await editWarehouse(db(), actorOf(req), req.body.id, req.body), M.saved),
  );
  serve(app, API.warehousesDelete, KEEP, async (req) => {
    await removeWarehouses(db(), actorOf(req), req.body.ids);
    return ok(null, M.deleted);
  });

  // ---- tables (ckb) ----
  serve(app, API.tableAll, READ, async (req) => ok(await allTables(db(), actorOf(req), req.query.ckid)));
  serve(app, API.tablePage, READ, async (req) => {
    const { records, total } = await tablePage(db(), actorOf(req), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.tableInsert, KEEP, async (req) => ok(await createTableDef(db(), actorOf(req), req.body), M.created));
  serve(app, API.tableUpdate, KEEP, async (req) =>
    ok(await editTableDef(db(), app.hooks, actorOf(req), req.body.id, req.body), M.saved),
  );
  serve(app, API.tablesDelete, KEEP, async (req) => {
    await removeTableDefs(db(), actorOf(req), req.body.ids);
    return ok(null, M.deleted);
  });
  serve(app, API.createPhysical, KEEP, async (req) => {
    const table = await createPhysical(db(), actorOf(req), req.body.id);
    return ok(table, M.physicalCreated(table.bm));
  });
  serve(app, API.dropPhysical, KEEP, async (req) => {
    const table = await dropPhysical(db(), app.hooks, actorOf(req), req.body.id);
    return ok(table, M.physicalDropped(table.bm));
  });

  // ---- rows and Excel ----
  serve(app, API.rows, READ, async (req) => {
    const { records, total } = await browseRows(db(), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.rowSave, KEEP, async (req) => ok(await saveRow(db(), app.hooks, actorOf(req), req.body), M.rowSaved));
  serve(app, API.rowsDelete, KEEP, async (req) => {
    const count = await removeRows(db(), app.hooks, actorOf(req), req.body);
    return ok({ count }, M.rowDeleted(count));
  });
  serve(app, API.template, READ, async (req, reply) => sendXlsx(reply, await template(db(), req.query)));
  serve(app, API.exportStructure, READ, async (req, reply) =>
    sendXlsx(reply, await exportStructure(db(), req.query.id)),
  );
  serve(app, API.importStructure, KEEP, async (req) => {
    const { upload } = await excelUpload(req);
    const count = await importStructure(db(), actorOf(req), req.query.id, upload);
    return ok({ count }, M.structureImported(count));
  });
  serve(app, API.importRows, KEEP, async (req) => {
    const { upload } = await excelUpload(req);
    const count = await importRows(db(), app.hooks, actorOf(req), req.query.id, upload);
    return ok({ count }, M.imported(count));
  });
  serve(app, API.importRowsTask, KEEP, async (req) => {
    const { upload } = await excelUpload(req);
    return ok({ id: await startImport(app, actorOf(req), req.query.id, upload) }, M.importJobStarted);
  });
  serve(app, API.importTaskResult, KEEP, async (req) => ok(await importJob(app, actorOf(req), req.query.id)));
  // The table and the filters are checked before the answer starts; then the rows stream out.
  serve(app, API.exportRows, READ, async (req, reply) => streamDownload(req, reply, await rowExport(db(), req.query)));

  // ---- fields (ckbzd) ----
  serve(app, API.fieldAll, READ, async (req) => ok(await fieldsOfTable(db(), req.query.ckbid)));
  serve(app, API.fieldPage, READ, async (req) => {
    const { records, total } = await fieldPage(db(), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.fieldTypes, READ, async () =>
    ok(FIELD_TYPES.map((value) => ({ value, label: FIELD_TYPE_NAMES[value] }))),
  );
  serve(app, API.fieldDimensions, READ, async () => ok(await dimensionOptions(db())));
  serve(app, API.fieldInsert, KEEP, async (req) =>
    ok(await createField(db(), app.hooks, actorOf(req), req.body), M.created),
  );
  serve(app, API.fieldUpdate, KEEP, async (req) =>
    ok(await editField(db(), app.hooks, actorOf(req), req.body), M.saved),
  );
  serve(app, API.fieldsDelete, KEEP, async (req) => {
    await removeFields(db(), app.hooks, actorOf(req), req.body.ids);
    return ok(null, M.deleted);
  });
};
