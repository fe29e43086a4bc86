import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChartTypeInputSchema, PublishedChartInputSchema } from '@zg/contract';
import { ALGORITHM_API, DASHBOARD_API as API } from '@zg/contract';
import type { z } from 'zod';
import { call } from '../../../api/endpoint';

/** 图表分类 (ybplx). */
export function useChartTypes() {
  return useQuery({
    queryKey: ['dashboard', 'chartTypes'] as const,
    queryFn: ({ signal }) => call(API.chartTypes, {}, { signal }),
  });
}

/** 图表库 as its keepers see it: a page of every published chart (whatever its roles), by name. */
export function useLibraryCharts(current: number, size: number, mc: string) {
  return useQuery({
    queryKey: ['dashboard', 'library', current, size, mc] as const,
    queryFn: ({ signal }) => call(API.libraryCharts, { query: { current, size, mc: mc || undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The chart and detail algorithms a keeper may publish (their names, the first 200 of each kind). */
export function usePublishableAlgorithms(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'publishable'] as const,
    queryFn: async ({ signal }) => {
      const [charts, details] = await Promise.all(
        (['chart', 'detail'] as const).map((sflx) =>
          call(ALGORITHM_API.algorithmPage, { query: { current: 1, size: 200, sflx } }, { signal }),
        ),
      );
      return [...(charts?.records ?? []), ...(details?.records ?? [])];
    },
    enabled,
  });
}

/** The library's writes; each refreshes the types and the published charts. */
export function useLibraryWrites() {
  const client = useQueryClient();
  const done = () => void client.invalidateQueries({ queryKey: ['dashboard'] });
  return {
    addType: useMutation({
      mutationFn: (body: z.input<typeof ChartTypeInputSchema>) => call(API.chartTypeInsert, { body }),
      onSuccess: done,
    }),
    removeType: useMutation({
      mutationFn: (id: number) => call(API.chartTypeDelete, { params: { id } }),
      onSuccess: done,
    }),
    publish: useMutation({
      mutationFn: (body: z.input<typeof PublishedChartInputSchema>) => call(API.chartInsert, { body }),
      onSuccess: done,
    }),
    withdraw: useMutation({
      mutationFn: (id: number) => call(API.chartDelete, { params: { id } }),
      onSuccess: done,
    }),
  };
}
