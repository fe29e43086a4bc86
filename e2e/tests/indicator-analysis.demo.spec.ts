import { expect, test } from '@playwright/test';
import { apiSession } from './api';
import { type Account, account, audit, type Finding, keepScreenshot, openModule, settle, signIn } from './support';

/**
 * 指标分析 (issue 35 item 5) on the demo story: the demo diagnosis task computed (as its publisher may, the daily
 * computation may not have run yet) against its last round (上轮值, seed/indicator-analysis.ts). 陈伯涛 (xld01, the
 * school leader) opens 智能分析 → 指标分析: 软件技术's movers with their grade moves, one mover's data source (the
 * algorithm run and the warehouse rows that contributed), the rows that fell below standard by college, and the
 * correlation of two indicators across the 40 majors with r. 林志华 (zyfzr01) sees only 软件技术. Axe clean.
 * Screenshots: indicator-movers.png, indicator-run.png, indicator-source.png, indicator-below.png, indicator-correlation.png,
 * indicator-major-head.png.
 */

const FZR = { userId: 'zyfzr01', password: 'Demo@2026', name: '林志华' } as unknown as Account;
const PUBLISHER = { userId: 'zgfb01', password: 'Demo@2026', name: '何静' } as unknown as Account;
const Z = '/api/herm-zdgj';
const A = '/api/herm-znfx/indicatorAnalysis';

async function openIndicators(page: import('@playwright/test').Page) {
  await openModule(page, '智能分析');
  await page.locator('.zg-sider').getByRole('menuitem', { name: '指标分析' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '指标分析' })).toBeVisible({ timeout: 20_000 });
}

test('xld01 finds what moved, its lineage, the rows fallen below standard and a correlation; zyfzr01 only their major', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const api = await apiSession(baseURL as string, PUBLISHER);
  const [task] = (await api.get(`${A}/tasks`)) as { rwid: number }[];
  expect(task).toBeTruthy();
  const started = (await api.post(`${Z}/rest/task/calresult`, { id: task!.rwid })) as { id: string };
  await expect
    .poll(async () => ((await api.get(`${Z}/rest/task/calresult/job?id=${started.id}`)) as { state: string }).state, {
      timeout: 150_000,
      intervals: [1000, 2000, 3000],
    })
    .toBe('done');
  await api.dispose();

  await signIn(page, account('xld01'));
  await openIndicators(page);
  const findings: Finding[] = [];
  const movers = page.getByRole('table', { name: '指标异动' });
  await expect(movers.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('combobox', { name: '诊改对象' })).toBeVisible();
  await expect(movers.getByRole('columnheader', { name: '上轮值' })).toBeVisible();
  await expect(movers.getByText(/→/).first()).toBeVisible();
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await settle(page);
  await audit(page, '指标异动', findings, '.zg-page');
  await keepScreenshot(page, 'indicator-movers');

  // A computed mover's data source: the algorithm run (its tables, its SQL).
  await movers.getByRole('button', { name: '数据来源' }).first().click();
  const run = page.getByRole('dialog', { name: /^数据来源：/ });
  await expect(run.getByText('读取的表')).toBeVisible({ timeout: 20_000 });
  await expect(run.locator('pre.zg-indicator__sql')).toContainText(/select/i);
  await settle(page);
  await keepScreenshot(page, 'indicator-run');
  await run.getByRole('button', { name: /Close|关闭/ }).click();
  await expect(run).toBeHidden();
  // 初次就业率's contributing warehouse rows (its 详情算法: the graduates behind the rate), a page at a time.
  await movers.getByRole('row').filter({ hasText: '初次就业率' }).getByRole('button', { name: '数据来源' }).click();
  const drawer = page.getByRole('dialog', { name: '数据来源：初次就业率' });
  await expect(drawer.getByRole('heading', { name: '贡献的仓库数据行' })).toBeVisible({ timeout: 20_000 });
  await expect(
    drawer.getByRole('table', { name: '贡献的仓库数据行' }).locator('tbody tr.ant-table-row').first(),
  ).toBeVisible({ timeout: 30_000 });
  await settle(page);
  await audit(page, '数据来源', findings, '.ant-drawer');
  await keepScreenshot(page, 'indicator-source');
  await drawer.getByRole('button', { name: /Close|关闭/ }).click();
  await expect(drawer).toBeHidden();

  // 新增未达标: by college, then the rows.
  await page.getByRole('tab', { name: '新增未达标' }).click();
  const summary = page.getByRole('table', { name: '按学院/部门汇总' });
  await expect(summary.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
  const below = page.getByRole('table', { name: '新增未达标' });
  await expect(below.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await settle(page);
  await audit(page, '新增未达标', findings, '.zg-page');
  await keepScreenshot(page, 'indicator-below');

  // 相关性分析: two indicators across the majors, r and its reading, the scatter.
  await page.getByRole('tab', { name: '相关性分析' }).click();
  await expect(page.getByText(/皮尔逊相关系数 r = -?\d\.\d{3}/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/相关（r = -?\d\.\d{3}，n = \d+）/)).toBeVisible();
  await expect(page.getByRole('img', { name: /的相关性$/ })).toBeVisible();
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await settle(page);
  await audit(page, '相关性分析', findings, '.zg-page');
  await keepScreenshot(page, 'indicator-correlation');
  expect(findings).toEqual([]);

  // zyfzr01 (软件技术's head) sees only their major, in a browser of their own.
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await signIn(other, FZR);
  await openIndicators(other);
  await expect(other.getByRole('table', { name: '指标异动' }).locator('tbody tr.ant-table-row').first()).toBeVisible({
    timeout: 20_000,
  });
  await other.getByRole('combobox', { name: '诊改对象' }).click();
  const options = other.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toHaveText(/软件技术/);
  await other.keyboard.press('Escape');
  await other.getByRole('tab', { name: '新增未达标' }).click();
  const own = other.getByRole('table', { name: '新增未达标' });
  await expect(own.locator('tbody tr.ant-table-row, .zg-empty').first()).toBeVisible({ timeout: 20_000 });
  for (const name of await own.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents())
    expect(name).toBe('软件技术');
  await settle(other);
  await keepScreenshot(other, 'indicator-major-head');
  await context.close();
});
