import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCHOOL_SCREEN_API as API, MONITOR_API, type Screen, type ScreenItem } from '@zg/contract';
import { call } from '../../../api/endpoint';
import { ApiError } from '../../../api/errors';

/** The screens the user's screen authority allows (querySchoolList). */
export function useScreens() {
  return useQuery({
    queryKey: ['screen', 'list'] as const,
    queryFn: ({ signal }) => call(API.screensOfUser, {}, { signal }),
  });
}

/**
 * One screen's layout (querySchoolScreen; the first the user may see without an id). null when no id is named and
 * the user may see no screen (the server's 404 暂无可查看的大屏: an empty state, not a failure). The page draws a
 * load error in place.
 */
export function useScreen(id: number | undefined) {
  return useQuery({
    queryKey: ['screen', 'one', id ?? 0] as const,
    queryFn: async ({ signal }) => {
      try {
        return await call(API.screen, { query: id ? { id } : {} }, { signal });
      } catch (e) {
        if (!id && e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
    retry: false,
    throwOnError: false,
  });
}

/** The screen's data in one request, refreshed every `refresh` seconds while the screen is open. */
export function useScreenData(screen: Screen | undefined) {
  return useQuery({
    queryKey: ['screen', 'data', screen?.id ?? 0, screen?.gxsj ?? ''] as const,
    queryFn: ({ signal }) => call(API.screenData, { body: { id: screen!.id } }, { signal }),
    enabled: !!screen,
    refetchInterval: (screen?.refresh ?? 300) * 1000,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
  });
}

/** Saves a screen's layout (updateSchoolScreen): the server's normalised screen replaces the page's. */
export function useSaveScreen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: number; mc: string; refresh: number; roles: string[]; items: ScreenItem[] }) =>
      call(API.updateScreen, { body: v }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['screen'] }),
  });
}

/** A screen's saved versions, newest first, a page at a time. */
export function useScreenHistory(id: number, current: number, enabled: boolean) {
  return useQuery({
    queryKey: ['screen', 'history', id, current] as const,
    queryFn: ({ signal }) => call(API.screenHistory, { query: { id, current, size: 10 } }, { signal }),
    enabled,
  });
}

/** Restores a version (saveSchoolHistory), itself kept as the next version. */
export function useRestoreScreen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (versionId: number) => call(API.saveScreenHistory, { body: { id: versionId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['screen'] }),
  });
}

/** 运行监控 (queryOperationMonitoring) for a year. */
export function useOperationMonitoring(year: number) {
  return useQuery({
    queryKey: ['monitor', year] as const,
    queryFn: ({ signal }) => call(MONITOR_API.operationMonitoring, { query: { year } }, { signal }),
    refetchInterval: 300_000,
  });
}
