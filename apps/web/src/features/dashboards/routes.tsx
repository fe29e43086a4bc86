import { type LoginRecord, ROLE, SCREEN_TEXT } from '@zg/contract';
import { lazyPage } from '../../components/LazyPage';
import { hasRole } from '../../session/login-record';
import type { FeatureRoutes } from '../../session/routes';

const DashboardsPage = lazyPage(() => import('./DashboardsPage'));
const ScreenPage = lazyPage(() => import('./screen/ScreenPage'));
const DynamicScreensPage = lazyPage(() => import('./screen/DynamicScreensPage'));
const MonitorPage = lazyPage(() => import('./monitor/MonitorPage'));

/** The roles operation monitoring answers (the server's MONITOR access decides). */
const monitors = (r: LoginRecord | null) =>
  hasRole(r, ROLE.admin, ROLE.publisher, ROLE.diagnosisAdmin, ROLE.schoolLeader, ROLE.dataOffice);

/**
 * 仪表盘自定义 (/dashboards): shown with the home menu, hidden in the bar. 数据大屏 (/dataScreen) with 动态大屏
 * (/dataScreen/dynamic, the screens of the user's authority) and 运行监控 (/dataScreen/monitor).
 */
export const dashboardsRoutes = {
  dashboards: { page: <DashboardsPage /> },
  dataScreen: {
    page: <ScreenPage />,
    subPages: [{ slug: 'monitor', label: SCREEN_TEXT.monitorPage, element: <MonitorPage />, visible: monitors }],
  },
  dataScreenDynamic: { page: <DynamicScreensPage /> },
} satisfies FeatureRoutes;
