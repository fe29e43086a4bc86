import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './api-client';
import { executingTask } from './progress-api';
import { account, keepScreenshot, signIn } from './support';

// Issue 8's report templates (报告模板) and the file archive (全部文件 / 我的文件), each as the user who uses them.
// Both are sections of the target-task module at /targetTaskManagement/<slug>.

const RUN = Date.now().toString(36).slice(-4);
const TEMPLATE = `学期任务总结模板-${RUN}`;
const TASK = `教学资源库建设-${RUN}`;
const FILE = {
  name: `资源库建设进度-${RUN}.txt`,
  mimeType: 'text/plain',
  buffer: Buffer.from('资源库建设进度说明\n'.repeat(50)),
};

const open = (page: Page, slug: string) => page.goto(`/#/targetTaskManagement/${slug}`);
const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test.describe.configure({ mode: 'serial' });

test('fbr01 adds a report template, is told what is missing, edits it and deletes it after confirming', async ({
  page,
}) => {
  await signIn(page, account('fbr01'));
  await open(page, 'reportTemplate');
  await expect(page.getByRole('tab', { name: '报告模板' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: '新增模板' }).click();
  const dialog = page.getByRole('dialog', { name: '新增模板' });
  // The built-in title and every section are offered; an empty name is refused with its message.
  await expect(dialog.getByLabel('报告标题')).toHaveValue('{rwmc}完成情况报告');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog.getByText('请输入名称')).toBeVisible();
  await dialog.getByLabel('模板名称').fill(TEMPLATE);
  await dialog.getByLabel('报告标题').fill('{rwmc}学期总结');
  await dialog.getByRole('checkbox', { name: '统计图表' }).uncheck();
  await keepScreenshot(page, 'report-template-dialog');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: TEMPLATE });
  await expect(row).toContainText('{rwmc}学期总结');
  await expect(row).not.toContainText('统计图表');
  await keepScreenshot(page, 'report-templates');

  await row.getByRole('button', { name: '编辑' }).click();
  const editing = page.getByRole('dialog', { name: '编辑模板' });
  await expect(editing.getByLabel('模板名称')).toHaveValue(TEMPLATE);
  await editing.getByLabel('报告说明').fill('按学期汇总任务进展。');
  await editing.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(editing).toBeHidden();

  // Delete asks first; cancelling keeps the template, confirming removes it.
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '删除所选' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定删除所选的1个模板' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /取\s*消|Cancel/ }).click();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: '删除所选' }).click();
  await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByRole('row').filter({ hasText: TEMPLATE })).toHaveCount(0);
});

test('rwfzr01 finds a report attachment under 我的文件 and downloads it; xld01 zips it from 全部文件', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A task under way for rwfzr01, and a progress report of this month with one attachment, sent through the API.
  const { taskId } = await executingTask(baseURL as string, TASK, { start: day(-40), end: day(90) });
  const owner = await apiAs(baseURL as string, 'rwfzr01');
  const fileId = await owner.upload(FILE);
  await owner.post('/api/herm-wbs/targetTaskSituation/insert', {
    taskId,
    periodKey: day(0).slice(0, 7),
    kind: 'process',
    content: '资源库首批课程已上线。',
    progress: 30,
    fileIds: [fileId],
  });
  await owner.dispose();

  await signIn(page, account('rwfzr01'));
  await open(page, 'file-myself');
  await page.getByPlaceholder('请输入文件名或任务名称').fill(TASK);
  await page.getByPlaceholder('请输入文件名或任务名称').press('Enter');
  const row = page.getByRole('row').filter({ hasText: FILE.name });
  await expect(row).toContainText(TASK);
  await expect(row).toContainText('教务处');
  await expect(page.getByRole('row').filter({ hasText: TASK })).toHaveCount(1);
  await keepScreenshot(page, 'archive-mine');
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^下\s*载$/ }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(FILE.name);
  expect(readFileSync((await file.path()) as string).equals(FILE.buffer)).toBe(true);

  // The school leader sees every task's documents; the whole filter goes as one zip.
  const leader = await browser.newPage();
  await signIn(leader, account('xld01'));
  await open(leader, 'file-all');
  await leader.getByPlaceholder('请输入文件名或任务名称').fill(FILE.name);
  await leader.getByPlaceholder('请输入文件名或任务名称').press('Enter');
  await expect(leader.getByRole('row').filter({ hasText: FILE.name })).toBeVisible();
  await leader.getByRole('button', { name: '全部打包下载' }).click();
  const zipping = leader.waitForEvent('download');
  await leader
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  const zip = await zipping;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const bytes = readFileSync((await zip.path()) as string);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.includes(Buffer.from(FILE.name))).toBe(true);
  await keepScreenshot(leader, 'archive-all');
  await leader.close();
});
