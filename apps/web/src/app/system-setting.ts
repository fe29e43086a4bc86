import { useQuery } from '@tanstack/react-query';
import { APP, MSG, SystemSettingSchema } from '@zg/contract';
import { useEffect } from 'react';
import { get } from '../api/client';

export const systemSettingQueryKey = ['systemSetting'] as const;

/** `GET /api/user/systemSetting` (public). */
export function fetchSystemSetting(signal?: AbortSignal) {
  return get('/api/user/systemSetting', { schema: SystemSettingSchema, signal });
}

/** The configured system name (default while unknown or on failure) and logo; keeps the page title in step. */
export function useSystemSetting() {
  const query = useQuery({
    queryKey: systemSettingQueryKey,
    queryFn: ({ signal }) => fetchSystemSetting(signal),
    staleTime: 5 * 60_000,
    meta: { errorMessage: MSG.systemSettingFailed },
  });
  const systemName = query.data?.systemName.trim() || APP.defaultSystemName;
  useEffect(() => {
    if (!query.isPending) document.title = systemName;
  }, [query.isPending, systemName]);
  return { systemName, logoUrl: query.data?.logoAttachment?.url ?? null, isPending: query.isPending };
}
