import { EXTRA_PAGE_LABEL, ROLE } from '@zg/contract';
import { lazyPage } from '../../components/LazyPage';
import { hasRole } from '../../session/login-record';
import { type FeatureRoutes, subPagesUnder } from '../../session/routes';
import { TASK_MENUS } from '../target-task/routes';

const TaskReportsPage = lazyPage(() => import('./TaskReportsPage'));
const ReportTemplatesPage = lazyPage(() => import('./ReportTemplatesPage'));

/** 任务报告 and 报告模板 (issue 8): pages of the target-task module. */
export const taskReportRoutes = subPagesUnder(TASK_MENUS, [
  {
    slug: 'taskReport',
    label: EXTRA_PAGE_LABEL.taskReport,
    element: <TaskReportsPage />,
    grantedBy: TASK_MENUS,
    visible: () => true,
  },
  {
    slug: 'reportTemplate',
    label: EXTRA_PAGE_LABEL.reportTemplate,
    element: <ReportTemplatesPage />,
    grantedBy: TASK_MENUS,
    visible: (r) => hasRole(r, ROLE.admin, ROLE.targetPublisher),
  },
]) satisfies FeatureRoutes;
