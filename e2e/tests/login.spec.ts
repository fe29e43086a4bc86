import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// What the user reads, written out as the user reads it.
const SYSTEM_NAME = '教学质量监测与分析平台';
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

test('zyadmin signs in with a password', async ({ page }) => {
  await page.goto('/#/login');

  // The seeded system name, in the brand panel and the page title.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SYSTEM_NAME);
  await expect(page).toHaveTitle(SYSTEM_NAME);

  // A wrong password: the 登录失败 dialog with the server's message, and no navigation.
  await page.getByLabel('工号').fill('zyadmin');
  await page.getByLabel('密码').fill('wrong-password');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  const dialog = page.getByRole('dialog', { name: '登录失败' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('工号或密码错误');
  await dialog.getByRole('button', { name: /知\s*道\s*了/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/login$/);

  // The demo administrator, submitted with Enter.
  await page.getByLabel('密码').fill('Admin@2026');
  await page.getByLabel('密码').press('Enter');
  await expect(page).toHaveURL(/#\/index$/);
  await expect(page.getByText('欢迎，系统管理员')).toBeVisible();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  await expect(page.locator('.zg-home__tag').first()).toBeVisible();

  const record = await page.evaluate(() => sessionStorage.getItem('loginRecord'));
  expect(JSON.parse(record ?? 'null')).toMatchObject({ userId: 'zyadmin', userName: '系统管理员' });

  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}login-zyadmin.png`, fullPage: true });

  // Sign out (a CSRF-checked call): back to the sign-in screen, and /index no longer opens.
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('loginRecord'))).toBeNull();
  await page.goto('/#/index');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('heading', { name: '账号登录' })).toBeVisible();
});
