import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes } from '../../session/routes';

const SelfReportsPage = lazyPage(() => import('./SelfReportsPage'));

/** 质量报告 (/report, issue 33): the self-diagnosis reports. */
export const selfReportRoutes = { qualityReport: { page: <SelfReportsPage /> } } satisfies FeatureRoutes;
