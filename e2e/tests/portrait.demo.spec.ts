import { expect, type Page, test } from '@playwright/test';
import { account, audit, type Finding, keepScreenshot, openModule, settle, signIn } from './support';

/**
 * 画像分析 (issue 35 item 1) on the demo school: xld01 opens the school's portrait from 智能分析, drills down to a
 * college, a major, a course, a class and a student, and goes back by the breadcrumb, the school's 需关注学生 listed; zyfzr01 lands on 软件技术 (their
 * major) and is refused another major with the Chinese message; axe finds nothing serious.
 * Screenshots: e2e/artifacts/portrait-*.png.
 */
const portraitLoaded = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().includes('/api/herm-xxjk/CurrentPortraits/query') && r.url().includes('Portrait'),
  );

async function drill(page: Page, tab: RegExp, name?: string) {
  await page.getByRole('tab', { name: tab }).click();
  const panel = page.getByRole('tabpanel');
  const button = name ? panel.getByRole('button', { name, exact: true }) : panel.getByRole('button').first();
  const label = ((await button.textContent()) ?? '').trim();
  const loaded = portraitLoaded(page);
  await button.click();
  expect((await loaded).status()).toBe(200);
  await settle(page);
  await expect(page.locator('.zg-portrait-title')).toContainText(label);
  return label;
}

test('xld01 opens the school portrait and drills down to a major, a course and a student', async ({ page }) => {
  await signIn(page, account('xld01'));
  const school = portraitLoaded(page);
  await openModule(page, '智能分析');
  await page.getByRole('menuitem', { name: '画像分析' }).click();
  await expect(page).toHaveURL(/#\/analysis\/portrayal\?kind=school/);
  expect((await school).status()).toBe(200);
  await settle(page);
  await expect(page.locator('.zg-portrait-title')).toContainText('演示职业技术学院');
  await expect(page.locator('.zg-portrait-card').filter({ hasText: '在校生数' })).toBeVisible();
  await expect(page.locator('.zg-portrait-card').filter({ hasText: '自定义' }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: '演示职业技术学院历年趋势' })).toBeVisible();
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  // 需关注学生: the demo school's students on 休学 or failing the fitness test, paged.
  const follow = page.locator('.ant-card').filter({ hasText: '需关注学生' });
  await expect(follow.locator('tbody tr').first()).toBeVisible();
  await expect(follow.locator('tbody')).toContainText(/休学|体质测试不及格/);
  const findings: Finding[] = [];
  await audit(page, '学校画像', findings);
  await keepScreenshot(page, 'portrait-school');
  await follow.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'portrait-follow');

  await drill(page, /^学院/, '信息工程学院');
  await drill(page, /^专业/, '软件技术');
  await expect(page.locator('.ant-breadcrumb')).toContainText('信息工程学院');
  await keepScreenshot(page, 'portrait-major');
  await drill(page, /^课程/);
  await expect(page.locator('.ant-card').filter({ hasText: '开课与成绩' }).locator('tbody tr').first()).toBeVisible();
  await audit(page, '课程画像', findings);
  await keepScreenshot(page, 'portrait-course');

  // Back to the major by the breadcrumb, then a class and one of its students.
  // (The major's portrait is still in the page's cache: no request needed.)
  await page.locator('.ant-breadcrumb').getByRole('link', { name: '软件技术' }).click();
  await expect(page.locator('.zg-portrait-title')).toContainText('软件技术');
  await settle(page);
  await drill(page, /^班级/);
  const students = page.locator('.ant-card').filter({ hasText: '学生名单' });
  await expect(students.locator('tbody tr').first()).toBeVisible();
  const student = portraitLoaded(page);
  await students.getByRole('button', { name: '查看画像' }).first().click();
  expect((await student).status()).toBe(200);
  await settle(page);
  await expect(page.locator('.zg-portrait-kind')).toHaveText('学生画像');
  await expect(page.locator('.ant-descriptions')).toContainText('学号');
  await audit(page, '学生画像', findings);
  expect(findings).toEqual([]);
  await keepScreenshot(page, 'portrait-student');
});

test('zyfzr01 lands on their major and is refused another', async ({ page }) => {
  await signIn(page, { userId: 'zyfzr01', password: 'Demo@2026', name: '林志华' });
  const major = portraitLoaded(page);
  await page.goto('/#/analysis/portrayal');
  expect((await major).status()).toBe(200);
  await settle(page);
  await expect(page).toHaveURL(/kind=major&code=ZY0101/);
  await expect(page.locator('.zg-portrait-title')).toContainText('软件技术');
  await keepScreenshot(page, 'portrait-major-head');

  const refused = portraitLoaded(page);
  await page.goto('/#/analysis/portrayal?kind=major&code=ZY0102');
  expect((await refused).status()).toBe(403);
  await expect(page.locator('.zg-load-error')).toContainText('您没有查看');
  const findings: Finding[] = [];
  await audit(page, '画像（无权限）', findings);
  expect(findings).toEqual([]);
  await keepScreenshot(page, 'portrait-refused');
});
