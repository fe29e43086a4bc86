import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiSession } from './api';
import { account, audit, type Finding, keepScreenshot, settle, signIn } from './support';

/**
 * 仪表盘自定义 (issue 34) on the demo story: 陈伯涛 (xld01) starts from an empty dashboard, subscribes three charts of
 * 图表库, drags one beside another by its title bar and resizes one from its corner (real mouse drags on
 * react-grid-layout's handles); the layout is kept on the server, so another browser context signed in as xld01
 * draws the same grid. Axe clean. Screenshots: dashboards-subscribed.png, dashboards-arranged.png,
 * dashboards-other-context.png. xld01's seeded dashboard is put back afterwards (home page journeys read it).
 * Then the data office (sjgl01) keeps 图表库 under 数据管理: its list is every published chart, whatever roles it is
 * open to (chart-library-keeper.png).
 */

/**
 * A window tall enough for the three cards: a resize that ends within ~25 px of a scroller's edge makes Chromium
 * autoscroll the page under the pressed mouse (the card then grows to the grid's 16 rows).
 */
const VIEWPORT = { width: 1366, height: 1024 };
test.use({ viewport: VIEWPORT });

const LAYOUT = '/api/herm-sjfw/dynamicYbpDy/query';
const SAVE = '/api/herm-sjfw/dynamicYbpDy/updateList';
const CHARTS = ['近五年招生趋势', '近五年就业趋势', '各学院课程平均分'] as const;
const COLS = 24;
const ROW = 40;
const MARGIN = 10;

interface Card {
  kind: string;
  ybpid: number | null;
  title: string;
  x: number;
  y: number;
  lw: number;
  h: number;
  params: Record<string, unknown>;
  url: string | null;
}
type Cell = { x: number; y: number; w: number; h: number };

/** The grid cells of the cards as the page draws them (pixels back to columns and rows of the 24-column grid). */
async function gridOf(page: Page): Promise<Record<string, Cell>> {
  const grid = page.locator('.react-grid-layout');
  const box = (await grid.boundingBox())!;
  const col = (box.width - MARGIN * (COLS + 1)) / COLS;
  const out: Record<string, Cell> = {};
  for (const title of CHARTS) {
    const b = (await page.getByTestId(`card-${title}`).boundingBox())!;
    out[title] = {
      x: Math.round((b.x - box.x - MARGIN) / (col + MARGIN)),
      y: Math.round((b.y - box.y - MARGIN) / (ROW + MARGIN)),
      w: Math.round((b.width + MARGIN) / (col + MARGIN)),
      h: Math.round((b.height + MARGIN) / (ROW + MARGIN)),
    };
  }
  return out;
}

/** A real mouse drag from the middle of `from` by (dx, dy) pixels, in steps (react-draggable follows mousemove). */
async function drag(page: Page, from: Locator, dx: number, dy: number) {
  const b = (await from.boundingBox())!;
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 8 });
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

const saved = (page: Page) => page.waitForResponse((r) => r.url().includes(SAVE) && r.request().method() === 'POST');

