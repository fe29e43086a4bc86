import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiSession } from './api';
import { type Account, keepScreenshot, signIn } from './support';

/**
 * 诊断改进 (issue 30), on the demo school (its major-level standard, bound to the demo algorithms over the warehouse):
 * zgfb01 publishes a task from 专业层面诊改质量标准 to three majors; zyfzr01 (林志华), in charge of 软件技术, sets
 * every target by its value type and submits; shr01 approves; zgfb01 computes the whole task, watching the progress
 * bar; zyfzr01 opens 数据来源 on a computed value and reads the algorithm's SQL and the tables it read.
 * Screenshots: e2e/artifacts/diagnosis-*.png.
 */

const PASSWORD = 'Demo@2026';
const ZGFB = { userId: 'zgfb01', password: PASSWORD, name: '何静' };
const FZR = { userId: 'zyfzr01', password: PASSWORD, name: '林志华' };
const SHR = { userId: 'shr01', password: PASSWORD, name: '赵敏' };
const MAJORS = ['软件技术', '计算机网络技术', '大数据技术'];
const Z = '/api/herm-zdgj';

interface Row {
  id: number;
  zkdmc: string;
  zlx: 'have' | 'whether' | 'percent' | 'others' | 'levels';
  bzz: string | null;
  levelOptions: string[];
  runId: number | null;
  jgz: string | null;
  abilities: { setTarget: boolean };
}

async function asUser(browser: Browser, who: typeof ZGFB): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

