import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes } from '../../session/routes';

const HomePage = lazyPage(() => import('./HomePage'));

/** 首页 (/index): also the landing page of a user without menus. */
export const homeRoutes = { homePage: { page: <HomePage /> } } satisfies FeatureRoutes;
