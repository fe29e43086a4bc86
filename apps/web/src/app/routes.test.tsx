import { EXTRA_PAGE_LABEL, type ExtraPageSlug, type LoginRecord, MENUS, ROLE } from '@zg/contract';
import { describe, expect, it } from 'vitest';
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
import { viewerOf } from '../features/target-task/task-logic';
import { taskReportRoutes } from '../features/task-report/routes';
import { visibleMenu } from '../session/menu';
import { type FeatureRoutes, hasPage, menuRoutes, routeTable, subPageLines, subPagesFor } from '../session/routes';
import { loginRecord } from '../test/fixtures';
import { recordOf } from '../test/pages';
import { ROUTES, WITHOUT_PAGE } from './routes';

/** The features of app/routes.tsx, in its order. */
const FEATURES = [
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
] as const;

const as = (over: Partial<LoginRecord>): LoginRecord => ({ ...loginRecord, roleIdList: [], ...over });
const publisher = as({ userId: 'fbr01', roleIdList: ['targetPublisher'], menus: { wbs: '', annualWbs: '' } });
const owner = as({ userId: 'rwfzr01', roleIdList: ['targetTaskOwner'], menus: { wbs: '', annualWbsPersonal: '' } });
const head = as({ userId: 'bmfzr01', roleIdList: ['targetDepartHead'], newChargeDeparmentIdList: ['D02'] });
const auditor = as({ userId: 'shr01', roleIdList: ['targetDepartAuditor'] });

/**
 * The pages a user can open below `base` (with the feature flag on), as the signed-in layout routes them: '' is the
 * menu entry's own page, the others the path below it.
 */
