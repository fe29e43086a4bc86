import { type LoginRecord, PROGRESS_TEXT, TASK_UI as T, type TaskPageKind } from '@zg/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { ANALYSIS_ROUTES } from '../task-extras/routes';
import { type ModuleBase, type Viewer, viewerOf } from './task-logic';

/** What a sub-page receives: its kind (for task lists) and the menu it sits in. */
export interface SectionProps {
  kind: TaskPageKind;
  base: ModuleBase;
}

/**
 * One sub-page of the target-task module. Both menus (/targetTaskManagement and /newTaskManagement) list the
 * sub-pages that apply to them; the warning, summary-analysis, performance and file pages of the other issues add
 * their line here.
 */
export interface Section {
  /** Path below the menu's base; '' is the base itself (the year-target page). */
  slug: string;
  label: string;
  kind: TaskPageKind;
  page: LazyExoticComponent<ComponentType<SectionProps>>;
  /** Who gets the page (rules stay on the server: this only avoids pages that would always be empty). */
  visible: (v: Viewer, record: LoginRecord | null) => boolean;
  /** In /newTaskManagement the page is the catalogue entry of this menu key (shown and gated by that key). */
  annualMenuKey?: string;
  /** Pages of one menu only. */
  only?: ModuleBase;
}

const YearTaskPage = lazy(() => import('./pages/YearTaskPage'));
const TaskListPage = lazy(() => import('./pages/TaskListPage'));
const TaskDetailPage = lazy(() => import('./pages/TaskDetailPage'));
const ChargersPage = lazy(() => import('./pages/ChargersPage'));
const WarningTaskSection = lazy(() => import('./warning/WarningTaskSection'));
const ProgressAuditPage = lazy(() => import('./progress/AuditPage'));
const UrgePage = lazy(() => import('./warning/UrgePage'));
const WarningConfigPage = lazy(() => import('./warning/WarningConfigPage'));
const FocusTaskSection = lazy(() => import('./warning/FocusTaskSection'));

const everyone = () => true;

export const SECTIONS: Section[] = [
  { slug: '', label: T.pageYearTask, kind: 'yearTask', page: YearTaskPage, visible: everyone },
  { slug: 'myYearTask', label: T.pageMyYearTask, kind: 'myYearTask', page: YearTaskPage, visible: (v) => v.publisher },
  {
    slug: 'departmentTask',
    label: T.pageDepartmentTask,
    kind: 'departmentTask',
    page: TaskListPage,
    visible: (v) => v.head,
    annualMenuKey: 'annualWbsDepartment',
  },
  {
    slug: 'departmentCoopTask',
    label: T.pageDepartmentCoopTask,
    kind: 'departmentCoopTask',
    page: TaskListPage,
    visible: (v) => v.head,
  },
  {
    slug: 'myTask',
    label: T.pageMyTask,
    kind: 'myTask',
    page: TaskListPage,
    visible: everyone,
    annualMenuKey: 'annualWbsPersonal',
  },
  { slug: 'myCoopTask', label: T.pageMyCoopTask, kind: 'myCoopTask', page: TaskListPage, visible: everyone },
  { slug: 'reviewTask', label: T.pageReviewTask, kind: 'reviewTask', page: TaskListPage, visible: (v) => v.auditor },
  { slug: 'taskDetail', label: T.pageTaskDetail, kind: 'yearTask', page: TaskDetailPage, visible: everyone },
  { slug: 'chargers', label: T.pageChargers, kind: 'yearTask', page: ChargersPage, visible: everyone },
  // Progress, warnings and urges (issue 7).
  {
    slug: 'warningTask',
    label: PROGRESS_TEXT.warningMenu,
    kind: 'warningTask',
    page: WarningTaskSection,
    visible: everyone,
  },
  { slug: 'focusTask', label: PROGRESS_TEXT.focusMenu, kind: 'yearTask', page: FocusTaskSection, visible: everyone },
  {
    slug: 'progressAudit',
    label: PROGRESS_TEXT.auditMenu,
    kind: 'reviewTask',
    page: ProgressAuditPage,
    visible: (v) => v.auditor,
  },
  {
    slug: 'urge',
    label: PROGRESS_TEXT.urgeMenu,
    kind: 'yearTask',
    page: UrgePage,
    visible: (v) => v.publisher || v.head,
  },
  {
    slug: 'warningConfig',
    label: PROGRESS_TEXT.warningConfigTitle,
    kind: 'yearTask',
    page: WarningConfigPage,
    visible: (v) => v.publisher,
  },
  // Summary analysis, task reports, performance appraisal and file archives (issue 8): their own route list.
  ...ANALYSIS_ROUTES.map(
    (r): Section => ({
      slug: r.slug,
      label: r.label,
      kind: 'yearTask',
      // These pages take no props; the kind and base the module passes are ignored.
      page: r.page as LazyExoticComponent<ComponentType<SectionProps>>,
      visible: (v, record) => r.menus.some((m) => Object.hasOwn(v.menus, m)) && r.visible(record),
    }),
  ),
];

/** The sub-pages of a menu the user gets; in /newTaskManagement a page with a menu key needs that key. */
export function sectionsFor(base: ModuleBase, record: LoginRecord | null): Section[] {
  const viewer = viewerOf(record);
  return SECTIONS.filter((s) => {
    if (s.only && s.only !== base) return false;
    if (base === '/newTaskManagement' && s.annualMenuKey) return Object.hasOwn(viewer.menus, s.annualMenuKey);
    return s.visible(viewer, record);
  });
}

export const sectionPath = (base: ModuleBase, s: Pick<Section, 'slug'>) => (s.slug ? `${base}/${s.slug}` : base);

/**
 * The sidebar lines of a menu below its own entry: every sub-page but the base page, and in /newTaskManagement not
 * the pages the menu catalogue lists already (我的任务, 部门任务).
 */
export function sidebarSections(base: ModuleBase, record: LoginRecord | null): { path: string; label: string }[] {
  return sectionsFor(base, record)
    .filter((s) => s.slug !== '' && !(base === '/newTaskManagement' && s.annualMenuKey))
    .map((s) => ({ path: sectionPath(base, s), label: s.label }));
}
