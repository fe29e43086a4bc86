import { RIVAL_TEXT as T } from '@zg/contract';
import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes } from '../../session/routes';

const RivalAnalysisPage = lazyPage(() => import('./RivalAnalysisPage'));
const DoubleHighPage = lazyPage(() => import('./DoubleHighPage'));

/**
 * 智能分析 (/analysis, issue 35): 对标分析 as its page and 双高对比 (/analysis/doubleHigh); the portraits
 * (/analysis/portrayal) come with their own work.
 */
export const rivalAnalysisRoutes = {
  intelligentAnalysis: {
    page: <RivalAnalysisPage />,
    subPages: [{ slug: 'doubleHigh', label: T.doubleTitle, element: <DoubleHighPage />, visible: () => true }],
  },
} satisfies FeatureRoutes;
