import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DATA_MANAGE_API as API, LIMITS } from '@zg/contract';
import { App } from 'antd';
import { call } from '../../api/endpoint';
import { ApiError } from '../../api/errors';

/** The warehouse's queries (DATA_MANAGE_API); every key starts with 'warehouse' so one invalidation refreshes all. */

export const WAREHOUSE_KEY = ['warehouse'] as const;

export function useWarehousePage(current: number, keyword: string) {
  return useQuery({
    queryKey: [...WAREHOUSE_KEY, 'ck', current, keyword],
    queryFn: ({ signal }) =>
      call(
        API.warehousePage,
        { query: { current, size: LIMITS.defaultPageSize, keyword: keyword || undefined } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useWarehouses() {
  return useQuery({
    queryKey: [...WAREHOUSE_KEY, 'ck', 'all'],
    queryFn: ({ signal }) => call(API.warehouseAll, {}, { signal }),
  });
}

export function useTablePage(ckid: number, current: number, keyword: string) {
  return useQuery({
    queryKey: [...WAREHOUSE_KEY, 'ckb', ckid, current, keyword],
    queryFn: ({ signal }) =>
      call(
        API.tablePage,
        { query: { ckid, current, size: LIMITS.defaultPageSize, keyword: keyword || undefined } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** One table (from its warehouse's list: the contract has no single-table read). */
export function useTable(ckid: number, id: number) {
  return useQuery({
    queryKey: [...WAREHOUSE_KEY, 'ckb', ckid, 'all'],
    queryFn: ({ signal }) => call(API.tableAll, { query: { ckid } }, { signal }),
    select: (tables) => tables.find((t) => t.id === id) ?? null,
  });
}

export function useFields(ckbid: number) {
  return useQuery({
    queryKey: [...WAREHOUSE_KEY, 'ckbzd', ckbid],
    queryFn: ({ signal }) => call(API.fieldAll, { query: { ckbid } }, { signal }),
  });
}

export function useFieldTypes() {
  return useQuery({
    queryKey: [...WAREHOUSE_KEY, 'boxtype'],
    queryFn: ({ signal }) => call(API.fieldTypes, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDimensionOptions() {
  return useQuery({
    queryKey: [...WAREHOUSE_KEY, 'dimensions'],
    queryFn: ({ signal }) => call(API.fieldDimensions, {}, { signal }),
  });
}

export function useRows(id: number, current: number, size: number, filters: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...WAREHOUSE_KEY, 'rows', id, current, size, filters],
    queryFn: ({ signal }) => call(API.rows, { query: { id, current, size, filters } }, { signal, quiet: true }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** Refreshes every warehouse query, and tells the user about a failure the catalogue did not already show. */
export function useWarehouseActions() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return {
    refresh: () => queryClient.invalidateQueries({ queryKey: WAREHOUSE_KEY }),
    fail: (error: unknown) => {
      if (error instanceof ApiError && error.handled) return;
      message.error(error instanceof Error && error.message ? error.message : '操作失败，请稍后重试');
    },
    message,
  };
}
