import { expect, type Page, test } from '@playwright/test';
import { apiSession } from './api';
import { account, keepScreenshot, signIn } from './support';

/**
 * One executing parent task of 教务处 and a child task owned by rwfzr01 waiting to be defined, as the publisher and
 * the department head would make them: the data the dashboard's charts count.
 */
async function taskForOwner(baseURL: string) {
  const W = '/api/herm-wbs';
  const fbr = await apiSession(baseURL, account('fbr01'));
  const year = new Date().getFullYear();
  const target = (await fbr.post(`${W}/yearTarget/insert`, {
    name: `${year}年度仪表盘演示目标`,
    cycleYear: year,
    chargeDepartId: 'D04',
    auditorId: 'shr01',
  })) as { id: number };
  const parent = (await fbr.post(`${W}/targetTask/insert`, {
    yearTargetId: target.id,
    rwmc: '仪表盘演示任务：课程资源建设',
    rwlx: 'A',
    departmentId: 'D02',
    kssj: `${year}-01-01`,
    jssj: `${year}-12-31`,
    weight: 30,
  })) as { id: number };
  await fbr.post(`${W}/targetTask/${parent.id}/push`, { version: 1 });
  await fbr.dispose();

  const head = await apiSession(baseURL, account('bmfzr01'));
  await head.post(`${W}/targetTask/${parent.id}/accept`, { version: 2 });
  await head.post(`${W}/targetTask/insert`, {
    yearTargetId: target.id,
    parentId: parent.id,
    rwmc: '仪表盘演示子任务：建设5门在线开放课程',
    rwlx: 'A',
    ownerId: 'rwfzr01',
    kssj: `${year}-02-01`,
    jssj: `${year}-11-30`,
    weight: 100,
  });
  await head.post(`${W}/targetTask/${parent.id}/resolve`, { version: 3 });
  await head.dispose();
}

/** Every script the page has fetched so far. */
function scriptsOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );
}

test('the school modal stops at its maximum, and the chosen benchmark schools stay saved', async ({ page }) => {
  await signIn(page, account('bmfzr01'));
  const card = page.locator('.zg-home__benchmark');
  await expect(card.getByText('尚未选择对标院校，选择后可在这里快速查看')).toBeVisible();
  await card.getByRole('button', { name: '选择对标院校' }).click();

  const modal = page.getByRole('dialog', { name: '选择对标院校' });
  await expect(modal.getByText('最少选择 1 所，最多选择 10 所')).toBeVisible();
  const rows = modal.locator('.zg-school__table tbody tr.ant-table-row');
  const boxes = rows.locator('input[type="checkbox"]');
  await expect(boxes.nth(11)).toBeEnabled();
  // Spec-1 section 2: rows 30 high in a column 456 high.
  expect((await rows.nth(0).boundingBox())?.height).toBeCloseTo(30, 0);
  expect((await modal.locator('.zg-school').boundingBox())?.height).toBeCloseTo(456, 0);
  const names: string[] = [];
  for (let i = 0; i < 10; i++) {
    await boxes.nth(i).check();
    names.push(((await rows.nth(i).locator('td').nth(1).textContent()) ?? '').trim());
  }
  await expect(modal.getByText('已选 10 所')).toBeVisible();
  // At the maximum every unchecked box is disabled, and a row click adds nothing.
  await expect(boxes.nth(10)).toBeDisabled();
  await expect(boxes.nth(11)).toBeDisabled();
  await rows.nth(11).click();
  await expect(modal.getByText('已选 10 所')).toBeVisible();
  await keepScreenshot(page, 'school-modal-max');

  // Removing one from the right frees a place.
  await modal.getByRole('button', { name: `移除${names[0]}` }).click();
  await expect(boxes.nth(10)).toBeEnabled();
  await boxes.nth(0).check();

  const saved = page.waitForResponse((r) => r.url().includes('/api/user/school/benchmark/update'));
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(card.locator('.zg-home__benchmark-tag')).toHaveCount(10);

  await page.reload();
  await expect(card.locator('.zg-home__benchmark-tag')).toHaveCount(10);
  await expect(card.getByText(names[1] ?? '')).toBeVisible();
  await card.getByRole('button', { name: '调整对标院校' }).click();
  await expect(modal.getByText('已选 10 所')).toBeVisible();
  await modal.getByRole('button', { name: /清\s*空/ }).click();
  await expect(modal.getByText('已选 0 所')).toBeVisible();
  await expect(boxes.nth(10)).toBeEnabled();
  await modal.getByRole('button', { name: /取\s*消/ }).click();
  await expect(card.locator('.zg-home__benchmark-tag')).toHaveCount(10);
});

