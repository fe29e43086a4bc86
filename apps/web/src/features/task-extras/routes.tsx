import { EXTRA_PAGE_LABEL, type ExtraPageSlug, type LoginRecord, type MenuKey, ROLE, type RoleId } from '@zg/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * One page of issue 8 for the target-task module's sub-navigation: its path below the module's base, its label,
 * the page (lazy, no props), the menu keys that grant it (any of them) and whom it is meant for.
 */
export interface ExtraRoute {
  slug: ExtraPageSlug;
  label: string;
  page: LazyExoticComponent<ComponentType>;
  menus: readonly MenuKey[];
  /** Whether the signed-in user gets the page; the server still decides every row they see in it. */
  visible: (record: LoginRecord | null) => boolean;
}

const TASK_MENUS: readonly MenuKey[] = ['wbs', 'annualWbs'];

const hasRole = (record: LoginRecord | null, ...roles: RoleId[]) =>
  !!record && roles.some((r) => record.roleIdList.includes(r));
const headsDepartment = (record: LoginRecord | null) =>
  !!record && (record.chargeDeparmentIdList.length > 0 || record.newChargeDeparmentIdList.length > 0);
const everyone = () => true;

const SummaryAnalysisPage = () => import('../summary-analysis/SummaryAnalysisPage');
const FileArchivePage = () => import('../file-archive/FileArchivePage');

/** The pages of issue 8 that live in the target-task module (目标任务管理 / 年度目标分解). */
export const ANALYSIS_ROUTES: readonly ExtraRoute[] = [
  {
    slug: 'mySummaryAnalysis',
    label: EXTRA_PAGE_LABEL.mySummaryAnalysis,
    page: lazy(async () => {
      const { default: Page } = await SummaryAnalysisPage();
      return { default: () => <Page kind="mySummaryAnalysis" /> };
    }),
    menus: TASK_MENUS,
    visible: everyone,
  },
  {
    slug: 'departmentSummaryAnalysis',
    label: EXTRA_PAGE_LABEL.departmentSummaryAnalysis,
    page: lazy(async () => {
      const { default: Page } = await SummaryAnalysisPage();
      return { default: () => <Page kind="departmentSummaryAnalysis" /> };
    }),
    menus: TASK_MENUS,
    visible: (r) => headsDepartment(r) || hasRole(r, ROLE.admin),
  },
  {
    slug: 'globalSummaryAnalysis',
    label: EXTRA_PAGE_LABEL.globalSummaryAnalysis,
    page: lazy(async () => {
      const { default: Page } = await SummaryAnalysisPage();
      return { default: () => <Page kind="globalSummaryAnalysis" /> };
    }),
    menus: TASK_MENUS,
    visible: (r) => hasRole(r, ROLE.admin, ROLE.targetPublisher, ROLE.schoolLeader),
  },
  {
    slug: 'annualAnalysis',
    label: EXTRA_PAGE_LABEL.annualAnalysis,
    page: lazy(() => import('../summary-analysis/AnnualAnalysisPage')),
    menus: TASK_MENUS,
    visible: everyone,
  },
  {
    slug: 'taskReport',
    label: EXTRA_PAGE_LABEL.taskReport,
    page: lazy(() => import('../task-report/TaskReportsPage')),
    menus: TASK_MENUS,
    visible: everyone,
  },
  {
    slug: 'reportTemplate',
    label: EXTRA_PAGE_LABEL.reportTemplate,
    page: lazy(() => import('../task-report/ReportTemplatesPage')),
    menus: TASK_MENUS,
    visible: (r) => hasRole(r, ROLE.admin, ROLE.targetPublisher),
  },
  {
    slug: 'performanceAppraisal',
    label: EXTRA_PAGE_LABEL.performanceAppraisal,
    page: lazy(() => import('../performance/PerformancePage')),
    menus: ['performance'],
    visible: everyone,
  },
  {
    slug: 'file-all',
    label: EXTRA_PAGE_LABEL['file-all'],
    page: lazy(async () => {
      const { default: Page } = await FileArchivePage();
      return { default: () => <Page kind="file-all" /> };
    }),
    menus: TASK_MENUS,
    visible: everyone,
  },
  {
    slug: 'file-myself',
    label: EXTRA_PAGE_LABEL['file-myself'],
    page: lazy(async () => {
      const { default: Page } = await FileArchivePage();
      return { default: () => <Page kind="file-myself" /> };
    }),
    menus: TASK_MENUS,
    visible: everyone,
  },
];

/** The pages of the list the user gets: a granting menu key in their menu map, and meant for them. */
export function extraRoutesFor(record: LoginRecord | null): ExtraRoute[] {
  if (!record) return [];
  return ANALYSIS_ROUTES.filter((r) => r.menus.some((m) => Object.hasOwn(record.menus, m)) && r.visible(record));
}
