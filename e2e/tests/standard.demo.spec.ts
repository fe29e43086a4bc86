import { expect, test } from '@playwright/test';
import { keepScreenshot, signIn } from './support';

/**
 * The demo school's standard systems (issue 19; seed/story/standards.ts): zgfb01 (诊改发布者, who may edit them)
 * finds the five levels, opens the school level's catalogue with its renamed categories, and a QCP computed by a demo
 * algorithm shows its 计算规则, grades and warning. Screenshots: e2e/artifacts/standard-demo-*.png.
 */

test('zgfb01 browses the demo standard systems: five levels, categories by their new names, QCPs bound to algorithms', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, { userId: 'zgfb01', password: 'Demo@2026', name: '何静' });
  await page.goto('/#/target');
  const select = page.getByRole('combobox', { name: '选择目标标准' });
  await select.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(5);
  await page
    .locator('.ant-select-dropdown:visible')
    .getByText(/^学校层面诊改质量标准/)
    .click();

  const tree = page.getByRole('tree', { name: '目标标准目录' });
  await expect(tree.getByText('计分卡', { exact: true })).toBeVisible();
  await expect(tree.getByText('资源表', { exact: true })).toBeVisible();
  await expect(tree.getByText('人才培养', { exact: true })).toHaveCount(0);
  await keepScreenshot(page, 'standard-demo-catalogue');

  // 生师比: computed by the demo algorithm, lower is better, a warning above 18 each month.
  await tree.locator('.ant-tree-treenode').filter({ hasText: '师资配置' }).locator('.ant-tree-switcher').click();
  const node = tree.getByText('生师比', { exact: true });
  await node.click();
  const form = page.getByRole('form', { name: /表单$/ });
  await expect(form.getByLabel('名称')).toHaveValue('生师比');
  await expect(
    form.getByRole('combobox', { name: '计算规则' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
  ).toContainText('生师比/V');
  await expect(form.getByLabel('预警值')).toHaveValue('18');
  await keepScreenshot(page, 'standard-demo-qcp');
});
