import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes } from '../../session/routes';

const DataCollectionPage = lazyPage(() => import('./DataCollectionPage'));

/** 数据采集 (/dataCollection): the page routes the paths below it itself (its tabs, /dataCollection/forms/3). */
export const dataCollectionRoutes = {
  dataCollection: { page: <DataCollectionPage />, nested: true },
} satisfies FeatureRoutes;
