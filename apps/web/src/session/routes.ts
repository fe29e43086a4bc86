import { type LoginRecord, MENUS, type MenuKey } from '@zg/contract';
import { createContext, type ReactElement, useContext } from 'react';
import type { MenuEntry } from './menu';

/**
 * The shape of the web's one route table (assembled in app/routes.tsx from the features' routes.tsx files), and what
 * the signed-in layout computes from it. Features declare their routes with these types; app/ puts them together
 * and hands the table down through `RouteTableContext`, so no feature imports app/.
 */

/**
 * A page below a module's menu entry that has no menu key of its own (/targetTaskManagement/myTask), listed in the
 * module's sidebar after the entry and its catalogue children.
 */
export interface SubPage {
  /** The path below the module's path: `${module path}/${slug}`, and the paths below that. */
  slug: string;
  label: string;
  /** What the route renders (a lazy page). */
  element: ReactElement;
  /** Menu keys that grant the page, any of them; without any, the module's own key does. */
  grantedBy?: readonly MenuKey[];
  /** Whether the signed-in user gets the page; the server still decides every row they see in it. */
  visible: (record: LoginRecord | null) => boolean;
}

/** What a feature routes under one menu key: the page at the entry's path, sub-pages below it, or both. */
export interface MenuRoute {
  /** The page at the menu entry's path (a lazy page). */
  page?: ReactElement;
  /** The page also owns the paths below its own (/dataManage/files/3). */
  nested?: boolean;
  subPages?: readonly SubPage[];
}

/**
 * A feature's routes, by menu key of the contract's catalogue (packages/contract/src/menus.ts). Declare them with
 * `satisfies FeatureRoutes`: a key the catalogue does not have is a type error.
 */
export type FeatureRoutes = { readonly [K in MenuKey]?: MenuRoute };

/** The same sub-pages under several menu keys (one module served by two menus), as a feature's routes. */
export function subPagesUnder<const K extends MenuKey>(
  keys: readonly K[],
  subPages: readonly SubPage[],
): { readonly [P in K]: { subPages: readonly SubPage[] } } {
  return Object.fromEntries(keys.map((k) => [k, { subPages }])) as { [P in K]: { subPages: readonly SubPage[] } };
}

/** The assembled table: for each menu key with a route, its page and every feature's sub-pages, in order. */
export type RouteTable = { readonly [K in MenuKey]?: { page?: ReactElement; nested: boolean; subPages: SubPage[] } };

/** The menu keys a feature gives a page. */
type PagedKeys<F> = F extends unknown
  ? { [K in keyof F]-?: NonNullable<F[K]> extends { page: ReactElement } ? K : never }[keyof F]
  : never;
/** The menu keys a feature lists sub-pages under. */
type SubPagedKeys<F> = F extends unknown
  ? { [K in keyof F]-?: NonNullable<F[K]> extends { subPages: readonly SubPage[] } ? K : never }[keyof F]
  : never;

/**
 * What the compiler says when the features and the keys without a page do not match the contract's menus; unknown
 * (no complaint) when they do:
 * - `menuKeysWithoutRoute`: a menu key that no feature gives a page and that is not declared as without one;
 * - `routedButDeclaredWithoutPage`: a key both given a page and declared without one;
 * - `subPagesUnderKeysWithoutPage`: sub-pages under a key that nothing gives a page (they could never be reached).
 */
export type MenuCoverage<F extends readonly FeatureRoutes[], N extends readonly MenuKey[]> = ([
  Exclude<MenuKey, PagedKeys<F[number]> | N[number]>,
] extends [never]
  ? unknown
  : { menuKeysWithoutRoute: Exclude<MenuKey, PagedKeys<F[number]> | N[number]> }) &
  ([Extract<PagedKeys<F[number]>, N[number]>] extends [never]
    ? unknown
    : { routedButDeclaredWithoutPage: Extract<PagedKeys<F[number]>, N[number]> }) &
  ([Exclude<SubPagedKeys<F[number]>, PagedKeys<F[number]>>] extends [never]
    ? unknown
    : { subPagesUnderKeysWithoutPage: Exclude<SubPagedKeys<F[number]>, PagedKeys<F[number]>> });

