import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DASHBOARD_GRID, type DashboardCard, TASK_STATUS, TASK_STATUSES } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/attachments';
import { failed, loginRecord, mockApi, ok } from '../../test/fixtures';
import DashboardsPage from './DashboardsPage';
import { finishOf, finishRate, lastFiveYears, statusBars, statusTrend, typeRadar } from './data';
import {
  applyGrid,
  defaultCards,
  fromServer,
  isEmbeddableUrl,
  isTrend,
  newCard,
  resultToCategories,
  snapWidth,
  toGrid,
  toInput,
} from './grid';

/** A status list as taskStatusAnalysis answers it. */
function statuses(counts: Partial<Record<string, number>>) {
  return TASK_STATUSES.map((s) => ({ rwzt: s, rwztmc: TASK_STATUS[s], count: counts[s] ?? 0 }));
}

const card = (c: Partial<DashboardCard> & Pick<DashboardCard, 'id' | 'kind' | 'title'>): DashboardCard => ({
  ybpid: null,
  sfzid: null,
  sfmc: null,
  sflx: null,
  sfbb: null,
  tbsj: null,
  x: 0,
  y: 0,
  lw: 1,
  h: 7,
  params: {},
  url: null,
  ...c,
});

describe('dashboard grid', () => {
  it('lays cards 8 x lw of 24 columns wide and reads a drag or resize back, snapping the width', () => {
    const cards = fromServer([
      card({ id: 1, kind: 'myStatus', title: 'a', lw: 2 }),
      card({ id: 2, kind: 'chart', title: 'b', x: 16 }),
    ]);
    expect(toGrid(cards)).toEqual([
      { i: '1', x: 0, y: 0, w: 16, h: 7 },
      { i: '2', x: 16, y: 0, w: 8, h: 7 },
    ]);
    expect(snapWidth(11)).toBe(1);
    expect(snapWidth(13)).toBe(2);
    expect(snapWidth(30)).toBe(3);
    const moved = applyGrid(cards, [
      { i: '1', x: 0, y: 7, w: 13, h: 5 },
      { i: '2', x: 20, y: 0, w: 14, h: 7 },
    ]);
    expect(moved.map((c) => [c.x, c.y, c.lw, c.h])).toEqual([
      [0, 7, 2, 5],
      [8, 0, 2, 7],
    ]);
    expect(toInput(moved)[1]).toMatchObject({ id: 2, kind: 'chart', x: 8, lw: 2 });
  });

  it('puts a new card below the others and starts users who see tasks with the task charts', () => {
    const cards = fromServer([card({ id: 1, kind: 'myStatus', title: 'a', y: 3, h: 6 })]);
    expect(newCard(cards, { kind: 'page', title: 'p', lw: 3, url: 'https://x.cn/' })).toMatchObject({
      id: null,
      key: 'new-1',
      y: 9,
      h: DASHBOARD_GRID.defaultH,
    });
    expect(defaultCards(true).map((c) => [c.kind, c.lw, c.x, c.y])).toEqual([
      ['myFinishRate', 1, 0, 0],
      ['myStatus', 2, 8, 0],
      ['statusTrend', 2, 0, DASHBOARD_GRID.defaultH],
      ['typeRadar', 1, 16, DASHBOARD_GRID.defaultH],
    ]);
    expect(defaultCards(false)).toEqual([]);
  });

  it('reads a chart algorithm result as categories and series; years make a trend', () => {
    const data = resultToCategories({
      columns: [
        { name: '年度', type: 'text' },
        { name: '招生数', type: 'number' },
      ],
      rows: [
        { 年度: '2025', 招生数: 100 },
        { 年度: '2026', 招生数: '120' },
      ],
      rowCount: 2,
      truncated: false,
      ms: 1,
    });
    expect(data).toEqual({ categories: ['2025', '2026'], series: [{ name: '招生数', data: [100, 120] }] });
    expect(isTrend(data)).toBe(true);
    expect(isTrend({ categories: ['信息学院', '机电学院'], series: [] })).toBe(false);
    expect(resultToCategories(null).categories).toEqual([]);
  });

  it('embeds only http and https pages', () => {
    expect(isEmbeddableUrl('https://www.example.edu.cn/a?b=1')).toBe(true);
    expect(isEmbeddableUrl('javascript:alert(1)')).toBe(false);
    expect(isEmbeddableUrl('www.example.edu.cn')).toBe(false);
  });
});

describe('dashboard data', () => {
  it('counts finished over issued tasks, leaving out 未下发', () => {
    const list = statuses({ notPushed: 5, executeing: 2, hasDone: 1, delayDone: 1 });
    expect(finishOf(list)).toEqual({ finished: 2, issued: 4 });
    expect(finishRate(list)).toBe(50);
    expect(finishRate(statuses({ notPushed: 3 }))).toBe(0);
  });

  it('has no bars, trend or radar without issued tasks (暂无数据)', () => {
    expect(statusBars(statuses({ notPushed: 2 })).categories).toEqual([]);
    expect(statusTrend([{ year: 2026, list: statuses({}) }]).categories).toEqual([]);
    expect(typeRadar([{ rwlx: 'A', list: statuses({}) }]).indicators).toEqual([]);
  });

  it('groups the states per year and rates each task type', () => {
    const trend = statusTrend([
      { year: 2025, list: statuses({ waitAccept: 1, hasDone: 2 }) },
      { year: 2026, list: statuses({ executeing: 3, delayNotDone: 1 }) },
    ]);
    expect(trend.categories).toEqual(['2025', '2026']);
    expect(trend.series.map((s) => [s.name, s.data])).toEqual([
      ['未开始', [1, 0]],
      ['进行中', [0, 3]],
      ['逾期未完成', [0, 1]],
      ['已完成', [2, 0]],
    ]);
    const radar = typeRadar([
      { rwlx: 'A', list: statuses({ hasDone: 1, executeing: 1 }) },
      { rwlx: 'B', list: statuses({ executeing: 1 }) },
    ]);
    expect(radar.indicators).toEqual([
      { name: '双高任务', max: 100 },
      { name: '重点任务', max: 100 },
    ]);
    expect(radar.series[0]?.data).toEqual([50, 0]);
    expect(lastFiveYears(2026)).toEqual([2022, 2023, 2024, 2025, 2026]);
  });
});

