import { expect, type Page, test } from '@playwright/test';
import { account, keepScreenshot, signIn } from './support';

/**
 * Issue 18's journey on the demo school's warehouse (demo.config.ts: jx_student and the majors as dimension objects):
 * zyadmin writes an algorithm in 数据管理 / 算法管理, checks and tests it on a major, stores a result (V1 becomes
 * used), saves a changed text (V2), and the stored result stays traceable to V1 and runs again.
 * Screenshots: e2e/artifacts/algorithm-*.png.
 */

const two = (s: string) => new RegExp(`^${s[0]}\\s?${s[1]}$`);
const GROUP = `端到端指标${Date.now() % 100000}`;
const NAME = `专业在籍学生数${Date.now() % 100000}`;
const BAD = 'select count(*) as value\nfrom pg_catalog.pg_user';
const TEXT =
  '-- 专业在籍学生数 = 该专业学生表中的人数\nselect count(*) as value from warehouse.jx_student where major_code = :objectId';

/** Replaces the editor's text (insertText: typing would let completion take the Enter keys). */
async function setSql(page: Page, text: string) {
  const editor = page.locator('.zg-algorithm-editor .cm-content').first();
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  await expect(editor).toContainText(text.split('\n').at(-1) as string);
}

test('zyadmin writes an algorithm, tests it on a major, saves a new version, and V1’s result stays traceable', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, account('zyadmin'));
  await page.goto('/#/dataManage');
  await page.getByRole('tab', { name: '算法管理' }).click();

  // A group.
  await page.getByRole('button', { name: '新增组' }).click();
  const groupDialog = page.getByRole('dialog', { name: '新增算法组' });
  await groupDialog.getByLabel('算法组名称').fill(GROUP);
  await groupDialog.getByRole('button', { name: two('保存') }).click();
  await expect(page.getByRole('tree', { name: '算法组' }).getByText(GROUP)).toBeVisible();
  await page.getByRole('tree', { name: '算法组' }).getByText(GROUP).click();

  // A new algorithm: a hostile text is refused by 校验 with its line and column, marked in the editor.
  await page.getByRole('button', { name: '新增算法' }).click();
  await page.getByLabel('算法名称').fill(NAME);
  await page.getByRole('combobox', { name: '维度类型' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('专业', { exact: true }).click();
  await expect(page.locator('.zg-algorithm-editor .cm-content')).toBeVisible();
  await setSql(page, BAD);
  await page.getByRole('button', { name: two('校验') }).click();
  await expect(page.locator('.zg-algorithm-check')).toContainText('第 2 行');
  await expect(page.locator('.cm-lintRange-error')).toBeVisible();
  await keepScreenshot(page, 'algorithm-check-refused');

  // Completion offers the warehouse's tables with their Chinese names.
  await setSql(page, 'select * from warehouse.jx_stu');
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.cm-tooltip-autocomplete')).toContainText('jx_student');
  await expect(page.locator('.cm-tooltip-autocomplete')).toContainText('学生');
  await keepScreenshot(page, 'algorithm-completion');
  await page.keyboard.press('Escape');

  await setSql(page, TEXT);
  await page.getByRole('button', { name: two('校验') }).click();
  await expect(page.locator('.zg-algorithm-check')).toContainText('校验通过');
  await expect(page.locator('.zg-algorithm-check')).toContainText('jx_student');
  await page.getByRole('button', { name: two('保存') }).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(page.getByText('当前版本 V1')).toBeVisible();

  // 测试 on a major: the value, rows and time; nothing stored.
  const objectPicker = page.getByRole('combobox', { name: '维度对象' });
  await objectPicker.click();
  await objectPicker.fill('软件技术');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.getByRole('button', { name: two('测试') }).click();
  const result = page.getByTestId('algorithm-result');
  await expect(result).toContainText('结果值');
  await expect(result).toContainText('1 行');
  await expect(result).toContainText('毫秒');
  const tested = Number(await result.locator('.ant-descriptions-item-content').first().textContent());
  expect(tested).toBeGreaterThan(0);
  await keepScreenshot(page, 'algorithm-tested');

  // A stored result: V1 becomes used.
  await page.getByRole('button', { name: /计算并保存结果（V1）/ }).click();
  await expect(page.getByText(/结果已按 V1 保存/)).toBeVisible();

  // A changed text is saved as V2: the used V1 is never changed.
  await setSql(page, `${TEXT}\n  and enrol_year > 1900`);
  await page.getByLabel('版本说明').fill('只计入有入学年份的学生');
  await page.getByRole('button', { name: two('保存') }).click();
  await expect(page.locator('.ant-message')).toContainText('已保存为新版本 V2');
  await expect(page.getByText('当前版本 V2')).toBeVisible();

  // The run stays traceable to V1: its hash and parameters, and it runs again to the same value.
  await page.getByRole('tab', { name: '执行记录' }).click();
  const run = page.locator('.ant-table-row').filter({ hasText: '维度对象=' }).first();
  await expect(run).toContainText('V1');
  await expect(run.locator('code')).toHaveText(/^[0-9a-f]{12}$/);
  const hash = await run.locator('code').getAttribute('title');
  await run.getByRole('button', { name: '重新运行' }).click();
  const again = page.locator('.ant-modal').filter({ hasText: '重新运行 V1' });
  await expect(again.getByTestId('algorithm-result')).toContainText(String(tested));
  await expect(again).toContainText(`记录的值：${tested}`);
  await keepScreenshot(page, 'algorithm-rerun');
  await again
    .locator('.ant-modal-footer')
    .getByRole('button', { name: two('关闭') })
    .click();

  // The versions: V1 used and no longer current, its text read only, with the run's hash.
  await page.getByRole('tab', { name: /^版本/ }).click();
  const v1 = page.locator('.ant-table-row').filter({ hasText: '已被结果使用' });
  await expect(v1).toContainText('V1');
  expect(await v1.locator('code').getAttribute('title')).toBe(hash);
  await v1.getByRole('button', { name: two('查看') }).click();
  const view = page.locator('.ant-modal').filter({ hasText: 'V1 的 SQL（只读）' });
  await expect(view.locator('.cm-content')).toHaveAttribute('contenteditable', 'false');
  await expect(view.locator('.cm-content')).not.toContainText('enrol_year');
  await keepScreenshot(page, 'algorithm-version-view');
  await view
    .locator('.ant-modal-footer')
    .getByRole('button', { name: two('关闭') })
    .click();
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
});
