import {
  formatDateTime,
  REVIEW_RESULT_NAMES,
  SELF_REPORT_SECTIONS,
  SELF_REPORT_STATE_NAMES,
  type SelfReportContent,
  type SelfReportDetail,
  type SelfReportEntry,
  type SelfReportListItem,
  type SelfReportReviewVo,
  type SelfReportState,
} from '@zg/contract';
import type {
  ContentRow,
  DiscussRow,
  ObjectTaskFacts,
  ReportListRow,
  ReviewRow,
  RowWarnings,
} from './self-report.query';
import type { EntryRow } from './self-report.repository';
import { overviewOf } from './self-report.rules';

/** Db rows -> the contract's shapes of 自我诊断报告. */

/** The report's content from the live data at `now`: header, overview items 1-3 and the tables. */
export function presentContent(
  facts: ObjectTaskFacts,
  rows: ContentRow[],
  warnings: RowWarnings[],
  now: Date,
): SelfReportContent {
  const byRow = new Map(warnings.map((w) => [w.rowId, w]));
  const names = (r: ContentRow) => r.levels.map((l) => l.name);
  return {
    header: {
      reportName: `${facts.objectName}自我诊断报告（${facts.taskName}，第${facts.round}轮）`,
      reportHeaderVos: [
        {
          cjmc: facts.objectName,
          cjdmid: facts.objectCode,
          cjname: `${facts.objectName}(${facts.objectCode})`,
        },
      ],
      principal: facts.chargerName ?? '',
      createTimeFmt: formatDateTime(now),
    },
    overview: overviewOf(
      rows.map((r) => ({ name: r.name, levels: names(r), jgz: r.jgz, jgdj: r.jgdj, dis: r.dis, unfin: r.unfin })),
      rows.map((r) => {
        const w = byRow.get(r.id);
        return { name: r.name, process: w?.process ?? 0, expired: w?.expired ?? 0, disposed: w?.disposed ?? 0 };
      }),
    ),
    rows: rows.map((r) => ({
      id: r.id,
      levels: names(r),
      zkdmc: r.name,
      bzz: r.bzz,
      mbz: r.mbz,
      jgz: r.jgz,
      jgdj: r.jgdj,
      sljsz: r.sljsz,
      sldj: r.sldj,
      unfin: r.unfin,
      dis: r.dis,
      yyfx: r.yyfx,
      gjcs: r.gjcs,
    })),
    warnings: rows.flatMap((r) => {
      const w = byRow.get(r.id);
      if (!w) return [];
      return [
        {
          zkdmc: r.name,
          yjz: w.lastValue,
          yyfx: w.cause,
          clcs: w.measures,
          allNum: w.process + w.expired,
          disposeNum: w.disposed,
          clrmc: w.handler,
        },
      ];
    }),
  };
}

/** The three overview entries with the writer's explanation and tick (ticked in and empty until written). */
export function presentEntries(rows: EntryRow[]): SelfReportEntry[] {
  const bySection = new Map(rows.map((r) => [r.section, r]));
  return SELF_REPORT_SECTIONS.map((s) => ({
    id: s.id,
    num: `${s.id}.`,
    name: s.name,
    nr: bySection.get(s.id)?.nr ?? '',
    isChecked: bySection.get(s.id)?.isChecked ?? true,
  }));
}

const time = (d: Date | string | null) => (d === null ? null : formatDateTime(new Date(d)));

export function presentDetail(
  r: {
    reportId: number;
    id: number;
    taskId: number;
    reportRound: number;
    state: SelfReportState;
    submittedAt: Date | string | null;
  },
  content: SelfReportContent,
  rest: Pick<
    SelfReportDetail,
    'entries' | 'changes' | 'today' | 'abilities' | 'expertReviewVo' | 'schoolReviewVo' | 'rejectReason' | 'sharers'
  >,
): SelfReportDetail {
  return {
    id: r.reportId,
    dxrwid: r.id,
    rwid: r.taskId,
    lc: r.reportRound,
    zt: r.state,
    ztmc: SELF_REPORT_STATE_NAMES[r.state],
    content,
    submittedAt: time(r.submittedAt),
    ...rest,
  };
}

export function presentListItem(r: ReportListRow): SelfReportListItem {
  return {
    id: r.id,
    dxrwid: r.dxrwid,
    cjsj: formatDateTime(new Date(r.createdAt)).slice(0, 10),
    rwmc: r.rwmc,
    dxrwmc: r.dxrwmc,
    fzrmc: r.fzrmc,
    lc: r.lc,
    zt: r.state,
    ztmc: SELF_REPORT_STATE_NAMES[r.state],
  };
}

/** A review as the header's stamp shows it: result, score to two decimals, whether the score is shown. */
export function presentReview(r: ReviewRow | undefined): SelfReportReviewVo | null {
  if (!r) return null;
  return {
    fhjg: r.result,
    fhjgmc: REVIEW_RESULT_NAMES[r.result],
    score: Number(r.score).toFixed(2),
    isChecked: r.scoreChecked,
    opinion: r.opinion,
    reviewer: r.reviewer,
    time: formatDateTime(new Date(r.createdAt)),
  };
}

export const presentDiscuss = (d: DiscussRow) => ({
  id: d.id,
  content: d.content,
  authorName: d.authorName,
  cjsj: formatDateTime(new Date(d.createdAt)),
});
