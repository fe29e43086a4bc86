import { DASHBOARD_API as API, DASHBOARD_MSG as M, MONITOR_API, SCHOOL_SCREEN_API as SCREEN } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import {
  addChartType,
  chartsFor,
  chartTypes,
  libraryCharts,
  publishChart,
  removeChartType,
  withdrawChart,
} from './chart.service';
import { dashboardData } from './chart-data.service';
import { KEEP, MONITOR, OWN, SCREENS } from './dashboard.policy';
import { dashboardOf, saveDashboard } from './layout.service';
import { indicatorData, indicatorYears, operationMonitoring } from './monitor.service';
import {
  allScreens,
  restoreVersion,
  saveScreen,
  screenData,
  screenHistory,
  screenOf,
  screensOf,
} from './screen.service';

/** The chart library (ybplx, ybp) and the user's subscriptions (ybpdy), under herm-sjgl. */
export const chartLibraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  serve(app, API.chartTypes, OWN, async () => ok(await chartTypes(db())));
  serve(app, API.chartTypeInsert, KEEP, async (req) =>
    ok(await addChartType(db(), actorOf(req), req.body), '新增成功'),
  );
  serve(app, API.chartTypeDelete, KEEP, async (req) => {
    await removeChartType(db(), actorOf(req), req.params.id);
    return ok(null, '删除成功');
  });
  serve(app, API.charts, OWN, async (req) => ok(await chartsFor(db(), actorOf(req), req.query.lxid)));
  serve(app, API.libraryCharts, KEEP, async (req) => ok(await libraryCharts(db(), actorOf(req), req.query)));
  serve(app, API.chartInsert, KEEP, async (req) => ok(await publishChart(db(), actorOf(req), req.body), '发布成功'));
  serve(app, API.chartDelete, KEEP, async (req) => {
    await withdrawChart(db(), actorOf(req), req.params.id);
    return ok(null, '已下架');
  });
  serve(app, API.subscriptions, OWN, async (req) => ok(await dashboardOf(db(), actorOf(req))));
};

/** The user's dashboard (dynamicYbpDy) and its charts' data, under the data service herm-sjfw. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  serve(app, API.layout, OWN, async (req) => ok(await dashboardOf(db(), actorOf(req))));
  serve(app, API.updateLayout, OWN, async (req) =>
    ok(await saveDashboard(db(), actorOf(req), req.body.cards), M.saved),
  );
  serve(app, API.data, OWN, async (req) =>
    ok(await dashboardData(db(), app.algorithms, actorOf(req), req.body, req.log)),
  );
};

/** 数据大屏 (schoolScreen) under school monitoring herm-xxjk: the screen menus, then the screen's own authority. */
export const screenRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  serve(app, SCREEN.screens, SCREENS, async (req) => ok(await allScreens(db(), actorOf(req))));
  serve(app, SCREEN.screensOfUser, SCREENS, async (req) => ok(await screensOf(db(), actorOf(req))));
  serve(app, SCREEN.screen, SCREENS, async (req) => ok(await screenOf(db(), actorOf(req), req.query.id)));
  serve(app, SCREEN.updateScreen, SCREENS, async (req) =>
    ok(await saveScreen(db(), actorOf(req), req.body), M.screenSaved),
  );
  serve(app, SCREEN.screenHistory, SCREENS, async (req) => ok(await screenHistory(db(), actorOf(req), req.query)));
  serve(app, SCREEN.saveScreenHistory, SCREENS, async (req) =>
    ok(await restoreVersion(db(), actorOf(req), req.body.id), M.restored),
  );
  serve(app, SCREEN.screenData, SCREENS, async (req) =>
    ok(await screenData(db(), app.algorithms, actorOf(req), req.body, app.clock.now(), req.log)),
  );
};

/** 运行监控 under school monitoring herm-xxjk. */
export const monitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const yearOf = (y?: number) => y ?? app.clock.now().getFullYear();
  serve(app, MONITOR_API.operationMonitoring, MONITOR, async (req) =>
    ok(await operationMonitoring(db(), yearOf(req.query.year), app.clock.now())),
  );
  serve(app, SCREEN.indicatorYears, MONITOR, async () => ok(await indicatorYears(db())));
  serve(app, MONITOR_API.indicatorData, MONITOR, async (req) =>
    ok(await indicatorData(db(), yearOf(req.body.year), req.body.zb)),
  );
};
