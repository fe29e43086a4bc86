import { expect, test } from '@playwright/test';
import { account, keepScreenshot, signIn, storedRecord, TEXT } from './support';

test('a session taken over by another sign-in shows 登录已过期 once; 重新登录 leads to /login', async ({ page }) => {
  await signIn(page, account('fbr01'));

  // Another user signs in with this browser's cookies: the server ends fbr01's session and the sid cookie becomes
  // shr01's. This tab still holds fbr01's record, so its next calls disagree with the session: 401 with 53000010.
  const other = account('shr01');
  const takeover = await page.request.post('/api/authc/login', {
    form: { userId: other.userId, password: other.password },
  });
  expect(takeover.ok()).toBe(true);

  // A reload runs the sign-in follow-up loads again, two of them at once.
  const failures = ['/api/user/roles', '/api/user/basicInfo'].map((path) =>
    page.waitForResponse((r) => r.url().includes(path)),
  );
  await page.reload();
  for (const failure of await Promise.all(failures)) {
    expect(failure.status()).toBe(401);
    expect(await failure.json()).toMatchObject({ meta: { code: 53000010 } });
  }

  const dialog = page.getByRole('dialog', { name: TEXT.sessionExpired });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await keepScreenshot(page, 'session-expired');

  await dialog.getByRole('button', { name: TEXT.relogin }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('heading', { name: TEXT.loginHeading })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await storedRecord(page)).toBeNull();
});

test('a session ended on the server (cookie gone) also shows 登录已过期 once and leads to /login', async ({
  page,
  context,
}) => {
  await signIn(page, account('xld01'));
  await context.clearCookies();

  // The tab still sends its login headers, so the server answers as an expired session (401, 53000010).
  await page.reload();
  const dialog = page.getByRole('dialog', { name: TEXT.sessionExpired });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await keepScreenshot(page, 'session-ended');
  await dialog.getByRole('button', { name: TEXT.relogin }).click();
  await expect(page).toHaveURL(/#\/login$/);
  expect(await storedRecord(page)).toBeNull();
});
