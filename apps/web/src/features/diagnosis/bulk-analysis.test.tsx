import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIAGNOSIS_BULK_MSG as B, BULK_TEXT as T, ZNFX_TEXT as Z, type ZnfxHeat } from '@zg/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../../test/attachments';
import { diagnosisTask, objectTask, page } from '../../test/diagnosis-data';
import { mockApi, ok } from '../../test/fixtures';
import { btn, dialogTitled, sentJson } from '../../test/pages';
import { renderPage } from '../../test/render';
import AnalysisPage from './AnalysisPage';
import TaskPage from './TaskPage';

/** Work in bulk on a task page and the 质量分析 page (issue 31 items 5 and 6). */

const Z0 = '/api/herm-zdgj';
const N = '/api/herm-znfx';
type Routes = Parameters<typeof mockApi>[0];
const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === path);

const objects = [objectTask(), objectTask({ id: 32, dxbm: '510202', gzdxmc: '计算机网络技术' })];
function taskApi(over: Routes = {}, task = diagnosisTask()) {
  return mockApi({
    [`${Z0}/rest/task/selectdto`]: () => ok(task),
    [`${Z0}/getFutureTaskResult`]: () => ok({ rwid: 7, scheduled: false, lastRun: null, nextRun: null, jobId: null }),
    [`${Z0}/rest/obj/select`]: () => ok(page(objects)),
    ...over,
  });
}
const job = (over: object) => ({
  id: 'j1',
  state: 'running',
  step: null,
  done: 1,
  total: 2,
  percent: 50,
  message: null,
  result: null,
  report: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('批量操作 on a task', () => {
  it('issues every object task’s targets down as a job with a progress bar', async () => {
    let polls = 0;
    const fetchMock = taskApi({
      [`${Z0}/rest/obj/asyncupdatedownlist`]: () => ok({ id: '11111111-1111-4111-8111-111111111111' }),
      [`${Z0}/rest/obj/asyncupdate/job`]: () =>
        ok(
          ++polls === 1
            ? job({})
            : job({ state: 'done', done: 2, percent: 100, result: { n: 2 }, message: B.done('下发目标值', 2) }),
        ),
    });
    renderPage(<TaskPage />, '/improvement/task?id=7');
    fireEvent.click(await screen.findByText(T.downAll));
    const dialog = await dialogTitled(T.downAllTitle(2));
    fireEvent.click(btn(T.confirm, dialog));
    await waitFor(() =>
      expect(calls(fetchMock, `${Z0}/rest/obj/asyncupdatedownlist`).map(([, i]) => sentJson(i as RequestInit))).toEqual(
        [{ ids: [31, 32] }],
      ),
    );
    expect(await screen.findByLabelText(T.progress)).toBeTruthy();
    expect(await screen.findByText(B.done('下发目标值', 2), {}, { timeout: 3000 })).toBeTruthy();
  });

  it('lists every object task a failed job refused', async () => {
    const refused = [
      { id: 31, gzdxmc: '软件技术', reason: '任务已暂停，恢复后才能继续' },
      { id: 32, gzdxmc: '计算机网络技术', reason: '任务已暂停，恢复后才能继续' },
    ];
    taskApi({
      [`${Z0}/rest/obj/asyncupdatedownlist`]: () => ok({ id: '11111111-1111-4111-8111-111111111111' }),
      [`${Z0}/rest/obj/asyncupdate/job`]: () =>
        ok(
          job({
            state: 'failed',
            done: 0,
            percent: 0,
            message: '以下 2 个诊改对象不能下发目标值',
            report: { refused },
          }),
        ),
    });
    renderPage(<TaskPage />, '/improvement/task?id=7');
    fireEvent.click(await screen.findByText(T.downAll));
    fireEvent.click(btn(T.confirm, await dialogTitled(T.downAllTitle(2))));
    expect(await screen.findByText(T.refusedTitle)).toBeTruthy();
    expect(screen.getByText('软件技术：任务已暂停，恢复后才能继续')).toBeTruthy();
    expect(screen.getByText('计算机网络技术：任务已暂停，恢复后才能继续')).toBeTruthy();
  });

  it('offers no bulk writes to who may not, nor on a paused task', async () => {
    taskApi({}, diagnosisTask({ isFbr: false, userTypes: ['jkr'] }));
    renderPage(<TaskPage />, '/improvement/task?id=7');
    await screen.findByText(T.exportTargets);
    for (const label of [T.downAll, T.upAll, T.importTargets]) expect(() => btn(label)).toThrow();
  });

  it('checks an Excel file and shows every bad row; a file with problems cannot be imported', async () => {
    const errors = [
      { row: 2, column: '目标值', reason: '目标值“120”应为 0 到 100 之间的百分比', value: null },
      { row: 6, column: '诊改对象编码', reason: B.notInTask, value: 'M99' },
      { row: 8, column: '', reason: B.rowTwice(3), value: null },
    ];
    stubXhr(() => ({
      status: 200,
      body: { meta: { success: true, message: '' }, data: { count: 12, errorCount: 3, errors, message: '' } },
    }));
    taskApi();
    renderPage(<TaskPage />, '/improvement/task?id=7');
    fireEvent.click(await screen.findByText(T.importTargets));
    const dialog = await dialogTitled(T.importTitle);
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '目标值.xlsx')] } });
    expect(await within(dialog).findByText(T.errorsTitle(3), {}, { timeout: 3000 })).toBeTruthy();
    expect(within(dialog).getByText('目标值“120”应为 0 到 100 之间的百分比')).toBeTruthy();
    expect(within(dialog).getByText('M99')).toBeTruthy();
    expect(within(dialog).getByText(T.wholeRow)).toBeTruthy();
    expect(btn(T.confirmImport, dialog).disabled).toBe(true);
  });
});

