import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { account, signIn } from './support';

// Pages that need the demo school's records (demo.config.ts), checked by axe-core against WCAG 2.1 A/AA as
// accessibility.spec.ts checks the rest: 数据采集's 填报情况 of a task and the designer of a form (their state and version
// tags), and a published 目标标准 system (its 已发布 and version tags). A critical or serious violation fails the test.
test.describe.configure({ timeout: 180_000 });

async function serious(page: Page, where: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({ where, rule: v.id, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

test('axe finds no critical or serious violation on 数据采集 填报情况, the form designer and a published 目标标准', async ({
  page,
}) => {
  const findings: Awaited<ReturnType<typeof serious>> = [];
  await signIn(page, account('zyadmin'));
  await page.goto('/#/dataCollection/tasks');
  await page
    .getByRole('button', { name: /^填报情况 / })
    .first()
    .click();
  await expect(page).toHaveURL(/#\/dataCollection\/tasks\/\d+$/);
  findings.push(...(await serious(page, '数据采集 / 采集任务 / 填报情况')));
  await page.goto('/#/dataCollection/forms');
  await page
    .getByRole('button', { name: /^设计 / })
    .first()
    .click();
  await expect(page).toHaveURL(/#\/dataCollection\/forms\/\d+$/);
  findings.push(...(await serious(page, '数据采集 / 表单管理 / 设计表单')));
  await page.goto('/#/target');
  await expect(page.getByText('已发布', { exact: true }).first()).toBeVisible();
  findings.push(...(await serious(page, '目标标准（已发布）')));
  expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
});
