import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ANNUAL_WBS_API,
  TARGET_TASK_API as API,
  type CatalogNodeSchema,
  type CycleTypeSchema,
  type DepartManageSchema,
  type DocumentsSchema,
  type TaskAction,
  type TaskCardSchema,
  type TaskDetailQuery,
  type TaskInput,
  type TaskPageKind,
  type TaskStatus,
  type TaskTypeSchema,
  type TaskVoSchema,
  type YearTargetSchema,
} from '@zg/contract';
import { App } from 'antd';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { call, downloadFrom, uploadTo } from '../../api/endpoint';
import { toastFailure } from '../../api/feedback';

export type TaskCard = z.infer<typeof TaskCardSchema>;
export type YearTarget = z.infer<typeof YearTargetSchema>;
export type TaskVo = z.infer<typeof TaskVoSchema>;
export type CatalogNode = z.infer<typeof CatalogNodeSchema>;
export type Documents = z.infer<typeof DocumentsSchema>;
export type DepartManage = z.infer<typeof DepartManageSchema>;
export type CycleType = z.infer<typeof CycleTypeSchema>;
export type TaskType = z.infer<typeof TaskTypeSchema>;

/** The task toolbar's filters (spec-1 section 2) as the list call takes them. */
export interface TaskFilters {
  year?: number;
  yearTargetId?: number;
  rwlx?: 'A' | 'B' | 'C' | 'D';
  departmentId?: string;
  departmentName?: string;
  rwzt?: TaskStatus;
  rwmc?: string;
  sort: 'asc' | 'desc';
  /** Only tasks whose 任务书 is still to be written (the home page's 待办 opens the list with it). */
  missionState?: 'toWrite';
}

/** Every query of the module starts with this key, so a change refreshes them all. */
export const TT_KEY = ['target-task'] as const;

// ---- reads ----