/**
 * Puts the features' routes together. It compiles only when every menu key of the contract is either given a page
 * by a feature or listed in `withoutPage` (a menu this build has no page for: it is never shown), never both, and
 * sub-pages hang under keys that have a page. A key given a page by two features, or a sub-page slug used twice under
 * one key, is refused when the table is built (app/routes.test.tsx builds it).
 */
export function routeTable<const F extends readonly FeatureRoutes[], const N extends readonly MenuKey[]>(
  features: F,
  withoutPage: N & MenuCoverage<F, N>,
): RouteTable {
  const table: Partial<Record<MenuKey, { page?: ReactElement; nested: boolean; subPages: SubPage[] }>> = {};
  for (const feature of features) {
    for (const [key, route] of Object.entries(feature) as [MenuKey, MenuRoute][]) {
      const entry = table[key] ?? { nested: false, subPages: [] };
      table[key] = entry;
      if (route.page) {
        if (entry.page) throw new Error(`menu ${key} is given a page twice`);
        entry.page = route.page;
        entry.nested = route.nested === true;
      }
      for (const sub of route.subPages ?? []) {
        if (entry.subPages.some((s) => s.slug === sub.slug))
          throw new Error(`menu ${key} has sub-page ${sub.slug} twice`);
        entry.subPages.push(sub);
      }
    }
  }
  for (const key of withoutPage) {
    if (table[key]?.page) throw new Error(`menu ${key} is declared without a page but has one`);
  }
  return table;
}

/** Whether the menu key has a page in this build. */
export function hasPage(table: RouteTable, key: MenuKey): boolean {
  return table[key]?.page !== undefined;
}

const granted = (record: LoginRecord | null, keys: readonly MenuKey[]) =>
  !!record && keys.some((k) => Object.hasOwn(record.menus, k));

/** The sub-pages under a menu key the user gets: a granting key (when the page names some) and meant for them. */
export function subPagesFor(table: RouteTable, key: MenuKey, record: LoginRecord | null): SubPage[] {
  return (table[key]?.subPages ?? []).filter(
    (s) => (!s.grantedBy || granted(record, s.grantedBy)) && s.visible(record),
  );
}

/** The catalogue path of a menu key. */
export function menuPath(key: MenuKey): string {
  const def = MENUS.find((m) => m.key === key);
  if (!def) throw new Error(`no menu ${key}`);
  return def.path;
}

/** The sidebar lines of a module's sub-pages the user gets, below the module's entry and its catalogue children. */
export function subPageLines(table: RouteTable, key: MenuKey, record: LoginRecord | null) {
  const base = menuPath(key);
  return subPagesFor(table, key, record).map((s) => ({ path: `${base}/${s.slug}`, label: s.label }));
}

/** A route of the signed-in layout: a page, or (`redirect`) an unknown or not granted path below a module. */
export type UserRoute =
  | { path: string; element: ReactElement; redirect?: undefined }
  | { path: string; redirect: string };

/**
 * The routes of the user's menu (spec-1 section 2): the page of each entry that has one (with the paths below it for
 * a nested page), the sub-pages of each entry the user gets, and for an entry with sub-pages a redirect of any other
 * path below it to the entry itself.
 */
export function menuRoutes(table: RouteTable, menu: readonly MenuEntry[], record: LoginRecord | null): UserRoute[] {
  const routes: UserRoute[] = [];
  for (const entry of menu) {
    const route = table[entry.key];
    if (!route?.page) continue;
    routes.push({ path: route.nested ? `${entry.path}/*` : entry.path, element: route.page });
    if (route.subPages.length === 0) continue;
    for (const sub of subPagesFor(table, entry.key, record)) {
      routes.push({ path: `${entry.path}/${sub.slug}/*`, element: sub.element });
    }
    routes.push({ path: `${entry.path}/*`, redirect: entry.path });
  }
  return routes;
}

/** The route table of this build, provided by app/ (the composition root); empty outside it. */
export const RouteTableContext = createContext<RouteTable>({});

export function useRouteTable(): RouteTable {
  return useContext(RouteTableContext);
}

/** The page the catalogue's menu path `pathname` shows (/dashboards → 仪表盘自定义's page), if the table has one. */
export function pageAt(table: RouteTable, pathname: string): ReactElement | undefined {
  const entry = MENUS.find((m) => m.path === pathname);
  return entry ? table[entry.key as MenuKey]?.page : undefined;
}
