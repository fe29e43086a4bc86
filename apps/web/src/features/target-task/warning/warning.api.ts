import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ANNUAL_PROGRESS_API, ANNUAL_WARNING_API as API, PROGRESS_API, TARGET_TASK_API } from '@zg/contract';
import { call } from '../../../api/endpoint';

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
    queryFn: ({ signal }) => call(API.warningTasks, { query: filter }, { signal }),
  });
}

/** `GET warningType/list`. */
export function useWarningTypes() {
  return useQuery({
    queryKey: ['warning', 'types'],
    queryFn: ({ signal }) => call(API.warningTypes, {}, { signal }),
    staleTime: 60_000,
  });
}

/** `GET warningTask/getDetailWarning`: the warnings of a task. */
export function useTaskWarnings(taskId: number, enabled = true) {
  return useQuery({
    queryKey: ['warning', 'records', taskId],
    queryFn: ({ signal }) => call(API.taskWarnings, { query: { taskId } }, { signal }),
    enabled,
  });
}

/** The three warning counts of the scope (spec-1 section 6 says which menus load which). */
export function useWarningCount(scope: 'total' | 'personal' | 'department', enabled: boolean) {
  const e = {
    total: API.warningCounts,
    personal: API.personalWarningCounts,
    department: API.departmentWarningCounts,
  }[scope];
  return useQuery({
    queryKey: ['warning', 'counts', scope],
    queryFn: ({ signal }) => call(e, {}, { signal, quiet: true }),
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
    mutationFn: (id: number) => call(API.deleteWarning, { body: { id } }),
    onSuccess: invalidate,
  });
}

// ---- urges ----

export function useUrgeDepartments(yearTargetId: number | undefined) {
  return useQuery({
    queryKey: ['warning', 'urgeDepartments', yearTargetId],
    queryFn: ({ signal }) =>
      call(ANNUAL_PROGRESS_API.urgeDepartments, { query: { yearTargetId: yearTargetId ?? 0 } }, { signal }),
    enabled: yearTargetId !== undefined,
  });
}

export function useUrges(q: { mine: boolean; current: number; size: number; yearTargetId?: number; type?: 0 | 1 }) {
  return useQuery({
    queryKey: ['warning', 'urges', q],
    queryFn: ({ signal }) =>
      call(
        ANNUAL_PROGRESS_API.urges,
        {
          query: {
            ...q,
            mine: q.mine ? 'true' : 'false',
            type: q.type === undefined ? undefined : q.type === 0 ? '0' : '1',
          },
        },
        { signal },
      ),
  });
}

/** `GET yearTargetUrge/pending`: urges waiting for the departments the user heads (home page). */
export function usePendingUrges(enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'urges'],
    queryFn: ({ signal }) => call(ANNUAL_PROGRESS_API.pendingUrges, {}, { signal, quiet: true }),
    enabled,
  });
}

export function useBatchUrge() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { yearTargetId: number; bmids: string[]; content?: string }) =>
      call(ANNUAL_PROGRESS_API.urgeBatch, { body: input }),
    onSuccess: invalidate,
  });
}

export function useAddUrge() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { taskId: number; content?: string }) => call(ANNUAL_PROGRESS_API.urgeTask, { body: input }),
    onSuccess: invalidate,
  });
}

export function useAcceptUrge() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(ANNUAL_PROGRESS_API.acceptUrge, { body: { id } }),
    onSuccess: invalidate,
  });
}

/** `GET yearTarget/list`: the year targets the user sees (id, name, year). */
export function useYearTargetOptions() {
  return useQuery({
    queryKey: ['warning', 'yearTargets'],
    queryFn: ({ signal }) => call(TARGET_TASK_API.yearTargetOptions, {}, { signal }),
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
      input.id === undefined
        ? call(API.warningTypeInsert, { body: input })
        : call(API.warningTypeUpdate, { body: { ...input, id: input.id } }),
    onSuccess: invalidate,
  });
}

export function useDeleteWarningType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(API.warningTypeDelete, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useBatchConfig() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { taskIds: number[]; warningTypeIds: number[] }) => call(API.batchConfig, { body: input }),
    onSuccess: invalidate,
  });
}

/** `POST warningTask/evaluate` (administrators): runs the hourly warning evaluation now; answers what it did. */
export function useRunWarnings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => call(API.evaluate, {}),
    onSuccess: invalidate,
  });
}

export function useConfigHistory(current: number, size: number) {
  return useQuery({
    queryKey: ['warning', 'history', current, size],
    queryFn: ({ signal }) => call(API.configHistory, { query: { current, size } }, { signal }),
  });
}

/** Tasks found by name (for choosing the tasks of a batch configuration). */
export function useTaskSearch(rwmc: string) {
  return useQuery({
    queryKey: ['warning', 'taskSearch', rwmc],
    queryFn: ({ signal }) =>
      call(
        TARGET_TASK_API.taskPage,
        { query: { current: 1, size: 50, kind: 'yearTask', rwmc: rwmc || undefined } },
        { signal },
      ),
  });
}

// ---- focus ----

export function useFocusList() {
  return useQuery({
    queryKey: ['warning', 'focus'],
    queryFn: ({ signal }) => call(PROGRESS_API.focused, {}, { signal }),
  });
}

export function useToggleFocus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { taskId: number; focus: boolean }) => call(PROGRESS_API.focus, { body: input }),
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
    queryFn: ({ signal }) => call(PROGRESS_API.focusPage, { query: { current, size } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
