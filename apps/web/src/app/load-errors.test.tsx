import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ROLE, WEB_MSG } from '@zg/contract';
import { message } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/ErrorBoundary';
import SummaryAnalysisPage from '../features/summary-analysis/SummaryAnalysisPage';
import TaskListPage from '../features/target-task/pages/TaskListPage';
import { renderUi } from '../test/attachments';
import { calledPaths, failed, loginRecord, mockApi, ok } from '../test/fixtures';
import { recordOf, renderPageAs, stubApi } from '../test/pages';

vi.mock('../components/charts', async () => (await import('../test/pages')).chartStubs);
vi.setConfig({ testTimeout: 20_000 });

const W = '/api/herm-wbs';
const BUSY = '数据库繁忙，请稍后再试';
// antd spaces a two-character Chinese label: 重 试.
const RETRY = new RegExp(WEB_MSG.retry.split('').join('\\s*'));

function Stale(): never {
  throw new TypeError('Failed to fetch dynamically imported module: http://x/assets/HomePage-old.js');
}

function watchErrorToasts() {
  const spy = vi.spyOn(message, 'error').mockImplementation(() => Object.assign(() => {}, Promise.resolve(true)));
  return () =>
    spy.mock.calls.map(([config]) =>
      typeof config === 'object' && config && 'content' in config ? config.content : config,
    );
}

const reference = {
  [`${W}/yearTarget/list`]: () => ok([]),
  [`${W}/taskType/list`]: () => ok([]),
  [`${W}/departManage/list`]: () => ok([]),
  [`${W}/cycleType/list`]: () => ok([]),
};

describe('a failed load is never silent', () => {
  it('a task list that fails shows the server message with 重试 and a toast (not 暂无任务); 重试 loads it again', async () => {
    const toasts = watchErrorToasts();
    let down = true;
    const fetchMock = mockApi({
      ...reference,
      [`${W}/targetTask/selectPage`]: () =>
        down ? failed(500, BUSY) : ok({ records: [], total: 0, current: 1, pages: 0, size: 10 }),
    });
    renderPageAs(<TaskListPage kind="myTask" />, { ...loginRecord, roleIdList: [ROLE.targetTaskOwner] });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(WEB_MSG.loadFailedTitle)).toBeTruthy();
    expect(within(alert).getByText(BUSY)).toBeTruthy();
    expect(screen.queryByText('暂无任务')).toBeNull();
    expect(toasts()).toContain(BUSY);

    down = false;
    const before = calledPaths(fetchMock).filter((p) => p.endsWith('/targetTask/selectPage')).length;
    fireEvent.click(within(alert).getByRole('button', { name: RETRY }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(calledPaths(fetchMock).filter((p) => p.endsWith('/targetTask/selectPage')).length).toBeGreaterThan(before);
  });

  it('an analysis that fails shows the error state, not skeletons forever', async () => {
    const toasts = watchErrorToasts();
    stubApi({
      '/api/herm-wbs/targetTaskSummaryAnalysis/yearList': () => ok([{ nf: 2026 }]),
      '/api/herm-wbs/targetTaskSummaryAnalysis/taskTypeList': () => failed(500, BUSY),
      '/api/herm-wbs/targetTaskSummaryAnalysis/taskStatusAnalysis': () => failed(500, BUSY),
      '/api/herm-wbs/targetTaskSummaryAnalysis/departmentTaskFinishRate': () => failed(500, BUSY),
      '/api/herm-wbs/targetTaskSummaryAnalysis/finishRankRate': () => failed(500, BUSY),
      '/api/herm-wbs/targetTaskSummaryAnalysis/chargeDepartments': () => failed(500, BUSY),
    });
    renderPageAs(
      <SummaryAnalysisPage kind="globalSummaryAnalysis" />,
      recordOf('xld01', '陈伯涛', { roles: [ROLE.schoolLeader] }),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(BUSY)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: RETRY })).toBeTruthy();
    expect(toasts()).toContain(BUSY);
  });

  it('a part of the app that no longer loads (a new version was deployed) offers to reload', async () => {
    const toasts = watchErrorToasts();
    renderUi(
      <ErrorBoundary>
        <Stale />
      </ErrorBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(WEB_MSG.newVersionTitle)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: WEB_MSG.reloadNow })).toBeTruthy();
    // Not a fault to report: no error toast.
    expect(toasts()).toEqual([]);
  });
});
