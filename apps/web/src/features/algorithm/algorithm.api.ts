import {
  type AlgorithmInputSchema,
  type AlgorithmTestSchema,
  type AlgorithmUpdateSchema,
  ALGORITHM_API as API,
  DATA_MANAGE_API,
  DIMENSION_API,
} from '@zg/contract';
import type { z } from 'zod';
import { call } from '../../api/endpoint';
import type { WarehouseTableInfo } from './algorithm.logic';

/** The calls of 算法管理 (ALGORITHM_API), the warehouse's tables and fields for completion, the dimension objects. */

export const ALGORITHM_KEYS = {
  all: ['algorithm'] as const,
  groups: ['algorithm', 'groups'] as const,
  list: (q: object) => ['algorithm', 'list', q] as const,
  one: (id: number) => ['algorithm', 'one', id] as const,
  versions: (id: number) => ['algorithm', 'versions', id] as const,
  runs: (q: object) => ['algorithm', 'runs', q] as const,
  warehouse: ['algorithm', 'warehouse'] as const,
  objects: (q: object) => ['algorithm', 'objects', q] as const,
  dimensionTypes: ['algorithm', 'dimensionTypes'] as const,
};

export const fetchGroups = () => call(API.groupTree, {});
export const insertGroup = (body: { zmc: string; fid?: number | null }) =>
  call(API.groupInsert, { body: { ...body, px: 0 } });
export const updateGroup = (body: { id: number; zmc: string; fid: number | null; px: number }) =>
  call(API.groupUpdate, { body });
export const deleteGroup = (id: number) => call(API.groupDelete, { params: { id } });

export const fetchAlgorithms = (query: { current: number; sfzid?: number; name?: string }) =>
  call(API.algorithmPage, { query: { size: 10, ...query } });
export const fetchAlgorithm = (id: number) => call(API.algorithmGet, { query: { id } });
export const insertAlgorithm = (body: z.input<typeof AlgorithmInputSchema>) => call(API.algorithmInsert, { body });
export const updateAlgorithm = (body: z.input<typeof AlgorithmUpdateSchema>) => call(API.algorithmUpdate, { body });
export const deleteAlgorithm = (id: number) => call(API.algorithmDelete, { params: { id } });

/** 校验 and 测试 answer their refusals on the page (with the place in the text): no toast. */
export const checkSql = (sql: string) => call(API.check, { body: { sql } }, { quiet: true });
export const testSql = (body: z.input<typeof AlgorithmTestSchema>) =>
  call(API.testByObject, { body }, { quiet: true, timeoutMs: 60_000 });
export const storeResult = (body: { sfid: number; bbid?: number; params: object }) =>
  call(API.testResult, { body }, { quiet: true, timeoutMs: 60_000 });

export const fetchVersions = (sfid: number) => call(API.versionList, { query: { sfid } });
export const setCurrentVersion = (id: number) => call(API.versionSetCurrent, { params: { id } });
export const deleteVersion = (id: number) => call(API.versionDelete, { params: { id } });

export const fetchRuns = (query: { current: number; sfid: number }) =>
  call(API.runPage, { query: { size: 10, ...query } });
export const rerun = (id: number) => call(API.runAgain, { params: { id } }, { quiet: true, timeoutMs: 60_000 });

/** Every created table of the warehouses with its fields: what the editor completes. */
export async function fetchWarehouseTables(): Promise<WarehouseTableInfo[]> {
  const tables = (await call(DATA_MANAGE_API.tableAll, { query: {} })).filter((t) => t.sfcj);
  return Promise.all(
    tables.map(async (t) => ({
      bm: t.bm,
      bzwm: t.bzwm,
      fields: (await call(DATA_MANAGE_API.fieldAll, { query: { ckbid: t.id } })).map((f) => ({
        zdm: f.zdm,
        zdzwm: f.zdzwm,
        zdlx: f.zdlx,
      })),
    })),
  );
}

export async function fetchDimensionTypes() {
  return (await call(DIMENSION_API.types, { query: { pageNum: 1, pageSize: 10_000_000 } })).list;
}
export const fetchDimensionObjects = (query: { wdid?: number; keyword?: string }) =>
  call(DIMENSION_API.objects, { query: { pageNum: 1, pageSize: 50, ...query } });
