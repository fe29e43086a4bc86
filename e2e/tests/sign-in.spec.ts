import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  account,
  expectGrantedMenus,
  FIRST_PAGE_MS,
  keepScreenshot,
  signIn,
  storedRecord,
  submitSignIn,
  TEXT,
} from './support';

const SYSTEM_NAME = '教学质量监测与分析平台';

for (const who of ACCOUNTS) {
  test(`${who.userId} signs in, lands on /index and sees exactly the menus its roles grant`, async ({ page }) => {
    await signIn(page, who);
    await expectGrantedMenus(page, who);
    await expect(page.getByRole('button', { name: TEXT.logout })).toBeVisible();
    expect(await storedRecord(page)).toMatchObject({ userId: who.userId, userName: who.name });
    // The follow-up loads answered without a failure toast.
    await expect(page.locator('.ant-message-error')).toHaveCount(0);
    await keepScreenshot(page, `sign-in-${who.userId}`);
  });
}

test('a department head gets the derived role and sees the department', async ({ page }) => {
  await signIn(page, account('bmfzr01'));
  await expect(page.getByText('目标任务部门负责人')).toBeVisible();
  await expect(page.getByText('教务处', { exact: true })).toBeVisible();
});

test('the root sends a signed-out visitor to /login, and a signed-in one to /index', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: TEXT.loginHeading })).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SYSTEM_NAME);
  await expect(page).toHaveTitle(SYSTEM_NAME);

  await signIn(page, account('zyadmin'));
  await page.goto('/');
  await expect(page).toHaveURL(/#\/index$/);
});

test('the sign-in page loads without an error in the console, from the root or its own address', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  for (const address of ['/', '/#/login']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: TEXT.loginHeading })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: TEXT.loginHeading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('a signed-out visit to a page goes to /login with from, and back there after sign-in', async ({ page }) => {
  await page.goto('/#/index');
  await expect(page).toHaveURL(/#\/login\?from=%2Findex$/);
  await submitSignIn(page, 'xld01', 'Demo@2026');
  await expect(page).toHaveURL(/#\/index$/);
  await expect(page.getByText('欢迎，陈伯涛')).toBeVisible({ timeout: FIRST_PAGE_MS });
});

test('a reload keeps the session, and a new tab recovers it from the cookie', async ({ page, context }) => {
  await signIn(page, account('fbr01'));
  await page.reload();
  await expect(page.getByText('欢迎，李明')).toBeVisible({ timeout: FIRST_PAGE_MS });

  // A new tab has no session storage: try-login brings the record back from the sid cookie.
  const tab = await context.newPage();
  const tryLogin = tab.waitForResponse((r) => r.url().includes('/api/authc/tryLogin'));
  await tab.goto('/#/index');
  expect((await tryLogin).status()).toBe(200);
  await expect(tab.getByText('欢迎，李明')).toBeVisible({ timeout: FIRST_PAGE_MS });
  expect(await storedRecord(tab)).toMatchObject({ userId: 'fbr01' });
});
