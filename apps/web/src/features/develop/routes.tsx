import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes } from '../../session/routes';

const DevelopPage = lazyPage(() => import('./DevelopPage'));

/** 发展中心 (/develop, menu developCenter; issue 35). */
export const developRoutes = {
  developCenter: { page: <DevelopPage /> },
} satisfies FeatureRoutes;
