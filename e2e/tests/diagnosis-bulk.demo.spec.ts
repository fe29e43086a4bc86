import { expect, test } from '@playwright/test';
import { apiSession } from './api';
import { type Account, audit, type Finding, keepScreenshot, settle, signIn } from './support';

/**
 * 诊断改进 in bulk and 质量分析 (issue 31 items 5, 6), on the demo school: zgfb01 (何静) issues the targets of the 40
 * majors of the current academic year's task down at once, watching the job's progress bar, then opens 质量分析 and
 * reads the school-wide heat table of that task. axe finds nothing critical or serious on either page.
 * Screenshots: e2e/artifacts/diagnosis-bulk-*.png.
 */

const ZGFB = { userId: 'zgfb01', password: 'Demo@2026', name: '何静' };
const Z = '/api/herm-zdgj';

test('zgfb01 issues targets down to 40 majors with a progress bar and reads the 质量分析 heat table', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await apiSession(baseURL as string, ZGFB as unknown as Account);
  const tasks = (await api.get(`${Z}/rest/task/selectlist?pageSize=50`)) as {
    list: { id: number; rwmc: string; dxsl: number }[];
  };
  await api.dispose();
  const task = tasks.list.find((t) => t.dxsl === 40 && /学年专业诊改$/.test(t.rwmc));
  expect(task, 'the demo seeds a task over the 40 majors').toBeTruthy();

  await signIn(page, ZGFB);
  await page.goto(`/#/improvement/task?id=${task!.id}`);
  await expect(page.getByText(task!.rwmc).first()).toBeVisible();
  await page.getByRole('button', { name: '全部下发目标值' }).click();
  const confirm = page.getByRole('dialog', { name: '下发 40 个诊改对象的目标值？' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  const bar = page.getByRole('progressbar', { name: '批量操作进度' });
  await expect(bar).toBeVisible();
  await expect(page.getByText('已下发目标值 40 个诊改对象')).toBeVisible({ timeout: 60_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await keepScreenshot(page, 'diagnosis-bulk-issued');
  const findings: Finding[] = [];
  await audit(page, '诊改任务（批量操作）', findings, '.zg-bulk-card');

  await page.goto('/#/improvement/analysis');
  await settle(page);
  const box = page.getByRole('combobox', { name: '诊改任务' });
  await box.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: task!.rwmc })
    .first()
    .click();
  const heat = page.getByRole('region', { name: '质量分析热力表' });
  await expect(heat.getByRole('button', { name: '软件技术' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('诊改对象 40 个')).toBeVisible();
  await settle(page);
  await keepScreenshot(page, 'diagnosis-bulk-analysis');
  await heat.getByRole('button', { name: '软件技术' }).click();
  const dialog = page.getByRole('dialog', { name: '软件技术：各质控点达成情况' });
  await expect(dialog).toBeVisible();
  await settle(page);
  await keepScreenshot(page, 'diagnosis-bulk-object');
  await page.keyboard.press('Escape');
  await audit(page, '质量分析', findings);
  expect(findings).toEqual([]);
});