export function useTaskPage(kind: TaskPageKind, filters: TaskFilters, current: number, size: number) {
  return useQuery({
    queryKey: [...TT_KEY, 'tasks', kind, filters, current, size],
    queryFn: ({ signal }) => call(API.taskPage, { query: { kind, ...filters, current, size } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useYearTargets(query: { year?: number; mine?: boolean; current: number; size: number }) {
  return useQuery({
    queryKey: [...TT_KEY, 'yearTargets', query],
    queryFn: ({ signal }) =>
      call(
        API.yearTargetPage,
        {
          query: { year: query.year, mine: query.mine ? 'true' : undefined, current: query.current, size: query.size },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** 服务的质控点's choices: the QCPs of the published standard systems (issue 35), loaded when the form opens. */
export function useQcpOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...TT_KEY, 'qcpOptions'],
    queryFn: ({ signal }) => call(API.qcpOptions, {}, { signal }),
    enabled,
    staleTime: 60_000,
    // The field says it failed; the form stays usable.
    throwOnError: false,
  });
}

export function useYearTargetOptions() {
  return useQuery({
    queryKey: [...TT_KEY, 'yearTargetOptions'],
    queryFn: ({ signal }) => call(API.yearTargetOptions, {}, { signal }),
  });
}

export function useTaskTree(yearTargetId: number | undefined) {
  return useQuery({
    queryKey: [...TT_KEY, 'tree', yearTargetId],
    queryFn: ({ signal }) => call(API.taskTree, { query: { yearTargetId: yearTargetId ?? 0 } }, { signal }),
    enabled: yearTargetId !== undefined,
  });
}

export function useTaskVo(id: number | undefined) {
  return useQuery({
    queryKey: [...TT_KEY, 'vo', id],
    queryFn: ({ signal }) => call(API.taskVo, { query: { id: id ?? 0 } }, { signal }),
    enabled: id !== undefined,
  });
}

export function useTaskDetailPage(query: TaskDetailQuery) {
  return useQuery({
    queryKey: [...TT_KEY, 'detail', query],
    queryFn: ({ signal }) => call(API.lastLevelPage, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTaskTypes() {
  return useQuery({
    queryKey: [...TT_KEY, 'taskTypes'],
    queryFn: ({ signal }) => call(API.taskTypeList, {}, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useCycleTypes(enabled = true) {
  return useQuery({
    queryKey: [...TT_KEY, 'cycleTypes'],
    queryFn: ({ signal }) => call(API.cycleTypeList, {}, { signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

export function useDepartManage() {
  return useQuery({
    queryKey: [...TT_KEY, 'departManage'],
    queryFn: ({ signal }) => call(API.departments, {}, { signal }),
  });
}

export function useDocuments(owner: { ownerType: 'YearTask' | 'NodeTask'; ownerId: number } | null) {
  return useQuery({
    queryKey: [...TT_KEY, 'documents', owner],
    queryFn: ({ signal }) =>
      call(API.documentList, { query: owner ?? { ownerType: 'YearTask', ownerId: 0 } }, { signal }),
    enabled: owner !== null,
  });
}

export function useMission(taskId: number | undefined) {
  return useQuery({
    queryKey: [...TT_KEY, 'mission', taskId],
    queryFn: ({ signal }) => call(ANNUAL_WBS_API.mission, { params: { taskId: taskId ?? 0 } }, { signal }),
    enabled: taskId !== undefined,
  });
}

// ---- writes: each refreshes the module's queries ----

/**
 * A write of the module: it refreshes the module's queries, and a refusal is told once with the server's Chinese
 * message (a 400 naming the bad value, a 409 saying the task changed), so the caller's dialog stays open and may ignore
 * the rejection. What the request catalogue already told (a session that ended, no permission) is not told again.
 */
function useWrite<V>(call: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: call,
    onError: (error) => {
      toastFailure(message, error);
      if (error instanceof ApiError) error.handled = true;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TT_KEY }),
  });
}

export interface YearTargetForm {
  name: string;
  cycleYear: number;
  chargeDepartId: string;
  auditorId?: string;
  description?: string;
}

/** What a save sends: a new record, or an existing one with its id and the version it was read at. */
type Saved<T> = T | (T & { id: number; version: number });

export const useSaveYearTarget = () =>
  useWrite((v: Saved<YearTargetForm>) =>
    'id' in v ? call(API.yearTargetUpdate, { body: v }) : call(API.yearTargetInsert, { body: v }),
  );
export const useDeleteYearTarget = () => useWrite((id: number) => call(API.yearTargetDelete, { params: { id } }));
export const useMoveYearTarget = () =>
  useWrite((v: { id: number; direction: 'up' | 'down' }) => call(API.moveYearTarget, { body: v }));

export const useSaveTask = () =>
  useWrite((v: Saved<TaskInput>) =>
    'id' in v ? call(API.taskUpdate, { body: v }) : call(API.taskInsert, { body: v }),
  );
export const useDeleteTasks = () =>
  useWrite(async (ids: number[]) => {
    for (const id of ids) await call(API.taskDelete, { params: { id } });
  });

/** The endpoint of each named transition: tasks' own actions, and the definition audit. */
const ACTION_ENDPOINT: Record<TaskAction, typeof API.push> = {
  push: API.push,
  withdraw: API.withdraw,
  accept: API.accept,
  goBack: API.goBack,
  resolve: API.resolve,
  decompose: API.decompose,
  define: API.auditSubmit,
  pass: API.auditPass,
  refuse: API.auditRefuse,
};

export const useTaskAction = () =>
  useWrite((v: { action: TaskAction; id: number; version: number; reason?: string; ownerId?: string }) =>
    call(ACTION_ENDPOINT[v.action], {
      params: { id: v.id },
      body: { version: v.version, reason: v.reason, ownerId: v.ownerId },
    }),
  );

export const useSaveMission = () =>
  useWrite((v: { taskId: number; version: number; mission: string }) =>
    call(ANNUAL_WBS_API.missionUpdate, { body: v }),
  );

export const useSaveDocuments = () =>
  useWrite((v: { ownerType: 'YearTask' | 'NodeTask'; ownerId: number; fileTypeId: number; fileIds: string[] }) =>
    call(API.documentSave, { body: v }),
  );

export const useAddCharger = () =>
  useWrite((v: { bmid: string; fzrid: string }) => call(API.chargerInsert, { body: v }));
export const useRemoveCharger = () =>
  useWrite((v: { bmid: string; fzrid: string }) => call(API.chargerDelete, { body: v }));

/** Imports tasks into a year target; a bad sheet rejects with the row-by-row message (quiet: the page shows it). */
export function importTasks(yearTargetId: number, file: File, onProgress: (p: number) => void) {
  return uploadTo(API.import, {}, { file, fields: { yearTargetId: String(yearTargetId) }, onProgress, quiet: true });
}

export function importChargers(file: File, onProgress: (p: number) => void) {
  return uploadTo(API.chargerImport, {}, { file, onProgress, quiet: true });
}

export const downloadTemplate = () => downloadFrom(API.template, {}, { filename: '目标任务导入模板.xlsx' });
export const exportTasks = (yearTargetId: number) =>
  downloadFrom(API.exportTaskDetail, { query: { yearTargetId } }, { filename: '目标任务.xlsx' });
export const exportChargers = () => downloadFrom(API.chargerExport, { query: {} }, { filename: '部门负责人.xlsx' });
export const exportTaskDetail = (query: Omit<TaskDetailQuery, 'current' | 'size'>) =>
  downloadFrom(API.lastLevelExport, { query }, { filename: '末级任务明细.xlsx' });
