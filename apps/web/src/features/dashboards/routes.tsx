import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes } from '../../session/routes';

const DashboardsPage = lazyPage(() => import('./DashboardsPage'));

/** 仪表盘自定义 (/dashboards): shown with the home menu, hidden in the bar. */
export const dashboardsRoutes = { dashboards: { page: <DashboardsPage /> } } satisfies FeatureRoutes;
