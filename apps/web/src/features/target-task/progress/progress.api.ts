import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AuditDelayPageSchema,
  AuditReportPageSchema,
  DelaySchema,
  PeriodSchema,
  type ReportAuditResult,
  ReportSchema,
} from '@zg/contract';
import { z } from 'zod';
import { get, post } from '../../../api/client';

/** The progress calls live under the year-target task module (spec-1 section 7: scheduleAuditing, delayAuditing). */
export const NDWBS = '/api/herm-ndwbs';

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
    queryFn: ({ signal }) =>
      get(`${NDWBS}/scheduleAuditing/periods`, { query: { taskId }, schema: z.array(PeriodSchema), signal }),
  });
}

/** `GET scheduleAuditing/select`: the task's reports, newest first. */
export function useReports(taskId: number) {
  return useQuery({
    queryKey: keys.reports(taskId),
    queryFn: ({ signal }) =>
      get(`${NDWBS}/scheduleAuditing/select`, { query: { taskId }, schema: z.array(ReportSchema), signal }),
  });
}

/** `GET delayAuditing/select`: the task's delay requests. */
export function useDelays(taskId: number) {
  return useQuery({
    queryKey: keys.delays(taskId),
    queryFn: ({ signal }) =>
      get(`${NDWBS}/delayAuditing/select`, { query: { taskId }, schema: z.array(DelaySchema), signal }),
  });
}

export type AuditFilter = 'reviewing' | 'audited' | 'all';
export const AUDIT_FILTERS: readonly AuditFilter[] = ['reviewing', 'audited', 'all'];

/** `GET scheduleAuditing/selectPage`: reports on the tasks the user audits. */
export function useReportsToAudit(status: AuditFilter, current: number, size: number, year?: number) {
  return useQuery({
    queryKey: [...keys.audits, 'reports', status, current, size, year ?? null],
    queryFn: ({ signal }) =>
      get(`${NDWBS}/scheduleAuditing/selectPage`, {
        query: { status, current, size, year },
        schema: AuditReportPageSchema,
        signal,
      }),
  });
}

/** `GET delayAuditing/selectPage`: delay requests on the tasks the user audits. */
export function useDelaysToAudit(status: AuditFilter, current: number, size: number, year?: number) {
  return useQuery({
    queryKey: [...keys.audits, 'delays', status, current, size, year ?? null],
    queryFn: ({ signal }) =>
      get(`${NDWBS}/delayAuditing/selectPage`, {
        query: { status, current, size, year },
        schema: AuditDelayPageSchema,
        signal,
      }),
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
    mutationFn: (input: ReportInput) =>
      post(`${NDWBS}/scheduleAuditing/insert`, input, { json: true, schema: z.object({ id: z.number() }) }),
    onSuccess: refresh,
  });
}

export function useReviseReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; version: number; content: string; progress?: number; fileIds: string[] }) =>
      post(`${NDWBS}/scheduleAuditing/update`, input, { json: true }),
    onSuccess: refresh,
  });
}

export function useWithdrawReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => post(`${NDWBS}/scheduleAuditing/${id}/delete`),
    onSuccess: refresh,
  });
}

export function useAuditReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; version: number; result: ReportAuditResult; reason?: string }) =>
      post(`${NDWBS}/scheduleAuditing/audit`, input),
    onSuccess: refresh,
  });
}

export function useRequestDelay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { taskId: number; newEndDate: string; reason: string }) =>
      post(`${NDWBS}/delayAuditing/insert`, input),
    onSuccess: refresh,
  });
}

export function useAuditDelay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; pass: boolean; reason?: string }) => post(`${NDWBS}/delayAuditing/audit`, input),
    onSuccess: refresh,
  });
}
