import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INDICATOR_ANALYSIS_API as API } from '@zg/contract';
import { call } from '../../api/endpoint';

/** 指标分析's calls (herm-znfx indicatorAnalysis). Each panel draws its own error state in place (LoadError, the table's). */

const KEY = 'indicatorAnalysis';
/** The object select lists this many at once (a search narrows it). */
export const OBJECT_PAGE = 200;
export const LIST_PAGE = 10;

export function useAnalysisTasks() {
  return useQuery({
    throwOnError: false,
    queryKey: [KEY, 'tasks'],
    queryFn: ({ signal }) => call(API.tasks, {}, { signal }),
  });
}

export function useAnalysisObjects(rwid: number | undefined, keyword: string) {
  return useQuery({
    throwOnError: false,
    queryKey: [KEY, 'objects', rwid ?? null, keyword],
    enabled: rwid !== undefined,
    queryFn: ({ signal }) =>
      call(
        API.objects,
        { query: { rwid: rwid!, keyword: keyword || undefined, pageNum: 1, pageSize: OBJECT_PAGE } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useMovers(dxrwid: number | undefined, sort: 'relative' | 'absolute', pageNum: number) {
  return useQuery({
    throwOnError: false,
    queryKey: [KEY, 'movers', dxrwid ?? null, sort, pageNum],
    enabled: dxrwid !== undefined,
    queryFn: ({ signal }) =>
      call(API.movers, { query: { dxrwid: dxrwid!, sort, pageNum, pageSize: LIST_PAGE } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMoverSource(id: number | undefined, current: number) {
  return useQuery({
    throwOnError: false,
    queryKey: [KEY, 'source', id ?? null, current],
    enabled: id !== undefined,
    queryFn: ({ signal }) => call(API.moverSource, { query: { id: id!, current, size: LIST_PAGE } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBelow(rwid: number | undefined, bmid: string | undefined, pageNum: number) {
  return useQuery({
    throwOnError: false,
    queryKey: [KEY, 'below', rwid ?? null, bmid ?? null, pageNum],
    enabled: rwid !== undefined,
    queryFn: ({ signal }) =>
      call(API.below, { query: { rwid: rwid!, bmid, pageNum, pageSize: LIST_PAGE } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useIndicators(rwid: number | undefined) {
  return useQuery({
    throwOnError: false,
    queryKey: [KEY, 'indicators', rwid ?? null],
    enabled: rwid !== undefined,
    queryFn: ({ signal }) => call(API.indicators, { query: { rwid: rwid! } }, { signal }),
  });
}

export function useCorrelation(rwid: number | undefined, x: number | undefined, y: number | undefined) {
  return useQuery({
    throwOnError: false,
    queryKey: [KEY, 'correlation', rwid ?? null, x ?? null, y ?? null],
    enabled: rwid !== undefined && x !== undefined && y !== undefined && x !== y,
    queryFn: ({ signal }) => call(API.correlation, { query: { rwid: rwid!, x: x!, y: y! } }, { signal }),
  });
}
