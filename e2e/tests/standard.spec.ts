import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { type Credentials, keepScreenshot, openModule, signIn } from './support';

/**
 * Issue 19's journey (目标标准): zgfb01 (诊改发布者) imports a standard system from an Excel file — first with a bad
 * row, which the row-by-row report names and nothing is imported, then fixed — edits a QCP's warning rule, and
 * publishes the system. Screenshots: e2e/artifacts/standard-*.png.
 */
test.describe.configure({ timeout: 180_000 });

const PUBLISHER: Credentials = { userId: 'zgfb01', password: 'Demo@2026', name: '何静' };
const NAME = `端到端专业诊改标准${Date.now() % 100000}`;

const HEADERS = [
  '诊断维度',
  '质控点',
  '一级指标',
  '二级指标',
  '三级指标',
  '四级指标',
  '内涵',
  '诊断标准',
  '标准值',
  '值类型',
  '是否定量',
  '计算规则',
  '详情算法',
  '方向',
  '等级规则',
  '预警模式',
  '预警条件',
  '预警值',
  '预警周期',
];

/** A row by header: the cells not named stay empty. */
const row = (cells: Partial<Record<(typeof HEADERS)[number], string>>) => HEADERS.map((h) => cells[h] ?? '');

function rows(ratio: string) {
  return [
    // An old category name: stored (and shown) as 计分卡 (spec-2 §9).
    row({ 诊断维度: '人才培养', 内涵: '人才培养质量' }),
    row({
      诊断维度: '人才培养',
      质控点: '双师素质教师比例',
      内涵: '具有双师素质的专任教师占专任教师的比例',
      诊断标准: '不低于 60%',
      标准值: ratio,
      值类型: '百分比',
      是否定量: '是',
      方向: '越高越好',
      等级规则: 'A=80;B=70;C=60',
      预警模式: '按值',
      预警条件: '<',
      预警值: '60',
      预警周期: '每月',
    }),
    row({
      诊断维度: '人才培养',
      质控点: '双师素质教师比例',
      一级指标: '企业实践教师数',
      值类型: '数值',
      是否定量: '是',
    }),
    row({ 诊断维度: '人才培养', 质控点: '人才培养方案', 标准值: '1', 值类型: '有无' }),
    row({ 诊断维度: '专业建设', 内涵: '专业设置与建设' }),
    row({
      诊断维度: '专业建设',
      质控点: '专业评估结果',
      标准值: '合格',
      值类型: '等级',
      等级规则: '优秀=A;良好=B;合格=C;不合格=D',
      预警模式: '按等级',
      预警条件: '=',
      预警值: 'D',
      预警周期: '无',
    }),
  ];
}

