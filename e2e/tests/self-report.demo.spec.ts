import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { audit, type Credentials, type Finding, keepScreenshot, openModule, settle, signIn } from './support';

/**
 * 自我诊断报告 (issue 33) on the demo story: 林志华 (zyfzr01), in charge of 软件技术, opens 质量报告, writes the
 * explanation of 任务完成进度分析 in the seeded draft and submits it (its figures frozen); 宋明远 (zj01, 校外专家)
 * reviews it 部分有效 with 86.50; 顾佩琳 (xxsh01, 学校审核) reviews it 有效 and downloads the Word document (kept in
 * e2e/artifacts/self-report.docx to look at its chart images). axe finds nothing critical or serious on the list and
 * in the report's drawer. Screenshots: self-report-*.png.
 */

const DEMO = 'Demo@2026';
const FZR: Credentials = { userId: 'zyfzr01', password: DEMO, name: '林志华' };
const EXPERT: Credentials = { userId: 'zj01', password: DEMO, name: '宋明远' };
const SCHOOL: Credentials = { userId: 'xxsh01', password: DEMO, name: '顾佩琳' };
const OBJECT = '软件技术';
const EXPLANATION = '未完成的质控点为学年末采集的指标，已安排在数据采集完成后补充结果。';
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

async function asUser(browser: Browser, who: Credentials): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  return page;
}

/** Opens 质量报告 and the 软件技术 report in the state `state`; answers the drawer. */
async function openReport(page: Page, state: string) {
  await openModule(page, '质量报告');
  await expect(page).toHaveURL(/#\/report$/);
  const row = page.getByRole('row').filter({ hasText: OBJECT }).filter({ hasText: state }).first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `${OBJECT} · ` });
  await expect(drawer.getByText('报告名称')).toBeVisible();
  await settle(page);
  return drawer;
}

async function review(page: Page, button: string, result: string, score: string) {
  const drawer = page.locator('.ant-drawer');
  await drawer.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.getByRole('combobox', { name: '评审结果' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: result })
    .first()
    .click();
  await dialog.getByLabel(/^分数/).fill(score);
  await dialog.getByLabel('评审意见').fill('数据翔实，改进措施具体。');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('评审已保存')).toBeVisible();
}

