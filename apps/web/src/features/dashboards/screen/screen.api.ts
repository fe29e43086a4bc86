import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCHOOL_SCREEN_API as API, MONITOR_API, type Screen, type ScreenItem } from '@zg/contract';
import { call } from '../../../api/endpoint';

/** The screens the user's screen authority allows (querySchoolList). */
export function useScreens() {
  return useQuery({
    queryKey: ['screen', 'list'] as const,
    queryFn: ({ signal }) => call(API.screensOfUser, {}, { signal }),
  });
}

/** One screen's layout (querySchoolScreen; the first the user may see without an id). */
export function useScreen(id: number | undefined) {
  return useQuery({
    queryKey: ['screen', 'one', id ?? 0] as const,
    queryFn: ({ signal }) => call(API.screen, { query: id ? { id } : {} }, { signal }),
    retry: false,
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
