import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SELF_REPORT_API as API, type BodyIn, jobUnderWay, type SelfReportPageQuerySchema } from '@zg/contract';
import type { z } from 'zod';
import { call, downloadFrom } from '../../api/endpoint';

const KEY = 'self-report';
export type ReportQuery = z.input<typeof SelfReportPageQuerySchema>;

/** `GET rest/report/selectpage`: the reports the user sees. */
export function useReports(query: ReportQuery) {
  return useQuery({
    queryKey: [KEY, 'page', query],
    queryFn: ({ signal }) => call(API.selectPage, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET rest/report/selectbybgid`: one report (frozen figures once submitted, with today's differences). */
export function useReport(bgid: number | null) {
  return useQuery({
    queryKey: [KEY, 'one', bgid],
    queryFn: ({ signal }) => call(API.selectById, { query: { bgid: bgid ?? 0 } }, { signal }),
    enabled: bgid !== null,
  });
}

/** `GET rest/report/discuss/selectDiscuss`: the report's discussion thread. */
export function useDiscussion(bgid: number) {
  return useQuery({
    queryKey: [KEY, 'discuss', bgid],
    queryFn: ({ signal }) => call(API.selectDiscuss, { query: { bgid } }, { signal }),
  });
}

/** `GET rest/report/template/selectlist`: the self-diagnosis templates, for the Word download's cover. */
export function useSelfReportTemplates(enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'templates'],
    queryFn: ({ signal }) => call(API.templateSelectList, {}, { signal }),
    enabled,
  });
}

export const downloadWord = (bgid: number, mbid?: number) => downloadFrom(API.downloadWord, { query: { bgid, mbid } });

/** The report's writes (explain, submit, the two reviews, reject); each refreshes the list and the report. */
export function useSelfReportActions() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: [KEY] });
  return {
    explain: useMutation({
      mutationFn: (body: BodyIn<typeof API.explainSave>) => call(API.explainSave, { body }),
      onSuccess: done,
    }),
    submit: useMutation({ mutationFn: (bgid: number) => call(API.submit, { body: { bgid } }), onSuccess: done }),
    expertReview: useMutation({
      mutationFn: (body: BodyIn<typeof API.expertReview>) => call(API.expertReview, { body }),
      onSuccess: done,
    }),
    schoolReview: useMutation({
      mutationFn: (body: BodyIn<typeof API.schoolReview>) => call(API.schoolReview, { body }),
      onSuccess: done,
    }),
    reject: useMutation({
      mutationFn: (body: BodyIn<typeof API.reject>) => call(API.reject, { body }),
      onSuccess: done,
    }),
    discuss: useMutation({
      mutationFn: (body: BodyIn<typeof API.insertDiscuss>) => call(API.insertDiscuss, { body }),
      onSuccess: done,
    }),
    share: useMutation({
      mutationFn: (body: BodyIn<typeof API.share>) => call(API.share, { body }),
      onSuccess: done,
    }),
  };
}

// ---- 全校汇总报告 (issue 33 item 4): a tracked job over every object of a diagnosis task ----

/** The diagnosis tasks the user sees, to choose the one to summarise. */
export function useSummaryTasks(enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'summary-tasks'],
    queryFn: ({ signal }) => call(API.summaryTasks, {}, { signal }),
    enabled,
    throwOnError: false,
  });
}

export function useStartSummary() {
  return useMutation({ mutationFn: (rwid: number) => call(API.summaryStart, { body: { rwid } }) });
}

/** `GET rest/report/summary/job`: polled each second while it runs (any worker answers). */
export function useSummaryJob(id: string | null) {
  return useQuery({
    queryKey: [KEY, 'summary-job', id],
    queryFn: ({ signal }) => call(API.summaryJob, { query: { id: id ?? '' } }, { signal }),
    enabled: id !== null,
    throwOnError: false,
    refetchInterval: (q) => (jobUnderWay(q.state.data) ? 1000 : false),
  });
}

export const downloadSummaryWord = (id: string) => downloadFrom(API.summaryWord, { query: { id } });