describe('DashboardsPage', { timeout: 30_000 }, () => {
  function api(cards: DashboardCard[]) {
    const saved: unknown[] = [];
    let stored = cards;
    mockApi({
      '/api/user/appConfig': () => ok({ version: 'V3.5', featureFlags: [], casEnabled: false }),
      '/api/herm-wbs/targetTaskSummaryAnalysis/taskStatusAnalysis': (_i, url) => {
        const year = url.searchParams.get('year');
        return ok({ list: statuses(year === '2026' ? { executeing: 1, hasDone: 3 } : {}), total: 4, note: '' });
      },
      '/api/herm-sjfw/dynamicYbpDy/query': () => ok({ cards: stored }),
      '/api/herm-sjfw/dynamicYbpDy/updateList': (init) => {
        const body = JSON.parse(String(init.body)) as { cards: DashboardCard[] };
        saved.push(body);
        stored = body.cards.map((c, i) => card({ ...c, id: c.id ?? 100 + i }));
        return ok({ cards: stored });
      },
      '/api/herm-sjfw/dynamicYbpDy/data': () =>
        ok({
          list: [
            {
              id: 2,
              status: 'ok',
              message: null,
              sflx: 'chart',
              sfzsj: {
                columns: [
                  { name: '院系', type: 'text' },
                  { name: '人数', type: 'number' },
                ],
                rows: [{ 院系: '信息学院', 人数: 300 }],
                rowCount: 1,
                truncated: false,
                ms: 3,
              },
            },
            { id: 3, status: 'timeout', message: '查询执行超过 5 秒，已被停止', sflx: 'chart', sfzsj: null },
          ],
        }),
      '/api/herm-sjgl/ybp/list': () => ok([]),
    });
    return saved;
  }

  it('draws the server-kept cards: built-in task charts, subscribed charts, and a failed chart on its own card', async () => {
    api([
      card({ id: 1, kind: 'myFinishRate', title: '我的任务完成率' }),
      card({ id: 2, kind: 'chart', title: '各院系招生数', ybpid: 5, x: 8 }),
      card({ id: 3, kind: 'chart', title: '很慢的图表', ybpid: 6, x: 16 }),
    ]);
    renderUi(<DashboardsPage />);
    await waitFor(() => expect(screen.getByRole('img', { name: '我的任务完成率 75.00%' })).toBeTruthy(), {
      timeout: 10_000,
    });
    expect(await screen.findByRole('img', { name: '各院系招生数' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('图表加载超时', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('查询执行超过 5 秒，已被停止')).toBeTruthy();
  });

  it('shows a load error with 重试 when the dashboard cannot be loaded, and each card its error when the data fail', async () => {
    let layoutFails = true;
    mockApi({
      '/api/herm-sjfw/dynamicYbpDy/query': () =>
        layoutFails
          ? failed(500, '服务器开小差了')
          : ok({ cards: [card({ id: 2, kind: 'chart', title: '各院系招生数', ybpid: 5 })] }),
      '/api/herm-sjfw/dynamicYbpDy/data': () => failed(500, '图表数据暂时取不到'),
      '/api/herm-sjgl/ybp/list': () => ok([]),
    });
    renderUi(<DashboardsPage />);
    expect(await screen.findByText('服务器开小差了', {}, { timeout: 10_000 })).toBeTruthy();
    layoutFails = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByText('图表加载失败', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('图表数据暂时取不到')).toBeTruthy();
  });

  it('embeds a web page after checking its address and saves it on the server', async () => {
    const saved = api([]);
    renderUi(<DashboardsPage />, { ...loginRecord, menus: { homePage: '首页' } });
    expect(await screen.findByText('仪表盘还是空的，点击“添加”选择图表或嵌入网页')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    const dialog = (await screen.findByText('添加到仪表盘')).closest('[role="dialog"]') as HTMLElement;
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '类型' }));
    fireEvent.click(await screen.findByTitle('嵌入网页'));
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '学校官网' } });
    fireEvent.change(await within(dialog).findByLabelText('网址'), { target: { value: 'www.example.edu.cn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(await within(dialog).findByText('请输入以 http:// 或 https:// 开头的网址')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('网址'), { target: { value: 'https://www.example.edu.cn/' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    const frame = (await screen.findByTitle('学校官网')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://www.example.edu.cn/');
    expect(saved).toEqual([
      {
        cards: [
          expect.objectContaining({ kind: 'page', title: '学校官网', url: 'https://www.example.edu.cn/', lw: 3 }),
        ],
      },
    ]);
  });
});
