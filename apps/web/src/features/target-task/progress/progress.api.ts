import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ANNUAL_PROGRESS_API as API, type ReportAuditResult } from '@zg/contract';
import { call } from '../../../api/endpoint';

/** The progress calls live under the year-target task module (spec-1 section 7: scheduleAuditing, delayAuditing). */

const keys = {
  periods: (taskId: number) => ['progress', 'periods', taskId] as const,
  reports: (taskId: number) => ['progress', 'reports', taskId] as const,
  delays: (taskId: number) => ['progress', 'delays', taskId] as const,
  audits: ['progress', 'audits'] as const,
};

/** `GET scheduleAuditing/periods`: the task's periods with their schedule circles. */
export function usePeriods(taskId: number) {
  return useQuery({
    queryKey: keys.periods(taskId),
    queryFn: ({ signal }) => call(API.periods, { query: { taskId } }, { signal }),
  });
}

/** `GET scheduleAuditing/select`: the task's reports, newest first. */
export function useReports(taskId: number) {
  return useQuery({
    queryKey: keys.reports(taskId),
    queryFn: ({ signal }) => call(API.reports, { query: { taskId } }, { signal }),
  });
}

/** `GET delayAuditing/select`: the task's delay requests. */
export function useDelays(taskId: number) {
  return useQuery({
    queryKey: keys.delays(taskId),
    queryFn: ({ signal }) => call(API.delays, { query: { taskId } }, { signal }),
  });
}

export type AuditFilter = 'reviewing' | 'audited' | 'all';
export const AUDIT_FILTERS: readonly AuditFilter[] = ['reviewing', 'audited', 'all'];

/** `GET scheduleAuditing/selectPage`: reports on the tasks the user audits. */
export function useReportsToAudit(status: AuditFilter, current: number, size: number, year?: number) {
  return useQuery({
    queryKey: [...keys.audits, 'reports', status, current, size, year ?? null],
    queryFn: ({ signal }) => call(API.reportsToAudit, { query: { status, current, size, year } }, { signal }),
  });
}

/** `GET delayAuditing/selectPage`: delay requests on the tasks the user audits. */
export function useDelaysToAudit(status: AuditFilter, current: number, size: number, year?: number) {
  return useQuery({
    queryKey: [...keys.audits, 'delays', status, current, size, year ?? null],
    queryFn: ({ signal }) => call(API.delaysToAudit, { query: { status, current, size, year } }, { signal }),
  });
}

/** After any progress change: the task's periods, reports, delays, the audit lists, task cards and warnings. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['progress'] }),
      client.invalidateQueries({ queryKey: ['warning'] }),
      client.invalidateQueries({ queryKey: ['targetTask'] }),
    ]);
}

export interface ReportInput {
  taskId: number;
  kind: 'process' | 'final';
  periodKey: string;
  content: string;
  progress?: number;
  fileIds: string[];
}

export function useSubmitReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ReportInput) => call(API.submitReport, { body: input }),
    onSuccess: refresh,
  });
}

export function useReviseReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; version: number; content: string; progress?: number; fileIds: string[] }) =>
      call(API.updateReport, { body: input }),
    onSuccess: refresh,
  });
}

export function useWithdrawReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => call(API.withdrawReport, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useAuditReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; version: number; result: ReportAuditResult; reason?: string }) =>
      call(API.auditReport, { body: input }),
    onSuccess: refresh,
  });
}

export function useRequestDelay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { taskId: number; newEndDate: string; reason: string }) =>
      call(API.requestDelay, { body: input }),
    onSuccess: refresh,
  });
}

export function useAuditDelay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; pass: boolean; reason?: string }) => call(API.auditDelay, { body: input }),
    onSuccess: refresh,
  });
}
