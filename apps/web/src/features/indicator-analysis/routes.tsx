import { INDICATOR_TEXT as T } from '@zg/contract';
import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes } from '../../session/routes';

const IndicatorAnalysisPage = lazyPage(() => import('./IndicatorAnalysisPage'));

/** 智能分析's 指标分析 (/analysis/indicators, issue 35 item 5): a sub-page under the menu key, beside 对标分析's. */
export const indicatorAnalysisRoutes = {
  intelligentAnalysis: {
    subPages: [{ slug: 'indicators', label: T.title, element: <IndicatorAnalysisPage />, visible: () => true }],
  },
} satisfies FeatureRoutes;
