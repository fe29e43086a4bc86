import { expect, test } from '@playwright/test';
import { apiSession } from './api';
import { type Account, audit, type Finding, keepScreenshot, settle, signIn } from './support';

/**
 * 监测统计 (issue 31), on the demo school: zyfzr01 (林志华), in charge of 软件技术 in the demo's diagnosis task, opens
 * the monitoring table (merged level cells, highlighted rows), writes cause and measures for a flagged row with an
 * attachment, opens the sampling dialog and the QCP panel in the indicator drawer. axe finds nothing critical or
 * serious. Screenshots: e2e/artifacts/diagnosis-monitor-*.png.
 */

const FZR = { userId: 'zyfzr01', password: 'Demo@2026', name: '林志华' } as unknown as Account;
const Z = '/api/herm-zdgj';

interface Row {
  id: number;
  zkdmc: string;
  dis: boolean;
  unfin: boolean;
}

test('zyfzr01 reads the monitoring table, writes 分析与改进 with an attachment, samples and the QCP panel', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await apiSession(baseURL as string, FZR);
  const objects = (await api.get(`${Z}/rest/obj/select?userType=fzr&pageSize=50`)) as {
    list: { id: number; gzdxmc: string }[];
  };
  const object = objects.list.find((o) => o.gzdxmc === '软件技术')!;
  expect(object).toBeTruthy();
  // The demo's daily computation may not have run yet: compute the object now, as its person in charge may.
  await api.post(`${Z}/rest/quality/calresult`, { dxrwid: object.id });
  const rows = ((await api.get(`${Z}/rest/quality/select?dxrwid=${object.id}`)) as { list: Row[] }).list;
  await api.dispose();
  const flagged = rows.find((r) => r.dis) ?? rows.find((r) => r.unfin);
  expect(flagged, 'a below-standard or unfinished row').toBeTruthy();
  const tab = flagged!.dis ? /不达标质控点统计表/ : /未完成目标统计表/;

  await signIn(page, FZR);
  await page.goto(`/#/improvement/monitor?id=${object.id}`);
  const findings: Finding[] = [];
  await expect(page.getByRole('tab', { name: '目标监测统计表' })).toBeVisible();
  await expect(page.getByRole('button', { name: flagged!.zkdmc, exact: true })).toBeVisible();
  // Merged level cells and highlighted rows.
  expect(await page.locator('td[rowspan]:not([rowspan="1"])').count()).toBeGreaterThan(0);
  expect(await page.locator('tr.zg-diagnosis-row--dis, tr.zg-diagnosis-row--unfin').count()).toBeGreaterThan(0);
  await expect(page.getByText('图例：')).toBeVisible();
  await keepScreenshot(page, 'diagnosis-monitor-table');
  await audit(page, '目标监测统计表', findings);

  // ---- the sampling dialog ----
  await page
    .getByRole('button', { name: `${flagged!.zkdmc} 采样分析` })
    .first()
    .click();
  const sampling = page.getByRole('dialog', { name: `${flagged!.zkdmc} 采样分析` });
  await expect(sampling.getByRole('tab', { name: '值趋势分析' })).toBeVisible();
  await settle(page);
  await keepScreenshot(page, 'diagnosis-monitor-sampling');
  await sampling.getByRole('tab', { name: '采样记录' }).click();
  await expect(sampling.getByRole('columnheader', { name: '采样时间' })).toBeVisible();
  await audit(page, '采样分析', findings, '.ant-modal');
  await sampling.getByRole('button', { name: /Close|关闭/ }).click();

  // ---- the QCP panel in the indicator drawer ----
  await page.getByRole('button', { name: flagged!.zkdmc, exact: true }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText('诊断结果：')).toBeVisible();
  await expect(drawer.getByText('当前任务')).toBeVisible();
  await drawer.getByRole('tab', { name: '预警趋势' }).click();
  // The quality warnings' trend of the row (issue 32): its range switch, then a chart or the empty sentence.
  const trend = drawer.getByRole('tabpanel', { name: '预警趋势' });
  await expect(trend).toContainText('时间范围');
  await expect(
    trend.getByRole('img', { name: '预警趋势' }).or(trend.getByText('所选时间内没有采样记录')),
  ).toBeVisible();
  await keepScreenshot(page, 'diagnosis-monitor-qcp');
  await audit(page, 'QCP 详情', findings, '.ant-drawer');
  await drawer.getByRole('button', { name: '关闭' }).first().click();
  await expect(drawer).toBeHidden();

  // ---- 明细数据: the demo's 初次就业率 names the detail algorithm 初次就业明细, run for this major and year ----
  await page.getByRole('button', { name: '初次就业率', exact: true }).first().click();
  await drawer.getByRole('tab', { name: '明细数据' }).click();
  const detail = drawer.getByRole('tabpanel', { name: '明细数据' });
  await expect(detail).toContainText('详情算法：初次就业明细');
  // Its rows (columns from the result), then the lineage below.
  await expect(detail.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(detail).toContainText('数据来源');
  await keepScreenshot(page, 'diagnosis-monitor-detail');
  await audit(page, '明细数据', findings, '.ant-drawer');
  await drawer.getByRole('button', { name: '关闭' }).first().click();
  await expect(drawer).toBeHidden();

  // ---- 分析与改进 of the flagged row, with an attachment ----
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('button', { name: `${flagged!.zkdmc} 分析与改进` }).click();
  const dialog = page.getByRole('dialog', { name: '分析与改进' });
  await dialog.getByLabel('原因分析').fill('');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('此项为必填项').first()).toBeVisible();
  await dialog.getByLabel('原因分析').fill('企业订单班扩招后实习岗位不足，部分学生未能按期对口就业');
  await dialog.getByLabel('改进措施').fill('新增三家合作企业，建立就业岗位预警台账，每月跟踪未就业学生');
  await keepScreenshot(page, 'diagnosis-monitor-analysis');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('分析与改进已保存')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `${flagged!.zkdmc} 附件` }).click();
  const files = page.getByRole('dialog', { name: `${flagged!.zkdmc} 附件` });
  await files.getByTestId('file-upload-input').setInputFiles({
    name: '整改计划.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('整改计划\n'.repeat(40)),
  });
  await expect(files.getByText('整改计划.txt')).toBeVisible();
  await files.getByRole('button', { name: /确\s*定|确\s*认/ }).click();
  await expect(page.getByText('导入成功！')).toBeVisible();
  // The row expands to what was written.
  await page.getByRole('tabpanel', { name: tab }).locator('.ant-table-row-expand-icon').first().click();
  await expect(page.getByText('新增三家合作企业').first()).toBeVisible();
  await keepScreenshot(page, 'diagnosis-monitor-flagged');
  await audit(page, '不达标/未完成统计表', findings);
  expect(findings).toEqual([]);
});
