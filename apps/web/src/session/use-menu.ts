import { useMemo } from 'react';
import { useAppConfig } from './app-config';
import { useLoginRecord } from './login-record';
import { barItems, type MenuEntry, visibleMenu } from './menu';
import { hasPage, useRouteTable } from './routes';

/**
 * The signed-in user's menu, recomputed whenever the login record's menu map or the feature flags change
 * (spec-1 section 4). Only entries with a page in the route table are listed.
 */
export function useMenu(): { menu: MenuEntry[]; bar: MenuEntry[]; ready: boolean } {
  const record = useLoginRecord();
  const config = useAppConfig();
  const table = useRouteTable();
  const menus = record?.menus;
  const flags = config.data?.featureFlags;
  // Settled once (answer or failure): a later refetch must not take the pages away meanwhile.
  const ready = config.isFetched;
  return useMemo(() => {
    const menu = visibleMenu(menus ?? {}, flags ?? [], (key) => hasPage(table, key));
    return { menu, bar: barItems(menu), ready };
  }, [menus, flags, ready, table]);
}
