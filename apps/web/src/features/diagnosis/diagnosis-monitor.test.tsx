import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type QualityRow, QUALITY_VIEW_TEXT as T, QUALITY_VIEW_MSG as V } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { objectTask, qualityRow } from '../../test/diagnosis-data';
import { failed, mockApi, ok } from '../../test/fixtures';
import { btn, dialogTitled, drawerWith, sentJson } from '../../test/pages';
import { renderPage } from '../../test/render';
import MonitorPage from './MonitorPage';

/**
 * 监测统计 (issue 31): the monitoring table's merged level columns and highlights, the below-standard table with its
 * expanding analysis and the 分析与改进 dialog (editors only, the 500-character rule), the sampling dialog's failure,
 * the indicator drawer with the QCP panel.
 */

const Z = '/api/herm-zdgj';
const lv = (...l: [number, string][]) => l.map(([id, name]) => ({ id, name }));
const rows: QualityRow[] = [
  qualityRow({
    id: 1,
    zkdmc: '双师型教师比例',
    levels: lv([1, '师资队伍'], [10, '双师结构'], [101, '双师型教师比例']),
    mbz: '70',
    xzmbz: '65',
    dis: true,
    unfin: true,
    yyfx: '兼职教师流失',
  }),
  qualityRow({
    id: 2,
    zkdmc: '专任教师数',
    zlx: 'others',
    levels: lv([1, '师资队伍'], [10, '双师结构'], [102, '专任教师数']),
    mbz: null,
    jgz: '120',
    dis: false,
    unfin: true,
  }),
  qualityRow({
    id: 3,
    zkdmc: '生师比',
    zlx: 'others',
    levels: lv([1, '师资队伍'], [11, '结构'], [103, '生师比']),
    jgz: '18',
    dis: false,
    unfin: false,
    isedit: false,
  }),
  qualityRow({
    id: 4,
    zkdmc: '就业率',
    levels: lv([2, '人才培养'], [12, '就业'], [104, '就业率']),
    jgz: '50',
    dis: true,
    isedit: false,
  }),
];

function api(over: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`${Z}/rest/quality/select`]: () => ok({ list: rows, eachLevelCount: [2, 3, 4], objectTask: objectTask() }),
    ...over,
  });
}
const open = () => renderPage(<MonitorPage />, '/improvement/monitor?id=31');
const cellsOf = (text: string) =>
  Array.from(document.querySelectorAll('td')).filter((td) => td.textContent === text) as HTMLTableCellElement[];

