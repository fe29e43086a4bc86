import { expect, test } from '@playwright/test';
import { account, audit, type Finding, keepScreenshot, settle, signIn } from './support';

/**
 * The notification centre (issue 32 item 6) on the demo story: 陈伯涛 (xld01) sees the unread count on the bell, opens
 * the list, follows a task warning to its page, and the item is read. Screenshots: notification-list.png,
 * notification-followed.png.
 */
test('xld01 sees the unread count, opens the list, follows an item and it is marked read', async ({ page }) => {
  await signIn(page, account('xld01'));
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('aria-label', /消息通知，\d+ 条未读/, { timeout: 20_000 });
  const unread = Number((await bell.getAttribute('aria-label'))!.replace(/[^\d]/g, ''));
  expect(unread).toBeGreaterThan(0);

  await bell.click();
  const drawer = page.locator('.zg-notification__drawer');
  const items = drawer.getByTestId('notification-item');
  await expect(items.first()).toBeVisible();
  await settle(page);
  const findings: Finding[] = [];
  await audit(page, 'notification drawer', findings, '.zg-notification__drawer');
  await audit(page, 'header with the bell', findings, '.zg-header');
  expect(findings).toEqual([]);
  await keepScreenshot(page, 'notification-list');

  await drawer
    .getByRole('button', { name: /^任务预警：/ })
    .or(drawer.getByText(/^任务预警：/))
    .first()
    .click();
  await expect(page).toHaveURL(/#\/targetTaskManagement\/warningTask/);
  await expect(bell).toHaveAttribute('aria-label', `消息通知，${unread - 1} 条未读`);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await settle(page);
  await keepScreenshot(page, 'notification-followed');
});
