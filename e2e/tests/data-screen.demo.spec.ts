import { expect, test } from '@playwright/test';
import { account, audit, type Finding, keepScreenshot, settle, signIn } from './support';

/**
 * 数据大屏 and 运行监控 (issue 34) on the demo story: 陈伯涛 (xld01) opens the school's data screen (the 1920x1080 stage
 * scaled to the window, dark), sees its charts and figures and goes full-screen; 何静 (zgfb01) opens operation
 * monitoring and sees the automatic collection rate gauge and the background jobs' health. Axe clean on both.
 * Screenshots: data-screen.png, data-screen-full.png, operation-monitoring.png.
 */
test('xld01 opens the data screen and goes full-screen', async ({ page }) => {
  await signIn(page, account('xld01'));
  await page.goto('/#/dataScreen');
  const stage = page.locator('.zg-screen__stage');
  await expect(stage.getByRole('heading', { level: 1, name: '学校运行状态大屏' })).toBeVisible({ timeout: 20_000 });
  await expect(stage.getByRole('img', { name: /^自动采集率 \d+\.\d{2}%$/ })).toBeVisible();
  await expect(stage.getByRole('img', { name: '近五年招生趋势' })).toBeVisible({ timeout: 20_000 });
  await expect(stage.locator('.zg-screen__panel')).toHaveCount(7);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  // The stage is scaled to the window (never wider than its box).
  const box = (await page.locator('.zg-screen').boundingBox())!;
  const shown = (await stage.boundingBox())!;
  expect(shown.width).toBeLessThanOrEqual(box.width + 1);
  await settle(page);
  const findings: Finding[] = [];
  await audit(page, 'data screen', findings, '.zg-screen');
  expect(findings).toEqual([]);
  await keepScreenshot(page, 'data-screen');

  await stage.getByRole('button', { name: /^全\s?屏$/ }).click();
  await expect(stage.getByRole('button', { name: /^退出全屏$/ })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement?.className ?? '')).toContain('zg-screen');
  await settle(page);
  await keepScreenshot(page, 'data-screen-full');
  await stage.getByRole('button', { name: /^退出全屏$/ }).click();
  await expect(stage.getByRole('button', { name: /^全\s?屏$/ })).toBeVisible();

  await page.goto('/#/dataScreen/dynamic');
  await page.getByRole('link', { name: '打开' }).first().click();
  await expect(stage.getByRole('heading', { level: 1, name: '学校运行状态大屏' })).toBeVisible();
});

test('zgfb01 opens operation monitoring: the gauge and the job health', async ({ page }) => {
  await signIn(page, { userId: 'zgfb01', password: 'Demo@2026', name: '何静' });
  await page.goto('/#/dataScreen/monitor');
  await expect(page.getByRole('heading', { level: 1, name: '运行监控' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('img', { name: /^自动采集率 \d+\.\d{2}%$/ })).toBeVisible();
  const jobs = page.getByRole('table', { name: '后台任务运行情况' });
  await expect(jobs).toBeVisible();
  await expect(jobs.getByRole('columnheader', { name: '最近运行' })).toBeVisible();
  await expect(jobs.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await settle(page);
  const findings: Finding[] = [];
  await audit(page, 'operation monitoring', findings, '.zg-page');
  expect(findings).toEqual([]);
  await keepScreenshot(page, 'operation-monitoring');
});

test('zyadmin resizes and drags items of the screen on the editor grid and the table follows', async ({ page }) => {
  await signIn(page, account('zyadmin'));
  await page.goto('/#/dataScreen');
  const stage = page.locator('.zg-screen__stage');
  await expect(stage.getByRole('heading', { level: 1, name: '学校运行状态大屏' })).toBeVisible({ timeout: 20_000 });
  await stage.getByRole('button', { name: '编辑布局' }).click();
  const grid = page.locator('.zg-screen-editor__grid');
  await expect(grid.locator('.zg-screen-editor__item')).toHaveCount(7);
  const item = (name: string) => grid.locator('.zg-screen-editor__item', { hasText: name });
  const row = (name: string) => page.locator('tbody tr.ant-table-row', { hasText: name });
  const col = (await grid.boundingBox())!.width / 24;
  const drag = async (from: { x: number; y: number; width: number; height: number }, dx: number) => {
    const x = from.x + from.width / 2;
    const y = from.y + from.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y, { steps: 6 });
    await page.mouse.move(x + dx, y, { steps: 6 });
    await page.mouse.up();
  };
  // The demo screen fills the grid: narrow 各部门诊断结果 (12,8 12x4) from its corner to 6 columns ...
  await expect(item('各部门诊断结果')).toContainText('12,8 · 12×4');
  await drag((await item('各部门诊断结果').locator('.react-resizable-handle-se').boundingBox())!, -6 * col);
  await expect(item('各部门诊断结果')).toContainText('12,8 · 6×4');
  await expect(row('各部门诊断结果').getByRole('spinbutton', { name: '宽' })).toHaveValue('6');
  // ... drag it 6 columns right, to the grid's right edge ...
  await drag((await item('各部门诊断结果').boundingBox())!, 6 * col);
  await expect(item('各部门诊断结果')).toContainText('18,8 · 6×4');
  await expect(row('各部门诊断结果').getByRole('spinbutton', { name: '列' })).toHaveValue('18');
  // ... then drag 各学院课程平均分 (0,8) 6 columns right, into the room made.
  await drag((await item('各学院课程平均分').boundingBox())!, 6 * col);
  await expect(item('各学院课程平均分')).toContainText('6,8 · 12×4');
  await expect(row('各学院课程平均分').getByRole('spinbutton', { name: '列' })).toHaveValue('6');
  // The keyboard's way stays: typing a cell moves the item on the grid.
  await row('各学院课程平均分').getByRole('spinbutton', { name: '列' }).fill('0');
  await expect(item('各学院课程平均分')).toContainText('0,8 · 12×4');
  await keepScreenshot(page, 'data-screen-editor');
});
