import { EXTRA_PAGE_LABEL, ROLE } from '@zg/contract';
import { lazyPage } from '../../components/LazyPage';
import { hasRole, headsDepartment } from '../../session/login-record';
import { type FeatureRoutes, subPagesUnder } from '../../session/routes';
import { TASK_MENUS } from '../target-task/routes';

const SummaryAnalysisPage = lazyPage(() => import('./SummaryAnalysisPage'));
const AnnualAnalysisPage = lazyPage(() => import('./AnnualAnalysisPage'));

/** 汇总分析 (mine, my department's, the school's) and 年度分析 (issue 8): pages of the target-task module. */
export const summaryAnalysisRoutes = subPagesUnder(TASK_MENUS, [
  {
    slug: 'mySummaryAnalysis',
    label: EXTRA_PAGE_LABEL.mySummaryAnalysis,
    element: <SummaryAnalysisPage kind="mySummaryAnalysis" />,
    grantedBy: TASK_MENUS,
    visible: () => true,
  },
  {
    slug: 'departmentSummaryAnalysis',
    label: EXTRA_PAGE_LABEL.departmentSummaryAnalysis,
    element: <SummaryAnalysisPage kind="departmentSummaryAnalysis" />,
    grantedBy: TASK_MENUS,
    visible: (r) => headsDepartment(r) || hasRole(r, ROLE.admin),
  },
  {
    slug: 'globalSummaryAnalysis',
    label: EXTRA_PAGE_LABEL.globalSummaryAnalysis,
    element: <SummaryAnalysisPage kind="globalSummaryAnalysis" />,
    grantedBy: TASK_MENUS,
    visible: (r) => hasRole(r, ROLE.admin, ROLE.targetPublisher, ROLE.schoolLeader),
  },
  {
    slug: 'annualAnalysis',
    label: EXTRA_PAGE_LABEL.annualAnalysis,
    element: <AnnualAnalysisPage />,
    grantedBy: TASK_MENUS,
    visible: () => true,
  },
]) satisfies FeatureRoutes;
