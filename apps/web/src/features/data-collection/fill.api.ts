import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { DATA_COLLECTION_API as API, type FillState } from '@zg/contract';
import { App } from 'antd';
import { useCallback } from 'react';
import { call } from '../../api/endpoint';
import { ApiError } from '../../api/errors';
import { COLLECTION_KEY } from './data-collection.api';
import type { Options } from './fill.logic';

/**
 * The queries of 我的填报 and 审核 (fill tasks, their rows, the options of choice fields); keys start with
 * COLLECTION_KEY, so the administrator's writes refresh them too.
 */

export const FILL_KEY = [COLLECTION_KEY, 'fill'] as const;
export type FillScope = 'mine' | 'audit';

export function useFillCounts(scope: FillScope) {
  return useQuery({
    queryKey: [...FILL_KEY, 'counts', scope],
    queryFn: ({ signal }) => call(API.fillTaskCounts, { query: { scope } }, { signal }),
  });
}

export function useFillTasks(scope: FillScope, state: FillState | undefined) {
  return useQuery({
    queryKey: [...FILL_KEY, 'list', scope, state ?? 'all'],
    queryFn: ({ signal }) => call(API.fillTaskList, { query: { scope, state } }, { signal }),
  });
}

/** One fill task (from the list of its scope: the contract has no single read). */
export function useFillTask(scope: FillScope, id: number) {
  return useQuery({
    queryKey: [...FILL_KEY, 'list', scope, 'all'],
    queryFn: ({ signal }) => call(API.fillTaskList, { query: { scope } }, { signal }),
    select: (list) => list.find((f) => f.id === id) ?? null,
  });
}

export function useFillRows(fillTaskId: number) {
  return useQuery({
    queryKey: [...FILL_KEY, 'rows', fillTaskId],
    queryFn: ({ signal }) => call(API.dataQuery, { query: { fillTaskId } }, { signal }),
    // A draft being typed must not be replaced by a refetch on focus.
    refetchOnWindowFocus: false,
  });
}

/** The options (value -> label) of the constant types the fields use; a type that cannot be read is left out. */
export function useOptions(typeIds: readonly number[]): { options: Options; loading: boolean } {
  const results = useQueries({
    queries: typeIds.map((typeId) => ({
      queryKey: [...FILL_KEY, 'constants', typeId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(API.constantList, { query: { typeId } }, { signal, quiet: true }),
      retry: false,
      staleTime: 60_000,
    })),
  });
  const options: Options = new Map();
  results.forEach((r, i) => {
    if (r.data) options.set(typeIds[i]!, new Map(r.data.map((c) => [c.value, c.label])));
  });
  return { options, loading: results.some((r) => r.isLoading) };
}

/** Refreshes the fill queries, and tells the user about a failure nobody has shown yet. */
export function useFillActions() {
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: FILL_KEY }), [queryClient]);
  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.handled) return;
      message.error(error instanceof Error && error.message ? error.message : '操作失败，请稍后重试');
    },
    [message],
  );
  return { refresh, fail, message, modal };
}
