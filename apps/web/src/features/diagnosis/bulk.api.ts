import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DIAGNOSIS_BULK_API as BULK,
  type BulkAction,
  DIAGNOSIS_API,
  jobUnderWay,
  LIST_PAGE_MAX,
  type TargetState,
  ZNFX_API,
} from '@zg/contract';
import { call, downloadFrom, uploadTo } from '../../api/endpoint';

/** 诊断改进's bulk work and 质量分析 (issue 31 items 5 and 6): their calls and queries. */

const KEY = 'diagnosis';
const POLL_MS = 1000;

/** The ids of a task's object tasks the user sees (all pages), optionally of one state and of their charge. */
export async function objectIdsOf(rwid: number, filter: { state?: TargetState; mine?: boolean } = {}) {
  const ids: number[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await call(DIAGNOSIS_API.objectPage, {
      query: {
        rwid,
        pageNum,
        pageSize: LIST_PAGE_MAX,
        state: filter.state,
        userType: filter.mine ? 'fzr' : undefined,
      },
    });
    ids.push(...page.list.map((o) => o.id));
    if (page.list.length < LIST_PAGE_MAX || ids.length >= page.total) return ids;
  }
}

/** Starts a bulk job (asyncupdateuplist / asyncupdatedownlist). */
export const startBulk = (action: BulkAction, ids: number[]) =>
  call(action === 'up' ? BULK.asyncUpList : BULK.asyncDownList, { body: { ids } });

/** `GET rest/obj/asyncupdate/job`: a bulk job, polled while it runs (any worker answers). */
export function useBulkJob(id: string | null) {
  return useQuery({
    queryKey: [KEY, 'job', 'bulk', id],
    queryFn: ({ signal }) => call(BULK.bulkJob, { query: { id: id ?? '' } }, { signal }),
    enabled: id !== null,
    throwOnError: false,
    refetchInterval: (q) => (jobUnderWay(q.state.data) ? POLL_MS : false),
  });
}

export const downloadTargets = (rwid: number) => downloadFrom(BULK.download, { query: { rwid } });
export const downloadTemplate = () => downloadFrom(BULK.template, {});
export const checkTargets = (rwid: number, file: File) =>
  uploadTo(BULK.uploadCheckout, { query: { rwid } }, { file, quiet: true });
export const importTargets = (rwid: number, file: File) =>
  uploadTo(BULK.uploadSynchronization, { query: { rwid } }, { file, quiet: true });

/** `GET selectTaskByDimension`: the tasks of a dimension with their attainment. */
export function useAnalysisTasks(wd: string | undefined) {
  return useQuery({
    queryKey: [KEY, 'znfx', 'tasks', wd ?? ''],
    queryFn: ({ signal }) => call(ZNFX_API.tasks, { query: { wd } }, { signal }),
  });
}

/** `GET schoolView`: the heat table of a task. */
export function useHeat(rwid: number | null) {
  return useQuery({
    queryKey: [KEY, 'znfx', 'heat', rwid],
    queryFn: ({ signal }) => call(ZNFX_API.heat, { query: { rwid: rwid ?? 0 } }, { signal }),
    enabled: rwid !== null,
  });
}

/** `GET selectQuality`: one object task's QCPs with their attainment. */
export function useObjectQuality(dxrwid: number | null) {
  return useQuery({
    queryKey: [KEY, 'znfx', 'quality', dxrwid],
    queryFn: ({ signal }) => call(ZNFX_API.quality, { query: { dxrwid: dxrwid ?? 0 } }, { signal }),
    enabled: dxrwid !== null,
  });
}

/** `POST cacheQualityByTaskId`: rebuilds the task's summary, then shows it. */
export function useRefreshSummary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rwid: number) => call(ZNFX_API.cache, { body: { rwid } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY, 'znfx'] }),
  });
}

export const exportHeat = (rwid: number) => downloadFrom(ZNFX_API.heatExport, { query: { rwid } });