function opened(record: LoginRecord, base: string): string[] {
  const menu = visibleMenu(record.menus, ['newTaskManagement'], (k) => hasPage(ROUTES, k));
  return menuRoutes(ROUTES, menu, record)
    .filter((r) => r.redirect === undefined && (r.path === base || r.path.startsWith(`${base}/`)))
    .map((r) => r.path.slice(base.length).replace(/^\//, '').replace(/\/\*$/, ''));
}

describe('the route table', () => {
  it('routes every menu key of the contract, or declares it without a page', () => {
    for (const { key } of MENUS) {
      expect({ key, routed: hasPage(ROUTES, key) }).toEqual({ key, routed: !WITHOUT_PAGE.includes(key as never) });
    }
  });

  it('is checked by the compiler against the contract menus', () => {
    const page = <div />;
    // @ts-expect-error: 'noSuchMenu' is not a key of the contract's menus.
    const unknownKey = { noSuchMenu: { page } } satisfies FeatureRoutes;
    expect(Object.keys(unknownKey)).toEqual(['noSuchMenu']);

    // A menu with a page in the catalogue but no route (here every key but homePage), refused by the compiler.
    // @ts-expect-error: menuKeysWithoutRoute
    const missing = routeTable([homeRoutes], []);
    expect(hasPage(missing, 'wbs')).toBe(false);

    // Routed and declared without a page at once: refused by the compiler, and when the table is built.
    const both = [...WITHOUT_PAGE, 'dashboards'] as const;
    const all = [homeRoutes, dashboardsRoutes, dataManageRoutes, targetTaskRoutes, performanceRoutes] as const;
    // @ts-expect-error: routedButDeclaredWithoutPage
    expect(() => routeTable(all, both)).toThrow('menu dashboards is declared without a page but has one');

    // Sub-pages under a menu that nothing gives a page could never be reached.
    const noTask = [homeRoutes, dashboardsRoutes, dataManageRoutes, summaryAnalysisRoutes] as const;
    const withoutTask = [
      ...WITHOUT_PAGE,
      'performance',
      'wbs',
      'annualWbs',
      'annualWbsPersonal',
      'annualWbsDepartment',
    ] as const;
    // @ts-expect-error: subPagesUnderKeysWithoutPage
    expect(hasPage(routeTable(noTask, withoutTask), 'wbs')).toBe(false);
  });

  it('refuses a menu given a page by two features, and a sub-page listed twice under one menu', () => {
    expect(routeTable(FEATURES, WITHOUT_PAGE)).toEqual(ROUTES);
    const twice = { homePage: { page: <div /> } } satisfies FeatureRoutes;
    expect(() => routeTable([...FEATURES, twice], WITHOUT_PAGE)).toThrow('menu homePage is given a page twice');
    const again = { wbs: { subPages: summaryAnalysisRoutes.wbs.subPages.slice(0, 1) } } satisfies FeatureRoutes;
    expect(() => routeTable([...FEATURES, again], WITHOUT_PAGE)).toThrow(
      'menu wbs has sub-page mySummaryAnalysis twice',
    );
  });
});

describe('the sub-pages of the two menus', () => {
  it('give each role the pages that are not always empty for it', () => {
    const slugs = (r: LoginRecord) => opened(r, '/targetTaskManagement');
    expect(slugs(publisher)).toEqual([
      '',
      'myYearTask',
      'myTask',
      'myCoopTask',
      'taskDetail',
      'chargers',
      'warningTask',
      'focusTask',
      'urge',
      'warningConfig',
      // The issue-8 pages a publisher gets with the task menus (no performance menu here).
      'mySummaryAnalysis',
      'globalSummaryAnalysis',
      'annualAnalysis',
      'taskReport',
      'reportTemplate',
      'file-all',
      'file-myself',
    ]);
    expect(slugs(auditor)).toContain('progressAudit');
    expect(slugs(owner)).toContain('warningTask');
    expect(slugs(owner)).toContain('focusTask');
    expect(slugs(owner)).not.toContain('urge');
    expect(slugs(owner)).not.toContain('warningConfig');
    expect(slugs(head)).toContain('departmentTask');
    expect(slugs(head)).toContain('departmentCoopTask');
    expect(slugs(head)).not.toContain('reviewTask');
    expect(slugs(auditor)).toContain('reviewTask');
    expect(slugs(owner)).not.toContain('myYearTask');
    expect(viewerOf(head)).toMatchObject({ head: true, publisher: false });
  });

  it('under 年度目标分解, gate 我的任务 and 部门任务 by their menu keys and leave them out of the extra lines', () => {
    const annual = opened(owner, '/newTaskManagement');
    expect(annual).toContain('myTask');
    expect(annual).not.toContain('departmentTask');
    const lines = subPageLines(ROUTES, 'annualWbs', owner).map((l) => l.path);
    expect(lines).not.toContain('/newTaskManagement/myTask');
    expect(lines).toContain('/newTaskManagement/myCoopTask');
    expect(subPageLines(ROUTES, 'wbs', owner).map((l) => l.path)).toContain('/targetTaskManagement/myTask');
  });

  it('send an unknown or not granted path below a module to the module, and keep the others to their pages', () => {
    const routes = menuRoutes(
      ROUTES,
      visibleMenu(owner.menus, [], (k) => hasPage(ROUTES, k)),
      owner,
    );
    expect(routes.filter((r) => r.redirect !== undefined)).toEqual([
      { path: '/targetTaskManagement/*', redirect: '/targetTaskManagement' },
    ]);
  });
});

/** The issue-8 pages of the target-task module, as their features list them. */
const EXTRA_PAGES = [summaryAnalysisRoutes, taskReportRoutes, performanceRoutes, fileArchiveRoutes].flatMap(
  (f) => f.wbs.subPages,
);
const isExtra = (slug: string): slug is ExtraPageSlug => Object.hasOwn(EXTRA_PAGE_LABEL, slug);
/** The issue-8 pages the user gets in the target-task module. */
const extraRoutesFor = (record: LoginRecord | null) =>
  subPagesFor(ROUTES, 'wbs', record).filter((p) => isExtra(p.slug));

describe('the issue-8 route list', () => {
  const slugs = (r: ReturnType<typeof recordOf>) => extraRoutesFor(r).map((x) => x.slug);

  it('has a label for every page', () => {
    for (const r of EXTRA_PAGES) expect(r.label).toBe(isExtra(r.slug) ? EXTRA_PAGE_LABEL[r.slug] : r.slug);
    expect(EXTRA_PAGES.map((r) => r.slug).sort()).toEqual(Object.keys(EXTRA_PAGE_LABEL).sort());
  });

  it('gives each role its pages', () => {
    const leader = recordOf('xld01', '陈伯涛', {
      roles: [ROLE.schoolLeader],
      menus: ['homePage', 'wbs', 'annualWbs', 'performance'],
    });
    expect(slugs(leader)).toContain('globalSummaryAnalysis');
    expect(slugs(leader)).toContain('performanceAppraisal');
    expect(slugs(leader)).not.toContain('departmentSummaryAnalysis');
    expect(slugs(leader)).not.toContain('reportTemplate');

    const head = recordOf('bmfzr01', '王建国', {
      roles: [ROLE.targetDepartHead],
      menus: ['homePage', 'wbs', 'performance'],
      heads: [{ bmid: 'D02', bmmc: '教务处' }],
    });
    expect(slugs(head)).toContain('departmentSummaryAnalysis');
    expect(slugs(head)).not.toContain('globalSummaryAnalysis');

    const owner = recordOf('rwfzr01', '张伟', { roles: [ROLE.targetTaskOwner] });
    expect(slugs(owner)).toEqual(['mySummaryAnalysis', 'annualAnalysis', 'taskReport', 'file-all', 'file-myself']);

    const publisher = recordOf('fbr01', '李明', { roles: [ROLE.targetPublisher], menus: ['wbs', 'performance'] });
    expect(slugs(publisher)).toContain('reportTemplate');
    expect(slugs(publisher)).toContain('globalSummaryAnalysis');

    expect(extraRoutesFor(null)).toEqual([]);
    expect(slugs(recordOf('x', '无菜单', { roles: [ROLE.admin], menus: ['homePage'] }))).toEqual([]);
  });
});
