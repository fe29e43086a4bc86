import { expect, test } from '@playwright/test';
import { account, keepScreenshot, signIn } from './support';

// 数据管理 / 数据源 as the data office keeps it: a source on a long host name and a port of its own is added, its row
// shows where it is as host:port with the port in sight (an ellipsis once cut the port first), and it is deleted after
// the confirmation. Screenshot: e2e/artifacts/datasources-list.png.
const NAME = `教务只读库${Date.now() % 100000}`;
const HOST = 'jwxt-readonly-replica-02.db.intranet.example.edu.cn';

test('sjgl01 adds a data source and reads its host with its port in the list, then deletes it', async ({ page }) => {
  await signIn(page, account('sjgl01'));
  await page.goto('/#/dataManage');
  await page.getByRole('tab', { name: '数据源' }).click();
  await page.getByRole('button', { name: '新增数据源' }).click();
  const dialog = page.getByRole('dialog', { name: '新增数据源' });
  await dialog.getByLabel('名称').fill(NAME);
  await dialog.getByLabel('主机').fill(HOST);
  await dialog.getByLabel('端口').fill('15432');
  await dialog.getByLabel('数据库').fill('jwxt');
  await dialog.getByLabel('用户名').fill('reader');
  await dialog.getByLabel('密码', { exact: true }).fill('Reader#2026');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(page.getByRole('columnheader', { name: '主机:端口' })).toBeVisible();
  const address = row.locator('.zg-host-port');
  await expect(address).toHaveAttribute('title', `${HOST}:15432`);
  // The port is drawn inside its cell: the host gives way to it.
  const port = address.getByText(':15432', { exact: true });
  await expect(port).toBeVisible();
  const cell = await address.locator('xpath=ancestor::td[1]').boundingBox();
  const box = await port.boundingBox();
  expect(box && cell && box.x + box.width <= cell.x + cell.width).toBe(true);
  await keepScreenshot(page, 'datasources-list');

  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(row).toHaveCount(0);
});
