import { expect, test } from '@playwright/test';
import { ACCOUNTS, account, KEYS_WITH_PAGES, keepScreenshot, signIn, storedRecord, TOP_MENUS } from './support';

// Rule: the bar lists, in catalogue order, the top-level menus whose key is in the login record's menu map, that are
// not hidden in the bar (仪表盘自定义), whose feature flag is on (年度目标分解: on in the demo), and that have a page.
for (const who of ACCOUNTS) {
  test(`${who.userId} sees exactly the menus its roles grant`, async ({ page }) => {
    await signIn(page, who);
    const record = (await storedRecord(page)) as { menus: Record<string, string> };
    const expected = TOP_MENUS.filter(([key]) => key in record.menus && KEYS_WITH_PAGES.includes(key)).map(
      ([key, label]) => record.menus[key]?.trim() || label,
    );
    const shown = page.locator('.zg-header .ant-menu-overflow-item:not(.ant-menu-overflow-item-rest) [data-menu-key]');
    await expect(shown).toHaveText(expected);
    // 首页 is granted to every role; data management only to the administrator and the data office here.
    expect(expected[0]).toBe('首页');
    expect(expected.includes('数据管理')).toBe(who.userId === 'zyadmin' || who.userId === 'sjgl01');
  });
}

test('the header menu folds into 更多 in a narrow window', async ({ page }) => {
  // A wide window holds all of the administrator's modules (at 1366 px the last of them already folds).
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, account('zyadmin'));
  // rc-overflow keeps the 更多 item in the DOM and shows it (opacity 1) only when items overflow.
  const more = page.locator('.zg-header .ant-menu-overflow-item-rest');
  await expect(page.locator('.zg-header [data-menu-key="dataManagement"]')).toBeVisible();
  await expect(more).toHaveCSS('opacity', '0');
  await page.setViewportSize({ width: 560, height: 700 });
  await expect(more).toHaveCSS('opacity', '1');
  await expect(more).toHaveText('更多');
  await more.hover();
  await expect(page.getByRole('menuitem', { name: /数据管理/ })).toBeVisible();
  await keepScreenshot(page, 'shell-narrow');
  await page.setViewportSize({ width: 1920, height: 1080 });
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
  await expect(page.getByText('欢迎，李明')).toBeVisible();
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

for (const [theme, swatch] of [
  ['light', '默认蓝'],
  ['dark', '深色'],
] as const) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test(`shell screenshot, ${theme} theme, ${width}x${height}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await signIn(page, account('bmfzr01'));
      await page.getByRole('button', { name: swatch }).click();
      await expect(page.getByRole('button', { name: swatch })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('.zg-home__warnings .ant-statistic').first()).toBeVisible();
      // Nothing in the header overlaps: brand, menu, swatches and user follow each other left to right.
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
      await keepScreenshot(page, `shell-${theme}-${width}x${height}`);
    });
  }
}

test('bmfzr01 gets one tab per page, and a tab returns to where the user was on it', async ({ page }) => {
  await signIn(page, account('bmfzr01'));
  const tabs = page.getByRole('navigation', { name: '已打开的页面' }).locator('.zg-pagetab');
  await page.locator('.zg-header').getByRole('menuitem', { name: '目标任务管理' }).click();
  await expect(page).toHaveURL(/#\/targetTaskManagement/);
  const sider = page.locator('.zg-sider');
  await sider.getByRole('menuitem', { name: '部门任务', exact: true }).click();
  await expect(page).toHaveURL(/departmentTask$/);
  await sider.getByRole('menuitem', { name: '我的任务', exact: true }).click();
  await expect(page).toHaveURL(/myTask$/);
  // Two pages of one module: two tabs, beside those opened before.
  await expect(tabs.filter({ hasText: '部门任务' })).toHaveCount(1);
  await expect(tabs.filter({ hasText: '我的任务' })).toHaveCount(1);
  await expect(page.locator('.zg-pagetab a[aria-current="page"]')).toHaveText('我的任务');
  await keepScreenshot(page, 'shell-tabs');

  await tabs.filter({ hasText: '部门任务' }).getByRole('link').click();
  await expect(page).toHaveURL(/departmentTask$/);
  // Closing the open page goes back to the page of the last tab left.
  await tabs
    .filter({ hasText: '部门任务' })
    .getByRole('button', { name: /关闭|remove/i })
    .click();
  await expect(tabs.filter({ hasText: '部门任务' })).toHaveCount(0);
  await expect(page).toHaveURL(/myTask$/);
});
