import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RIVAL_ANALYSIS_API as API, DOUBLE_HIGH_API as DH, type RivalIndicatorCode } from '@zg/contract';
import { call, downloadFrom, uploadTo } from '../../api/endpoint';

/** 对标分析 and 双高对比's calls (herm-xxjk rivalAnalysis, doubleHigh). */

const KEY = 'rivalAnalysis';

export function useRivalOverview(year: number | undefined, schoolCodes?: string[]) {
  return useQuery({
    queryKey: [KEY, 'overview', year ?? null, schoolCodes?.join(',') ?? ''],
    queryFn: ({ signal }) => call(API.querySchoolRival, { body: { year, schoolCodes } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRivalTrend(indicator: RivalIndicatorCode) {
  return useQuery({
    queryKey: [KEY, 'trend', indicator],
    queryFn: ({ signal }) => call(API.queryTrendAnalysis, { query: { indicator } }, { signal }),
  });
}

export function useRivalRank(indicator: RivalIndicatorCode, year: number | undefined) {
  return useQuery({
    queryKey: [KEY, 'rank', indicator, year ?? null],
    queryFn: ({ signal }) => call(API.queryRankAnalysis, { query: { indicator, year } }, { signal }),
  });
}

export function useRivalAverage(year: number | undefined) {
  return useQuery({
    queryKey: [KEY, 'avg', year ?? null],
    queryFn: ({ signal }) => call(API.queryAVGAnalysis, { query: { year } }, { signal }),
  });
}

export function useDoubleSchool(year: number | undefined, batch: number | undefined) {
  return useQuery({
    queryKey: [KEY, 'double', year ?? null, batch ?? null],
    queryFn: ({ signal }) => call(API.queryDoubleSchool, { query: { year, batch } }, { signal }),
  });
}

export function useDoubleYears() {
  return useQuery({
    queryKey: [KEY, 'doubleYears'],
    queryFn: ({ signal }) => call(DH.queryYear, {}, { signal }),
  });
}

export interface UnitFilter {
  year?: number;
  kind?: 'school' | 'major';
  grade?: 'A' | 'B' | 'C';
  name?: string;
  pageNum: number;
}

export function useDoubleUnits(f: UnitFilter) {
  return useQuery({
    queryKey: [KEY, 'units', f],
    queryFn: ({ signal }) => call(DH.getHighSchoolCode, { query: { ...f, pageSize: 10 } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetOwnSchool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schoolCode: string) => call(API.updateOwnSchool, { body: { schoolCode } }, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

export const uploadFigures = (file: File, onProgress: (p: number) => void) =>
  uploadTo(API.upload, {}, { file, quiet: true, onProgress });
export const uploadUnits = (file: File, onProgress: (p: number) => void) =>
  uploadTo(DH.upload, {}, { file, quiet: true, onProgress });
export const downloadFiguresTemplate = () => downloadFrom(API.template, {}, { quiet: true });
export const downloadFigures = () => downloadFrom(API.download, {}, { quiet: true });
export const downloadUnitsTemplate = () => downloadFrom(DH.template, {}, { quiet: true });
export const downloadUnits = (year?: number) => downloadFrom(DH.download, { query: { year } }, { quiet: true });

/** After an import: every view of the figures and the list. */
export function useRefreshRivals() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [KEY] });
}
