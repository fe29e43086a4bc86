import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DIAGNOSIS_API as API,
  type AuditInputSchema,
  CYCLE_API,
  DIMENSION_API,
  type DiagnosisTaskInputSchema,
  type DiagnosisTaskQuerySchema,
  jobUnderWay,
  type ObjectAuthorityInputSchema,
  type ObjectInsertSchema,
  type ObjectTaskQuerySchema,
  type PushedChargerInputSchema,
  type ResultEntrySchema,
  type ReviseSchema,
  STANDARD_API,
  type TargetSaveSchema,
} from '@zg/contract';
import type { z } from 'zod';
import { call } from '../../api/endpoint';
import { fetchDepartments } from '../../api/user';

/** Every query of this feature starts with this key, so one invalidation refreshes cards, lists and rows. */
const KEY = 'diagnosis';
/** How often a running computation is polled (any worker answers: its progress lives in PostgreSQL). */
const POLL_MS = 1000;

export type TaskQuery = z.input<typeof DiagnosisTaskQuerySchema>;
export type ObjectQuery = z.input<typeof ObjectTaskQuerySchema>;

/** `GET rest/task/selectlist`: the tasks the user sees, paged. */
export function useTasks(query: TaskQuery) {
  return useQuery({
    queryKey: [KEY, 'tasks', query],
    queryFn: ({ signal }) => call(API.taskList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET rest/task/selectdto`: one task. */
export function useTask(id: number) {
  return useQuery({
    queryKey: [KEY, 'task', id],
    queryFn: ({ signal }) => call(API.taskDetail, { query: { id } }, { signal }),
    enabled: id > 0,
  });
}

/** `GET getFutureTaskResult`: the scheduled computation and the latest whole-task job (to follow one under way). */
export function useFutureTask(rwid: number) {
  return useQuery({
    queryKey: [KEY, 'future', rwid],
    queryFn: ({ signal }) => call(API.futureTaskResult, { query: { rwid } }, { signal }),
    enabled: rwid > 0,
    throwOnError: false,
  });
}

/** `GET rest/obj/select`: object tasks (of one task, or of all the user's tasks), paged. */
export function useObjectTasks(query: ObjectQuery, enabled = true) {
  return useQuery({
    queryKey: [KEY, 'objects', query],
    queryFn: ({ signal }) => call(API.objectPage, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET rest/obj/selectbyshjd`: the auditor's queue. */
export function useAuditQueue(query: { pageNum: number; pageSize: number; rwid?: number }) {
  return useQuery({
    queryKey: [KEY, 'queue', query],
    queryFn: ({ signal }) => call(API.objectAuditQueue, { query: { ...query, shjd: 'target' } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET rest/quality/select`: every row of an object task, with the object task itself. */
export function useRows(dxrwid: number, flag?: 'unfin' | 'dis') {
  return useQuery({
    queryKey: [KEY, 'rows', dxrwid, flag],
    queryFn: ({ signal }) => call(API.rows, { query: { dxrwid, flag } }, { signal }),
    enabled: dxrwid > 0,
  });
}

/** `GET rest/audit/dynamic`: the audit trail of an object task, newest first. */
export function useAuditTrail(dxrwid: number) {
  return useQuery({
    queryKey: [KEY, 'trail', dxrwid],
    queryFn: ({ signal }) => call(API.auditDynamic, { query: { dxrwid } }, { signal }),
    enabled: dxrwid > 0,
    throwOnError: false,
  });
}

/** `GET rest/quality/lineage`: 数据来源 of a row's value (the dialog draws its own failure). */
export function useLineage(id: number | null) {
  return useQuery({
    queryKey: [KEY, 'lineage', id],
    queryFn: ({ signal }) => call(API.lineage, { query: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    throwOnError: false,
  });
}

/** `GET rest/quality/samples`: a row's sampling records, oldest first (the dialog draws its own failure). */
export function useSamples(id: number | null) {
  return useQuery({
    queryKey: [KEY, 'samples', id],
    queryFn: ({ signal }) => call(API.samples, { query: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    throwOnError: false,
  });
}

/** `GET getCalScoreResult`: an object task's score and its rows per grade. */
export function useScore(dxrwid: number) {
  return useQuery({
    queryKey: [KEY, 'score', dxrwid],
    queryFn: ({ signal }) => call(API.scoreResult, { query: { dxrwid } }, { signal }),
    enabled: dxrwid > 0,
    throwOnError: false,
  });
}

/** `POST rest/quality/selectcollent`: an object task's collectors (采集人). */
export function useCollectors(dxrwid: number) {
  return useQuery({
    queryKey: [KEY, 'collectors', dxrwid],
    queryFn: ({ signal }) => call(API.collectors, { body: { dxrwid } }, { signal }),
    enabled: dxrwid > 0,
    throwOnError: false,
  });
}

/** `GET rest/task/calresult/job`: a whole-task computation, polled while it runs. */
export function useCalculationJob(id: string | null) {
  return useQuery({
    queryKey: [KEY, 'job', id],
    queryFn: ({ signal }) => call(API.taskCalculateJob, { query: { id: id ?? '' } }, { signal }),
    enabled: id !== null,
    throwOnError: false,
    refetchInterval: (q) => (jobUnderWay(q.state.data) ? POLL_MS : false),
  });
}

// ---- what the publish dialog offers ----

/** The published standard systems the user may read. */
export function usePublishedStandards(enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'standards'],
    queryFn: ({ signal }) =>
      call(STANDARD_API.targetPage, { query: { current: 1, size: 200, state: 'published' } }, { signal }),
    enabled,
    throwOnError: false,
  });
}

/** Cycle types with their visible values. */
export function useCycleTypes(enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'cycles'],
    queryFn: ({ signal }) => call(CYCLE_API.cycleTypesWithValues, {}, { signal }),
    enabled,
    throwOnError: false,
  });
}

/** Every department (the publishing department). */
export function useDepartments(enabled: boolean) {
  return useQuery({ queryKey: ['departments', 'all'], queryFn: fetchDepartments, enabled, throwOnError: false });
}

/** The objects of a dimension (by its code), searched by code or name: those a publisher may choose. */
export function useDimensionObjects(dimension: string | undefined, keyword: string) {
  return useQuery({
    queryKey: [KEY, 'dimensionObjects', dimension, keyword],
    queryFn: async ({ signal }) => {
      const types = await call(DIMENSION_API.types, { query: { pageNum: 1, pageSize: 1000 } }, { signal });
      const type = types.list.find((t) => t.wdbm === dimension);
      if (!type) return [];
      const q = { wdid: type.id, keyword: keyword || undefined, pageNum: 1, pageSize: 100 };
      return (await call(DIMENSION_API.objects, { query: q }, { signal })).list.filter((o) => o.sfqy);
    },
    enabled: !!dimension,
    throwOnError: false,
    placeholderData: keepPreviousData,
  });
}

// ---- writes: each refreshes everything the feature shows ----

function useChange<A, R>(fn: (a: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [KEY] });
    },
  });
}

export function useDiagnosisActions() {
  return {
    publish: useChange((body: z.input<typeof DiagnosisTaskInputSchema>) => call(API.taskInsert, { body })),
    pause: useChange((id: number) => call(API.taskPause, { body: { id } })),
    resume: useChange((id: number) => call(API.taskResume, { body: { id } })),
    finish: useChange((id: number) => call(API.taskFinish, { body: { id } })),
    remove: useChange((id: number) => call(API.tasksDelete, { body: { ids: [id] } })),
    calculateTask: useChange((id: number) => call(API.taskCalculate, { body: { id } })),
    calculateObject: useChange((dxrwid: number) => call(API.calculate, { body: { dxrwid } })),
    saveTargets: useChange((body: z.input<typeof TargetSaveSchema>) => call(API.targetsSave, { body })),
    addObjects: useChange((body: z.input<typeof ObjectInsertSchema>) => call(API.objectInsert, { body })),
    removeObject: useChange((id: number) => call(API.objectDelete, { params: { id } })),
    removeObjects: useChange((ids: number[]) => call(API.objectsDelete, { body: { ids } })),
    changeCharger: useChange((body: z.input<typeof PushedChargerInputSchema>) => call(API.chargerUpdate, { body })),
    issueDown: useChange((ids: number[]) => call(API.targetsIssueDown, { body: { ids, list: [] } })),
    again: useChange((id: number) => call(API.objectAgain, { body: { id } })),
    refresh: useChange((id: number) => call(API.objectRefresh, { body: { id } })),
    score: useChange((id: number) => call(API.objectScore, { body: { id } })),
    setPeople: useChange((body: z.input<typeof ObjectAuthorityInputSchema>) => call(API.objectAuthority, { body })),
    removeCollector: useChange((body: { dxrwid: number; yhid: string }) => call(API.collectorRemove, { body })),
    reviseTarget: useChange((body: z.input<typeof ReviseSchema>) => call(API.reviseTarget, { body })),
    reviseResult: useChange((body: z.input<typeof ReviseSchema>) => call(API.reviseResult, { body })),
    enterResults: useChange((body: z.input<typeof ResultEntrySchema>) => call(API.resultsEnter, { body })),
    pass: useChange((body: z.input<typeof AuditInputSchema>) => call(API.auditPass, { body })),
    refuse: useChange((body: z.input<typeof AuditInputSchema>) => call(API.auditRefuse, { body })),
  };
}

/** Refreshes what the feature shows (a finished computation changes every figure). */
export function useRefreshDiagnosis() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [KEY], predicate: (q) => q.queryKey[1] !== 'job' });
}
