import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes } from '../../session/routes';

const PortraitPage = lazyPage(() => import('./PortraitPage'));

/** 画像分析 (/analysis/portrayal, menu intelligentAnalysisDynamic; issue 35 item 1). */
export const portraitRoutes = {
  intelligentAnalysisDynamic: { page: <PortraitPage /> },
} satisfies FeatureRoutes;
