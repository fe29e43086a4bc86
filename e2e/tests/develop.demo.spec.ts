import { expect, test } from '@playwright/test';
import { account, audit, type Finding, keepScreenshot, openModule, settle, signIn } from './support';

/**
 * 发展中心 (issue 35 item 4) on the demo school: the school leader xld01 opens it from the header, sees each year's
 * targets with their tasks' progress, a task beside the quality control point it serves (the demo links some of the
 * story's tasks to the major standard's QCPs), filters by department; axe finds nothing serious.
 * Screenshots: e2e/artifacts/develop-*.png.
 */
test('xld01 opens 发展中心 and sees a task beside the QCP it serves', async ({ page }) => {
  await signIn(page, account('xld01'));
  const overview = page.waitForResponse((r) => r.url().includes('/api/herm-xxjk/develop/overview'));
  await openModule(page, '发展中心');
  await expect(page).toHaveURL(/#\/develop/);
  expect((await overview).status()).toBe(200);
  await settle(page);

  const thisYear = new Date().getFullYear();
  await expect(page.getByRole('region', { name: `${thisYear}年` })).toBeVisible();
  // A task row with the QCP it serves (a tag) and the QCP's system beside it.
  const served = page
    .locator('.zg-develop-target tr')
    .filter({ has: page.locator('.zg-develop-qcps') })
    .first();
  await expect(served).toBeVisible();
  await expect(served.locator('.zg-develop-qcps .ant-tag').first()).not.toBeEmpty();
  await expect(served.locator('.zg-develop-qcps__system').first()).toContainText('诊改质量标准');
  await expect(served.getByRole('progressbar')).toBeVisible();
  // The chart of progress by department over the years is drawn (ECharts, SVG), or says 暂无数据.
  await expect(page.locator('.zg-develop-summary svg, .zg-develop-summary .zg-chart-empty').first()).toBeVisible();
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  const findings: Finding[] = [];
  await audit(page, '发展中心', findings);
  expect(findings).toEqual([]);
  await keepScreenshot(page, 'develop-leader');
  await served.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'develop-task');

  // The department filter: one department's tasks only.
  const dept = ((await served.locator('td').nth(1).textContent()) ?? '').trim();
  const filtered = page.waitForResponse((r) => r.url().includes('/develop/overview') && r.url().includes('bmid='));
  await page.getByRole('combobox', { name: '部门' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: dept }).first().click();
  expect((await filtered).status()).toBe(200);
  await settle(page);
  const depts = await page.locator('.zg-develop-target tbody tr td:nth-child(2)').allInnerTexts();
  expect(depts.length).toBeGreaterThan(0);
  expect(new Set(depts.map((d) => d.trim()))).toEqual(new Set([dept]));
  await keepScreenshot(page, 'develop-department');
});
