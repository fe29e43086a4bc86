import { expect, test } from '@playwright/test';
import { apiSession } from './api';
import { type Account, audit, type Finding, keepScreenshot, settle, signIn } from './support';

/**
 * 质量预警 and the improvement loop (issue 32) on the demo story: 林志华 (zyfzr01), in charge of 软件技术, sees the
 * warning on the bell and on the home page's 质量预警 card, opens it from the bell in 预警记录, disposes it with cause
 * analysis and measures, then enters the manual point's result again (the row's recomputation) and its improvement
 * case closes. axe finds nothing critical or serious on 预警记录 and 改进案例. Screenshots: quality-warning-*.png.
 */

const Z = '/api/herm-zdgj';
const ROW = '人才培养方案按年修订';
const SPIRAL = '8 字形质量改进螺旋';
const FZR = { userId: 'zyfzr01', password: 'Demo@2026', name: '林志华' };

test('zyfzr01 sees a quality warning on the bell and the home page, disposes it, and a recomputation closes its case', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const fzr = FZR;
  // The object task of 软件技术 (the manual results' page) and the row, as the pages would find them.
  const api = await apiSession(baseURL as string, fzr as unknown as Account);
  // The demo's task (other journeys on this server publish tasks of their own to 软件技术 too).
  const tasks = (await api.get(`${Z}/rest/task/selectlist?userType=fzr&pageSize=50`)) as {
    list: { id: number; rwmc: string }[];
  };
  const demoTask = tasks.list.find((t) => /^\d{4}-\d{4}学年专业诊改$/.test(t.rwmc));
  expect(demoTask, 'the demo diagnosis task').toBeTruthy();
  const objects = (await api.get(`${Z}/rest/obj/select?rwid=${demoTask!.id}&pageSize=50`)) as {
    list: { id: number; gzdxmc: string }[];
  };
  const dxrwid = objects.list.find((o) => o.gzdxmc === '软件技术')!.id;
  await api.dispose();

  await signIn(page, fzr);
  // ---- the home page's 质量预警 card ----
  const card = page.locator('.zg-home__quality-warnings');
  await expect(card).toBeVisible({ timeout: 20_000 });
  const undisposed = card.locator('[data-qw="undisposed"] .ant-statistic-content-value');
  await expect(undisposed).not.toHaveText('0');
  const before = Number(await undisposed.textContent());
  await expect(card.locator('[data-qw="forecast"] .ant-statistic-content-value')).not.toHaveText('0');
  await settle(page);
  await keepScreenshot(page, 'quality-warning-home');

  // ---- the bell: the warning's item opens 预警记录 ----
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('aria-label', /消息通知，\d+ 条未读/);
  await bell.click();
  const drawer = page.locator('.zg-notification__drawer');
  const item = drawer.getByText(new RegExp(`^质量预警：.+ · 软件技术 · ${ROW}$`)).first();
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/#\/improvement\/warnings/);

  // ---- 预警记录: the row's history, 处理 with cause and measures ----
  const findings: Finding[] = [];
  await audit(page, '预警记录', findings);
  const line = page.getByRole('row').filter({ hasText: '软件技术' }).filter({ hasText: ROW }).first();
  await line.getByRole('button', { name: ROW }).click();
  const panel = page.getByRole('tabpanel', { name: '预警历史' });
  const open = panel.getByRole('row').filter({ hasText: '过程预警' }).filter({ hasText: '未关闭' }).first();
  await open.getByRole('button', { name: /^处\s*理$/ }).click();
  const dialog = page.getByRole('dialog', { name: '处理预警' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请填写原因分析')).toBeVisible();
  await dialog.getByLabel('原因分析').fill('新版人才培养方案的企业专家意见未收齐，修订延误。');
  await dialog.getByLabel('处理措施').fill('一周内收齐专家意见，提交学院教学工作委员会审定后发布。');
  await keepScreenshot(page, 'quality-warning-dispose');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('处理完成')).toBeVisible();
  await expect(open.getByText('林志华')).toBeVisible();
  await page.keyboard.press('Escape');

  // ---- the recomputation: the manual point's result entered again (是), meeting the rule ----
  await page.goto(`/#/improvement/object?id=${dxrwid}`);
  await page.getByRole('button', { name: '填报结果值' }).click();
  const entry = page.getByRole('dialog', { name: '填报手工质控点的结果值' });
  await entry.getByLabel(`${ROW} 结果值`, { exact: true }).first().click();
  await page.locator('.ant-select-dropdown:visible').getByText('是(1)', { exact: true }).click();
  await entry.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已保存 1 个结果值')).toBeVisible();

  // ---- 改进案例: the case is closed ----
  await page.goto('/#/improvement/cases');
  await page.getByText('已关闭', { exact: true }).first().click();
  const closed = page.getByRole('row').filter({ hasText: '软件技术' }).filter({ hasText: ROW }).first();
  await expect(closed.getByText('已关闭')).toBeVisible();
  await audit(page, '改进案例', findings);
  await keepScreenshot(page, 'quality-warning-cases');
  await closed.click();
  await page.getByRole('tab', { name: '改进案例' }).click();
  const spiral = page.getByRole('tabpanel', { name: '改进案例' });
  await expect(spiral.getByRole('img', { name: SPIRAL })).toBeVisible();
  await expect(spiral.getByText('已关闭').first()).toBeVisible();
  await settle(page);
  await keepScreenshot(page, 'quality-warning-spiral');
  await page.keyboard.press('Escape');

  // The home card counts one undisposed warning fewer.
  await page.goto('/#/');
  await expect(
    page.locator('.zg-home__quality-warnings [data-qw="undisposed"] .ant-statistic-content-value'),
  ).toHaveText(String(before - 1));
  expect(findings).toEqual([]);
});
