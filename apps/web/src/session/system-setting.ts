import { useQuery } from '@tanstack/react-query';
import { APP, MSG, USER_API } from '@zg/contract';
import { useEffect } from 'react';
import { call } from '../api/endpoint';

export const systemSettingQueryKey = ['systemSetting'] as const;
/** localStorage key of the system name last received, shown while the setting loads on the next visit. */
export const SYSTEM_NAME_STORAGE_KEY = 'systemName';

function rememberedName(): string | null {
  try {
    return localStorage.getItem(SYSTEM_NAME_STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberName(name: string) {
  try {
    localStorage.setItem(SYSTEM_NAME_STORAGE_KEY, name);
  } catch {
    // Storage blocked: the next visit shows the default name until the setting arrives.
  }
}

/** `GET /api/user/systemSetting` (public). */
export function fetchSystemSetting(signal?: AbortSignal) {
  return call(USER_API.systemSetting, {}, { signal });
}

/**
 * The configured system name and logo; keeps the page title in step. While the setting loads, the name last received
 * (else the default), so the sign-in screen draws its heading at once instead of waiting for the request; on failure,
 * the default.
 */
export function useSystemSetting() {
  const query = useQuery({
    queryKey: systemSettingQueryKey,
    queryFn: ({ signal }) => fetchSystemSetting(signal),
    staleTime: 5 * 60_000,
    meta: { errorMessage: MSG.systemSettingFailed },
    // On failure the default name (see above), never an error in place of the sign-in screen.
    throwOnError: false,
  });
  const received = query.data?.systemName.trim();
  const systemName = received || (query.isPending ? rememberedName() : null) || APP.defaultSystemName;
  useEffect(() => {
    if (query.isPending) return;
    document.title = systemName;
    if (query.isSuccess) rememberName(systemName);
  }, [query.isPending, query.isSuccess, systemName]);
  return { systemName, logoUrl: query.data?.logoAttachment?.url ?? null, isPending: query.isPending };
}
