import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { account, keepScreenshot, openModule, signIn } from './support';

// The data warehouse in the browser (issue 17): zyadmin defines a table with three fields, creates the physical
// table, imports an Excel file with one bad row and sees that row named in the report, fixes it, imports, and browses
// the rows. axe checks each page of the journey as it is reached.
test.describe.configure({ timeout: 180_000 });

const WAREHOUSE = '学生数据仓库';
const TABLE = { label: '学生名单', name: 'e2e_student' };
const FIELDS = [
  { name: 'xh', label: '学号', type: '文本', length: '10', required: true },
  { name: 'xm', label: '姓名', type: '文本', length: '20', required: true },
  { name: 'nl', label: '年龄', type: '整数' },
] as const;

async function xlsx(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('数据');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function noSeriousAxeViolation(page: Page, where: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({ where, rule: v.id, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  expect(serious, JSON.stringify(serious, null, 1)).toEqual([]);
}

/** Confirms the popconfirm on screen. */
async function confirmPop(page: Page) {
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

/** The dialog of the given title, and its 确定. */
const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title });
async function ok(d: Locator) {
  await d.getByRole('button', { name: /确\s*定/ }).click();
  await expect(d).toBeHidden();
}

test('zyadmin defines a table, creates it, imports with one bad row named, fixes it, imports and browses', async ({
  page,
}) => {
  await signIn(page, account('zyadmin'));
  await openModule(page, '数据管理');
  await page.getByRole('tab', { name: '数据仓库' }).click();
  await expect(page).toHaveURL(/#\/dataManage\/warehouse$/);

  // A warehouse, and a table in it.
  await page.getByRole('button', { name: '新增仓库' }).click();
  let d = dialog(page, '新增仓库');
  await d.getByLabel('仓库名称').fill(WAREHOUSE);
  await ok(d);
  await page.getByRole('link', { name: WAREHOUSE }).click();
  await expect(page).toHaveURL(/#\/dataManage\/warehouse\/\d+$/);
  await page.getByRole('button', { name: '新增数据表' }).click();
  d = dialog(page, '新增数据表');
  await d.getByLabel('中文名称').fill(TABLE.label);
  await d.getByLabel('表名').fill('select');
  await d.getByLabel('中文名称').click();
  // A keyword is refused in the form, before anything is sent.
  await expect(d.getByText('“select”是数据库保留字，请换一个名称')).toBeVisible();
  await d.getByLabel('表名').fill(TABLE.name);
  await ok(d);
  await noSeriousAxeViolation(page, '数据表列表');
  await page.getByRole('link', { name: TABLE.label }).first().click();
  await expect(page).toHaveURL(/#\/dataManage\/warehouse\/\d+\/table\/\d+$/);

  // Three fields.
  for (const f of FIELDS) {
    await page.getByRole('button', { name: '新增字段' }).click();
    d = dialog(page, '新增字段');
    await d.getByLabel('字段名').fill(f.name);
    await d.getByLabel('中文名称').fill(f.label);
    await d.getByRole('combobox', { name: '类型' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: f.type }).click();
    if ('length' in f) await d.getByLabel('长度').fill(f.length);
    if ('required' in f) await d.getByRole('switch', { name: '必填' }).click();
    await ok(d);
    const line = page.getByRole('row').filter({ has: page.getByRole('cell', { name: f.label, exact: true }) });
    // 排序, 字段名, 中文名称, 类型, 必填.
    await expect(line.getByRole('cell').nth(4)).toHaveText('required' in f ? '是' : '否');
  }
  await expect(page.getByRole('cell', { name: '文本(10)' })).toBeVisible();

  // The physical table.
  await page.getByRole('button', { name: '创建物理表' }).click();
  await confirmPop(page);
  await expect(page.getByText(`物理表“${TABLE.name}”已创建`)).toBeVisible();
  await expect(page.getByText('已创建', { exact: true })).toBeVisible();
  await noSeriousAxeViolation(page, '表结构');
  await keepScreenshot(page, 'warehouse-structure');

  // An import with one bad row: nothing goes in, the row is named.
  await page.getByRole('button', { name: '查看数据' }).click();
  await expect(page).toHaveURL(/#\/dataManage\/warehouse\/\d+\/table\/\d+\/data$/);
  await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
  await page.getByRole('button', { name: '导入数据' }).click();
  d = dialog(page, '导入数据');
  const header = FIELDS.map((f) => f.label);
  await d.locator('input[type="file"]').setInputFiles({
    name: '学生名单.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsx([header, ['2024001', '张三', 18], ['2024002', '李四', '十九'], ['2024003', '王五', 20]]),
  });
  await expect(d.getByText('导入失败，共1处错误，未导入任何数据')).toBeVisible();
  const report = d.getByRole('table');
  await expect(report.getByRole('row')).toHaveCount(2);
  const bad = report.getByRole('row').nth(1);
  await expect(bad.getByRole('cell').nth(0)).toHaveText('第3行');
  await expect(bad.getByRole('cell').nth(1)).toHaveText('年龄');
  await expect(bad.getByRole('cell').nth(2)).toHaveText('应为整数');
  await expect(bad.getByRole('cell').nth(3)).toHaveText('十九');
  await noSeriousAxeViolation(page, '导入错误报告');
  await keepScreenshot(page, 'warehouse-import-report');

  // Fixed, imported: the bar reaches 100.
  await d.locator('input[type="file"]').setInputFiles({
    name: '学生名单.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsx([header, ['2024001', '张三', 18], ['2024002', '李四', 19], ['2024003', '王五', 20]]),
  });
  await expect(d.getByText('导入成功，共3条')).toBeVisible();
  await expect(d.locator('.ant-progress-status-success')).toBeVisible();
  await d.locator('.ant-modal-footer').getByRole('button').click();
  await expect(d).toBeHidden();

  // Browsed, then filtered.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByText('当前页3条，共3条')).toBeVisible();
  await expect(rows.nth(1)).toContainText('李四');
  await page.getByRole('button', { name: '添加筛选条件' }).click();
  await page.getByRole('combobox', { name: '筛选字段' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '年龄' }).click();
  await page.getByRole('combobox', { name: '条件' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '大于等于' }).click();
  await page.getByRole('textbox', { name: '筛选值' }).fill('19');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('当前页2条，共2条')).toBeVisible();
  // A row edited: a value its field cannot take is refused in the dialog as it is typed, naming the field, and
  // nothing is sent; then saved.
  await rows
    .filter({ hasText: '李四' })
    .getByRole('button', { name: /修\s*改/ })
    .click();
  d = dialog(page, '修改数据');
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/ckb/updatebsj')) saves.push(r.url());
  });
  await d.getByRole('textbox', { name: '年龄' }).fill('20x5');
  await expect(d.getByText('年龄应为整数')).toBeVisible();
  await d.getByRole('button', { name: /确\s*定/ }).click();
  await expect(d.getByText('年龄应为整数')).toBeVisible();
  await expect(d).toBeVisible();
  await keepScreenshot(page, 'warehouse-row-check');
  await d.getByRole('textbox', { name: '年龄' }).fill('二十一');
  await expect(d.getByText('年龄应为整数')).toBeVisible();
  expect(saves).toEqual([]);
  await d.getByRole('textbox', { name: '年龄' }).fill('21');
  await expect(d.getByText('年龄应为整数')).toBeHidden();
  await ok(d);
  expect(saves).toHaveLength(1);
  await expect(rows.filter({ hasText: '李四' })).toContainText('21');
  // A row deleted after its confirmation.
  await rows
    .filter({ hasText: '王五' })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await confirmPop(page);
  await expect(page.getByText('已删除 1 行')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await noSeriousAxeViolation(page, '表数据');
  await keepScreenshot(page, 'warehouse-data');

  // Back and forward walk the drill-down.
  await page.goBack();
  await expect(page).toHaveURL(/#\/dataManage\/warehouse\/\d+\/table\/\d+$/);
  await expect(page.getByRole('cell', { name: '年龄', exact: true })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/data$/);
});
