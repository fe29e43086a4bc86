import { expect, test } from '@playwright/test';
import { account, keepScreenshot, signIn, storedRecord, submitSignIn, TEXT } from './support';

test('a wrong password shows the 登录失败 dialog with the reason, and the right one then signs in', async ({
  page,
}) => {
  await page.goto('/#/login');
  await submitSignIn(page, 'shr01', 'wrong-password');

  const dialog = page.getByRole('dialog', { name: TEXT.loginFailed });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(TEXT.badCredentials);
  // The dialog is the only notice: no toast repeats the reason.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await expect(page).toHaveURL(/#\/login$/);
  expect(await storedRecord(page)).toBeNull();
  await keepScreenshot(page, 'wrong-password');

  await dialog.getByRole('button', { name: /知\s*道\s*了/ }).click();
  await expect(dialog).toBeHidden();
  await signIn(page, account('shr01'));
});