const heat: ZnfxHeat = {
  rwmc: '2026学年专业诊改',
  wd: 'major',
  hcsj: '2026-03-10 09:00:00',
  columns: [
    { key: 1, zkdmc: '就业率', cj: '计分卡 / 就业质量', bdb: 1 },
    { key: 2, zkdmc: '在校生数', cj: '计分卡 / 就业质量', bdb: 1 },
  ],
  rows: [
    {
      dxrwid: 33,
      dxbm: 'M03',
      gzdxmc: '大数据技术',
      bmmc: '信息工程学院',
      bdb: 2,
      wwc: 0,
      dbl: 0,
      cells: ['dis', 'dis'],
    },
    {
      dxrwid: 31,
      dxbm: 'M01',
      gzdxmc: '软件技术',
      bmmc: '信息工程学院',
      bdb: 0,
      wwc: 1,
      dbl: 100,
      cells: ['unfin', 'ok'],
    },
  ],
};
const task = {
  rwid: 7,
  rwmc: '2026学年专业诊改',
  wd: 'major',
  nf: 2026,
  rwzt: 'normal',
  dxsl: 2,
  bdbdxsl: 1,
  zs: 8,
  yjg: 4,
  db: 2,
  bdb: 2,
  wwc: 1,
  dbl: 50,
  hcsj: '2026-03-10 09:00:00',
};

describe('质量分析', () => {
  const api = () =>
    mockApi({
      '/api/herm-sjgl/dimension/queryDiemensionType': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 1000 }),
      [`${N}/selectTaskByDimension`]: () => ok([task]),
      [`${N}/schoolView`]: () => ok(heat),
      [`${N}/cacheQualityByTaskId`]: () => ok({ n: 2, hcsj: '2026-03-10 10:00:00' }),
    });

  it('shows the heat table of the first task, each cell named, and sorts it by a QCP column', async () => {
    api();
    renderPage(<AnalysisPage />, '/improvement/analysis');
    const table = await screen.findByLabelText(Z.tableLabel);
    await within(table).findByText('大数据技术');
    expect(screen.getByText(Z.objectsBelow(1))).toBeTruthy();
    expect(screen.getByText(Z.rate(50))).toBeTruthy();
    const names = () =>
      Array.from(table.querySelectorAll('tbody tr'))
        .map((tr) => tr.textContent ?? '')
        .filter((t) => t.includes('技术'))
        .map((t) => (t.includes('软件技术') ? 'M01' : 'M03'));
    expect(names()).toEqual(['M03', 'M01']);
    expect(within(table).getAllByText('不达标').length).toBeGreaterThanOrEqual(2);
    expect(within(table).getByText('未完成')).toBeTruthy();
    // 达标率 ascending puts M03 (0%) first; descending M01.
    fireEvent.click(within(table).getAllByText(Z.rateColumn)[0]!);
    fireEvent.click(within(table).getAllByText(Z.rateColumn)[0]!);
    await waitFor(() => expect(names()).toEqual(['M01', 'M03']));
  });

  it('refreshes the summary on request', async () => {
    const fetchMock = api();
    renderPage(<AnalysisPage />, '/improvement/analysis');
    await screen.findByLabelText(Z.tableLabel);
    fireEvent.click(btn(Z.refresh));
    await waitFor(() => expect(calls(fetchMock, `${N}/cacheQualityByTaskId`)).toHaveLength(1));
    expect(await screen.findByText('已更新 2 个诊改对象的分析汇总')).toBeTruthy();
  });
});
