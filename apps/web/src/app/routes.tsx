import type { MenuKey } from '@zg/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A page of the signed-in layout, loaded when first visited. */
export type LazyPage = LazyExoticComponent<ComponentType>;

/**
 * The menu keys that have a page in this build, and their pages. A menu entry is shown only when its key is here
 * (no placeholder pages); a module adds its line when its page exists. `nested` pages own the routes below their
 * path too (`/targetTaskManagement/*`).
 */
export const MENU_PAGES: Partial<Record<MenuKey, { page: LazyPage; nested?: boolean }>> = {
  homePage: { page: lazy(() => import('../features/home/HomePage')) },
  dashboards: { page: lazy(() => import('../features/dashboards/DashboardsPage')) },
  dataManagement: { page: lazy(() => import('../features/data-manage/DataManagePage')), nested: true },
  performance: { page: lazy(() => import('../features/performance/PerformancePage')) },
  // Until the target-task module lands: the issue-8 pages (ANALYSIS_ROUTES) at /targetTaskManagement/<slug>.
  // The module replaces this line and mounts ANALYSIS_ROUTES in its own sub-navigation under the same paths.
  wbs: { page: lazy(() => import('../features/task-extras/TaskExtrasHost')), nested: true },
};

/** Whether the menu key has a page in this build. */
export function hasPage(key: MenuKey): boolean {
  return Object.hasOwn(MENU_PAGES, key);
}
