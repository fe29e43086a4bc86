import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ROLE, ANALYSIS_UI as T } from '@zg/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fixtures';
import { btn, catchSavedFiles, recordOf, renderPageAs, stubApi } from '../../test/pages';
import AnnualAnalysisPage from './AnnualAnalysisPage';

vi.mock('../../components/charts', async () => (await import('../../test/pages')).chartStubs);

// Today is 26 November 2026 (only Date is faked: the timers run as usual).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T09:00:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

const N = '/api/herm-ndwbs/analysis';
const counts = { taskCount: 6, issued: 5, finished: 3, executing: 1, overdue: 1, rate: 60 };
const leader = recordOf('xld01', '陈伯涛', { roles: [ROLE.schoolLeader] });

describe('the annual-wbs analysis', { timeout: 60_000 }, () => {
  it('gathers the figures, shows the tables and the grid, and exports what the toolbar filters', async () => {
    const api = stubApi(
      {
        '/api/herm-wbs/yearTarget/list': () =>
          ok([
            { id: 1, name: '2026年度目标', cycleYear: 2026 },
            { id: 2, name: '2025年度目标', cycleYear: 2025 },
          ]),
        [`${N}/gatherAnaylse`]: () =>
          ok({
            nf: null,
            yearTargetCount: 2,
            ...counts,
            onTime: 2,
            late: 1,
            notIssued: 1,
            processWarningCount: 4,
            expiredWarningCount: 1,
            byType: [{ rwlx: 'B', rwlxmc: '重点任务', ...counts }],
          }),
        [`${N}/findAnalyse`]: () =>
          ok([{ yearTargetId: 1, mbmc: '2026年度目标', nf: 2026, fzbm: '质量管理办公室', ...counts, warningCount: 5 }]),
        [`${N}/findAnalyseDepartemnt`]: () =>
          ok([
            {
              bmid: 'D02',
              bmmc: '教务处',
              fzrmc: '王建国',
              ...counts,
              processWarningCount: 4,
              expiredWarningCount: 1,
              rank: 1,
            },
          ]),
        [`${N}/queryGrid`]: () =>
          ok({
            list: [
              {
                bmid: 'D02',
                bmmc: '教务处',
                cells: [
                  { yearTargetId: 1, taskCount: 4, finished: 3, rate: 75 },
                  { yearTargetId: 2, taskCount: 0, finished: 0, rate: 0 },
                ],
                taskCount: 4,
                finished: 3,
                rate: 75,
              },
            ],
            total: 1,
            pageNum: 1,
            pageSize: 10,
            columns: [
              { yearTargetId: 1, mbmc: '2026年度目标' },
              { yearTargetId: 2, mbmc: '2025年度目标' },
            ],
          }),
      },
      {
        [`${N}/export`]: () => ({
          name: '年度目标分解分析.xlsx',
          bytes: new Uint8Array([0x50, 0x4b]),
          type: 'application/zip',
        }),
      },
    );
    const saved = catchSavedFiles();
    renderPageAs(<AnnualAnalysisPage />, leader);
    expect(await screen.findByRole('img', { name: `${T.rateGauge} 60%` })).toBeTruthy();
    expect(screen.getByText(`${T.byTypeTitle}:重点任务=6/3`)).toBeTruthy();
    const stat = (label: string) =>
      (screen.getByText(label, { selector: '.ant-statistic-title' }).closest('.ant-statistic') as HTMLElement)
        .textContent;
    expect(stat(T.notIssued)).toContain('1');
    expect(stat(T.processWarnings)).toContain('4');
    // Only the gathered analysis loads until its tab is opened.
    expect(api.calls(`${N}/queryGrid`)).toHaveLength(0);

    fireEvent.click(screen.getByText(T.departmentTab));
    expect(await screen.findByText('王建国')).toBeTruthy();
    fireEvent.click(screen.getByText(T.gridTab));
    // The department's cell of each year target (none in 2025), then its total.
    const cells = await screen.findAllByText('完成3/4，完成率75%');
    expect(cells).toHaveLength(2);
    const row = cells[0]?.closest('tr') as HTMLElement;
    expect(within(row).getByText('-')).toBeTruthy();
    expect(within(row).getByText('教务处')).toBeTruthy();
    expect(api.calls(`${N}/queryGrid`)[0]?.searchParams.get('pageSize')).toBe('10');

    // Every tab starts on this year, as the summary analyses do.
    for (const path of ['gatherAnaylse', 'findAnalyseDepartemnt', 'queryGrid']) {
      expect(api.calls(`${N}/${path}`)[0]?.searchParams.get('year'), path).toBe('2026');
    }
    expect((screen.getByLabelText(T.yearPlaceholder) as HTMLInputElement).value).toBe('2026');

    fireEvent.mouseDown(screen.getByLabelText(T.typePlaceholder));
    fireEvent.click(await screen.findByText('重点任务', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(api.calls(`${N}/queryGrid`).at(-1)?.searchParams.get('rwlx')).toBe('B'));
    fireEvent.click(btn(T.export));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['年度目标分解分析.xlsx']));
    expect(api.calls(`${N}/export`)[0]?.searchParams.get('rwlx')).toBe('B');
    expect(api.calls(`${N}/export`)[0]?.searchParams.get('year')).toBe('2026');
  });
});
