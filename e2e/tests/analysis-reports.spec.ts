import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { serverFigures, task, yearTarget } from './analysis-api';
import { as } from './api-client';
import { account, keepScreenshot, openModule, signIn } from './support';

// Issue 8 in the browser, each journey as the user who makes it, on demo data created through the real API.
// The pages are sub-pages of the target-task module, at /targetTaskManagement/<slug> (their features' routes.tsx,
// e.g. apps/web/src/features/summary-analysis/routes.tsx).

const YEAR = new Date().getFullYear();
const RUN = Date.now().toString(36).slice(-4);
const NAMES = {
  target: `${YEAR}年度教学质量提升目标-${RUN}`,
  course: `精品在线开放课程建设-${RUN}`,
  training: `教师教学能力比赛培训-${RUN}`,
  withdrawn: `校企合作实训基地（已撤回）-${RUN}`,
  students: `学生综合素质评价改革-${RUN}`,
  digital: `专业群数字化转型-${RUN}`,
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL as string;
  const target = await yearTarget(base, NAMES.target, YEAR);
  const o = { year: YEAR };
  await task(base, target, 'D02', 'hasDone', { ...o, name: NAMES.course, rwlx: 'A' });
  await task(base, target, 'D02', 'executeing', { ...o, name: NAMES.training });
  await task(base, target, 'D02', 'withdrawn', { ...o, name: NAMES.withdrawn });
  await task(base, target, 'D03', 'hasDone', { ...o, name: NAMES.students });
  await task(base, target, 'D07', 'notPushed', { ...o, name: NAMES.digital, rwlx: 'C' });
});

const open = (page: Page, slug: string) => page.goto(`/#/targetTaskManagement/${slug}`);

/** The headline number shown for a figure. */
const figure = (page: Page, key: string) => page.getByTestId(`figure-${key}`);

async function expectFigures(page: Page, want: { all: number; issued: number; finished: number; unfinished: number }) {
  await expect(figure(page, 'all')).toHaveText(String(want.all));
  await expect(figure(page, 'issued')).toHaveText(String(want.issued));
  await expect(figure(page, 'finished')).toHaveText(String(want.finished));
  await expect(figure(page, 'unfinished')).toHaveText(String(want.unfinished));
  const rate = want.issued ? Math.round((want.finished / want.issued) * 10000) / 100 : 0;
  await expect(figure(page, 'rate')).toHaveText(`${rate.toFixed(2)}%`);
}

