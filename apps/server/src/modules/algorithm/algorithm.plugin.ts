import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATA_SOURCE_USERS, WAREHOUSE_CHANGED, WAREHOUSE_TABLE_USERS, type WarehouseTableUser } from '../data-manage';
import { registerAlgorithmRoutes } from './algorithm.routes';
import { registerGroupRoutes } from './algorithm-group.routes';
import { registerRunRoutes } from './algorithm-run.routes';
import { algorithmsOnDataSource, algorithmsReadingTable, warehouseTablesChanged } from './algorithm-warehouse.service';

/** Why a warehouse table may not be dropped: an algorithm's current version reads it. */
const readingTable: WarehouseTableUser = (tx, table) => algorithmsReadingTable(tx, table.name);

/**
 * Registered by app.ts under `/api`: algorithms under `/api/herm-sjgl`, one set of routes per aggregate (groups;
 * algorithms and versions; runs and lineage). Every run goes through the instance's runner (`app.algorithms`, made
 * by app.ts: the gate ALGORITHM_MAX_CONCURRENT and the limits), which other modules compute through too.
 */
export const algorithmPlugin: FastifyPluginAsyncZod = async (app) => {
  // The warehouse below tells of its changes (cached results from those tables are dropped) and asks before it drops a
  // table an algorithm reads.
  app.hooks.add(WAREHOUSE_CHANGED, 'algorithm', warehouseTablesChanged);
  app.hooks.add(WAREHOUSE_TABLE_USERS, 'algorithm', readingTable);
  // Data sources likewise: 删除数据源 is refused while an algorithm's current version runs on one.
  app.hooks.add(DATA_SOURCE_USERS, 'algorithm', algorithmsOnDataSource);
  await app.register(
    async (module) => {
      registerGroupRoutes(module);
      registerAlgorithmRoutes(module);
      registerRunRoutes(module);
    },
    { prefix: '/herm-sjgl' },
  );
};
