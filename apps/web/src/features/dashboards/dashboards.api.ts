import { useQueries, useQuery } from '@tanstack/react-query';
import { type AnalysisTaskType, ANALYSIS_API as API } from '@zg/contract';
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