test('xld01 opens the global summary analysis and sees the charts and the tasks behind a figure', async ({
  page,
  baseURL,
}) => {
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(r.url()));
  // The ECharts chunk itself (echarts-runtime is its small loader).
  const echarts = () => loaded.filter((u) => /\/assets\/echarts-(?!runtime)/.test(u));
  await signIn(page, account('xld01'));
  // No chart on /login or /index: ECharts is not loaded there.
  await page.waitForLoadState('networkidle');
  expect(echarts()).toEqual([]);
  await openModule(page, '目标任务管理');
  await page.locator('.zg-sider').getByText('全局汇总分析').click();
  await expect(page).toHaveURL(/#\/targetTaskManagement\/globalSummaryAnalysis$/);

  // The newest year with tasks is chosen; the numbers are the server's.
  await expect(page.getByLabel('任务年份').locator('..').locator('..')).toContainText(String(YEAR));
  const want = await serverFigures(baseURL as string, 'xld01', `scope=globalSummaryAnalysis&year=${YEAR}`);
  expect(want.all).toBeGreaterThanOrEqual(5);
  await expectFigures(page, want);
  await expect(page.getByText('未下发（含撤回）和已退回的任务不计为下发，也不计入完成率')).toBeVisible();

  // ECharts drew the pie and the bars as SVG, with the states and departments in them.
  const pie = page.getByRole('img', { name: '任务状态分布' });
  const bar = page.getByRole('img', { name: '部门任务完成率' });
  await expect(pie.locator('svg')).toBeVisible();
  await expect(bar.locator('svg')).toBeVisible();
  // The ring's slices, the axes and bars.
  await expect.poll(() => pie.locator('svg path').count()).toBeGreaterThanOrEqual(3);
  await expect.poll(() => bar.locator('svg path').count()).toBeGreaterThanOrEqual(3);
  expect(echarts()).toHaveLength(1);
  await expect(pie.locator('svg')).toContainText('已完成');
  await expect(pie.locator('svg')).toContainText('未下发');
  await expect(bar.locator('svg')).toContainText('教务处');
  await expect(bar.locator('svg')).toContainText('学生工作处');

  // The ranking agrees with the figures: 学生工作处 finished its one task, 教务处 one of two issued.
  const ranking = page.locator('.ant-card').filter({ hasText: '完成率排名' });
  await expect(ranking.getByRole('row').filter({ hasText: '学生工作处' })).toContainText('100.00%');
  await expect(ranking.getByRole('row').filter({ hasText: '教务处' })).toContainText('50.00%');
  await keepScreenshot(page, 'analysis-global');

  // A slice of the pie lists the tasks of its state.
  await pie.locator('svg text').filter({ hasText: '未下发' }).first().click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '任务明细' });
  await expect(drawer).toContainText('任务明细：未下发');
  await expect(drawer).toContainText(NAMES.withdrawn);
  await expect(drawer).toContainText(NAMES.digital);
  await expect(drawer).not.toContainText(NAMES.course);
  await keepScreenshot(page, 'analysis-global-drawer');
  await drawer.getByRole('button', { name: 'Close' }).or(drawer.locator('.ant-drawer-close')).first().click();

  // The headline 已完成 lists the finished tasks.
  await page.getByRole('button', { name: `已完成 ${want.finished}` }).click();
  await expect(drawer).toContainText(NAMES.course);
  await expect(drawer).toContainText(NAMES.students);
  await expect(drawer).not.toContainText(NAMES.training);
});

test("bmfzr01 sees only their department's analysis", async ({ page, baseURL }) => {
  await signIn(page, account('bmfzr01'));
  await open(page, 'departmentSummaryAnalysis');
  await expect(page.getByTestId('department-head')).toHaveText('部门负责人：王建国');
  await expect(page.locator('.ant-select').filter({ has: page.getByLabel('负责部门') })).toContainText('教务处');
  const want = await serverFigures(
    baseURL as string,
    'bmfzr01',
    `scope=departmentSummaryAnalysis&bmid=D02&year=${YEAR}`,
  );
  // 教务处's three tasks of the year: one finished, one under way, one withdrawn (not issued).
  expect(want).toMatchObject({ all: 3, issued: 2, finished: 1, unfinished: 1 });
  await expectFigures(page, want);
  const ranking = page.locator('.ant-card').filter({ hasText: '完成率排名' });
  await expect(ranking.locator('tbody tr')).toHaveCount(1);
  await expect(ranking.locator('tbody tr')).toContainText('教务处');
  await expect(page.getByRole('img', { name: '部门任务完成率' }).locator('svg')).not.toContainText('学生工作处');
  await keepScreenshot(page, 'analysis-department');

  // No global analysis for a department head: the page is not listed and its address leads elsewhere.
  await expect(page.locator('.zg-sider')).not.toContainText('全局汇总分析');
  await open(page, 'globalSummaryAnalysis');
  await expect(page).toHaveURL(/#\/targetTaskManagement$/);
});

test('rwfzr01 generates, rates and submits a report, and shr01 approves it and downloads the Word document', async ({
  page,
  browser,
}) => {
  await signIn(page, account('rwfzr01'));
  await open(page, 'taskReport');
  await page.getByRole('button', { name: '生成报告' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '生成报告' });
  await dialog.locator('.ant-select').first().click();
  await page.locator('.ant-select-item-option').filter({ hasText: NAMES.course }).click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('报告已生成')).toBeVisible();

  const drawer = page.locator('.ant-drawer').filter({ hasText: '进度报告' });
  await expect(drawer).toContainText(`${NAMES.course}完成情况报告`);
  await expect(drawer).toContainText('任务全部完成，成果已归档');
  await expect(drawer.getByRole('button', { name: '提交审核' })).toBeDisabled();
  await drawer.getByText('A 优秀').click();
  await drawer.getByRole('button', { name: '保存等级' }).click();
  await expect(page.getByText('自评等级已保存')).toBeVisible();
  await expect(drawer).toContainText('A 优秀');
  await keepScreenshot(page, 'report-rated');
  await drawer.getByRole('button', { name: '提交审核' }).click();
  const confirm = page.locator('.ant-modal').filter({ hasText: '审核期间不能修改' });
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已提交审核')).toBeVisible();
  await expect(drawer.locator('.ant-descriptions-bordered')).toContainText('审核中');
  await expect(drawer.getByRole('button', { name: '保存等级' })).toHaveCount(0);

  // The auditor, in a browser of their own.
  const context = await browser.newContext();
  const auditor = await context.newPage();
  await signIn(auditor, account('shr01'));
  await open(auditor, 'taskReport');
  await auditor.locator('.ant-segmented').getByText('待我审核').click();
  const row = auditor.getByRole('row').filter({ hasText: NAMES.course });
  await expect(row).toContainText('审核中');
  await expect(row).toContainText('A 优秀');
  await row.getByRole('button', { name: '审核' }).click();
  const review = auditor.locator('.ant-drawer').filter({ hasText: '进度报告' });
  await review.getByRole('button', { name: /^审\s*核$/ }).click();
  const audit = auditor.locator('.ant-modal').filter({ hasText: '审核报告' });
  await expect(audit.getByRole('radio', { name: '通过', exact: true })).toBeChecked();
  await audit.getByLabel('审核意见').fill('材料齐全，同意通过');
  await audit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(auditor.getByText('审核完成')).toBeVisible();
  await expect(review.locator('.ant-descriptions-bordered')).toContainText('审核通过');
  await expect(review.locator('.ant-descriptions-bordered')).toContainText('材料齐全，同意通过');
  await keepScreenshot(auditor, 'report-approved');

  // The Word document: the server's name, and a zip (docx) inside.
  const downloading = auditor.waitForEvent('download');
  await review.getByRole('button', { name: '下载Word' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`${NAMES.course}完成情况报告.docx`);
  const bytes = readFileSync((await file.path()) as string);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.length).toBeGreaterThan(2000);
  await context.close();
});

