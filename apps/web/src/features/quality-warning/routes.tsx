import { QUALITY_WARNING_TEXT as T } from '@zg/contract';
import { lazyPage } from '../../components/LazyPage';
import type { FeatureRoutes } from '../../session/routes';

const WarningRecordsPage = lazyPage(() => import('./WarningRecordsPage'));
const CasesPage = lazyPage(() => import('./CasesPage'));

const everyone = () => true;

/** 质量预警 (issue 32) under 诊断改进: 预警记录 (/improvement/warnings) and 改进案例 (/improvement/cases). */
export const qualityWarningRoutes = {
  improvement: {
    subPages: [
      { slug: 'warnings', label: T.pageWarnings, element: <WarningRecordsPage />, visible: everyone },
      { slug: 'cases', label: T.pageCases, element: <CasesPage />, visible: everyone },
    ],
  },
} satisfies FeatureRoutes;
