import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  SELF_REPORT_MSG as M,
  type SelfReportDetail,
  type SelfReportOverview,
  SELF_REPORT_SUMMARY_TEXT as ST,
  SELF_REPORT_TEXT as T,
} from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { setLoginRecord } from '../../api/session';
import { loginRecord, mockApi, ok } from '../../test/fixtures';
import { btn, dialogTitled, sentJson } from '../../test/pages';
import { renderPage } from '../../test/render';
import SelfReportsPage from './SelfReportsPage';

/** 质量报告 (issue 33): the report list with its filters, and one report with its reviews and changes. */

const Z = '/api/herm-zdgj/rest/report';
const nv = (name: string, value: number, zb: number) => ({ name, value, zb });
const overview = (below: number): SelfReportOverview => ({
  item1: {
    zkdzsl: 4,
    zkddbqkList: [nv('达标', 2, 50), nv('未达标', below, 25), nv('暂无结果', 1, 25)],
    zkdhglList: [nv('达标', 2, 66.67), nv('未达标', below, 33.33)],
    zgQualitiesRankList: [nv('A', 2, 66.67), nv('B', 0, 0), nv('C', 0, 0), nv('D', 1, 33.33)],
    wdbzkdsl: below,
    wdbzkdmcs: ['人才培养方案'],
    wdbzkdejzbs: ['就业质量'],
  },
  item2: {
    wcl: 25,
    zkdwcqkList: [nv('已完成', 1, 25), nv('未完成', 2, 50)],
    wwczkdsl: 2,
    wwczkdmcs: [],
    wwczkdejzbs: [],
  },
  item3: { yjcs: 0, yjcll: 0, yjqkList: [nv('过程预警', 0, 0), nv('逾期预警', 0, 0)], zkdmcs: [], zkdyjcs: [] },
});
const detail: SelfReportDetail = {
  id: 5,
  dxrwid: 9,
  rwid: 3,
  lc: 1,
  zt: 'expertReviewed',
  ztmc: '专家已评审',
  content: {
    header: {
      reportName: '软件技术自我诊断报告（专业诊改，第1轮）',
      reportHeaderVos: [{ cjmc: '软件技术', cjdmid: 'M01', cjname: '软件技术(M01)' }],
      principal: '林志华',
      createTimeFmt: '2026-03-11 10:00:00',
    },
    overview: overview(1),
    rows: [
      {
        id: 71,
        levels: ['专业建设规划'],
        zkdmc: '人才培养方案',
        bzz: '1',
        mbz: '1',
        jgz: '0',
        jgdj: 'D',
        sljsz: null,
        sldj: null,
        unfin: false,
        dis: true,
        yyfx: '修订滞后',
        gjcs: '两周内完成',
      },
    ],
    warnings: [],
  },
  entries: [
    { id: 1, num: '1.', name: '质控点分析', nr: '人才培养方案待补齐', isChecked: true },
    { id: 2, num: '2.', name: '任务完成进度分析', nr: '', isChecked: true },
    { id: 3, num: '3.', name: '预警分析', nr: '', isChecked: false },
  ],
  submittedAt: '2026-03-11 10:00:00',
  changes: [{ field: 'wdbzkdsl', label: '未达标质控点数', submitted: '1', today: '2' }],
  today: overview(2),
  expertReviewVo: {
    fhjg: 'local',
    fhjgmc: '部分有效',
    score: '86.50',
    isChecked: true,
    opinion: null,
    reviewer: '宋明远',
    time: '2026-03-12 09:00:00',
  },
  schoolReviewVo: null,
  rejectReason: null,
  sharers: [],
  abilities: { explain: false, submit: false, expertReview: false, schoolReview: true, reject: true, share: false },
};

