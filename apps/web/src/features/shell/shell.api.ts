import { useQuery } from '@tanstack/react-query';
import { AppConfigSchema } from '@zg/contract';
import { useMemo } from 'react';
import { get } from '../../api/client';
import { barItems, type MenuEntry, visibleMenu } from '../../app/menu';
import { hasPage } from '../../app/routes';
import { useLoginRecord } from '../../app/use-login-record';

export const appConfigQueryKey = ['appConfig'] as const;

/** `GET /api/user/appConfig` (public): version, feature flags, CAS. */
export function fetchAppConfig(signal?: AbortSignal) {
  return get('/api/user/appConfig', { schema: AppConfigSchema, signal, quiet: true });
}

/** The public app config; feature flags are off until it answers. */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => fetchAppConfig(signal),
    staleTime: 10 * 60_000,
    // Without the flags the menu lacks flagged entries only; a page mounting later need not ask again.
    retryOnMount: false,
  });
}

/**
 * The signed-in user's menu, recomputed whenever the login record's menu map or the feature flags change
 * (spec-1 section 4).
 */
export function useMenu(): { menu: MenuEntry[]; bar: MenuEntry[]; ready: boolean } {
  const record = useLoginRecord();
  const config = useAppConfig();
  const menus = record?.menus;
  const flags = config.data?.featureFlags;
  // Settled once (answer or failure): a later refetch must not take the pages away meanwhile.
  const ready = config.isFetched;
  return useMemo(() => {
    const menu = visibleMenu(menus ?? {}, flags ?? [], hasPage);
    return { menu, bar: barItems(menu), ready };
  }, [menus, flags, ready]);
}
