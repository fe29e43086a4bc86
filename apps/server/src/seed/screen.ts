import type { Db } from '../db/client';
import { seedSchoolScreens } from '../modules/dashboard';
import { ADMIN_USER } from './demo';

/**
 * The demo's data screen (数据大屏, issue 34): the school's running state on one 1920x1080 screen, seen by every
 * holder of the screen menu (xld01 the school leader among them), made of the demo charts (seed/dashboard.ts) and the
 * operation monitoring figures.
 */
export async function seedDemoScreen(db: Db) {
  await seedSchoolScreens(db, [
    {
      name: '学校运行状态大屏',
      savedBy: ADMIN_USER.id,
      items: [
        { figure: 'autoRate', x: 0, y: 0, w: 6, h: 4 },
        { figure: 'targetTasks', x: 6, y: 0, w: 6, h: 4 },
        { chart: '近五年招生趋势', x: 12, y: 0, w: 12, h: 4 },
        { figure: 'collection', x: 0, y: 4, w: 12, h: 4 },
        { chart: '近五年就业趋势', x: 12, y: 4, w: 12, h: 4 },
        { chart: '各学院课程平均分', x: 0, y: 8, w: 12, h: 4 },
        { figure: 'diagnosis', x: 12, y: 8, w: 12, h: 4 },
      ],
    },
  ]);
}
