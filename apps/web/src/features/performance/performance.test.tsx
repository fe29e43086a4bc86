import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type PerformanceRow, type PerformSituationRow, ROLE, PERFORMANCE_UI as T } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { departments, list, ok } from '../../test/fixtures';
import { btn, catchSavedFiles, recordOf, renderPageAs, stubApi } from '../../test/pages';
import PerformancePage, { levelChartData } from './PerformancePage';

vi.mock('../../components/charts', async () => (await import('../../test/pages')).chartStubs);

const row = (over: Partial<PerformanceRow> = {}): PerformanceRow => ({
  taskId: 9,
  rwmc: '精品课程建设',
  rwlx: 'B',
  nf: 2026,
  yearTargetName: '2026年度目标',
  bmid: 'D02',
  bmmc: '教务处',
  fzrid: 'rwfzr01',
  fzrmc: '张伟',
  rwzt: 'delayDone',
  rwztmc: '逾期完成',
  jssj: '2026-06-30',
  wcsj: '2026-07-10T02:00:00.000Z',
  asq: false,
  reportId: 5,
  zpdj: 'B',
  zpdjmc: '良好',
  bgzt: 'pass',
  bgztmc: '审核通过',
  shyj: null,
  shrmc: '赵敏',
  shsj: '2026-07-12T02:00:00.000Z',
  ...over,
});

const situation = (over: Partial<PerformSituationRow>): PerformSituationRow => ({
  id: 'D02',
  name: '教务处',
  bmmc: null,
  finished: 3,
  onTime: 2,
  late: 1,
  levelA: 1,
  levelB: 1,
  levelC: 0,
  levelD: 0,
  unrated: 1,
  passed: 2,
  reviewing: 0,
  refused: 0,
  excellentRate: 33.33,
  ...over,
});

const head = recordOf('bmfzr01', '王建国', {
  roles: [ROLE.targetDepartHead],
  menus: ['homePage', 'wbs', 'performance'],
  heads: [{ bmid: 'D02', bmmc: '教务处' }],
});

describe('levelChartData', () => {
  it('gives one series per level and the unrated, per department', () => {
    const d = levelChartData([situation({}), situation({ id: 'D03', name: '学生工作处', levelA: 0, levelD: 2 })]);
    expect(d.categories).toEqual(['教务处', '学生工作处']);
    expect(d.series.map((s) => s.name)).toEqual(['优秀', '良好', '一般', '未完成', '未评定']);
    expect(d.series[3]?.data).toEqual([0, 2]);
  });
});

describe('the performance centre', { timeout: 60_000 }, () => {
  it('lists finished tasks with levels and audit results, filters by year, groups and exports', async () => {
    const api = stubApi(
      {
        '/api/herm-zdgj/performance/report/selectPage': () =>
          ok({
            list: [
              row(),
              row({
                taskId: 10,
                rwmc: '教材建设',
                asq: true,
                zpdj: null,
                zpdjmc: null,
                bgzt: null,
                bgztmc: '未生成报告',
                reportId: null,
              }),
            ],
            total: 2,
            pageNum: 1,
            pageSize: 10,
          }),
        '/api/herm-wbs/targetTaskDetail/getPerformAccessDetailSituation': (_i, url) =>
          ok(
            url.searchParams.get('groupBy') === 'person'
              ? [situation({ id: 'rwfzr01', name: '张伟', bmmc: '教务处' })]
              : [situation({})],
          ),
        '/api/user/departmentList': () => ok(list(departments)),
      },
      {
        '/api/herm-wbs/targetTaskDetail/export': () => ({
          name: '绩效考核.xlsx',
          bytes: new Uint8Array([0x50, 0x4b]),
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        }),
      },
    );
    const saved = catchSavedFiles();
    renderPageAs(<PerformancePage />, head);
    const first = (await screen.findByText('精品课程建设')).closest('tr') as HTMLElement;
    expect(first.textContent).toContain('B 良好');
    expect(first.textContent).toContain('审核通过');
    expect(first.textContent).toContain(T.late);
    const second = screen.getByText('教材建设').closest('tr') as HTMLElement;
    expect(second.textContent).toContain(T.unrated);
    expect(second.textContent).toContain('未生成报告');
    expect(second.textContent).not.toContain(T.viewReport);
    expect(screen.getByText('当前页2条，共2条')).toBeTruthy();

    // A year from the picker: the list asks again with it, from page 1.
    fireEvent.click(screen.getByLabelText(T.year));
    // The panel opens on the current year's decade.
    const thisYear = String(new Date().getFullYear());
    fireEvent.click(await screen.findByText(thisYear, { selector: '.zg-year-panel__cell' }));
    await waitFor(() =>
      expect(api.calls('/api/herm-zdgj/performance/report/selectPage').at(-1)?.searchParams.get('year')).toBe(thisYear),
    );
    expect(api.calls('/api/herm-zdgj/performance/report/selectPage').at(-1)?.searchParams.get('pageNum')).toBe('1');

    fireEvent.click(screen.getByText(T.departmentTab));
    expect(await screen.findByText(`${T.levelChart}:教务处=1/1/0/0/1`)).toBeTruthy();
    const dep = api.calls('/api/herm-wbs/targetTaskDetail/getPerformAccessDetailSituation').at(-1);
    expect(dep?.searchParams.get('groupBy')).toBe('department');
    expect(dep?.searchParams.get('year')).toBe(thisYear);
    fireEvent.click(screen.getByText(T.personTab));
    await waitFor(() =>
      expect(
        api.calls('/api/herm-wbs/targetTaskDetail/getPerformAccessDetailSituation').at(-1)?.searchParams.get('groupBy'),
      ).toBe('person'),
    );
    const active = () => document.querySelector('.ant-tabs-content-active') as HTMLElement;
    await waitFor(() => expect(within(active()).getByText('张伟', { selector: 'td' })).toBeTruthy());
    expect(within(active()).getByText('33.33%')).toBeTruthy();

    fireEvent.click(btn(T.export));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['绩效考核.xlsx']));
    expect(api.calls('/api/herm-wbs/targetTaskDetail/export')[0]?.searchParams.get('year')).toBe(thisYear);
  });
});