test('xld01 finds the appraised task in the performance centre', async ({ page, baseURL }) => {
  await signIn(page, account('xld01'));
  await openModule(page, '绩效中心');
  await expect(page).toHaveURL(/#\/performance$/);
  await page.getByPlaceholder('请输入任务名称').fill(NAMES.course);
  await page.getByPlaceholder('请输入任务名称').press('Enter');
  const row = page.getByRole('row').filter({ hasText: NAMES.course });
  await expect(row).toContainText('A 优秀');
  await expect(row).toContainText('审核通过');
  await expect(row).toContainText('赵敏');
  await keepScreenshot(page, 'performance-centre');
  // The same answer as the server's list.
  const listed = await as(baseURL as string, 'xld01', (u) =>
    u.get<{ list: { rwmc: string; zpdj: string; bgzt: string }[] }>(
      `/api/herm-zdgj/performance/report/selectPage?rwmc=${encodeURIComponent(NAMES.course)}`,
    ),
  );
  expect(listed.list).toEqual([expect.objectContaining({ rwmc: NAMES.course, zpdj: 'A', bgzt: 'pass' })]);
});

test('xld01 reads the annual-wbs analysis grid and exports it to Excel', async ({ page }) => {
  await signIn(page, account('xld01'));
  await open(page, 'annualAnalysis');
  // The gathered finish rate as a gauge, the figures beside it.
  await expect(page.locator('.zg-gauge svg')).toBeVisible();
  await expect(page.locator('.ant-statistic').filter({ hasText: '末级任务' })).toBeVisible();
  await page.getByRole('tab', { name: '分析表格' }).click();
  const row = page
    .locator('.ant-tabs-tabpane-active, .ant-tabs-content-active')
    .getByRole('row')
    .filter({ hasText: '教务处' });
  await expect(row).toContainText('完成1/3，完成率50%');
  await keepScreenshot(page, 'analysis-annual-grid');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出Excel' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(
    readFileSync((await file.path()) as string)
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');
});
