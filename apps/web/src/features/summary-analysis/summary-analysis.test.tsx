import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ANALYSIS_MSG, ROLE, ANALYSIS_UI as T, TASK_STATUS, TASK_STATUSES } from '@zg/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fixtures';
import { recordOf, renderPageAs, stubApi } from '../../test/pages';
import { figuresOf, percent, statusOfSlice } from './figures';
import SummaryAnalysisPage from './SummaryAnalysisPage';

vi.mock('../../components/charts', async () => (await import('../../test/pages')).chartStubs);

// Today is 26 November 2026 (only Date is faked: the timers run as usual).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T09:00:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

const S = '/api/herm-wbs/targetTaskSummaryAnalysis';

/**
 * Counts per state: 2 not pushed (one of them withdrawn), 1 returned by its department, 3 executing, 1 overdue, 2 done,
 * 1 done late.
 */
const COUNTS: Record<string, number> = {
  notPushed: 2,
  goBack: 1,
  executeing: 3,
  delayNotDone: 1,
  hasDone: 2,
  delayDone: 1,
};
const statusList = () => TASK_STATUSES.map((s) => ({ rwzt: s, rwztmc: TASK_STATUS[s], count: COUNTS[s] ?? 0 }));
const RATES = [
  { bmid: 'D02', bmmc: '教务处', issued: 4, finished: 3, rate: 75, rank: 1 },
  { bmid: 'D03', bmmc: '学生工作处', issued: 3, finished: 0, rate: 0, rank: 2 },
];

function analysisApi(years = [2026, 2025]) {
  return stubApi({
    [`${S}/yearList`]: () => ok(years.map((nf) => ({ nf }))),
    [`${S}/taskTypeList`]: () =>
      ok([
        { id: 1, code: 'A', rwlxmc: '双高任务', count: 2 },
        { id: 2, code: 'B', rwlxmc: '重点任务', count: 7 },
      ]),
    [`${S}/taskStatusAnalysis`]: () =>
      ok({
        list: statusList(),
        total: 10,
        note: '统计末级任务；未下发（含撤回）和已退回的任务不计为下发，也不计入完成率',
      }),
    [`${S}/departmentTaskFinishRate`]: () => ok(RATES),
    [`${S}/finishRankRate`]: () => ok(RATES),
    [`${S}/chargeDepartments`]: () =>
      ok([
        { bmid: 'D02', bmmc: '教务处', fzrmc: '王建国' },
        { bmid: 'D11', bmmc: '图书馆', fzrmc: '未知' },
      ]),
    [`${S}/tasks`]: (_i, url) =>
      ok({
        records: [
          {
            id: 7,
            rwmc: `任务-${url.searchParams.get('figure')}-${url.searchParams.get('rwzt') ?? ''}`,
            rwlx: 'B',
            rwzt: 'hasDone',
            rwztmc: '已完成',
            yearTargetId: 1,
            yearTargetName: '2026年度目标',
            nf: 2026,
            departmentId: 'D02',
            fbbm: '教务处',
            fzrmc: '张伟',
            kssj: '2026-01-01',
            jssj: '2026-12-31',
            rwjd: 100,
          },
        ],
        total: 1,
        current: 1,
        size: 10,
        pages: 1,
      }),
  });
}

const leader = recordOf('xld01', '陈伯涛', { roles: [ROLE.schoolLeader] });
const head = recordOf('bmfzr01', '王建国', {
  roles: [ROLE.targetDepartHead],
  heads: [
    { bmid: 'D02', bmmc: '教务处' },
    { bmid: 'D11', bmmc: '图书馆' },
  ],
});

describe('figures', () => {
  it('count issued without the unpushed (withdrawn) and the returned tasks, and finished with the late ones', () => {
    expect(figuresOf(statusList())).toEqual({ all: 10, issued: 7, finished: 3, unfinished: 4, rate: 42.86 });
    expect(figuresOf([])).toEqual({ all: 0, issued: 0, finished: 0, unfinished: 0, rate: 0 });
    expect(percent(2, 3)).toBe(66.67);
    expect(statusOfSlice({ key: 'delayDone' })).toBe('delayDone');
    expect(statusOfSlice({ key: 'nonsense' })).toBeUndefined();
    expect(statusOfSlice(null)).toBeUndefined();
  });
});

