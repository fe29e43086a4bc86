import { EXTRA_PAGE_LABEL } from '@zg/contract';
import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes, SubPage } from '../../session/routes';

const PerformancePage = lazyPage(() => import('./PerformancePage'));

/** 绩效考核 inside the target-task module, for a user who also has the performance menu (issue 8). */
const appraisal: SubPage = {
  slug: 'performanceAppraisal',
  label: EXTRA_PAGE_LABEL.performanceAppraisal,
  element: <PerformancePage />,
  grantedBy: ['performance'],
  visible: () => true,
};

/** 绩效中心 (/performance), and the same page as a sub-page of both target-task menus. */
export const performanceRoutes = {
  performance: { page: <PerformancePage /> },
  wbs: { subPages: [appraisal] },
  annualWbs: { subPages: [appraisal] },
} satisfies FeatureRoutes;