test('zyfzr01 explains and submits, zj01 reviews 部分有效 86.50, xxsh01 reviews 有效 and downloads the Word', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const findings: Finding[] = [];

  // ---- zyfzr01: the draft, an explanation, the submission ----
  await signIn(page, FZR);
  await openModule(page, '质量报告');
  await expect(page.getByRole('row').filter({ hasText: OBJECT }).first()).toBeVisible({ timeout: 20_000 });
  await audit(page, '质量报告', findings);
  await keepScreenshot(page, 'self-report-list');
  const drawer = await openReport(page, '草稿');
  const entry = drawer.locator('.zg-self-report__entry').filter({ hasText: '任务完成进度分析' });
  await expect(entry).toContainText('完成率');
  await entry.getByRole('button', { name: '编写说明' }).click();
  const explain = page.getByRole('dialog', { name: '编写说明：任务完成进度分析' });
  await explain.getByLabel('说明').fill(EXPLANATION);
  await explain.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('说明已保存')).toBeVisible();
  await expect(entry).toContainText(EXPLANATION);
  // The overview's count links scroll to their table; the charts are drawn (SVG).
  await expect(drawer.locator('.zg-self-report__chart svg').first()).toBeVisible();
  await keepScreenshot(page, 'self-report-overview');
  await entry.locator('[data-table-link="unfinished"]').click();
  await expect(drawer.locator('#zg-self-report-unfinished')).toBeInViewport();
  await audit(page, '自我诊断报告抽屉', findings, '.ant-drawer');
  await keepScreenshot(page, 'self-report-draft');
  await drawer.getByRole('button', { name: '提交报告' }).click();
  const confirm = page.locator('.ant-modal').filter({ hasText: '提交后报告保留当前的数据' });
  await confirm.getByRole('button', { name: '提交报告' }).click();
  await expect(page.getByText('报告已提交，数据已按提交时冻结')).toBeVisible();
  await expect(drawer.locator('.ant-descriptions-bordered')).toContainText('已提交');
  await expect(drawer.getByRole('button', { name: '编写说明' })).toHaveCount(0);

  // ---- zj01 (校外专家): 部分有效, 86.50 ----
  const expert = await asUser(browser, EXPERT);
  const expertDrawer = await openReport(expert, '已提交');
  await expect(expertDrawer).toContainText(EXPLANATION);
  await expertDrawer.getByLabel('发表讨论').fill('请补充未完成质控点的采集时间安排。');
  await expertDrawer.getByRole('button', { name: /发\s*表/ }).click();
  await expect(expertDrawer.locator('.zg-self-report__thread')).toContainText('请补充未完成质控点的采集时间安排。');
  await review(expert, '专家评审', '部分有效', '86.50');
  const expertHeader = expertDrawer.locator('.ant-descriptions-bordered');
  await expect(expertHeader).toContainText('专家已评审');
  await expect(expertHeader).toContainText('部分有效');
  await expect(expertHeader).toContainText('得分 86.50');
  await keepScreenshot(expert, 'self-report-expert');
  await expert.context().close();

  // ---- xxsh01 (学校审核): 有效, then the Word document ----
  const school = await asUser(browser, SCHOOL);
  const schoolDrawer = await openReport(school, '专家已评审');
  await review(school, '学校审核', '有效', '90');
  const schoolHeader = schoolDrawer.locator('.ant-descriptions-bordered');
  await expect(schoolHeader).toContainText('学校已审核');
  await expect(schoolHeader).toContainText('得分 90.00');
  await audit(school, '自我诊断报告抽屉（已审核）', findings, '.ant-drawer');
  await keepScreenshot(school, 'self-report-school');
  const downloading = school.waitForEvent('download');
  await school
    .locator('.ant-drawer')
    .getByRole('button', { name: /下载\s*Word/ })
    .click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${OBJECT}自我诊断报告（.+，第1轮）\\.docx$`));
  const bytes = readFileSync((await file.path()) as string);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  // Charts as PNG images and two stamps: far more than a text-only document.
  expect(bytes.length).toBeGreaterThan(50_000);
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(`${artifacts}self-report.docx`, bytes);

  // ---- xxsh01: the school-wide summary of the demo task, a job with its progress bar, then its Word ----
  await school.keyboard.press('Escape');
  await expect(school.locator('.ant-drawer-open')).toHaveCount(0);
  await school.getByRole('button', { name: '全校汇总报告' }).click();
  const summary = school.getByRole('dialog', { name: '全校汇总报告' });
  await summary.getByLabel('诊改任务').click();
  await school
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^\d{4}-\d{4}学年专业诊改$/ })
    .first()
    .click();
  await summary.getByRole('button', { name: /生\s*成/ }).click();
  await expect(summary.getByText(/^已汇总 \d+ 个诊改对象$/)).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByRole('progressbar', { name: '汇总进度' })).toHaveAttribute('aria-valuenow', '100');
  // The 40 majors ranked, ten a page (the spec's pager).
  await expect(summary.locator('.ant-table-row')).toHaveCount(10);
  await expect(summary).toContainText('共40条');
  await expect(summary).toContainText('未达标最多的质控点');
  await audit(school, '全校汇总报告', findings, '.ant-modal');
  await keepScreenshot(school, 'self-report-summary');
  const summaryDownload = school.waitForEvent('download');
  await summary.getByRole('button', { name: /下载\s*Word/ }).click();
  const summaryFile = await summaryDownload;
  expect(summaryFile.suggestedFilename()).toMatch(/全校汇总报告\.docx$/);
  expect(
    readFileSync((await summaryFile.path()) as string)
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');
  await school.context().close();

  expect(findings).toEqual([]);
});