describe('global summary analysis', { timeout: 60_000 }, () => {
  it('shows the figures of this year and the charts, and lists the tasks behind each figure', async () => {
    const api = analysisApi();
    renderPageAs(<SummaryAnalysisPage kind="globalSummaryAnalysis" />, leader);

    expect(await screen.findByTestId('figure-all')).toHaveProperty('textContent', '10');
    expect(screen.getByTestId('figure-issued').textContent).toBe('7');
    expect(screen.getByTestId('figure-finished').textContent).toBe('3');
    expect(screen.getByTestId('figure-unfinished').textContent).toBe('4');
    expect(screen.getByTestId('figure-rate').textContent).toBe('42.86%');
    expect(screen.getByText(/未下发（含撤回）和已退回的任务不计为下发/)).toBeTruthy();
    const status = api.calls(`${S}/taskStatusAnalysis`).at(-1);
    expect(status?.searchParams.get('scope')).toBe('globalSummaryAnalysis');
    expect(status?.searchParams.get('year')).toBe('2026');
    // No department select on this page.
    expect(screen.queryByLabelText(T.chargeDepartment)).toBeNull();

    // The pie: only states with tasks; a slice opens its state's tasks.
    const pie = screen.getByRole('img', { name: T.statusTitle });
    expect(
      within(pie)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      `${T.statusTitle}:未下发=2`,
      `${T.statusTitle}:已退回=1`,
      `${T.statusTitle}:执行中=3`,
      `${T.statusTitle}:已完成=2`,
      `${T.statusTitle}:逾期未完成=1`,
      `${T.statusTitle}:逾期完成=1`,
    ]);
    fireEvent.click(within(pie).getByText(`${T.statusTitle}:逾期完成=1`));
    expect(await screen.findByText('任务-all-delayDone')).toBeTruthy();
    expect(screen.getByText(T.drawerTitle('逾期完成'))).toBeTruthy();
    let asked = api.calls(`${S}/tasks`).at(-1);
    expect(asked?.searchParams.get('rwzt')).toBe('delayDone');
    expect(asked?.searchParams.get('year')).toBe('2026');
    expect(asked?.searchParams.get('scope')).toBe('globalSummaryAnalysis');

    // The headline number 已完成 opens the finished tasks.
    fireEvent.click(screen.getByRole('button', { name: `${T.figureFinished} 3` }));
    expect(await screen.findByText('任务-finished-')).toBeTruthy();

    // A department's bar opens its issued tasks; a ranking count its finished ones.
    fireEvent.click(screen.getByText(`${T.rateTitle}:学生工作处=0`));
    await waitFor(() => expect(api.calls(`${S}/tasks`).at(-1)?.searchParams.get('departmentId')).toBe('D03'));
    expect(api.calls(`${S}/tasks`).at(-1)?.searchParams.get('figure')).toBe('issued');
    fireEvent.click(screen.getByRole('button', { name: `教务处 ${T.figureFinished} 3` }));
    await waitFor(() => expect(api.calls(`${S}/tasks`).at(-1)?.searchParams.get('departmentId')).toBe('D02'));
    asked = api.calls(`${S}/tasks`).at(-1);
    expect(asked?.searchParams.get('figure')).toBe('finished');
  });

  it('starts on this year, not on the newest year with tasks, and lists this year before it has tasks', async () => {
    // Next year's targets are published already, or a new school has no task at all: 2026 either way, on my page
    // and on the school's.
    for (const kind of ['mySummaryAnalysis', 'globalSummaryAnalysis'] as const) {
      for (const years of [[2027, 2026, 2025], []]) {
        const api = analysisApi(years);
        const { unmount } = renderPageAs(<SummaryAnalysisPage kind={kind} />, leader);
        await screen.findByTestId('figure-all');
        for (const path of ['taskStatusAnalysis', 'departmentTaskFinishRate', 'finishRankRate']) {
          await waitFor(() => expect(api.calls(`${S}/${path}`).at(-1)?.searchParams.get('year'), path).toBe('2026'));
          expect(api.calls(`${S}/${path}`).at(-1)?.searchParams.get('scope')).toBe(kind);
        }
        const select = screen.getByLabelText(T.yearPlaceholder).closest('.ant-select') as HTMLElement;
        expect(within(select).getByText('2026')).toBeTruthy();
        unmount();
      }
    }
  });

  it('asks again for all years and for one task type', async () => {
    const api = analysisApi();
    renderPageAs(<SummaryAnalysisPage kind="globalSummaryAnalysis" />, leader);
    await screen.findByTestId('figure-all');
    fireEvent.mouseDown(screen.getByLabelText(T.typePlaceholder));
    fireEvent.click(await screen.findByText('重点任务（7）'));
    await waitFor(() => expect(api.calls(`${S}/taskStatusAnalysis`).at(-1)?.searchParams.get('rwlx')).toBe('B'));
    fireEvent.mouseDown(screen.getByLabelText(T.yearPlaceholder));
    fireEvent.click(await screen.findByText(T.allYears));
    await waitFor(() => expect(api.calls(`${S}/finishRankRate`).at(-1)?.searchParams.has('year')).toBe(false));
    expect(api.calls(`${S}/finishRankRate`).at(-1)?.searchParams.get('rwlx')).toBe('B');
  });
});

