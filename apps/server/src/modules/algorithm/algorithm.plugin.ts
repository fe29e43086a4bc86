import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATA_SOURCE_USERS, WAREHOUSE_CHANGED, WAREHOUSE_TABLE_USERS, type WarehouseTableUser } from '../data-manage';
import { algorithmRoutes } from './algorithm.routes';
import {
  algorithmsOnDataSource,
  algorithmsReadingTable,
  type RunContext,
  RunGate,
  warehouseTablesChanged,
} from './algorithm.service';

/**
 * Registered by app.ts under `/api`: algorithms under `/api/herm-sjgl`. One gate per instance bounds the runs at once
 * (ALGORITHM_MAX_CONCURRENT); the limits are the settings ALGORITHM_TIMEOUT_MS and ALGORITHM_ROW_CAP.
 */
/** Why a warehouse table may not be dropped: an algorithm's current version reads it. */
const readingTable: WarehouseTableUser = (tx, table) => algorithmsReadingTable(tx, table.name);

export const algorithmPlugin: FastifyPluginAsyncZod = async (app) => {
  // The warehouse below tells of its changes (cached results from those tables are dropped) and asks before it drops a
  // table an algorithm reads.
  app.hooks.add(WAREHOUSE_CHANGED, 'algorithm', warehouseTablesChanged);
  app.hooks.add(WAREHOUSE_TABLE_USERS, 'algorithm', readingTable);
  // Data sources likewise: 删除数据源 is refused while an algorithm's current version runs on one.
  app.hooks.add(DATA_SOURCE_USERS, 'algorithm', algorithmsOnDataSource);
  const gate = new RunGate(app.config.ALGORITHM_MAX_CONCURRENT);
  const run = (): RunContext => ({
    db: app.database.db,
    gate,
    limits: { timeoutMs: app.config.ALGORITHM_TIMEOUT_MS, rowCap: app.config.ALGORITHM_ROW_CAP },
    config: app.config,
  });
  await app.register(algorithmRoutes(run), { prefix: '/herm-sjgl' });
};