async function openDashboards(page: Page) {
  await page
    .locator('.zg-home__entries')
    .getByRole('button', { name: /仪表盘自定义/ })
    .click();
  await expect(page).toHaveURL(/#\/dashboards$/);
  await expect(page.getByRole('heading', { level: 4, name: '仪表盘自定义' })).toBeVisible();
}

test('xld01 subscribes three charts, drags and resizes them, and another browser context shows the same grid', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await apiSession(baseURL as string, account('xld01'));
  const before = ((await api.get(LAYOUT)) as { cards: Card[] }).cards;
  await api.post(SAVE, { cards: [] });
  try {
    await signIn(page, account('xld01'));
    await openDashboards(page);
    await expect(page.getByText('仪表盘还是空的')).toBeVisible();

    for (const name of CHARTS) {
      await page.getByRole('button', { name: /^添\s?加$/ }).click();
      const dialog = page.getByRole('dialog', { name: '添加到仪表盘' });
      await dialog.getByLabel('图表').click();
      await page
        .locator('.ant-select-dropdown:visible')
        .getByTitle(new RegExp(`/ ${name}$`))
        .click();
      await expect(dialog.getByLabel('标题')).toHaveValue(name);
      const done = saved(page);
      await dialog.getByRole('button', { name: /^确\s?定$/ }).click();
      expect((await done).status()).toBe(200);
      await expect(page.getByTestId(`card-${name}`)).toBeVisible();
    }
    // New cards go below the others, each as wide as its chart was published (招生 16, 就业 8, 平均分 16 columns).
    await expect(page.getByRole('img', { name: '近五年招生趋势' }).locator('svg')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('img', { name: '各学院课程平均分' }).locator('svg')).toBeVisible({ timeout: 20_000 });
    const placed = await gridOf(page);
    expect(placed).toEqual({
      近五年招生趋势: { x: 0, y: 0, w: 16, h: 7 },
      近五年就业趋势: { x: 0, y: 7, w: 8, h: 7 },
      各学院课程平均分: { x: 0, y: 14, w: 16, h: 7 },
    });
    await settle(page);
    await keepScreenshot(page, 'dashboards-subscribed');

    // Drag 近五年就业趋势 by its title bar to the right of 近五年招生趋势 (16 columns right, 7 rows up).
    const grid = (await page.locator('.react-grid-layout').boundingBox())!;
    const col = (grid.width - MARGIN * (COLS + 1)) / COLS + MARGIN;
    const row = ROW + MARGIN;
    let done = saved(page);
    await drag(page, page.getByTestId('card-近五年就业趋势').locator('.zg-dashboard__drag'), 16 * col, -7 * row);
    expect((await done).status()).toBe(200);
    // The grid moves 各学院课程平均分 up into the freed rows with a CSS transition: its corner is where it ends up.
    await expect.poll(async () => (await gridOf(page)).各学院课程平均分?.y).toBe(7);
    // ... and has stopped there: the rounded row reads 7 while the transition still has a few pixels to go, and a
    // drag from a corner still moving missed the handle (one failure in a full run).
    const averages = page.getByTestId('card-各学院课程平均分');
    await expect
      .poll(async () => {
        const before = (await averages.boundingBox())?.y;
        await page.waitForTimeout(100);
        return before === (await averages.boundingBox())?.y;
      })
      .toBe(true);
    // Resize 各学院课程平均分 from its corner: the full width (24 columns) and 3 rows higher.
    done = saved(page);
    await drag(page, averages.locator('.react-resizable-handle-se'), 8 * col, 3 * row);
    expect((await done).status()).toBe(200);
    const arranged = {
      近五年招生趋势: { x: 0, y: 0, w: 16, h: 7 },
      近五年就业趋势: { x: 16, y: 0, w: 8, h: 7 },
      各学院课程平均分: { x: 0, y: 7, w: 24, h: 10 },
    };
    await expect.poll(() => gridOf(page)).toEqual(arranged);
    // The resized chart is drawn again at its new size (its legend and bars, not an empty box).
    await expect(page.getByRole('img', { name: '各学院课程平均分' })).toContainText('及格率');
    // The server keeps the same grid (x, y, 8 x lw, h).
    const stored = ((await api.get(LAYOUT)) as { cards: Card[] }).cards;
    expect(Object.fromEntries(stored.map((c) => [c.title, { x: c.x, y: c.y, w: c.lw * 8, h: c.h }]))).toEqual(arranged);
    await expect(page.locator('.ant-message-error')).toHaveCount(0);
    await settle(page);
    const findings: Finding[] = [];
    await audit(page, 'dashboards', findings, '.zg-dashboard');
    expect(findings).toEqual([]);
    await keepScreenshot(page, 'dashboards-arranged');

    // Another browser (a new context: no cookies, no storage of the first) signed in as xld01 draws the same grid.
    const other = await browser.newContext({ baseURL, viewport: VIEWPORT, locale: 'zh-CN' });
    try {
      const second = await other.newPage();
      await signIn(second, account('xld01'));
      await openDashboards(second);
      await expect(second.getByRole('img', { name: '各学院课程平均分' }).locator('svg')).toBeVisible({
        timeout: 20_000,
      });
      await expect.poll(() => gridOf(second)).toEqual(arranged);
      await settle(second);
      await keepScreenshot(second, 'dashboards-other-context');
    } finally {
      await other.close();
    }
  } finally {
    await api.post(SAVE, {
      cards: before.map((c) => ({
        kind: c.kind,
        ybpid: c.ybpid,
        title: c.title,
        x: c.x,
        y: c.y,
        lw: c.lw,
        h: c.h,
        params: c.params,
        url: c.url,
      })),
    });
    await api.dispose();
  }
});

test('sjgl01 keeps 图表库: every published chart listed, one open to school leaders only included, and withdraws it', async ({
  page,
  baseURL,
}) => {
  // A chart the data office cannot subscribe (open to school leaders only) is still theirs to keep.
  const admin = await apiSession(baseURL as string, account('zyadmin'));
  const [first] = (await admin.get('/api/herm-sjgl/ybp/list')) as { lxid: number; sfid: number }[];
  await admin.post('/api/herm-sjgl/ybp/insert', {
    mc: '校领导专用招生图',
    lxid: first!.lxid,
    sfid: first!.sfid,
    lw: 1,
    roles: ['schoolLeader'],
  });
  await signIn(page, account('sjgl01'));
  await page.goto('/#/dataManage/charts');
  const table = page.getByRole('table', { name: '已发布的图表' });
  const row = table.getByRole('row', { name: /校领导专用招生图/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '校领导', exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: /^近五年招生趋势 / })).toBeVisible();

  await page.getByPlaceholder('图表名称').fill('校领导专用');
  await page.getByPlaceholder('图表名称').press('Enter');
  await expect(table.getByRole('row', { name: /^近五年招生趋势 / })).toHaveCount(0);
  await expect(row).toBeVisible();
  await keepScreenshot(page, 'chart-library-keeper');

  await row.getByRole('button', { name: '下架：校领导专用招生图' }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('没有名称相符的图表')).toBeVisible();
});
