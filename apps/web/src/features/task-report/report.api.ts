import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REPORT_API as API,
  type ReportCover,
  type ReportLevel,
  type ReportSection,
  type ReportTemplate,
  TARGET_TASK_API,
  type TargetReportDetail,
  type TargetReportStatus,
} from '@zg/contract';
import { call, downloadFrom } from '../../api/endpoint';

/** Which reports a list shows: the ones the user sees, of the tasks they own, or waiting for their audit. */
export type ReportListKind = 'all' | 'mine' | 'review';

export interface ReportListFilter {
  kind: ReportListKind;
  year?: number;
  bgzt?: TargetReportStatus;
  rwmc?: string;
}

/** Every query of this feature starts with this key, so one invalidation refreshes lists and details. */
const KEY = 'taskReport';

/** `GET targetReport/getReportPage`: one page of reports. */
export function useReportPage(filter: ReportListFilter, current: number, size: number) {
  return useQuery({
    queryKey: [KEY, 'page', filter, current, size],
    queryFn: ({ signal }) => call(API.reportPage, { query: { ...filter, current, size } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET targetReport/getReportById`: one report with its content snapshot. */
export function useReportDetail(id: number | null) {
  return useQuery({
    queryKey: [KEY, 'detail', id],
    queryFn: ({ signal }) => call(API.reportById, { query: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    // The drawer draws the failure in place (LoadError).
    throwOnError: false,
  });
}

/** `GET targetReport/getReportByTask`: the report of a task, null when none was generated. */
export function useReportByTask(taskId: number) {
  return useQuery({
    queryKey: [KEY, 'byTask', taskId],
    queryFn: ({ signal }) => call(API.reportByTask, { query: { taskId } }, { signal }),
  });
}

/** `GET targetTask/selectPage?kind=myTask`: the user's tasks, for the generate dialog (filtered by state there). */
export function useMyTasks(rwmc: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'myTasks', rwmc],
    queryFn: ({ signal }) =>
      call(
        TARGET_TASK_API.taskPage,
        { query: { kind: 'myTask', current: 1, size: 200, rwmc: rwmc || undefined } },
        { signal },
      ),
    enabled,
  });
}

export interface NameFilter {
  name?: string;
}

/** `GET targetReportTemplate/selectPage`. */
export function useTemplates(
  current: number,
  size: number,
  mbmc?: string,
  enabled = true,
  mblx?: ReportTemplate['mblx'],
) {
  return useQuery({
    queryKey: [KEY, 'templates', current, size, mbmc, mblx],
    queryFn: ({ signal }) =>
      call(API.templatePage, { query: { current, size, mbmc: mbmc || undefined, mblx } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** `GET targetReportCover/selectpage` (the default cover first). */
export function useCovers(current: number, size: number, fmmc?: string, enabled = true) {
  return useQuery({
    queryKey: [KEY, 'covers', current, size, fmmc],
    queryFn: ({ signal }) => call(API.coverPage, { query: { current, size, fmmc: fmmc || undefined } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export interface TemplateForm {
  mbmc: string;
  bgbt: string;
  bgsm?: string;
  sections: ReportSection[];
  mblx?: ReportTemplate['mblx'];
}

export interface CoverForm {
  fmmc: string;
  fmbt: string;
  xxmc?: string;
  fbt?: string;
  sfmr: boolean;
}

/** A mutation that refreshes every list and detail of this feature when it succeeds. */
function useRefreshing<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }) });
}

/** The mutations of this feature. */
export function useReportActions() {
  return {
    saveTemplate: useRefreshing(({ id, ...t }: TemplateForm & { id?: number }) =>
      id === undefined ? call(API.templateInsert, { body: t }) : call(API.templateUpdate, { body: { ...t, id } }),
    ),
    deleteTemplates: useRefreshing((ids: number[]) => call(API.templatesDelete, { body: { ids } })),
    addCover: useRefreshing((c: CoverForm) => call(API.coverInsert, { body: c })),
    deleteCover: useRefreshing((id: number) => call(API.coverDelete, { params: { id } })),
    defaultCover: useRefreshing((id: number) => call(API.coverDefault, { params: { id } })),
    generate: useRefreshing(
      (input: { taskId: number; templateId?: number; coverId?: number }): Promise<TargetReportDetail> =>
        call(API.generate, { body: input }),
    ),
    rate: useRefreshing((input: { id: number; version: number; zpdj: ReportLevel }) => call(API.rate, { body: input })),
    submit: useRefreshing((input: { id: number; version: number }) => call(API.submit, { body: input })),
    audit: useRefreshing((input: { id: number; version: number; result: 'pass' | 'refuse'; reason?: string }) =>
      call(API.audit, { body: input }),
    ),
  };
}

/** `GET targetReport/download`: the report as a Word document, saved under the server's name. */
export function downloadReport(id: number) {
  return downloadFrom(API.download, { query: { id } }, { quiet: true });
}

export type { ReportCover, ReportTemplate };