describe('department summary analysis', { timeout: 60_000 }, () => {
  it('defaults to the first department the user heads, shows its head, and cannot be cleared', async () => {
    const api = analysisApi();
    renderPageAs(<SummaryAnalysisPage kind="departmentSummaryAnalysis" />, head);
    expect((await screen.findByTestId('department-head')).textContent).toBe(`${T.departmentHead}：王建国`);
    await waitFor(() => expect(api.calls(`${S}/taskStatusAnalysis`).length).toBeGreaterThan(0));
    for (const path of ['taskStatusAnalysis', 'departmentTaskFinishRate', 'finishRankRate', 'yearList']) {
      expect(api.calls(`${S}/${path}`).at(-1)?.searchParams.get('bmid')).toBe('D02');
      expect(api.calls(`${S}/${path}`).at(-1)?.searchParams.get('scope')).toBe('departmentSummaryAnalysis');
    }
    for (const path of ['taskStatusAnalysis', 'departmentTaskFinishRate', 'finishRankRate']) {
      expect(api.calls(`${S}/${path}`).at(-1)?.searchParams.get('year'), path).toBe('2026');
    }
    const select = screen.getByLabelText(T.chargeDepartment).closest('.ant-select') as HTMLElement;
    expect(select.querySelector('.ant-select-clear')).toBeNull();

    // Another department: its head, or 未知 when it has none.
    fireEvent.mouseDown(screen.getByLabelText(T.chargeDepartment));
    fireEvent.click(await screen.findByText('图书馆'));
    await waitFor(() => expect(screen.getByTestId('department-head').textContent).toBe(`${T.departmentHead}：未知`));
    await waitFor(() => expect(api.calls(`${S}/taskStatusAnalysis`).at(-1)?.searchParams.get('bmid')).toBe('D11'));
    fireEvent.click(await screen.findByRole('button', { name: `${T.figureAll} 10` }));
    await screen.findByText('任务-all-');
    expect(api.calls(`${S}/tasks`).at(-1)?.searchParams.get('bmid')).toBe('D11');
  });

  it('tells a user who heads no department why there is nothing to see', async () => {
    stubApi({ [`${S}/chargeDepartments`]: () => ok([]) });
    renderPageAs(<SummaryAnalysisPage kind="departmentSummaryAnalysis" />, leader);
    expect(await screen.findByText(ANALYSIS_MSG.noChargeDepartment)).toBeTruthy();
  });
});