/** Picks `option` in the antd select labelled `label` (typing to search when `search`). */
async function choose(page: Page, label: string | RegExp, option: string, search?: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  if (search) await box.fill(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

test('a diagnosis task from publishing to 数据来源: publish, targets, audit, computation with progress', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const name = `E2E专业诊改${Date.now() % 100000}`;

  // ---- zgfb01 publishes the major standard to three majors ----
  const publisher = await asUser(browser, ZGFB);
  await publisher.goto('/#/improvement/manage');
  await publisher.getByRole('button', { name: '发布诊改任务' }).click();
  const dialog = publisher.getByRole('dialog', { name: '发布诊改任务' });
  await dialog.getByLabel('任务名称').fill(name);
  await choose(publisher, '已发布的目标标准', '专业层面诊改质量标准（V1）');
  await choose(publisher, '周期类型', '学年');
  await choose(publisher, '周期值', '2025-2026');
  await dialog.getByLabel('开始日期').fill('2025-09-01');
  await dialog.getByLabel('开始日期').press('Enter');
  await dialog.getByLabel('结束日期').fill('2026-08-31');
  await dialog.getByLabel('结束日期').press('Enter');
  await choose(publisher, '审核人', '赵敏', 'shr01');
  await dialog.getByText('指定诊改对象').click();
  for (const major of MAJORS) {
    const box = dialog.getByRole('combobox', { name: '搜索并选择诊改对象' });
    await box.click();
    await box.fill(major);
    await publisher
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(` ${major}$`) })
      .first()
      .click();
  }
  await keepScreenshot(publisher, 'diagnosis-publish');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(publisher.getByText('发布成功')).toBeVisible();
  await expect(publisher.getByRole('link', { name })).toBeVisible();

  // zyfzr01 is the person in charge of 软件技术: set through the API here (the 更换负责人 dialog has its own journey below).
  const api = await apiSession(baseURL as string, ZGFB as unknown as Account);
  const tasks = (await api.get(`${Z}/rest/task/selectlist?rwmc=${encodeURIComponent(name)}`)) as {
    list: { id: number }[];
  };
  const taskId = tasks.list[0]!.id;
  const objects = (await api.get(`${Z}/rest/obj/select?rwid=${taskId}&pageSize=50`)) as {
    list: { id: number; gzdxmc: string; fzr: { id: string } | null }[];
  };
  expect(objects.list.map((o) => o.gzdxmc).sort()).toEqual([...MAJORS].sort());
  const software = objects.list.find((o) => o.gzdxmc === '软件技术')!;
  if (software.fzr?.id !== FZR.userId)
    await api.post(`${Z}/rest/obj/updatePushedCharger`, { ids: [software.id], fzrid: FZR.userId });
  await api.dispose();

  // ---- zyfzr01 sets every target by its value type and submits ----
  const fzr = await asUser(browser, FZR);
  await fzr.goto('/#/improvement');
  await fzr.getByRole('button', { name: new RegExp(name) }).click();
  await fzr.getByRole('link', { name: '软件技术' }).click();
  await expect(fzr.getByText('目标值状态：待提交')).toBeVisible();
  const fzrApi = await apiSession(baseURL as string, FZR as unknown as Account);
  const rows = ((await fzrApi.get(`${Z}/rest/quality/select?dxrwid=${software.id}`)) as { list: Row[] }).list;
  await fzrApi.dispose();
  const settable = rows.filter((r) => r.abilities.setTarget);
  expect(settable.length).toBeGreaterThan(0);
  const seen = new Map<string, number>();
  for (const row of settable) {
    const label = `${row.zkdmc} 目标值`;
    const nth = seen.get(label) ?? 0;
    seen.set(label, nth + 1);
    const field = fzr.getByLabel(label, { exact: true }).nth(nth);
    if (row.zlx === 'have' || row.zlx === 'whether') {
      await field.click();
      const pick = row.zlx === 'have' ? ['无(0)', '有(1)'] : ['否(0)', '是(1)'];
      await fzr
        .locator('.ant-select-dropdown:visible')
        .getByText(pick[Number(row.bzz ?? '1')] ?? pick[1]!, { exact: true })
        .click();
    } else if (row.zlx === 'levels') {
      await field.click();
      await fzr
        .locator('.ant-select-dropdown:visible')
        .getByText(row.bzz ?? row.levelOptions[0]!, { exact: true })
        .click();
    } else {
      await field.fill(row.bzz ?? '80');
    }
  }
  await keepScreenshot(fzr, 'diagnosis-targets');
  await fzr.getByRole('button', { name: '提交审核' }).click();
  await fzr.getByRole('dialog', { name: '提交目标值审核？' }).getByRole('button', { name: '提交审核' }).click();
  await expect(fzr.getByText('提交成功')).toBeVisible();
  await expect(fzr.getByText('目标值状态：已提交')).toBeVisible();

  // ---- shr01 approves the targets ----
  const auditor = await asUser(browser, SHR);
  await auditor.goto('/#/improvement/audit');
  const queued = auditor.getByRole('row').filter({ hasText: name }).filter({ hasText: '软件技术' });
  await expect(queued).toBeVisible();
  await keepScreenshot(auditor, 'diagnosis-audit');
  await queued.getByRole('button', { name: '审核通过' }).click();
  await auditor.getByRole('dialog').getByRole('button', { name: '审核通过' }).click();
  await expect(auditor.getByText('审核完成')).toBeVisible();
  await expect(queued).toHaveCount(0);

  // ---- zgfb01 computes the whole task, the progress bar following the job ----
  await publisher.goto(`/#/improvement/task?id=${taskId}`);
  await publisher.getByRole('button', { name: '计算结果' }).click();
  await publisher.getByRole('dialog').getByRole('button', { name: '计算结果' }).click();
  const bar = publisher.getByRole('progressbar', { name: '正在计算诊改结果' });
  await expect(bar).toBeVisible();
  await expect(publisher.getByText(/计算完成：\d+ 个质控点已计算/)).toBeVisible({ timeout: 120_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await keepScreenshot(publisher, 'diagnosis-computed');

  // ---- zyfzr01 opens 数据来源 on a computed value ----
  await fzr.reload();
  // The page loads again on a machine that has just computed: give it the lazy page's time.
  await expect(fzr.getByText('目标值状态：已审核')).toBeVisible({ timeout: 30_000 });
  const valueButtons = fzr.getByRole('button', { name: / 数据来源$/ });
  await expect(valueButtons.first()).toBeVisible();
  const computedNames = new Set(rows.filter((r) => r.abilities.setTarget).map((r) => r.zkdmc));
  expect(computedNames.size).toBeGreaterThan(0);
  await valueButtons.first().click();
  const lineage = fzr.getByRole('dialog', { name: /^数据来源：/ });
  await expect(lineage).toBeVisible();
  await expect(lineage.locator('pre.zg-diagnosis-sql')).toContainText(/select/i);
  await expect(lineage.getByText('读取的表')).toBeVisible();
  await expect(lineage.locator('.ant-tag').first()).toBeVisible();
  await keepScreenshot(fzr, 'diagnosis-lineage');
});

test('the publisher changes the person in charge; who is in charge enters a manual result, revises it with a reason and reads its sampling records', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const name = `E2E修正结果${Date.now() % 100000}`;
  // A task of its own to one major (软件技术, ZY0101: its default person in charge is the head of 信息工程学院).
  const api = await apiSession(baseURL as string, ZGFB as unknown as Account);
  const standards = (await api.get('/api/herm-mbbz/target/selectPage?current=1&size=200&state=published')) as {
    records: { id: number; name: string }[];
  };
  const standard = standards.records.find((s) => s.name === '专业层面诊改质量标准')!;
  const cycles = (await api.get('/api/herm-sjgl/cycleType/list')) as {
    lxmc: string;
    values: { cycleId: number; cycleNumber: string }[];
  }[];
  const cycle = cycles.find((t) => t.lxmc === '学年')!.values.find((v) => v.cycleNumber === '2025-2026')!;
  const task = (await api.post(`${Z}/rest/task/insert`, {
    rwmc: name,
    zqid: cycle.cycleId,
    kssj: '2025-09-01',
    jssj: '2026-08-31',
    bzid: standard.id,
    shrid: SHR.userId,
    dxbms: ['ZY0101'],
  })) as { id: number };
  const objects = (await api.get(`${Z}/rest/obj/select?rwid=${task.id}`)) as {
    list: { id: number; fzr: { id: string } | null }[];
  };
  const object = objects.list[0]!;
  expect(object.fzr?.id).not.toBe(FZR.userId);
  const rows = (
    (await api.get(`${Z}/rest/quality/select?dxrwid=${object.id}`)) as { list: (Row & { calRule: number | null })[] }
  ).list;
  await api.dispose();
  const manual = rows.find((r) => r.calRule === null)!;
  expect(manual).toBeTruthy();

  // ---- zgfb01 puts 林志华 in charge of 软件技术 ----
  const publisher = await asUser(browser, ZGFB);
  await publisher.goto(`/#/improvement/task?id=${task.id}`);
  await publisher.getByRole('button', { name: '软件技术 更换负责人' }).click();
  const charger = publisher.getByRole('dialog', { name: '更换“软件技术”的负责人' });
  await choose(publisher, '新的负责人', FZR.name, FZR.userId);
  await keepScreenshot(publisher, 'diagnosis-charger');
  await charger.getByRole('button', { name: /确\s*定/ }).click();
  await expect(publisher.getByText('负责人已更换')).toBeVisible();
  await expect(publisher.getByRole('row').filter({ hasText: '软件技术' })).toContainText(FZR.name);

  // ---- 林志华 enters the manual row's result, then revises it with a reason ----
  const fzr = await asUser(browser, FZR);
  await fzr.goto(`/#/improvement/object?id=${object.id}`);
  await fzr.getByRole('button', { name: '填报结果值' }).click();
  const entry = fzr.getByRole('dialog', { name: '填报手工质控点的结果值' });
  await typeValue(fzr, entry.getByLabel(`${manual.zkdmc} 结果值`, { exact: true }).first(), manual, 0);
  await entry.getByRole('button', { name: /确\s*定/ }).click();
  await expect(fzr.getByText('已保存 1 个结果值')).toBeVisible();

  await fzr
    .getByRole('button', { name: `${manual.zkdmc} 修正结果值`, exact: true })
    .first()
    .click();
  const revise = fzr.getByRole('dialog', { name: `修正结果值：${manual.zkdmc}` });
  await revise.getByRole('button', { name: /确\s*定/ }).click();
  await expect(revise.getByText('请填写原因')).toBeVisible();
  await typeValue(fzr, revise.getByLabel(`${manual.zkdmc} 修正结果值`, { exact: true }), manual, 1);
  await revise.getByLabel('修正原因').fill('年报核对后更正：此前漏计一项');
  await keepScreenshot(fzr, 'diagnosis-revise');
  await revise.getByRole('button', { name: /确\s*定/ }).click();
  await expect(fzr.getByText('修正已提交，等待审核')).toBeVisible();
  await expect(fzr.getByText('修正待审核').first()).toBeVisible();

  // ---- its sampling records: the value entered, by whom ----
  await fzr
    .getByRole('button', { name: `${manual.zkdmc} 采样记录`, exact: true })
    .first()
    .click();
  const samples = fzr.getByRole('dialog', { name: `采样记录：${manual.zkdmc}` });
  await expect(samples.getByText(`手工填报（${FZR.name}）`)).toBeVisible();
  await keepScreenshot(fzr, 'diagnosis-samples');
});

/** Types a valid value of the row's type into `field` (the `nth` choice, so two calls give two different values). */
async function typeValue(page: Page, field: ReturnType<Page['getByLabel']>, row: Row, nth: number) {
  if (row.zlx === 'have' || row.zlx === 'whether' || row.zlx === 'levels') {
    const options =
      row.zlx === 'have' ? ['无(0)', '有(1)'] : row.zlx === 'whether' ? ['否(0)', '是(1)'] : row.levelOptions;
    await field.click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(options[(nth + 1) % options.length]!, { exact: true })
      .click();
  } else {
    await field.fill(row.zlx === 'percent' ? String(80 + nth * 5) : String(10 + nth));
  }
}
