import type { LoginRecord, MenuKey } from '@zg/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { sidebarSections } from '../features/target-task/sections';

/** A page of the signed-in layout, loaded when first visited. */
export type LazyPage = LazyExoticComponent<ComponentType>;

/** A line of the sidebar below a module's own entry: a page of the module that has no menu key of its own. */
export interface SubPage {
  path: string;
  label: string;
}

export interface MenuPage {
  page: LazyPage;
  nested?: boolean;
  /** The module's sub-pages the signed-in user gets, listed in the sidebar under the module. */
  subPages?: (record: LoginRecord | null) => SubPage[];
}

const TargetTaskModule = lazy(() => import('../features/target-task/TargetTaskModule'));

/**
 * The menu keys that have a page in this build, and their pages. A menu entry is shown only when its key is here
 * (no placeholder pages); a module adds its line when its page exists. `nested` pages own the routes below their
 * path too (`/targetTaskManagement/*`).
 */
export const MENU_PAGES: Partial<Record<MenuKey, MenuPage>> = {
  homePage: { page: lazy(() => import('../features/home/HomePage')) },
  dashboards: { page: lazy(() => import('../features/dashboards/DashboardsPage')) },
  dataManagement: { page: lazy(() => import('../features/data-manage/DataManagePage')), nested: true },
  performance: { page: lazy(() => import('../features/performance/PerformancePage')) },
  // One target-task module serves both menus and the two catalogue entries under 年度目标分解.
  wbs: {
    page: TargetTaskModule,
    nested: true,
    subPages: (record) => sidebarSections('/targetTaskManagement', record),
  },
  annualWbs: {
    page: TargetTaskModule,
    nested: true,
    subPages: (record) => sidebarSections('/newTaskManagement', record),
  },
  annualWbsPersonal: { page: TargetTaskModule },
  annualWbsDepartment: { page: TargetTaskModule },
};

/** Whether the menu key has a page in this build. */
export function hasPage(key: MenuKey): boolean {
  return Object.hasOwn(MENU_PAGES, key);
}
