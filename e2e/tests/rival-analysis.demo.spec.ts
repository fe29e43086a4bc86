import { expect, test } from '@playwright/test';
import { account, audit, type Finding, keepScreenshot, openModule, settle, signIn } from './support';

/**
 * 对标分析 and 双高对比 (issue 35 items 2-3) on the demo story: 陈伯涛 (xld01, the school leader) opens 智能分析, sees
 * 本校 and its eight benchmark schools marked 示例数据, compares two schools side by side, then opens 双高对比: the
 * sourced units (已收录 8 / 197) and 本校 against the double-high groups. Axe clean on both. Screenshots:
 * rival-analysis.png, rival-side-by-side.png, double-high.png.
 */
test('xld01 compares two rival schools and the double-high group', async ({ page }) => {
  await signIn(page, account('xld01'));
  await openModule(page, '智能分析');
  await expect(page.getByRole('heading', { level: 1, name: '对标分析' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('标注“示例数据”的数值为演示用的示例')).toBeVisible();
  const overview = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: '指标总览' }) });
  await expect(overview.locator('tbody tr.ant-table-row')).toHaveCount(9);
  await expect(overview.getByText('唐山工业职业技术学院（本校）')).toBeVisible();
  await expect(overview.getByText('示例数据').first()).toBeVisible();
  await expect(page.getByRole('img', { name: '趋势分析：就业率(%)' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('img', { name: '排名分析：就业率(%)' })).toBeVisible();
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await settle(page);
  const findings: Finding[] = [];
  await audit(page, 'rival analysis', findings, '.zg-page');
  expect(findings).toEqual([]);
  await keepScreenshot(page, 'rival-analysis');

  // Two schools side by side: 本校 and 天津医学高等专科学校.
  const side = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: '两校对比' }) });
  await side.scrollIntoViewIfNeeded();
  await side.getByRole('combobox', { name: '学校二' }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('天津医学高等专科学校', { exact: true }).click();
  await expect(side.getByRole('img', { name: '两校对比' })).toBeVisible();
  await expect(side.getByRole('columnheader', { name: '天津医学高等专科学校' })).toBeVisible();
  await expect(side.getByRole('columnheader', { name: '唐山工业职业技术学院（本校）' })).toBeVisible();
  await settle(page);
  await keepScreenshot(page, 'rival-side-by-side');

  await page.locator('.zg-sider').getByRole('menuitem', { name: '双高对比' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '双高对比' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('已收录 8 / 197', { exact: true })).toBeVisible();
  await expect(page.getByText(/教职成函〔2019〕14号/).first()).toBeVisible();
  const units = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: '双高建设单位名单' }) });
  await expect(units.getByText('天津市职业大学')).toBeVisible();
  await expect(units.getByRole('link', { name: 'https://toopx.cn/tj/news-id-360293.html' }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: '本校与双高院校对比：就业率(%)' })).toBeVisible({ timeout: 20_000 });
  const compare = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: '本校与双高院校对比' }) });
  await expect(compare.getByRole('columnheader', { name: '高水平学校A档' })).toBeVisible();
  await expect(compare.getByRole('columnheader', { name: '双高院校整体' })).toBeVisible();
  await expect(compare.getByText('示例数据')).toBeVisible();
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await settle(page);
  const more: Finding[] = [];
  await audit(page, 'double high', more, '.zg-page');
  expect(more).toEqual([]);
  await keepScreenshot(page, 'double-high');
});
