import { expect, test } from '@playwright/test';
import { account, keepScreenshot, signIn, storedRecord, TEXT } from './support';

test('signing out ends the session and returns to the sign-in screen', async ({ page }) => {
  await signIn(page, account('rwfzr01'));
  const logout = page.waitForResponse((r) => r.url().includes('/api/authc/logout'));
  await page.getByRole('button', { name: TEXT.logout }).click();
  expect((await logout).status()).toBe(200);
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByText('已退出登录')).toBeVisible();
  expect(await storedRecord(page)).toBeNull();
  await keepScreenshot(page, 'logout');

  // The server session is over too: /index finds no session to recover and asks to sign in, remembering where.
  await page.goto('/#/index');
  await expect(page).toHaveURL(/#\/login\?from=%2Findex$/);
  await expect(page.getByRole('heading', { name: TEXT.loginHeading })).toBeVisible();
});
