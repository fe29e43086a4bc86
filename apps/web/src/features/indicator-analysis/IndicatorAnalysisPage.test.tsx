import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INDICATOR_MSG as M, INDICATOR_TEXT as T } from '@zg/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failed, mockApi, ok } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import IndicatorAnalysisPage from './IndicatorAnalysisPage';

/** 指标分析 (issue 35 item 5): the three tabs over a task, the data source drawer, the empty and refused states. */

const A = '/api/herm-znfx/indicatorAnalysis';
const object = { dxrwid: 31, dxbm: 'ZY0101', dxmc: '软件技术', bmid: 'D07', bmmc: '信息工程学院', lc: 2 };
const mover = {
  id: 501,
  zkdmc: '初次就业率',
  cj: '专业建设 / 就业质量',
  zlx: 'percent',
  bzz: '85',
  sljsz: '92.5',
  jgz: '80',
  bh: -12.5,
  bhl: -13.51,
  sldj: 'A',
  jgdj: 'C',
  djbh: 'down',
  computed: true,
};
const run = {
  bbid: 1,
  sfid: 2,
  bbh: 3,
  hash: 'h',
  params: { objectId: 'ZY0101', year: 2026 },
  rows: 1,
  ms: 5,
  value: 80,
  tables: ['employment'],
  sjyid: null,
  zxr: null,
  zxsj: '2026-11-20 08:00:00',
  runId: 9,
  sfmc: '专业初次就业率',
  sflx: 'value',
  sql: 'select 1',
  sjymc: null,
  zxrid: null,
};
const source = {
  id: 501,
  zkdmc: '初次就业率',
  gzdxmc: '软件技术',
  value: '80',
  sj: '2026-11-20 08:00:00',
  run,
  detail: {
    configured: true,
    algorithm: '就业明细/V1',
    message: null,
    columns: [
      { name: '学号', type: 'text' },
      { name: '就业状态', type: 'text' },
    ],
    records: [{ 学号: '2023001', 就业状态: '已就业' }],
    total: 1,
    current: 1,
    pages: 1,
    size: 10,
    truncated: false,
    runId: 10,
  },
};
const indicators = [
  { key: 11, zkdmc: '初次就业率', cj: '', zlx: 'percent' },
  { key: 12, zkdmc: '生师比', cj: '', zlx: 'others' },
];

function api(over: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`${A}/tasks`]: () => ok([{ rwid: 7, rwmc: '2026-2027学年专业诊改', nf: 2026, wd: 'major', dxsl: 40 }]),
    [`${A}/objects`]: () => ok({ list: [object], total: 1, pageNum: 1, pageSize: 200 }),
    [`${A}/movers`]: () =>
      ok({
        object: { ...object, rwid: 7, rwmc: '2026-2027学年专业诊改' },
        list: [mover],
        total: 1,
        pageNum: 1,
        pageSize: 10,
      }),
    [`${A}/moverSource`]: () => ok(source),
    [`${A}/below`]: () =>
      ok({
        list: [{ ...mover, dxrwid: 31, dxbm: 'ZY0101', dxmc: '软件技术', bmid: 'D07', bmmc: '信息工程学院' }],
        total: 1,
        pageNum: 1,
        pageSize: 10,
        summary: [{ bmid: 'D07', bmmc: '信息工程学院', dxsl: 1, hs: 1 }],
      }),
    [`${A}/indicators`]: () => ok(indicators),
    [`${A}/correlation`]: () =>
      ok({
        x: indicators[0],
        y: indicators[1],
        points: [
          { dxrwid: 31, dxbm: 'ZY0101', dxmc: '软件技术', x: 80, y: 18 },
          { dxrwid: 32, dxbm: 'ZY0102', dxmc: '计算机网络技术', x: 90, y: 16 },
          { dxrwid: 33, dxbm: 'ZY0103', dxmc: '大数据技术', x: 95, y: 15 },
        ],
        n: 3,
        r: -0.987,
        kind: 'strongNegative',
        reading: '强负相关（r = -0.987，n = 3）',
      }),
    ...over,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('指标分析', () => {
  it('shows the first task’s first object’s movers and opens a mover’s data source with its warehouse rows', async () => {
    api();
    renderPage(<IndicatorAnalysisPage />, '/analysis/indicators');
    const table = await screen.findByRole('table', { name: T.tabMovers });
    await within(table).findByText('初次就业率');
    expect(within(table).getByText('92.5%')).toBeTruthy();
    expect(within(table).getByText('-12.5')).toBeTruthy();
    expect(within(table).getByText('-13.51%')).toBeTruthy();
    expect(within(table).getByText(/A → C/)).toBeTruthy();
    expect(screen.getByText(T.round(2))).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: T.source }));
    expect(await screen.findByText(T.lineageTitle('初次就业率'))).toBeTruthy();
    expect(await screen.findByText('专业初次就业率 / V3')).toBeTruthy();
    expect(screen.getByText('employment')).toBeTruthy();
    const rows = await screen.findByRole('table', { name: T.detailRows });
    expect(within(rows).getByText('2023001')).toBeTruthy();
  });

  it('lists the rows that fell below standard with the college summary', async () => {
    api();
    renderPage(<IndicatorAnalysisPage />, '/analysis/indicators');
    fireEvent.click(await screen.findByRole('tab', { name: T.tabBelow }));
    const summary = await screen.findByRole('table', { name: T.summaryTitle });
    await within(summary).findByText('信息工程学院');
    const list = await screen.findByRole('table', { name: T.tabBelow });
    expect(await within(list).findByText('软件技术')).toBeTruthy();
    expect(within(list).getByText('92.5%')).toBeTruthy();
    expect(within(list).getByText('85%')).toBeTruthy();
  });

  it('draws the correlation of two indicators with r and its reading', async () => {
    const fetchMock = api();
    renderPage(<IndicatorAnalysisPage />, '/analysis/indicators');
    fireEvent.click(await screen.findByRole('tab', { name: T.tabCorrelation }));
    expect(await screen.findByText('强负相关（r = -0.987，n = 3）')).toBeTruthy();
    expect(screen.getByText(`${T.sample(3)}；${T.rLine('-0.987')}`)).toBeTruthy();
    expect(await screen.findByRole('img', { name: T.scatterTitle('初次就业率', '生师比') })).toBeTruthy();
    const asked = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .find((u) => u.pathname === `${A}/correlation`)!;
    expect([asked.searchParams.get('x'), asked.searchParams.get('y')]).toEqual(['11', '12']);
  });

  it('shows a refusal’s message in place (a major outside the user’s authority)', async () => {
    api({
      [`${A}/movers`]: () => failed(403, M.objectNotSeen),
    });
    renderPage(<IndicatorAnalysisPage />, '/analysis/indicators');
    await waitFor(() => expect(screen.getAllByText(M.objectNotSeen).length).toBeGreaterThan(0));
  });

  it('shows 暂无数据-like empty states without tasks', async () => {
    api({ [`${A}/tasks`]: () => ok([]) });
    renderPage(<IndicatorAnalysisPage />, '/analysis/indicators');
    expect(await screen.findByText(T.pickTask, { selector: '.ant-empty-description' })).toBeTruthy();
  });
});
