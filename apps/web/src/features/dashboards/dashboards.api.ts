import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AnalysisTaskType, ANALYSIS_API as API, DASHBOARD_API, type DashboardCardInput } from '@zg/contract';
import { useMemo } from 'react';
import { call } from '../../api/endpoint';
import type { StatusCount } from './data';

/** `GET /api/herm-wbs/targetTaskSummaryAnalysis/taskStatusAnalysis` over the user's own tasks. */
function statusQuery(year: number | null, rwlx?: AnalysisTaskType) {
  return {
    queryKey: ['dashboard', 'myStatus', year, rwlx ?? ''] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      call(
        API.taskStatusAnalysis,
        { query: { scope: 'mySummaryAnalysis', year: year ?? undefined, rwlx } },
        { signal },
      ),
    staleTime: 60_000,
  };
}

/** The user's task states in `year` (all years when null). */
export function useMyStatus(year: number | null) {
  return useQuery(statusQuery(year));
}

/** Combined state of several queries: their lists when all have answered, the first error otherwise. */
function combine<K>(keys: K[]) {
  return (results: { data?: { list: StatusCount[] }; error: Error | null; isPending: boolean }[]) => ({
    data: results.every((r) => r.data) ? keys.map((key, i) => ({ key, list: results[i]?.data?.list ?? [] })) : null,
    error: results.find((r) => r.error)?.error ?? null,
    isPending: results.some((r) => r.isPending),
  });
}

/** The user's task states in each of `years`. */
export function useMyStatusByYear(years: number[]) {
  const key = years.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the years' values, not the array's identity, matter.
  const merge = useMemo(() => combine(years), [key]);
  return useQueries({ queries: years.map((y) => statusQuery(y)), combine: merge });
}

/** The user's task states in `year` for each task type. */
export function useMyStatusByType(year: number | null, types: NonNullable<AnalysisTaskType>[]) {
  const key = types.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the types' values, not the array's identity, matter.
  const merge = useMemo(() => combine(types), [key]);
  return useQueries({ queries: types.map((t) => statusQuery(year, t)), combine: merge });
}

/** The user's dashboard as the server keeps it (every device the same); its page draws the load error in place. */
export function useDashboardLayout() {
  return useQuery({
    queryKey: ['dashboard', 'layout'] as const,
    queryFn: ({ signal }) => call(DASHBOARD_API.layout, {}, { signal }),
    throwOnError: false,
  });
}

/** Saves the whole dashboard; the server's normalised layout replaces the page's. */
export function useSaveDashboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cards: DashboardCardInput[]) => call(DASHBOARD_API.updateLayout, { body: { cards } }),
    onSuccess: (data) => {
      client.setQueryData(['dashboard', 'layout'], data);
      void client.invalidateQueries({ queryKey: ['dashboard', 'data'] });
    },
  });
}

/**
 * Every subscribed chart's data in one request (each card answers for itself; when the request fails, each chart's
 * card shows the error and the page, its other cards included, keeps working).
 */
export function useDashboardData(ids: number[], year: number | null) {
  return useQuery({
    queryKey: ['dashboard', 'data', ids.join(','), year ?? ''] as const,
    queryFn: ({ signal }) => call(DASHBOARD_API.data, { body: { ids, ...(year ? { year } : {}) } }, { signal }),
    enabled: ids.length > 0,
    staleTime: 60_000,
    throwOnError: false,
  });
}

/** The charts the user may subscribe. */
export function usePublishedCharts(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'charts'] as const,
    queryFn: ({ signal }) => call(DASHBOARD_API.charts, { query: {} }, { signal }),
    enabled,
  });
}
