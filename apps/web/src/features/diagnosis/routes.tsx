import { type LoginRecord, QUALITY_VIEW_TEXT, ROLE, DIAGNOSIS_TEXT as T, ZNFX_TEXT } from '@zg/contract';
import { lazyPage } from '../../components/LazyPage';
import { hasRole } from '../../session/login-record';
import type { FeatureRoutes } from '../../session/routes';

const MyTasksPage = lazyPage(() => import('./MyTasksPage'));
const ManagePage = lazyPage(() => import('./ManagePage'));
const TaskPage = lazyPage(() => import('./TaskPage'));
const ObjectPage = lazyPage(() => import('./ObjectPage'));
const AuditPage = lazyPage(() => import('./AuditPage'));
const AnalysisPage = lazyPage(() => import('./AnalysisPage'));
const MonitorPage = lazyPage(() => import('./MonitorPage'));

const everyone = () => true;
/** Roles only choose which pages are worth listing; the server decides every task, row and action. */
const publishers = (r: LoginRecord | null) => hasRole(r, ROLE.admin, ROLE.publisher, ROLE.diagnosisAdmin);
const auditors = (r: LoginRecord | null) => hasRole(r, ROLE.admin, ROLE.diagnosisAuditor, ROLE.diagnosisAdmin);

/**
 * 诊断改进 (/improvement, issue 30): 我的诊改任务 at the menu's path; 任务管理 for publishers, 目标值审核 for auditors,
 * a task's object tasks (/improvement/task?id=) and an object task's rows (/improvement/object?id=).
 */
export const diagnosisRoutes = {
  improvement: {
    page: <MyTasksPage />,
    subPages: [
      { slug: 'manage', label: T.pageManage, element: <ManagePage />, visible: publishers },
      { slug: 'audit', label: T.pageAudit, element: <AuditPage />, visible: auditors },
      { slug: 'task', label: T.pageTask, element: <TaskPage />, visible: everyone },
      { slug: 'object', label: T.pageObject, element: <ObjectPage />, visible: everyone },
      { slug: 'analysis', label: ZNFX_TEXT.page, element: <AnalysisPage />, visible: everyone },
      // 监测统计 of an object task (issue 31).
      { slug: 'monitor', label: QUALITY_VIEW_TEXT.pageMonitor, element: <MonitorPage />, visible: everyone },
    ],
  },
} satisfies FeatureRoutes;
