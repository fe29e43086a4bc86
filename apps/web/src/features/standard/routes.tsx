import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes } from '../../session/routes';

const StandardPage = lazyPage(() => import('./StandardPage'));

/** 目标标准 (/target): the standard systems, their catalogue, task depot and recycle bin (issue 19). */
export const standardRoutes = { standard: { page: <StandardPage /> } } satisfies FeatureRoutes;
