import { expect, type Page, test } from '@playwright/test';
import { keepScreenshot, openModule, submitSignIn } from './support';

// The 数据管理 menu belongs to 诊改管理员 (and the administrator): zgfb01 (何静) works in 质量管理办公室 (D04), so she
// writes its library and only reads 教务处's.
const WRITER = { userId: 'zgfb01', password: 'Demo@2026' };
const ADMIN = { userId: 'zyadmin', password: 'Admin@2026' };

const SMALL = { name: '自评报告.txt', mimeType: 'text/plain', buffer: Buffer.from('年度质量自评报告\n'.repeat(200)) };
/** Over FILE_NORMAL_LEN (5 MB), so it goes in 614400-byte chunks and a merge. */
const LARGE = {
  name: '专业建设方案.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(6 * 1024 * 1024 + 12345, 0x20),
    Buffer.from('%%EOF\n'),
  ]),
};

async function signInAs(page: Page, who: { userId: string; password: string }) {
  await page.goto('/#/login');
  await submitSignIn(page, who.userId, who.password);
  await expect(page).toHaveURL(/#\/index$/);
}

/** Opens 数据管理 from the menu and its 文件库 tab. */
async function openLibrary(page: Page) {
  await openModule(page, '数据管理');
  await expect(page).toHaveURL(/#\/dataManage/);
  await page.getByRole('tab', { name: '文件库' }).click();
  await expect(page.getByRole('table')).toBeVisible();
}

async function chooseDepartment(page: Page, name: string) {
  await page.getByRole('combobox').first().click();
  await page.locator('.ant-select-item-option').filter({ hasText: name }).first().click();
}

function row(page: Page, fileName: string) {
  return page.getByRole('row').filter({ hasText: fileName });
}

test('a department member attaches two files, one in chunks, and downloads all as a zip', async ({ page }) => {
  await signInAs(page, WRITER);
  await openLibrary(page);
  // The user's own department is chosen by default.
  await expect(page.locator('.ant-select').first()).toContainText('质量管理办公室');
  await expect(page.locator('.ant-empty-description').filter({ hasText: '暂无数据' })).toBeVisible();

  const merged = page.waitForResponse((r) => r.url().includes('/mergeStatus') && r.status() === 200);
  await page.getByTestId('file-upload-input').setInputFiles([SMALL, LARGE]);
  // The chunked file shows its progress while chunks go and the merge is polled.
  await expect(page.getByTestId('upload-progress').filter({ hasText: LARGE.name })).toBeVisible();
  await keepScreenshot(page, 'attachments-progress');
  await merged;
  await expect(row(page, SMALL.name)).toBeVisible({ timeout: 30_000 });
  await expect(row(page, LARGE.name)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('upload-progress')).toHaveCount(0);
  await expect(row(page, LARGE.name)).toContainText('6.0 MB');
  await expect(row(page, SMALL.name).getByRole('button', { name: /删\s*除/ })).toBeVisible();
  await expect(page.getByText('当前页2条，共2条')).toBeVisible();

  // Select every row and download them together.
  await page.getByRole('row').first().getByRole('checkbox').check();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载全部' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/支撑附件\.zip$/);
  expect(download.suggestedFilename()).toBe('质量管理办公室支撑附件.zip');
  await keepScreenshot(page, 'attachments-library');
});

test('a reader outside the department sees files but no add or delete', async ({ browser }) => {
  // The administrator may write every library: put one file into 教务处's.
  const admin = await browser.newPage();
  await signInAs(admin, ADMIN);
  await openLibrary(admin);
  await chooseDepartment(admin, '教务处');
  await admin.getByTestId('file-upload-input').setInputFiles(SMALL);
  await expect(row(admin, SMALL.name)).toBeVisible();
  await admin.close();

  const page = await browser.newPage();
  await signInAs(page, WRITER);
  await openLibrary(page);
  await chooseDepartment(page, '教务处');
  await expect(row(page, SMALL.name)).toBeVisible();
  await expect(row(page, SMALL.name).getByRole('button', { name: /^下\s*载$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /删\s*除/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '上传文件' })).toHaveCount(0);
  await expect(page.getByTestId('file-upload-input')).toHaveCount(0);
  await expect(page.getByText('只读：您不是该部门成员，只能查看和下载')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await row(page, SMALL.name)
    .getByRole('button', { name: /^下\s*载$/ })
    .click();
  expect((await downloading).suggestedFilename()).toBe(SMALL.name);
  await keepScreenshot(page, 'attachments-read-only');
  await page.close();
});
