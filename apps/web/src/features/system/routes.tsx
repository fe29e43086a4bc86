import { lazy } from 'react';
import type { FeatureRoutes } from '../../session/routes';

const SystemPage = lazy(() => import('./SystemPage'));

/** 系统管理 (/system): the page routes its tabs below itself (/system/users, /system/roles ...). */
export const systemRoutes = { system: { page: <SystemPage />, nested: true } } satisfies FeatureRoutes;