describe('目标监测统计表', () => {
  it('merges the level cells of a repeated parent and highlights unfinished and below-standard rows', async () => {
    api();
    open();
    await screen.findByRole('button', { name: '双师型教师比例' });
    const heads = Array.from(document.querySelectorAll('th')).map((th) => th.textContent);
    for (const t of ['维度', '质控点', T.indicatorName, T.targetValue, T.result, T.lastGrade, T.sampling])
      expect(heads).toContain(t);
    const dimension = cellsOf('师资队伍');
    expect(dimension).toHaveLength(1);
    expect(dimension[0]!.rowSpan).toBe(3);
    expect(cellsOf('双师结构')[0]!.rowSpan).toBe(2);
    expect(cellsOf('人才培养')[0]!.rowSpan).toBe(1);
    const rowOf = (name: string) => btn(name).closest('tr')!;
    expect(rowOf('双师型教师比例').className).toContain('zg-diagnosis-row--dis');
    expect(rowOf('专任教师数').className).toContain('zg-diagnosis-row--unfin');
    expect(rowOf('生师比').className).not.toMatch(/zg-diagnosis-row--/);
    // The revised target wins; no target is a dash; percent values carry %.
    expect(rowOf('双师型教师比例').textContent).toContain('65%');
    expect(Array.from(rowOf('专任教师数').querySelectorAll('td')).map((td) => td.textContent)).toContain('—');
    expect(document.body.textContent).toContain(T.legend);
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('opens the indicator drawer with the QCP panel; the warning tabs say 暂无数据 until filled', async () => {
    api({
      [`${Z}/rest/quality/selectbyid`]: () =>
        ok({
          ...rows[0],
          rwmc: '2026年专业诊改',
          gzdxmc: '软件技术',
          datasourceVos: [],
          warningVo: { yjlx: '按值', yjz: '60', yjzq: '月' },
          sharePos: [{ gxrmc: '李老师' }],
        }),
      [`${Z}/rest/quality/lineage`]: () => failed(404, '质控点不存在'),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '双师型教师比例' }));
    await screen.findByText('2026年专业诊改');
    const drawer = drawerWith('2026年专业诊改');
    expect(within(drawer).getByText(`${T.diagnosisResult}：${T.notReached}`)).toBeTruthy();
    expect(within(drawer).getByText('李老师')).toBeTruthy();
    expect(within(drawer).getByText(T.fileDownload)).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('tab', { name: T.tabWarningHistory }));
    expect(await within(drawer).findAllByText(T.noData)).toBeTruthy();
  });

  it('明细数据 lists the rows of the detail algorithm (columns from the result, paged), then the lineage', async () => {
    const qcp = () =>
      ok({ ...rows[0], rwmc: '2026年专业诊改', gzdxmc: '软件技术', datasourceVos: [], warningVo: null, sharePos: [] });
    const pages: string[] = [];
    const records = Array.from({ length: 12 }, (_, i) => ({ 学号: `S${i + 1}`, 姓名: `学生${i + 1}`, 就业: i % 2 }));
    api({
      [`${Z}/rest/quality/selectbyid`]: qcp,
      [`${Z}/rest/quality/lineage`]: () => failed(404, '质控点不存在'),
      [`${Z}/rest/quality/detail`]: (_init, url) => {
        const current = Number(url.searchParams.get('current') ?? 1);
        pages.push(String(current));
        return ok({
          configured: true,
          algorithm: '毕业生就业明细/V1',
          message: null,
          columns: [
            { name: '学号', type: 'text' },
            { name: '姓名', type: 'text' },
            { name: '就业', type: 'number' },
          ],
          records: records.slice((current - 1) * 10, current * 10),
          total: 12,
          current,
          pages: 2,
          size: 10,
          truncated: false,
          runId: 5,
        });
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '双师型教师比例' }));
    await screen.findByText('2026年专业诊改');
    const drawer = drawerWith('2026年专业诊改');
    const table = await within(drawer).findByRole('table', { name: T.detailTable });
    expect(Array.from(table.querySelectorAll('th')).map((th) => th.textContent)).toEqual(['学号', '姓名', '就业']);
    expect(within(table).getByText('学生1')).toBeTruthy();
    expect(within(drawer).getByText(T.detailAlgorithm('毕业生就业明细/V1'))).toBeTruthy();
    expect(within(drawer).getByText(T.detailLineage)).toBeTruthy();
    fireEvent.click(within(drawer).getByTitle('2'));
    expect(await within(drawer).findByText('学生12')).toBeTruthy();
    expect(pages).toContain('2');
  });

  it("明细数据 says 未配置详情算法 without a detail algorithm, and shows the runner's message when it fails", async () => {
    const qcp = () =>
      ok({ ...rows[0], rwmc: '2026年专业诊改', gzdxmc: '软件技术', datasourceVos: [], warningVo: null, sharePos: [] });
    const empty = { columns: [], records: [], total: 0, current: 1, pages: 0, size: 10, truncated: false, runId: null };
    api({
      [`${Z}/rest/quality/selectbyid`]: qcp,
      [`${Z}/rest/quality/lineage`]: () => failed(404, '质控点不存在'),
      [`${Z}/rest/quality/detail`]: () => ok({ configured: false, algorithm: null, message: V.noDetailRule, ...empty }),
    });
    const first = open();
    fireEvent.click(await screen.findByRole('button', { name: '双师型教师比例' }));
    expect(await screen.findByText(V.noDetailRule)).toBeTruthy();
    first.unmount();
    api({
      [`${Z}/rest/quality/selectbyid`]: qcp,
      [`${Z}/rest/quality/lineage`]: () => failed(404, '质控点不存在'),
      [`${Z}/rest/quality/detail`]: () => failed(400, '算法执行超时（超过 5 秒）'),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '双师型教师比例' }));
    expect(await screen.findByText('算法执行超时（超过 5 秒）')).toBeTruthy();
  });

  it('the sampling dialog shows the server message of a failure', async () => {
    api({ [`${Z}/rest/quality/samples`]: () => failed(400, V.rangeReversed) });
    open();
    fireEvent.click(await screen.findByRole('button', { name: `双师型教师比例 ${T.sampling}` }));
    const dialog = await dialogTitled(T.samplingOf('双师型教师比例'));
    expect(await within(dialog).findByText(V.rangeReversed)).toBeTruthy();
  });
});

describe('不达标质控点统计表 and 分析与改进', () => {
  it('expands a row to its analysis; only editors have the edit icon', async () => {
    api();
    open();
    fireEvent.click(await screen.findByRole('tab', { name: `${T.tabBelow}（2）` }));
    await screen.findByRole('button', { name: T.attachmentsOf('就业率') });
    expect(() => btn(T.editOf('就业率'))).toThrow();
    expect(btn(T.editOf('双师型教师比例'))).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon')!);
    expect(await screen.findByText('兼职教师流失')).toBeTruthy();
  });

  it('requires both texts, refuses 501 characters with the counter, then saves and closes', async () => {
    const fetchMock = api({
      [`${Z}/rest/disqualified/update`]: (init) => ok({ id: 1, ...sentJson(init as RequestInit) }, V.analysisSaved),
    });
    open();
    fireEvent.click(await screen.findByRole('tab', { name: `${T.tabBelow}（2）` }));
    fireEvent.click(await screen.findByRole('button', { name: T.editOf('双师型教师比例') }));
    const dialog = await dialogTitled(T.analysisTitle);
    const cause = within(dialog).getByLabelText(T.cause) as HTMLTextAreaElement;
    const measures = within(dialog).getByLabelText(T.measures) as HTMLTextAreaElement;
    expect(cause.value).toBe('兼职教师流失');
    fireEvent.click(btn(T.save, dialog));
    expect(await within(dialog).findByText(V.required)).toBeTruthy();
    fireEvent.change(measures, { target: { value: '因'.repeat(501) } });
    expect(within(dialog).getByText('501 / 500')).toBeTruthy();
    fireEvent.click(btn(T.save, dialog));
    expect(await within(dialog).findByText(V.tooLong(500))).toBeTruthy();
    const sent = () =>
      fetchMock.mock.calls
        .filter(([u]) => String(u).includes('/rest/disqualified/update'))
        .map(([, i]) => sentJson(i as RequestInit));
    expect(sent()).toEqual([]);
    fireEvent.change(measures, { target: { value: '聘请企业导师，建立兼职教师库' } });
    fireEvent.click(btn(T.save, dialog));
    await waitFor(() =>
      expect(sent()).toEqual([{ id: 1, yyfx: '兼职教师流失', gjcs: '聘请企业导师，建立兼职教师库' }]),
    );
    expect(await screen.findByText(V.analysisSaved)).toBeTruthy();
  });
});
