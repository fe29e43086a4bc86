import { type LoginRecord, PROGRESS_TEXT, TASK_UI as T } from '@zg/contract';
import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes, SubPage } from '../../session/routes';
import { type Viewer, viewerOf } from './task-logic';

const YearTaskPage = lazyPage(() => import('./pages/YearTaskPage'));
const TaskListPage = lazyPage(() => import('./pages/TaskListPage'));
const TaskDetailPage = lazyPage(() => import('./pages/TaskDetailPage'));
const ChargersPage = lazyPage(() => import('./pages/ChargersPage'));
const WarningTaskSection = lazyPage(() => import('./warning/WarningTaskSection'));
const ProgressAuditPage = lazyPage(() => import('./progress/AuditPage'));
const UrgePage = lazyPage(() => import('./warning/UrgePage'));
const WarningConfigPage = lazyPage(() => import('./warning/WarningConfigPage'));
const FocusTaskSection = lazyPage(() => import('./warning/FocusTaskSection'));

/** Who gets a page, by what the viewer is (rules stay on the server: this only avoids pages that are always empty). */
const forViewer =
  (rule: (v: Viewer) => boolean) =>
  (record: LoginRecord | null): boolean =>
    rule(viewerOf(record));
const everyone = () => true;

/** The year-target page: each menu's own page. */
const yearTask = <YearTaskPage kind="yearTask" />;

/**
 * 我的任务 and 部门任务: sub-pages of 目标任务管理; under 年度目标分解 they are the catalogue's own entries
 * (annualWbsPersonal, annualWbsDepartment), shown and gated by those keys.
 */
const myTask: SubPage = {
  slug: 'myTask',
  label: T.pageMyTask,
  element: <TaskListPage kind="myTask" />,
  visible: everyone,
};
const departmentTask: SubPage = {
  slug: 'departmentTask',
  label: T.pageDepartmentTask,
  element: <TaskListPage kind="departmentTask" />,
  visible: forViewer((v) => v.head),
};

/** The sub-pages of both menus, in sidebar order; `entries` marks where the catalogue's entries go in 目标任务管理. */
function subPages(entries: 'as sub-pages' | 'in the catalogue'): SubPage[] {
  const sub = (page: SubPage) => (entries === 'as sub-pages' ? [page] : []);
  return [
    {
      slug: 'myYearTask',
      label: T.pageMyYearTask,
      element: <YearTaskPage kind="myYearTask" />,
      visible: forViewer((v) => v.publisher),
    },
    ...sub(departmentTask),
    {
      slug: 'departmentCoopTask',
      label: T.pageDepartmentCoopTask,
      element: <TaskListPage kind="departmentCoopTask" />,
      visible: forViewer((v) => v.head),
    },
    ...sub(myTask),
    { slug: 'myCoopTask', label: T.pageMyCoopTask, element: <TaskListPage kind="myCoopTask" />, visible: everyone },
    {
      slug: 'reviewTask',
      label: T.pageReviewTask,
      element: <TaskListPage kind="reviewTask" />,
      visible: forViewer((v) => v.auditor),
    },
    { slug: 'taskDetail', label: T.pageTaskDetail, element: <TaskDetailPage />, visible: everyone },
    { slug: 'chargers', label: T.pageChargers, element: <ChargersPage />, visible: everyone },
    // Progress, warnings and urges (issue 7).
    { slug: 'warningTask', label: PROGRESS_TEXT.warningMenu, element: <WarningTaskSection />, visible: everyone },
    { slug: 'focusTask', label: PROGRESS_TEXT.focusMenu, element: <FocusTaskSection />, visible: everyone },
    {
      slug: 'progressAudit',
      label: PROGRESS_TEXT.auditMenu,
      element: <ProgressAuditPage />,
      visible: forViewer((v) => v.auditor),
    },
    {
      slug: 'urge',
      label: PROGRESS_TEXT.urgeMenu,
      element: <UrgePage />,
      visible: forViewer((v) => v.publisher || v.head),
    },
    {
      slug: 'warningConfig',
      label: PROGRESS_TEXT.warningConfigTitle,
      element: <WarningConfigPage />,
      visible: forViewer((v) => v.publisher),
    },
  ];
}

/**
 * 目标任务管理 (/targetTaskManagement, menu key wbs) and 年度目标分解 (/newTaskManagement, annualWbs): one module, one
 * domain core, the same pages under both menus. Summary analysis, reports, performance and the file archive add their
 * sub-pages to both menus from their own routes.
 */
export const targetTaskRoutes = {
  wbs: { page: yearTask, subPages: subPages('as sub-pages') },
  annualWbs: { page: yearTask, subPages: subPages('in the catalogue') },
  annualWbsPersonal: { page: myTask.element, nested: true },
  annualWbsDepartment: { page: departmentTask.element, nested: true },
} satisfies FeatureRoutes;

/** The menus whose sidebar lists the module's sub-pages; other features add theirs to the same two. */
export const TASK_MENUS = ['wbs', 'annualWbs'] as const;
