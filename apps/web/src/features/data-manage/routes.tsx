import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes } from '../../session/routes';

const DataManagePage = lazyPage(() => import('./DataManagePage'));

/** 数据管理 (/dataManage): the page routes the paths below it itself (its tabs, /dataManage/warehouse/3/table/4/data). */
export const dataManageRoutes = { dataManagement: { page: <DataManagePage />, nested: true } } satisfies FeatureRoutes;