describe('SelfReportsPage', () => {
  it('lists the reports and opens one with its reviews, paragraphs and the changes since submission', async () => {
    const asked: string[] = [];
    const fetchMock = mockApi({
      [`${Z}/reject`]: () => ok(null, M.rejected),
      [`${Z}/selectpage`]: (_init, url) => {
        asked.push(String(url));
        return ok({
          list: [
            {
              id: 5,
              dxrwid: 9,
              cjsj: '2026-03-10',
              rwmc: '专业诊改',
              dxrwmc: '软件技术',
              fzrmc: '林志华',
              lc: 1,
              zt: 'expertReviewed',
              ztmc: '专家已评审',
            },
          ],
          total: 1,
          pageNum: 1,
          pageSize: 10,
        });
      },
      [`${Z}/selectbybgid`]: () => ok(detail),
      [`${Z}/discuss/selectDiscuss`]: () =>
        ok([{ id: 1, content: '请补充整改时间表', authorName: '宋明远', cjsj: '2026-03-12 10:00:00' }]),
      [`${Z}/discuss/insertdiscuss`]: () => ok(null, M.discussed),
      [`${Z}/template/selectlist`]: () => ok([{ id: 3, mbmc: '专业自诊模板', bgbt: '{rwmc}自我诊断报告', bgsm: null }]),
    });
    renderPage(<SelfReportsPage />, '/report');
    expect(await screen.findByText('2026-03-10')).toBeTruthy();
    expect(screen.getByText('专家已评审')).toBeTruthy();
    fireEvent.click(screen.getByText(T.view));
    expect(await screen.findByText('软件技术自我诊断报告（专业诊改，第1轮）')).toBeTruthy();
    expect(screen.getByText('部分有效')).toBeTruthy();
    expect(screen.getByText(/得分 86.50/)).toBeTruthy();
    expect(screen.getByText(/共有质控点4个，其中达标2个（50%），未达标1个/)).toBeTruthy();
    expect(screen.getByText(/说明：人才培养方案待补齐/)).toBeTruthy();
    expect(screen.getByText(/3\. 预警分析（未纳入报告）/)).toBeTruthy();
    expect(screen.getByText(T.changed)).toBeTruthy();
    expect(screen.getByText('未达标质控点数')).toBeTruthy();
    expect(screen.getByText(T.download)).toBeTruthy();
    // A self-diagnosis template may be chosen for the Word document's cover.
    expect(await screen.findByLabelText(T.coverTemplate)).toBeTruthy();
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    // The counts link to the four tables; item 3 has no warning: 暂无数据 instead of its charts.
    expect(screen.getByText(T.linkCount('未达标指标统计表', 1))).toBeTruthy();
    expect(screen.getByText(T.linkCount('预警信息记录表', 0))).toBeTruthy();
    expect(document.getElementById('zg-self-report-below')?.textContent).toContain('修订滞后');
    expect(screen.getAllByText(T.chartAttain).length).toBeGreaterThan(0);
    // The discussion thread, and a new line sent.
    expect(await screen.findByText('请补充整改时间表')).toBeTruthy();
    expect(screen.getByText(T.notShared)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(T.discussLabel), { target: { value: '已补充' } });
    fireEvent.click(btn(T.discussSend));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([u]) => new URL(String(u), 'http://x').pathname === `${Z}/discuss/insertdiscuss`)
          .map(([, init]) => sentJson(init as RequestInit)),
      ).toEqual([{ bgid: 5, content: '已补充' }]),
    );
    // The abilities show the school's review and 退回, not 提交; 退回 needs a reason and sends it.
    expect(() => btn(T.submit)).toThrow();
    expect(btn(T.schoolReview)).toBeTruthy();
    fireEvent.click(btn(T.reject));
    const dialog = await dialogTitled(T.rejectTitle);
    fireEvent.click(btn('确定', dialog));
    expect(await within(dialog).findByText(M.rejectReasonRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(T.rejectReason), { target: { value: '请补充预警分析' } });
    fireEvent.click(btn('确定', dialog));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([u]) => new URL(String(u), 'http://x').pathname === `${Z}/reject`)
          .map(([, init]) => sentJson(init as RequestInit)),
      ).toEqual([{ bgid: 5, reason: '请补充预警分析' }]),
    );
  });

  it('starts the school-wide summary of a chosen task, shows its progress, ranking and figures', async () => {
    setLoginRecord(loginRecord);
    const summary = {
      rwid: 3,
      rwmc: '专业诊改',
      dxsl: 2,
      zkdsl: 4,
      scsj: '2026-03-12 10:00:00',
      objects: [
        {
          pm: 1,
          dxmc: '护理',
          fzrmc: '李四',
          zkdsl: 2,
          dbsl: 2,
          wdbsl: 0,
          dbl: 100,
          grades: { A: 2, B: 0, C: 0, D: 0 },
        },
        {
          pm: 2,
          dxmc: '软件技术',
          fzrmc: null,
          zkdsl: 2,
          dbsl: 1,
          wdbsl: 1,
          dbl: 50,
          grades: { A: 1, B: 0, C: 0, D: 1 },
        },
      ],
      gradeDistribution: [nv('A', 3, 75), nv('B', 0, 0), nv('C', 0, 0), nv('D', 1, 25)],
      frequentBelow: [nv('人才培养方案', 1, 50)],
    };
    let polls = 0;
    const fetchMock = mockApi({
      [`${Z}/selectpage`]: () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
      [`${Z}/summary/tasks`]: () => ok([{ id: 3, rwmc: '专业诊改' }]),
      [`${Z}/summary`]: () => ok({ id: 'job-1' }),
      [`${Z}/summary/job`]: () => {
        polls += 1;
        const done = polls > 1;
        return ok({
          id: 'job-1',
          state: done ? 'done' : 'running',
          step: '正在汇总诊改对象',
          done: done ? 2 : 1,
          total: 2,
          percent: done ? 100 : 50,
          message: done ? '已汇总 2 个诊改对象' : null,
          result: done ? summary : null,
          report: null,
        });
      },
    });
    renderPage(<SelfReportsPage />, '/report');
    fireEvent.click(await screen.findByRole('button', { name: ST.open }));
    const dialog = await dialogTitled(ST.title);
    fireEvent.mouseDown(within(dialog).getByLabelText(ST.task));
    fireEvent.click(await screen.findByTitle('专业诊改'));
    fireEvent.click(btn(ST.generate, dialog));
    expect(await within(dialog).findByText('已汇总 2 个诊改对象', undefined, { timeout: 8000 })).toBeTruthy();
    expect(within(dialog).getByText('护理')).toBeTruthy();
    expect(within(dialog).getByText('100.00')).toBeTruthy();
    expect(within(dialog).getByText('人才培养方案：未达标对象数 1（50.00%）')).toBeTruthy();
    expect(btn(ST.download.replace(/\s/g, ''), dialog)).toBeTruthy();
    expect(
      fetchMock.mock.calls
        .filter(([u]) => new URL(String(u), 'http://x').pathname === `${Z}/summary`)
        .map(([, init]) => sentJson(init as RequestInit)),
    ).toEqual([{ rwid: 3 }]);
  });
});
