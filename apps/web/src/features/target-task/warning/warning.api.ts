import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ConfigHistoryPageSchema,
  pageOf,
  TaskCardSchema,
  UrgeDepartmentSchema,
  UrgePageSchema,
  UrgeSchema,
  WarningCountMapsSchema,
  WarningCountsSchema,
  WarningEvaluationSchema,
  WarningRecordSchema,
  WarningTypeSchema,
} from '@zg/contract';
import { z } from 'zod';
import { get, post } from '../../../api/client';
import { NDWBS } from '../progress/progress.api';

const WBS = '/api/herm-wbs';
const FOCUS = '/api/herm-zdgj/rest/focus';

export const WarningTaskPageSchema = WarningCountsSchema.extend({ page: pageOf(TaskCardSchema) });
export type WarningTaskPage = z.infer<typeof WarningTaskPageSchema>;

export interface WarningTaskFilter {
  current: number;
  size: number;
  warningTypeId?: number;
  yearTargetId?: number;
  rwmc?: string;
  sort?: 'asc' | 'desc';
}

/** `GET warningTask/selectPage`: warned tasks with the three counters. */
export function useWarningTasks(filter: WarningTaskFilter) {
  return useQuery({
    queryKey: ['warning', 'tasks', filter],
    queryFn: ({ signal }) =>
      get(`${NDWBS}/warningTask/selectPage`, { query: { ...filter }, schema: WarningTaskPageSchema, signal }),
  });
}

/** `GET warningType/list`. */
export function useWarningTypes() {
  return useQuery({
    queryKey: ['warning', 'types'],
    queryFn: ({ signal }) => get(`${NDWBS}/warningType/list`, { schema: z.array(WarningTypeSchema), signal }),
    staleTime: 60_000,
  });
}

/** `GET warningTask/getDetailWarning`: the warnings of a task. */
export function useTaskWarnings(taskId: number, enabled = true) {
  return useQuery({
    queryKey: ['warning', 'records', taskId],
    queryFn: ({ signal }) =>
      get(`${NDWBS}/warningTask/getDetailWarning`, {
        query: { taskId },
        schema: z.array(WarningRecordSchema),
        signal,
      }),
    enabled,
  });
}

/** The three warning counts of the scope (spec-1 section 6 says which menus load which). */
export function useWarningCount(scope: 'total' | 'personal' | 'department', enabled: boolean) {
  const path = {
    total: 'getWarningCountList',
    personal: 'getPersonalWarningCountList',
    department: 'getDepartmentWarningCountList',
  }[scope];
  return useQuery({
    queryKey: ['warning', 'counts', scope],
    queryFn: ({ signal }) => get(`${NDWBS}/Task/${path}`, { schema: WarningCountMapsSchema, signal, quiet: true }),
    enabled,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['warning'] }),
      client.invalidateQueries({ queryKey: ['home'] }),
      client.invalidateQueries({ queryKey: ['targetTask'] }),
    ]);
}

export function useDeleteWarning() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => post(`${NDWBS}/warningTask/delDetailWarning`, { id }),
    onSuccess: invalidate,
  });
}

// ---- urges ----

export function useUrgeDepartments(yearTargetId: number | undefined) {
  return useQuery({
    queryKey: ['warning', 'urgeDepartments', yearTargetId],
    queryFn: ({ signal }) =>
      get(`${NDWBS}/yearTargetUrge/departments`, {
        query: { yearTargetId },
        schema: z.array(UrgeDepartmentSchema),
        signal,
      }),
    enabled: yearTargetId !== undefined,
  });
}

export function useUrges(q: { mine: boolean; current: number; size: number; yearTargetId?: number; type?: 0 | 1 }) {
  return useQuery({
    queryKey: ['warning', 'urges', q],
    queryFn: ({ signal }) =>
      get(`${NDWBS}/yearTargetUrge/list`, {
        query: { ...q, mine: String(q.mine) },
        schema: UrgePageSchema,
        signal,
      }),
  });
}

/** `GET yearTargetUrge/pending`: urges waiting for the departments the user heads (home page). */
export function usePendingUrges(enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'urges'],
    queryFn: ({ signal }) =>
      get(`${NDWBS}/yearTargetUrge/pending`, { schema: z.array(UrgeSchema), signal, quiet: true }),
    enabled,
  });
}

