import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PERFORMANCE_API as API, type ReportLevel, type TargetReportStatus } from '@zg/contract';
import { call, downloadFrom } from '../../api/endpoint';
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
    queryFn: ({ signal }) => call(API.page, { query: { ...filter, pageNum, pageSize } }, { signal }),
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
      call(API.situation, { query: { year: filter.year, bmid: filter.bmid, groupBy } }, { signal }),
    enabled,
  });
}

/** The departments, for the 责任部门 select. */
export function useDepartmentOptions() {
  return useQuery({ queryKey: ['departments', 'all'], queryFn: fetchDepartmentOptions });
}

/** `GET targetTaskDetail/export`: the detail, department and person sheets as one workbook. */
export function exportPerformance(filter: PerformanceFilter) {
  return downloadFrom(API.export, { query: { ...filter } }, { quiet: true });
}