test('the school settings save tag groups that become common queries', async ({ page }) => {
  await signIn(page, account('xld01'));
  await page.locator('.zg-home__benchmark').getByRole('button', { name: '选择对标院校' }).click();
  const modal = page.getByRole('dialog', { name: '选择对标院校' });
  const queries = modal.getByRole('region', { name: '常用查询' });
  await expect(queries.getByText('尚未设置常用查询')).toBeVisible();
  await queries.getByRole('button', { name: /设\s*置/ }).click();

  const settings = page.getByRole('dialog', { name: '常用查询设置' });
  const region = settings.getByRole('group', { name: '地区' });
  await region.getByRole('button', { name: /展\s*开/ }).click();
  await region.getByText('浙江', { exact: true }).click();
  await settings.getByRole('group', { name: '办学性质' }).getByText('全部', { exact: true }).click();
  await keepScreenshot(page, 'school-settings');
  const saved = page.waitForResponse((r) => r.url().includes('/api/user/school/updateSelected'));
  await settings.getByRole('button', { name: /确\s*定/ }).click();
  expect((await saved).status()).toBe(200);

  await queries.getByRole('button', { name: '浙江' }).click();
  const provinces = modal.locator('.zg-school__table tbody tr.ant-table-row td:nth-child(3)');
  await expect(provinces.first()).toHaveText('浙江');
  expect(new Set(await provinces.allInnerTexts())).toEqual(new Set(['浙江']));
  await expect(queries.getByRole('button', { name: '公办' })).toBeVisible();
});

test('ECharts loads only with a chart: not for sign-in and home, then on the dashboard', async ({ page, baseURL }) => {
  await taskForOwner(baseURL ?? '');
  await signIn(page, account('rwfzr01'));
  await expect(page.locator('.zg-home__todo')).toBeVisible();
  expect((await scriptsOf(page)).some((s) => /\/echarts-/.test(s))).toBe(false);

  // The bar hides 仪表盘自定义; the home page's entry leads there.
  await page
    .locator('.zg-home__entries')
    .getByRole('button', { name: /仪表盘自定义/ })
    .click();
  await expect(page).toHaveURL(/#\/dashboards$/);
  await expect(page.getByRole('heading', { name: '仪表盘自定义' })).toBeVisible();
  // A user who has never arranged their dashboard finds the built-in cards of their tasks: a gauge and three
  // ECharts drawn as SVG.
  await expect(page.locator('.zg-gauge svg')).toBeVisible();
  await expect(page.getByRole('img', { name: '我的任务状态分布' }).locator('svg')).toBeVisible();
  await expect(page.getByRole('img', { name: '近五年我的任务状态' }).locator('svg')).toBeVisible();
  await expect(page.getByRole('img', { name: '各类任务完成率' }).locator('svg')).toBeVisible();
  expect((await scriptsOf(page)).some((s) => /\/echarts-/.test(s))).toBe(true);

  await keepScreenshot(page, 'dashboards');

  // Emptied, the dashboard stays empty after a reload (the user's choice is kept on the server); 恢复默认 lays the
  // built-in cards out again, kept too.
  for (const title of ['我的任务完成率', '我的任务状态分布', '近五年我的任务状态', '各类任务完成率']) {
    await page.getByRole('button', { name: `移除：${title}` }).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByRole('button', { name: `移除：${title}` })).toHaveCount(0);
  }
  await expect(page.getByText('仪表盘还是空的')).toBeVisible();
  await page.reload();
  await expect(page.getByText('仪表盘还是空的')).toBeVisible();
  await page.getByRole('button', { name: '恢复默认' }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByRole('img', { name: '各类任务完成率' }).locator('svg')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: '各类任务完成率' }).locator('svg')).toBeVisible();
  await expect(page.locator('.zg-gauge svg')).toBeVisible();
});