export function useBatchUrge() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { yearTargetId: number; bmids: string[]; content?: string }) =>
      post(`${NDWBS}/yearTargetUrge/batchInsert`, input, {
        json: true,
        schema: z.object({ ids: z.array(z.number()) }),
      }),
    onSuccess: invalidate,
  });
}

export function useAddUrge() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { taskId: number; content?: string }) => post(`${NDWBS}/warningUrge/addUrge`, input),
    onSuccess: invalidate,
  });
}

export function useAcceptUrge() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => post(`${NDWBS}/warningUrge/acceptUrge`, { id }),
    onSuccess: invalidate,
  });
}

/** `GET yearTarget/list`: the year targets the user sees (id, name, year). */
export function useYearTargetOptions() {
  return useQuery({
    queryKey: ['warning', 'yearTargets'],
    queryFn: ({ signal }) =>
      get(`${WBS}/yearTarget/list`, {
        schema: z.array(z.object({ id: z.number(), name: z.string(), cycleYear: z.number() })),
        signal,
      }),
  });
}

// ---- warning types, conditions, batch configuration ----

export interface WarningTypeInput {
  yjlxmc: string;
  yjlxms?: string;
  kind: 'process' | 'final';
  date: number;
  yjzq: 'month' | 'week' | 'day' | 'no';
  weekday?: number;
  day?: number;
  months?: number[];
  hour?: number;
  px: number;
}

export function useSaveWarningType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: WarningTypeInput & { id?: number }) =>
      post(`${NDWBS}/warningType/${input.id === undefined ? 'insert' : 'update'}`, input, { json: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteWarningType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => post(`${NDWBS}/warningType/${id}/delete`),
    onSuccess: invalidate,
  });
}

export function useBatchConfig() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { taskIds: number[]; warningTypeIds: number[] }) =>
      post(`${NDWBS}/warningBatchConfig/insert`, input, { json: true }),
    onSuccess: invalidate,
  });
}

/** `POST warningTask/evaluate` (administrators): runs the hourly warning evaluation now; answers what it did. */
export function useRunWarnings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => post(`${NDWBS}/warningTask/evaluate`, {}, { schema: WarningEvaluationSchema }),
    onSuccess: invalidate,
  });
}

export function useConfigHistory(current: number, size: number) {
  return useQuery({
    queryKey: ['warning', 'history', current, size],
    queryFn: ({ signal }) =>
      get(`${NDWBS}/warningBatchConfig/selectConfigHistory`, {
        query: { current, size },
        schema: ConfigHistoryPageSchema,
        signal,
      }),
  });
}

/** Tasks found by name (for choosing the tasks of a batch configuration). */
export function useTaskSearch(rwmc: string) {
  return useQuery({
    queryKey: ['warning', 'taskSearch', rwmc],
    queryFn: ({ signal }) =>
      get(`${WBS}/targetTask/selectPage`, {
        query: { current: 1, size: 50, kind: 'yearTask', rwmc: rwmc || undefined },
        schema: pageOf(TaskCardSchema),
        signal,
      }),
  });
}

// ---- focus ----

export function useFocusList() {
  return useQuery({
    queryKey: ['warning', 'focus'],
    queryFn: ({ signal }) => get(`${FOCUS}/list`, { schema: z.object({ taskIds: z.array(z.number()) }), signal }),
  });
}

export function useToggleFocus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { taskId: number; focus: boolean }) =>
      post(`${FOCUS}/focus`, input, { schema: z.object({ taskIds: z.array(z.number()) }) }),
    onSuccess: (data) => {
      client.setQueryData(['warning', 'focus'], data);
      return client.invalidateQueries({ queryKey: ['warning', 'focusPage'] });
    },
  });
}

/** `GET rest/focus/page`: the task cards the user follows, a page at a time. */
export function useFocusPage(current: number, size: number) {
  return useQuery({
    queryKey: ['warning', 'focusPage', current, size],
    queryFn: ({ signal }) => get(`${FOCUS}/page`, { query: { current, size }, schema: pageOf(TaskCardSchema), signal }),
    placeholderData: keepPreviousData,
  });
}
