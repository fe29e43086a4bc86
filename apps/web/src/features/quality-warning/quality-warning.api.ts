import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  QUALITY_WARNING_API as API,
  type CaseQuerySchema,
  type CaseStepInputSchema,
  type DisposeInputSchema,
  type WarnGridQuerySchema,
} from '@zg/contract';
import type { z } from 'zod';
import { call, downloadFrom } from '../../api/endpoint';

/** Every query of the quality warnings starts with this key: a disposal or a step refreshes tables, history, cards. */
export const QUALITY_WARNING_KEY = 'quality-warning';
const KEY = QUALITY_WARNING_KEY;

export type GridQuery = z.input<typeof WarnGridQuerySchema>;
export type CaseQuery = z.input<typeof CaseQuerySchema>;

/** `GET warningflow/queryWarnGrid`: the warning record table. */
export function useWarnGrid(query: GridQuery) {
  return useQuery({
    queryKey: [KEY, 'grid', query],
    queryFn: ({ signal }) => call(API.queryWarnGrid, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function exportWarnGrid(query: Omit<GridQuery, 'pageNum' | 'pageSize'>) {
  return downloadFrom(API.exportWarnGrid, { query });
}

/** `GET warningflow/queryWarnCount`: the home card's counts. */
export function useWarnCount(enabled = true) {
  return useQuery({
    queryKey: [KEY, 'count'],
    queryFn: ({ signal }) => call(API.queryWarnCount, {}, { signal, quiet: true }),
    enabled,
    // The home page stays whole when the counts fail: the card is left out.
    throwOnError: false,
  });
}

/** `GET warningflow/queryWarnList`: a row's warnings, and its forecasts apart. */
export function useWarnList(zkdid: number) {
  return useQuery({
    queryKey: [KEY, 'list', zkdid],
    queryFn: ({ signal }) => call(API.queryWarnList, { query: { zkdid } }, { signal }),
    enabled: zkdid > 0,
  });
}

export function useTrend(zkdid: number, days: number) {
  return useQuery({
    queryKey: [KEY, 'trend', zkdid, days],
    queryFn: ({ signal }) => call(API.trend, { query: { zkdid, days } }, { signal }),
    enabled: zkdid > 0,
    placeholderData: keepPreviousData,
  });
}

export function useForecast(zkdid: number) {
  return useQuery({
    queryKey: [KEY, 'forecast', zkdid],
    queryFn: ({ signal }) => call(API.forecast, { query: { zkdid } }, { signal }),
    enabled: zkdid > 0,
  });
}

export function useCaseOfRow(zkdid: number) {
  return useQuery({
    queryKey: [KEY, 'case', zkdid],
    queryFn: ({ signal }) => call(API.caseOfRow, { query: { zkdid } }, { signal }),
    enabled: zkdid > 0,
  });
}

export function useCases(query: CaseQuery) {
  return useQuery({
    queryKey: [KEY, 'cases', query],
    queryFn: ({ signal }) => call(API.caseList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useWrite<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }) });
}

/** `POST rest/warningflow/dispose`. */
export const useDispose = () =>
  useWrite((body: z.input<typeof DisposeInputSchema>) => call(API.dispose, { body }, { quiet: true }));

/** `POST rest/case/step`. */
export const useCaseStep = () =>
  useWrite((body: z.input<typeof CaseStepInputSchema>) => call(API.caseStep, { body }, { quiet: true }));