async function workbook(body: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('目标标准');
  ws.addRow(HEADERS);
  for (const r of body) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const two = (s: string) => new RegExp(`^${s[0]}\\s*${s[1]}$`);

async function noSeriousAxeViolation(page: Page, where: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({ where, rule: v.id, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  expect(serious, JSON.stringify(serious, null, 1)).toEqual([]);
}

/** Picks an option of an antd select. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test('zgfb01 imports a standard system from Excel, edits a QCP’s warning rule and publishes it', async ({ page }) => {
  await signIn(page, PUBLISHER);
  await openModule(page, '目标标准');
  await expect(page).toHaveURL(/#\/target/);

  // 导入 into a new system: a bad standard value is named by row and column, and nothing is imported.
  await page
    .getByRole('button', { name: two('导入') })
    .first()
    .click();
  const dialog = page.getByRole('dialog').filter({ hasText: '导入目标标准' });
  await dialog.getByText('新建目标标准').click();
  await dialog.getByLabel('名称').fill(NAME);
  await choose(page, dialog.getByRole('combobox', { name: '维度' }), '专业');
  await dialog.getByLabel('起始年度').fill('2026');
  await dialog.getByLabel('结束年度').fill('2028');
  const file = dialog.locator('input[type="file"]');
  await file.setInputFiles({ name: '专业诊改标准.xlsx', mimeType: XLSX, buffer: await workbook(rows('八十')) });
  await expect(dialog.getByText('专业诊改标准.xlsx')).toBeVisible();
  await dialog.getByRole('button', { name: two('导入') }).click();
  const report = dialog.getByRole('list', { name: '导入错误报告' });
  await expect(report).toContainText('第3行：标准值：百分比应为 0 至 100 之间的数值');
  await expect(dialog.getByText(/导入失败，共\d+处错误/)).toBeVisible();
  await keepScreenshot(page, 'standard-import-report');

  // Fixed, it imports: the new system is chosen, its tree shows the renamed category.
  await file.setInputFiles({ name: '专业诊改标准.xlsx', mimeType: XLSX, buffer: await workbook(rows('60')) });
  await dialog.getByRole('button', { name: two('导入') }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('导入成功，共 6 个节点')).toBeVisible();
  await expect(page.getByRole('combobox', { name: '选择目标标准' }).locator('..')).toContainText(
    `${NAME}（V1 · 草稿）`,
  );
  const tree = page.getByRole('tree', { name: '目标标准目录' });
  await expect(tree.getByText('计分卡')).toBeVisible();
  await expect(tree.getByText('人才培养', { exact: true })).toHaveCount(0);

  // The QCP's warning rule: 按值 小于 60 每月 becomes 小于等于 55 每周.
  await tree.getByText('双师素质教师比例').click();
  const form = page.getByRole('form', { name: '质控点表单' });
  await expect(form.getByLabel('名称')).toHaveValue('双师素质教师比例');
  await noSeriousAxeViolation(page, '目标标准目录');
  await expect(form.getByLabel('预警值')).toHaveValue('60');
  await choose(page, form.getByRole('combobox', { name: '预警条件' }), '小于等于');
  await form.getByLabel('预警值').fill('55');
  await choose(page, form.getByRole('combobox', { name: '预警周期' }), '每周');
  await keepScreenshot(page, 'standard-warning-rule');
  await form.getByRole('button', { name: two('保存') }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  // Kept: after a reload the form shows the new rule.
  await page.reload();
  await page.getByRole('tree', { name: '目标标准目录' }).getByText('双师素质教师比例').click();
  const again = page.getByRole('form', { name: '质控点表单' });
  await expect(again.getByLabel('预警值')).toHaveValue('55');
  await expect(
    again.getByRole('combobox', { name: '预警条件' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
  ).toContainText('小于等于');
  await expect(
    again.getByRole('combobox', { name: '预警周期' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
  ).toContainText('每周');

  // 发布, after a confirmation.
  await page.getByRole('button', { name: two('发布') }).click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: `发布“${NAME}”？` });
  await confirm.getByRole('button', { name: two('发布') }).click();
  await expect(page.getByText('发布成功')).toBeVisible();
  await expect(page.getByRole('combobox', { name: '选择目标标准' }).locator('..')).toContainText(
    `${NAME}（V1 · 已发布）`,
  );
  await expect(page.getByRole('button', { name: two('发布') })).toHaveCount(0);
  await keepScreenshot(page, 'standard-published');

  // 导出 gives the workbook; 复制为下一年 makes next year's draft, with the same tree.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: two('导出') }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await page.getByRole('button', { name: '复制为下一年' }).click();
  const copy = page.locator('.ant-modal-confirm').filter({ hasText: `复制“${NAME}”为下一年度？` });
  await expect(copy).toContainText('2027—2029年');
  await copy.getByRole('button', { name: two('复制') }).click();
  await expect(page.getByText(/已复制为“/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: '选择目标标准' }).locator('..')).toContainText('草稿');
  await expect(page.getByText('2027—2029年')).toBeVisible();
  await expect(page.getByRole('tree', { name: '目标标准目录' }).getByText('专业评估结果')).toBeVisible();
  await keepScreenshot(page, 'standard-copied');

  // Drag to reorder in the draft: 人才培养方案 dropped on the upper edge of 双师素质教师比例 goes before it.
  const draft = page.getByRole('tree', { name: '目标标准目录' });
  const titles = draft.locator('.ant-tree-title');
  await expect(titles).toHaveText([/计分卡/, /双师素质教师比例/, /人才培养方案/, /专业建设/, /专业评估结果/]);
  const moved = page.waitForResponse((r) => r.url().includes('/catalog/move'));
  const from = await draft.getByText('人才培养方案').boundingBox();
  // The upper quarter of the target's row is "before it" (antd's tree).
  const onto = await draft.locator('.ant-tree-treenode').filter({ hasText: '双师素质教师比例' }).boundingBox();
  if (!from || !onto) throw new Error('tree nodes not laid out');
  await page.mouse.move(from.x + 10, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(from.x + 10, onto.y + 2, { steps: 8 });
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
  await expect(titles).toHaveText([/计分卡/, /人才培养方案/, /双师素质教师比例/, /专业建设/, /专业评估结果/]);
  await page.reload();
  await expect(page.getByRole('tree', { name: '目标标准目录' }).locator('.ant-tree-title')).toHaveText([
    /计分卡/,
    /人才培养方案/,
    /双师素质教师比例/,
    /专业建设/,
    /专业评估结果/,
  ]);

  // 权限: the major head 林志华 (zyfzr01) may read the draft; signed in, he sees it read-only.
  await page.getByRole('button', { name: two('权限') }).click();
  const grants = page.getByRole('dialog').filter({ hasText: '权限：' });
  await grants.getByText('用户', { exact: true }).click();
  await grants.getByRole('combobox', { name: '用户' }).fill('zyfzr01');
  await page.locator('.ant-select-dropdown:visible').getByText('林志华').click();
  await grants.getByRole('button', { name: two('授权') }).click();
  await expect(grants.getByRole('table', { name: '已授权的角色和用户' })).toContainText('林志华');
  await keepScreenshot(page, 'standard-authority');
  await grants.getByRole('button', { name: '关 闭' }).click();

  const reader = await page
    .context()
    .browser()!
    .newPage({ baseURL: new URL(page.url()).origin });
  await signIn(reader, { userId: 'zyfzr01', password: 'Demo@2026', name: '林志华' });
  await reader.goto('/#/target');
  await reader.getByRole('combobox', { name: '选择目标标准' }).click();
  await reader
    .locator('.ant-select-dropdown:visible')
    .getByText(/2027-2029/)
    .click();
  await expect(reader.getByText('只读')).toBeVisible();
  await reader.getByRole('tree', { name: '目标标准目录' }).getByText('双师素质教师比例').click();
  await expect(reader.getByRole('form', { name: '质控点表单' }).getByLabel('名称')).toBeDisabled();
  for (const name of ['新建', '编辑', '发布', '权限', '导入'])
    await expect(reader.getByRole('button', { name: two(name) })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: '新增诊断维度' })).toHaveCount(0);
  await keepScreenshot(reader, 'standard-reader');
  await reader.close();
});
