import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CatalogNodeSchema,
  CycleTypeSchema,
  DepartManageSchema,
  DocumentsSchema,
  MissionSchema,
  pageOf,
  type TaskAction,
  TaskCardSchema,
  type TaskDetailQuery,
  type TaskInput,
  type TaskPageKind,
  TaskTypeSchema,
  TaskVoSchema,
  YearTargetSchema,
} from '@zg/contract';
import { App } from 'antd';
import { z } from 'zod';
import { ApiError, download, get, post, upload } from '../../api/client';
import { toastFailure } from './progress/feedback';

/** The target and task management module (resource style) and the year-target task module. */
export const WBS_API = '/api/herm-wbs';
export const NDWBS_API = '/api/herm-ndwbs';

const TaskPage = pageOf(TaskCardSchema);
const YearTargetPage = pageOf(YearTargetSchema);
const IdResult = z.object({ id: z.number().int() });
const CountResult = z.object({ count: z.number().int() });
const YearTargetOptions = z.array(z.object({ id: z.number().int(), name: z.string(), cycleYear: z.number().int() }));

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
  rwzt?: string;
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
    queryFn: ({ signal }) =>
      get(`${WBS_API}/targetTask/selectPage`, { query: { kind, ...filters, current, size }, schema: TaskPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useYearTargets(query: { year?: number; mine?: boolean; current: number; size: number }) {
  return useQuery({
    queryKey: [...TT_KEY, 'yearTargets', query],
    queryFn: ({ signal }) =>
      get(`${WBS_API}/yearTarget/selectPage`, {
        query: { year: query.year, mine: query.mine ? 'true' : undefined, current: query.current, size: query.size },
        schema: YearTargetPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useYearTargetOptions() {
  return useQuery({
    queryKey: [...TT_KEY, 'yearTargetOptions'],
    queryFn: ({ signal }) => get(`${WBS_API}/yearTarget/list`, { schema: YearTargetOptions, signal }),
  });
}

export function useTaskTree(yearTargetId: number | undefined) {
  return useQuery({
    queryKey: [...TT_KEY, 'tree', yearTargetId],
    queryFn: ({ signal }) =>
      get(`${WBS_API}/targetTask/tree`, {
        query: { yearTargetId },
        schema: z.array(TaskCardSchema),
        signal,
      }),
    enabled: yearTargetId !== undefined,
  });
}

export function useTaskVo(id: number | undefined) {
  return useQuery({
    queryKey: [...TT_KEY, 'vo', id],
    queryFn: ({ signal }) =>
      get(`${WBS_API}/targetTask/getTargetTaskVo`, { query: { id }, schema: TaskVoSchema, signal }),
    enabled: id !== undefined,
  });
}

export function useTaskDetailPage(query: TaskDetailQuery) {
  return useQuery({
    queryKey: [...TT_KEY, 'detail', query],
    queryFn: ({ signal }) =>
      get(`${WBS_API}/targetTaskDetail/selectPage`, { query: { ...query }, schema: TaskPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTaskTypes() {
  return useQuery({
    queryKey: [...TT_KEY, 'taskTypes'],
    queryFn: ({ signal }) => get(`${WBS_API}/taskType/list`, { schema: z.array(TaskTypeSchema), signal }),
    staleTime: 10 * 60_000,
  });
}

export function useCycleTypes(enabled = true) {
  return useQuery({
    queryKey: [...TT_KEY, 'cycleTypes'],
    queryFn: ({ signal }) => get(`${WBS_API}/cycleType/list`, { schema: z.array(CycleTypeSchema), signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

export function useDepartManage() {
  return useQuery({
    queryKey: [...TT_KEY, 'departManage'],
    queryFn: ({ signal }) => get(`${WBS_API}/departManage/list`, { schema: z.array(DepartManageSchema), signal }),
  });
}

export function useDocuments(owner: { ownerType: 'YearTask' | 'NodeTask'; ownerId: number } | null) {
  return useQuery({
    queryKey: [...TT_KEY, 'documents', owner],
    queryFn: ({ signal }) =>
      get(`${WBS_API}/targetTaskFile/list`, { query: { ...owner }, schema: DocumentsSchema, signal }),
    enabled: owner !== null,
  });
}

export function useMission(taskId: number | undefined) {
  return useQuery({
    queryKey: [...TT_KEY, 'mission', taskId],
    queryFn: ({ signal }) => get(`${NDWBS_API}/missionStatement/${taskId}`, { schema: MissionSchema, signal }),
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

export const useSaveYearTarget = () =>
  useWrite((v: YearTargetForm & { id?: number; version?: number }) =>
    v.id === undefined
      ? post(`${WBS_API}/yearTarget/insert`, v, { schema: IdResult })
      : post(`${WBS_API}/yearTarget/update`, v),
  );
export const useDeleteYearTarget = () => useWrite((id: number) => post(`${WBS_API}/yearTarget/${id}/delete`));
export const useMoveYearTarget = () =>
  useWrite((v: { id: number; direction: 'up' | 'down' }) => post(`${WBS_API}/yearTarget/moveYearTarget`, v));

export const useSaveTask = () =>
  useWrite((v: TaskInput & { id?: number; version?: number }) =>
    v.id === undefined
      ? post(`${WBS_API}/targetTask/insert`, v, { schema: IdResult })
      : post(`${WBS_API}/targetTask/update`, v),
  );
export const useDeleteTasks = () =>
  useWrite(async (ids: number[]) => {
    for (const id of ids) await post(`${WBS_API}/targetTask/${id}/delete`);
  });

/** The call of each named transition: tasks' own actions, and the definition audit. */
export function actionPath(action: TaskAction, id: number) {
  const audit: Partial<Record<TaskAction, string>> = { define: 'submit', pass: 'pass', refuse: 'refuse' };
  const step = audit[action];
  return step ? `${WBS_API}/targetTaskAudit/${id}/${step}` : `${WBS_API}/targetTask/${id}/${action}`;
}

export const useTaskAction = () =>
  useWrite((v: { action: TaskAction; id: number; version: number; reason?: string; ownerId?: string }) =>
    post(actionPath(v.action, v.id), { version: v.version, reason: v.reason, ownerId: v.ownerId }),
  );

export const useSaveMission = () =>
  useWrite((v: { taskId: number; version: number; mission: string }) =>
    post(`${NDWBS_API}/missionStatement/update`, v),
  );

export const useSaveDocuments = () =>
  useWrite((v: { ownerType: 'YearTask' | 'NodeTask'; ownerId: number; fileTypeId: number; fileIds: string[] }) =>
    post(`${WBS_API}/targetTaskFile/save`, v, { schema: DocumentsSchema }),
  );

export const useAddCharger = () =>
  useWrite((v: { bmid: string; fzrid: string }) => post(`${WBS_API}/departManage/chargers/insert`, v));
export const useRemoveCharger = () =>
  useWrite((v: { bmid: string; fzrid: string }) => post(`${WBS_API}/departManage/chargers/delete`, v));

/** Imports tasks into a year target; a bad sheet rejects with the row-by-row message (quiet: the page shows it). */
export function importTasks(yearTargetId: number, file: File, onProgress: (p: number) => void) {
  return upload(`${WBS_API}/targetTask/import`, {
    file,
    fields: { yearTargetId: String(yearTargetId) },
    schema: CountResult,
    onProgress,
    quiet: true,
  });
}

export function importChargers(file: File, onProgress: (p: number) => void) {
  return upload(`${WBS_API}/departManage/chargers/import`, { file, schema: CountResult, onProgress, quiet: true });
}

export const downloadTemplate = () => download(`${WBS_API}/targetTask/template`, { filename: '目标任务导入模板.xlsx' });
export const exportTasks = (yearTargetId: number) =>
  download(`${WBS_API}/targetTask/exportTaskDetail`, { query: { yearTargetId }, filename: '目标任务.xlsx' });
export const exportChargers = () =>
  download(`${WBS_API}/departManage/chargers/export`, { filename: '部门负责人.xlsx' });
export const exportTaskDetail = (query: Omit<TaskDetailQuery, 'current' | 'size'>) =>
  download(`${WBS_API}/targetTaskDetail/exportDetail`, { query: { ...query }, filename: '末级任务明细.xlsx' });
