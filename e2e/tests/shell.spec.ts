import { expect, test } from '@playwright/test';
import { account, FIRST_PAGE_MS, keepScreenshot, signIn } from './support';

test('the header menu folds into 更多 in a narrow window', async ({ page }) => {
  // A wide window holds all of the administrator's modules (at 1920 px 智能分析 and 发展中心 already fold).
  await page.setViewportSize({ width: 2560, height: 1080 });
  await signIn(page, account('zyadmin'));
  // rc-overflow keeps the 更多 item in the DOM and shows it (opacity 1) only when items overflow.
  const more = page.locator('.zg-header .ant-menu-overflow-item-rest');
  await expect(page.locator('.zg-header [data-menu-key="dataManagement"]')).toBeVisible();
  await expect(more).toHaveCSS('opacity', '0');
  // Narrow, but not a phone's (below 768 px the bar has a 更多 list of every module instead: home.demo.spec).
  await page.setViewportSize({ width: 900, height: 700 });
  await expect(more).toHaveCSS('opacity', '1');
  await expect(more).toHaveText('更多');
  await more.hover();
  await expect(page.getByRole('menuitem', { name: /数据管理/ })).toBeVisible();
  await keepScreenshot(page, 'shell-narrow');
  await page.setViewportSize({ width: 2560, height: 1080 });
  await expect(more).toHaveCSS('opacity', '0');
});

test('the theme choice survives a reload, and the dark theme darkens header and sidebar', async ({ page }) => {
  await signIn(page, account('fbr01'));
  const header = page.locator('.zg-header');
  await expect(header).toHaveCSS('background-color', 'rgb(51, 113, 216)');
  await expect(page.getByRole('button', { name: '默认蓝' })).toHaveAttribute('aria-pressed', 'true');

  const saved = page.waitForResponse((r) => r.url().includes('/api/user/theme'));
  await page.getByRole('button', { name: '深色' }).click();
  expect((await saved).status()).toBe(200);
  await expect(header).toHaveCSS('background-color', 'rgb(36, 41, 62)');
  await expect(page.getByRole('button', { name: '深色' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('themeType'))).toBe('#24293e');

  await page.reload();
  await expect(page.getByText('欢迎，李明')).toBeVisible({ timeout: FIRST_PAGE_MS });
  await expect(header).toHaveCSS('background-color', 'rgb(36, 41, 62)');
  await expect(page.locator('.zg-sider')).toHaveCSS('background-color', 'rgb(36, 41, 62)');
  await expect(page.getByRole('button', { name: '深色' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: '默认蓝' }).click();
  await expect(header).toHaveCSS('background-color', 'rgb(51, 113, 216)');
});

test('the sidebar collapses to 80px and expands to 255px', async ({ page }) => {
  await signIn(page, account('zyadmin'));
  const sider = page.locator('.zg-sider');
  await expect(sider).toHaveCSS('width', '255px');
  await page.getByRole('button', { name: '收起侧边栏' }).click();
  await expect(sider).toHaveCSS('width', '80px');
  await page.getByRole('button', { name: '展开侧边栏' }).click();
  await expect(sider).toHaveCSS('width', '255px');
});

// One sign-in for the four: each theme at each size, the header's parts side by side, kept as a screenshot.
test('shell screenshots, light and dark themes, at 1366x768 and 1920x1080', async ({ page }) => {
  await signIn(page, account('bmfzr01'));
  await expect(page.locator('.zg-home__warnings .ant-statistic').first()).toBeVisible();
  for (const [theme, swatch] of [
    ['light', '默认蓝'],
    ['dark', '深色'],
  ] as const) {
    await page.getByRole('button', { name: swatch }).click();
    await expect(page.getByRole('button', { name: swatch })).toHaveAttribute('aria-pressed', 'true');
    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      // Nothing in the header overlaps: brand, menu, swatches and user follow each other left to right.
      await expect(async () => {
        const boxes = await Promise.all(
          ['.zg-header__brand', '.zg-header__menu', '.zg-theme', '.zg-header__user'].map(async (s) => {
            const box = await page.locator(s).boundingBox();
            if (!box) throw new Error(`${s} has no box`);
            return box;
          }),
        );
        for (let i = 1; i < boxes.length; i++) {
          const [left, right] = [boxes[i - 1], boxes[i]];
          if (left && right) expect(left.x + left.width).toBeLessThanOrEqual(right.x + 0.5);
        }
      }).toPass();
      await keepScreenshot(page, `shell-${theme}-${width}x${height}`);
    }
  }
});

test("antd's styles of the first screens come from their stylesheet, not computed in the page", async ({ page }) => {
  await signIn(page, account('fbr01'));
  const welcome = page.locator('.zg-home__welcome');
  await expect(welcome).toBeVisible();
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/antd-first-"]')).toHaveCount(1);
  // antd writes a <style> for every component whose styles it computes: none holds these (apps/web/build/first-styles).
  const injected = await page.locator('style').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  for (const rule of [
    '.ant-card-head',
    '.ant-layout-sider-children',
    '.ant-menu-inline',
    '.ant-descriptions-item-label',
  ]) {
    expect(
      injected.filter((text) => text.includes(rule)),
      rule,
    ).toEqual([]);
  }
  // And the sheet's rules are the ones drawn: antd's card radius and button height of the default theme.
  await expect(welcome).toHaveCSS('border-radius', '8px');
  await expect(page.getByRole('button', { name: '个人中心' })).toHaveCSS('height', '32px');
});
