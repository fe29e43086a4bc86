import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TASK_STATUS, TASK_STATUSES } from '@zg/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../test/attachments';
import { loginRecord, mockApi, ok } from '../../test/fixtures';
import DashboardsPage from './DashboardsPage';
import { finishOf, finishRate, lastFiveYears, statusBars, statusTrend, typeRadar } from './data';
import { defaultCards, isEmbeddableUrl, loadCards, moveCard, newCardId, saveCards } from './layout';

/** A status list as taskStatusAnalysis answers it. */
function statuses(counts: Partial<Record<string, number>>) {
  return TASK_STATUSES.map((s) => ({ rwzt: s, rwztmc: TASK_STATUS[s], count: counts[s] ?? 0 }));
}

afterEach(() => localStorage.clear());

describe('dashboard layout', () => {
  it('starts with the task charts for users who see tasks, else empty', () => {
    expect(defaultCards(true).map((c) => [c.kind, c.width])).toEqual([
      ['myFinishRate', 1],
      ['myStatus', 2],
      ['statusTrend', 2],
      ['typeRadar', 1],
    ]);
    expect(defaultCards(false)).toEqual([]);
  });

  it('keeps the layout per user, drops invalid cards and charts the user may no longer see', () => {
    const cards = [
      { id: 'page-1', kind: 'page' as const, title: '学校官网', width: 3 as const, url: 'https://www.example.edu.cn/' },
      { id: 'myStatus', kind: 'myStatus' as const, title: '状态', width: 2 as const },
    ];
    saveCards('u1', cards);
    expect(loadCards('u1', true)).toEqual(cards);
    expect(loadCards('u1', false)).toEqual([cards[0]]);
    expect(loadCards('u2', true)).toEqual(defaultCards(true));
    localStorage.setItem(
      'zg.dashboard.u3',
      JSON.stringify([{ id: 'x', kind: 'page', title: 'x', width: 3, url: 'javascript:alert(1)' }, { id: 'y' }]),
    );
    expect(loadCards('u3', true)).toEqual([]);
    localStorage.setItem('zg.dashboard.u4', '{not json');
    expect(loadCards('u4', true)).toEqual(defaultCards(true));
  });

  it('moves cards within the list and makes fresh ids', () => {
    const cards = defaultCards(true);
    expect(moveCard(cards, 'myStatus', -1).map((c) => c.id)).toEqual([
      'myStatus',
      'myFinishRate',
      'statusTrend',
      'typeRadar',
    ]);
    expect(moveCard(cards, 'myFinishRate', -1)).toEqual(cards);
    expect(newCardId('page', [{ ...cards[0], id: 'page-1' } as never])).toBe('page-2');
  });

  it('embeds only http and https pages', () => {
    expect(isEmbeddableUrl('https://www.example.edu.cn/a?b=1')).toBe(true);
    expect(isEmbeddableUrl('http://10.0.0.8:8080/')).toBe(true);
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
  function api() {
    const asked: URL[] = [];
    mockApi({
      '/api/user/appConfig': () => ok({ version: 'V3.5', featureFlags: [], casEnabled: false }),
      '/api/herm-wbs/targetTaskSummaryAnalysis/taskStatusAnalysis': (_i, url) => {
        asked.push(url);
        const year = url.searchParams.get('year');
        return ok({ list: statuses(year === '2026' ? { executeing: 1, hasDone: 3 } : {}), total: 4, note: '' });
      },
    });
    return asked;
  }

  it("shows the user's task charts for the chosen year and keeps a renamed title", async () => {
    const asked = api();
    localStorage.setItem(
      `zg.dashboard.${loginRecord.userId}`,
      JSON.stringify([
        { id: 'myFinishRate', kind: 'myFinishRate', title: '我的任务完成率', width: 1 },
        { id: 'myStatus', kind: 'myStatus', title: '我的任务状态分布', width: 2 },
      ]),
    );
    renderUi(<DashboardsPage />);
    fireEvent.click(screen.getByRole('combobox', { name: '统计年份' }));
    fireEvent.click(await screen.findByRole('button', { name: '2026' }));
    await waitFor(() => expect(screen.getByRole('img', { name: '我的任务完成率 75.00%' })).toBeTruthy());
    expect(asked.every((u) => u.searchParams.get('scope') === 'mySummaryAnalysis')).toBe(true);
    expect(asked.at(-1)?.searchParams.get('year')).toBe('2026');
    expect(screen.getByRole('img', { name: '我的任务状态分布' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '标题：我的任务状态分布' }));
    const input = screen.getByRole('textbox', { name: '标题：我的任务状态分布' });
    fireEvent.change(input, { target: { value: '本年任务状态' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByRole('button', { name: '标题：本年任务状态' });
    const saved = JSON.parse(localStorage.getItem(`zg.dashboard.${loginRecord.userId}`) ?? '[]');
    expect(saved[1].title).toBe('本年任务状态');
  });

  it('embeds a web page after checking its address, and offers only web pages without the task menus', async () => {
    api();
    renderUi(<DashboardsPage />, { ...loginRecord, menus: { homePage: '首页' } });
    expect(screen.getByText('仪表盘还是空的，点击“添加”选择图表或嵌入网页')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: '统计年份' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    const dialog = (await screen.findByText('添加到仪表盘')).closest('[role="dialog"]') as HTMLElement;
    expect(within(dialog).getByText('图表统计目标任务数据，需要目标任务管理菜单权限')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '学校官网' } });
    fireEvent.change(await within(dialog).findByLabelText('网址'), { target: { value: 'www.example.edu.cn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(await within(dialog).findByText('请输入以 http:// 或 https:// 开头的网址')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('网址'), { target: { value: 'https://www.example.edu.cn/' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    const frame = (await screen.findByTitle('学校官网')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://www.example.edu.cn/');
    // The embed's spinner is IframeEmbed's own test: jsdom may already have fired the frame's load here.
  });
});
