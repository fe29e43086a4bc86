import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PerformancePageSchema,
  PerformSituationRowSchema,
  type ReportLevel,
  type TargetReportStatus,
} from '@zg/contract';
import { z } from 'zod';
import { download, get } from '../../api/client';
import { fetchDepartmentOptions } from '../../components/attachments/files.api';

/** The toolbar of the performance centre. */
export interface PerformanceFilter {
  year?: number;
  bmid?: string;
  zpdj?: ReportLevel;
  bgzt?: TargetReportStatus;
  rwmc?: string;
}

/** `GET /api/herm-zdgj/performance/report/selectPage`: one page of finished tasks with levels and audit results. */
export function usePerformancePage(filter: PerformanceFilter, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: ['performance', 'page', filter, pageNum, pageSize],
    queryFn: ({ signal }) =>
      get('/api/herm-zdgj/performance/report/selectPage', {
        query: { ...filter, pageNum, pageSize },
        schema: PerformancePageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET targetTaskDetail/getPerformAccessDetailSituation`: the appraisal per department or per person. */
export function usePerformSituation(
  filter: Pick<PerformanceFilter, 'year' | 'bmid'>,
  groupBy: 'department' | 'person',
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['performance', 'situation', filter.year, filter.bmid, groupBy],
    queryFn: ({ signal }) =>
      get('/api/herm-wbs/targetTaskDetail/getPerformAccessDetailSituation', {
        query: { year: filter.year, bmid: filter.bmid, groupBy },
        schema: z.array(PerformSituationRowSchema),
        signal,
      }),
    enabled,
  });
}

/** The departments, for the 责任部门 select. */
export function useDepartmentOptions() {
  return useQuery({ queryKey: ['departments', 'all'], queryFn: fetchDepartmentOptions });
}

/** `GET targetTaskDetail/export`: the detail, department and person sheets as one workbook. */
export function exportPerformance(filter: PerformanceFilter) {
  return download('/api/herm-wbs/targetTaskDetail/export', { query: { ...filter }, quiet: true });
}
