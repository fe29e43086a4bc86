import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ANALYSIS_SCOPES,
  type AnalysisFigure,
  type AnalysisTaskType,
  ANALYSIS_API as API,
  TARGET_TASK_API,
  type TaskStatus,
} from '@zg/contract';
import { call, downloadFrom } from '../../api/endpoint';

/** The three summary-analysis page kinds (spec-1 section 2). */
export type SummaryKind = (typeof ANALYSIS_SCOPES)[number];

/** What every figure of a summary-analysis page is computed over: the page's scope and its toolbar. */
export interface SummaryFilter {
  scope: SummaryKind;
  year?: number;
  rwlx?: AnalysisTaskType;
  bmid?: string;
}

/** A figure clicked on the page: which tasks the drawer lists. */
export interface DrillDown {
  figure: AnalysisFigure;
  rwzt?: TaskStatus;
  departmentId?: string;
  /** What the drawer's title names. */
  title: string;
}

/** The query string of a filter: empty fields left out. */
function queryOf(filter: SummaryFilter) {
  return { scope: filter.scope, year: filter.year, rwlx: filter.rwlx, bmid: filter.bmid };
}

/** `GET taskStatusAnalysis`: the count of last-level tasks in every state, the total and the page's counting note. */
export function useStatusAnalysis(filter: SummaryFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['summaryAnalysis', 'status', filter],
    queryFn: ({ signal }) => call(API.taskStatusAnalysis, { query: queryOf(filter) }, { signal }),
    enabled,
  });
}

/** `GET departmentTaskFinishRate`: issued, finished and rate per department, in department order. */
export function useDepartmentRates(filter: SummaryFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['summaryAnalysis', 'rates', filter],
    queryFn: ({ signal }) => call(API.departmentTaskFinishRate, { query: queryOf(filter) }, { signal }),
    enabled,
  });
}

/** `GET finishRankRate`: the same figures, best rate first, with the rank. */
export function useFinishRanking(filter: SummaryFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['summaryAnalysis', 'ranking', filter],
    queryFn: ({ signal }) => call(API.finishRankRate, { query: queryOf(filter) }, { signal }),
    enabled,
  });
}

/** `GET tasks`: one page of the tasks behind a figure, with the page's scope and toolbar. */
export function useTasksBehind(filter: SummaryFilter, drill: DrillDown | null, current: number, size: number) {
  return useQuery({
    queryKey: ['summaryAnalysis', 'tasks', filter, drill, current, size],
    queryFn: ({ signal }) =>
      call(
        API.tasks,
        {
          query: {
            ...queryOf(filter),
            figure: drill?.figure,
            rwzt: drill?.rwzt,
            departmentId: drill?.departmentId,
            current,
            size,
          },
        },
        { signal },
      ),
    enabled: drill !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET yearList`: the years with tasks in the page's scope, newest first. */
export function useSummaryYears(scope: SummaryKind, bmid: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['summaryAnalysis', 'years', scope, bmid],
    queryFn: ({ signal }) => call(API.yearList, { query: { scope, bmid } }, { signal }),
    enabled,
  });
}

/** `GET taskTypeList`: the summary-analysis task types with their counts in the page's scope. */
export function useSummaryTaskTypes(scope: SummaryKind, bmid: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['summaryAnalysis', 'types', scope, bmid],
    queryFn: ({ signal }) => call(API.taskTypeList, { query: { scope, bmid } }, { signal }),
    enabled,
  });
}

/** `GET chargeDepartments`: the departments the user heads, each with its head or 未知; the first is the default. */
export function useChargeDepartments(enabled: boolean) {
  return useQuery({
    queryKey: ['summaryAnalysis', 'chargeDepartments'],
    queryFn: ({ signal }) => call(API.chargeDepartments, {}, { signal }),
    enabled,
  });
}

// ---- the annual-wbs analysis (herm-ndwbs) ----

/** The toolbar of the annual-wbs analysis. */
export interface AnnualFilter {
  year?: number;
  yearTargetId?: number;
  rwlx?: AnalysisTaskType;
}

const annualQuery = (f: AnnualFilter) => ({ year: f.year, yearTargetId: f.yearTargetId, rwlx: f.rwlx });

/** `GET gatherAnaylse`: totals, finished on time or late, warnings and the per-type figures. */
export function useGatherAnalyse(filter: AnnualFilter) {
  return useQuery({
    queryKey: ['annualAnalysis', 'gather', filter],
    queryFn: ({ signal }) => call(API.gatherAnaylse, { query: annualQuery(filter) }, { signal }),
  });
}

/** `GET findAnalyse`: the figures per year target. */
export function useFindAnalyse(filter: AnnualFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['annualAnalysis', 'targets', filter],
    queryFn: ({ signal }) => call(API.findAnalyse, { query: annualQuery(filter) }, { signal }),
    enabled,
  });
}

/** `GET findAnalyseDepartemnt`: the figures per department, with the rank by finish rate. */
export function useFindAnalyseDepartment(filter: AnnualFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['annualAnalysis', 'departments', filter],
    queryFn: ({ signal }) => call(API.findAnalyseDepartemnt, { query: annualQuery(filter) }, { signal }),
    enabled,
  });
}

/** `GET queryGrid`: one page of departments by year targets. */
export function useAnalysisGrid(filter: AnnualFilter, pageNum: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: ['annualAnalysis', 'grid', filter, pageNum, pageSize],
    queryFn: ({ signal }) => call(API.queryGrid, { query: { ...annualQuery(filter), pageNum, pageSize } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** `GET yearTarget/list`: the year targets the user sees, for the 关联年度目标 select. */
export function useYearTargetOptions() {
  return useQuery({
    queryKey: ['annualAnalysis', 'yearTargets'],
    queryFn: ({ signal }) => call(TARGET_TASK_API.yearTargetOptions, {}, { signal }),
  });
}

/** `GET export`: the four analyses as one workbook, saved under the server's name. */
export function exportAnnualAnalysis(filter: AnnualFilter) {
  return downloadFrom(API.export, { query: annualQuery(filter) }, { quiet: true });
}