test('the home to-dos follow the year picker', async ({ page }) => {
  await signIn(page, account('rwfzr01'));
  const todo = page.locator('.zg-home__todo');
  await expect(todo.getByText('待我接收')).toBeVisible();
  await todo.getByRole('combobox', { name: '任务年份' }).click();
  const panel = page.locator('.zg-year-panel');
  await expect(panel.getByText('2010-2019')).toBeVisible();
  await keepScreenshot(page, 'year-panel');
  await panel.getByRole('button', { name: '下一个十年' }).click();
  const asked = page.waitForRequest((r) => r.url().includes('/todo/counts') && r.url().includes('year=2026'));
  await panel.getByRole('button', { name: '2026' }).click();
  await asked;
  await expect(todo.getByRole('combobox', { name: '任务年份' })).toHaveValue('2026');
  await keepScreenshot(page, 'home-todo-year');
  await todo.getByRole('button', { name: '清除' }).click();
  await expect(todo.getByRole('combobox', { name: '任务年份' })).toHaveValue('');
});

test('a table configuration is created under 数据管理 and edited cell by cell outside the layout', async ({ page }) => {
  await signIn(page, account('zyadmin'));
  await page.goto('/#/dataManage');
  await page.getByRole('tab', { name: '表格配置' }).click();
  await page.getByRole('button', { name: '新建表格' }).click();
  const dialog = page.getByRole('dialog', { name: '新建表格' });
  await dialog.getByLabel('表格名称').fill('专任教师职称结构表');
  // Enter in the name creates the table, as 确定 does.
  await dialog.getByLabel('表格名称').press('Enter');

  await expect(page).toHaveURL(/#\/tableConfiguration\/\d+$/);
  await expect(page.locator('.zg-header')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '表格名称' })).toHaveText('专任教师职称结构表');

  const edit = async (label: string, text: string) => {
    await page.getByRole('button', { name: label }).click();
    await page.getByRole('textbox', { name: label }).fill(text);
    await page.getByRole('textbox', { name: label }).press('Enter');
    await expect(page.getByRole('button', { name: label })).toHaveText(text);
  };
  await edit('第1列表头', '职称');
  await edit('第2列表头', '人数');
  await edit('第1行第1列', '正高级');
  // Leaving a cell keeps its text too.
  await page.getByRole('button', { name: '第2行第1列' }).click();
  await page.getByRole('textbox', { name: '第2行第1列' }).fill('副高级');
  await page.getByRole('button', { name: '第1列表头' }).click();
  await expect(page.getByRole('button', { name: '第2行第1列' })).toHaveText('副高级');
  await page.getByRole('textbox', { name: '第1列表头' }).press('Escape');
  await page.getByRole('button', { name: '删除本列：列3' }).click();
  await expect(page.getByText('有未保存的修改')).toBeVisible();
  await keepScreenshot(page, 'table-configuration');

  const saved = page.waitForResponse((r) => r.url().includes('/tableConfiguration/update'));
  await page.getByRole('button', { name: /保\s*存/ }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('保存成功')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: '第2行第1列' })).toHaveText('副高级');
  await expect(page.getByRole('button', { name: '第2列表头' })).toHaveText('人数');
  await expect(page.getByRole('button', { name: '第1行第3列' })).toHaveCount(0);

  await page.getByRole('button', { name: /预\s*览/ }).click();
  await expect(page.getByRole('textbox', { name: '人数（填报）' }).first()).toBeVisible();
  await keepScreenshot(page, 'table-configuration-preview');
});
