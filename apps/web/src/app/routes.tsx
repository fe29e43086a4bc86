import { dashboardsRoutes } from '../features/dashboards/routes';
import { dataCollectionRoutes } from '../features/data-collection/routes';
import { dataManageRoutes } from '../features/data-manage/routes';
import { developRoutes } from '../features/develop/routes';
import { diagnosisRoutes } from '../features/diagnosis/routes';
import { fileArchiveRoutes } from '../features/file-archive/routes';
import { homeRoutes } from '../features/home/routes';
import { indicatorAnalysisRoutes } from '../features/indicator-analysis/routes';
import { performanceRoutes } from '../features/performance/routes';
import { portraitRoutes } from '../features/portrait/routes';
import { qualityWarningRoutes } from '../features/quality-warning/routes';
import { rivalAnalysisRoutes } from '../features/rival-analysis/routes';
import { selfReportRoutes } from '../features/self-report/routes';
import { standardRoutes } from '../features/standard/routes';
import { summaryAnalysisRoutes } from '../features/summary-analysis/routes';
import { systemRoutes } from '../features/system/routes';
import { targetTaskRoutes } from '../features/target-task/routes';
import { taskReportRoutes } from '../features/task-report/routes';
import { routeTable } from '../session/routes';

/**
 * The menu keys of the contract's catalogue that have no page in this build: never shown, whoever is granted them
 * (no placeholder pages). A module's feature takes its key off this list when it adds its routes.
 */
export const WITHOUT_PAGE = [] as const;

/**
 * The web's one route table: each feature's routes (features/<module>/routes.tsx), by menu key. It compiles only
 * when every key of the contract's menus (packages/contract/src/menus.ts) is routed or listed in WITHOUT_PAGE; the
 * order of the features is the order of the sub-pages in a sidebar.
 */
export const ROUTES = routeTable(
  [
    homeRoutes,
    dashboardsRoutes,
    dataCollectionRoutes,
    dataManageRoutes,
    standardRoutes,
    diagnosisRoutes,
    qualityWarningRoutes,
    targetTaskRoutes,
    summaryAnalysisRoutes,
    taskReportRoutes,
    performanceRoutes,
    fileArchiveRoutes,
    systemRoutes,
    selfReportRoutes,
    rivalAnalysisRoutes,
    developRoutes,
    indicatorAnalysisRoutes,
    portraitRoutes,
  ],
  WITHOUT_PAGE,
);
