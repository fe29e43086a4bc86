import { lazy } from 'react';
import type { FeatureRoutes } from '../../session/routes';

const DashboardsPage = lazy(() => import('./DashboardsPage'));

/** 仪表盘自定义 (/dashboards): shown with the home menu, hidden in the bar. */
export const dashboardsRoutes = { dashboards: { page: <DashboardsPage /> } } satisfies FeatureRoutes;
