import { MENUS, type MenuDef, type MenuKey } from '@zg/contract';

/** One entry of the signed-in user's menu: the catalogue's path and icon, the server's label or the default one. */
export interface MenuEntry {
  key: MenuKey;
  path: string;
  label: string;
  icon?: string;
  parent?: MenuKey;
  hiddenInBar: boolean;
}

/**
 * The menu the user sees (spec-1 sections 2 and 4): catalogue entries whose key (or the key they come with, as
 * /dashboards with the home menu) is in the user's menu map, whose feature flag (if any) is on, and which have a
 * page in this build (`hasPage`); in catalogue order.
 */
export function visibleMenu(
  menus: Record<string, string>,
  featureFlags: readonly string[],
  hasPage: (key: MenuKey) => boolean,
): MenuEntry[] {
  const defs: readonly MenuDef[] = MENUS;
  const flagOn = (m: MenuDef | undefined) => !m?.featureFlag || featureFlags.includes(m.featureFlag);
  return (
    defs
      .filter((m) => Object.hasOwn(menus, m.key) || (!!m.grantedWith && Object.hasOwn(menus, m.grantedWith)))
      // An entry under a flagged module goes with it.
      .filter((m) => flagOn(m) && flagOn(defs.find((d) => d.key === m.parent)))
      .filter((m) => hasPage(m.key as MenuKey))
      .map((m) => ({
        key: m.key as MenuKey,
        path: m.path,
        label: menus[m.key]?.trim() || m.label,
        icon: m.icon,
        parent: m.parent as MenuKey | undefined,
        hiddenInBar: m.hiddenInBar === true,
      }))
  );
}

/** The top bar's items: top-level entries that are not hidden in the bar (/dashboards is routable but not listed). */
export function barItems(menu: readonly MenuEntry[]): MenuEntry[] {
  return menu.filter((m) => !m.parent && !m.hiddenInBar);
}

/** The entries under a top-level module. */
export function childrenOf(menu: readonly MenuEntry[], key: MenuKey): MenuEntry[] {
  return menu.filter((m) => m.parent === key);
}

/** Spec-1 section 2: the content area redirects to the first leaf of the menu, or /index when there is none. */
export function firstLeaf(menu: readonly MenuEntry[]): string {
  const first = barItems(menu)[0];
  if (!first) return '/index';
  return childrenOf(menu, first.key)[0]?.path ?? first.path;
}

/** The selected top-level item: the one whose path is the first segment of the current route. */
export function selectedTopKey(menu: readonly MenuEntry[], pathname: string): MenuKey | undefined {
  const segment = `/${pathname.split('/')[1] ?? ''}`;
  return menu.find((m) => !m.parent && m.path === segment)?.key;
}

/** The entry a route belongs to: the longest menu path that is the route or a prefix of it. */
export function entryFor(menu: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  return [...menu]
    .filter((m) => pathname === m.path || pathname.startsWith(`${m.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
