import { expect, type Page, test } from '@playwright/test';
import { account, audit, type Finding, keepScreenshot, signIn } from './support';

/**
 * A newcomer's first sign-in on a fresh `npm start` (demo.config.ts: an empty data directory, the demo story loaded)
 * shows a living school: every demo account's home page counts work waiting. Screenshots: e2e/artifacts/home-<user>.png.
 */

/** The numbers the home page's to-do and warning cards show, once none of them is loading. */
async function homeCounts(page: Page) {
  const cards = page.locator('.zg-home__todo, .zg-home__warnings');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('.zg-home__todo .ant-skeleton, .zg-home__warnings .ant-skeleton')).toHaveCount(0);
  await expect(page.locator('.ant-statistic-content-value').first()).toBeVisible();
  const values = await cards.locator('.ant-statistic-content-value').allInnerTexts();
  return values.map((v) => Number(v.replace(/[^\d]/g, '')));
}

for (const userId of ['fbr01', 'bmfzr01', 'rwfzr01', 'shr01', 'xld01'] as const) {
  test(`${userId} signs in to a school with work waiting`, async ({ page }) => {
    await signIn(page, account(userId));
    // Counts settle once their requests have answered: wait for a non-zero one rather than a fixed time.
    await expect.poll(async () => Math.max(0, ...(await homeCounts(page))), { timeout: 20_000 }).toBeGreaterThan(0);
    if (userId === 'bmfzr01') {
      // The urge of the publisher waits on the department head's home page.
      await expect(page.locator('.zg-home__urges').getByRole('listitem').first()).toBeVisible();
    }
    await expect(page.locator('.ant-message-error')).toHaveCount(0);
    await keepScreenshot(page, `home-${userId}`);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('xld01 reads the home page at the full width, opens a module from 更多 and the sidebar as a drawer', async ({
    page,
  }) => {
    await signIn(page, account('xld01'));
    await expect(page.getByRole('heading', { name: /欢迎，/ })).toBeVisible();
    // The page takes the width: no sidebar beside it, nothing wider than the screen.
    await expect(page.locator('.zg-sider .ant-menu')).toHaveCount(0);
    await expect(page.locator('.zg-theme')).toBeHidden();
    const welcome = await page.locator('.zg-home__welcome').boundingBox();
    expect(welcome?.width ?? 0).toBeGreaterThan(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    const findings: Finding[] = [];
    await audit(page, '/index (phone)', findings);
    expect(findings).toEqual([]);
    await keepScreenshot(page, 'home-phone-xld01');

    await page.getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '数据大屏' }).click();
    await expect(page).toHaveURL(/#\/dataScreen/);
    await page.getByRole('button', { name: '展开侧边栏' }).click();
    const drawer = page.locator('.zg-sider');
    await expect(drawer.getByRole('menuitem').first()).toBeVisible();
    await keepScreenshot(page, 'drawer-phone-xld01');
    await drawer.getByRole('menuitem').first().click();
    await expect(page.locator('.zg-sider .ant-menu')).toHaveCount(0);
  });
});
