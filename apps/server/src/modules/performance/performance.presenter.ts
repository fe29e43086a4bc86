import {
  formatDateTime,
  PERFORMANCE_MSG,
  type PerformanceRow,
  type PerformSituationRow,
  REPORT_LEVEL,
  type ReportLevel,
  TARGET_REPORT_STATUS,
  TASK_STATUS,
  type TargetReportStatus,
  type TaskStatus,
} from '@zg/contract';
import type { PerformanceDbRow, SituationDbRow } from './performance.query';

const iso = (v: string | Date | null) => (v === null ? null : formatDateTime(new Date(v)));

export function presentPerformance(r: PerformanceDbRow): PerformanceRow {
  const level = r.levelSelf as ReportLevel | null;
  const status = r.reportStatus as TargetReportStatus | null;
  return {
    taskId: Number(r.taskId),
    rwmc: r.rwmc,
    rwlx: r.rwlx,
    nf: Number(r.nf),
    yearTargetName: r.yearTargetName,
    bmid: r.bmid,
    bmmc: r.bmmc,
    fzrid: r.fzrid,
    fzrmc: r.fzrmc,
    rwzt: r.rwzt,
    rwztmc: TASK_STATUS[r.rwzt as TaskStatus] ?? r.rwzt,
    jssj: r.jssj,
    wcsj: iso(r.finishedAt),
    asq: r.rwzt === 'hasDone',
    reportId: r.reportId === null ? null : Number(r.reportId),
    zpdj: level,
    zpdjmc: level ? REPORT_LEVEL[level] : null,
    bgzt: status,
    bgztmc: status ? TARGET_REPORT_STATUS[status] : PERFORMANCE_MSG.noReport,
    shyj: r.auditReason,
    shrmc: r.auditorName,
    shsj: iso(r.auditedAt),
  };
}

export function presentSituation(r: SituationDbRow): PerformSituationRow {
  const n = (v: number) => Number(v);
  return {
    id: r.id,
    name: r.name,
    bmmc: r.bmmc,
    finished: n(r.finished),
    onTime: n(r.onTime),
    late: n(r.late),
    levelA: n(r.levelA),
    levelB: n(r.levelB),
    levelC: n(r.levelC),
    levelD: n(r.levelD),
    unrated: n(r.unrated),
    passed: n(r.passed),
    reviewing: n(r.reviewing),
    refused: n(r.refused),
    excellentRate: n(r.finished) ? Math.round((n(r.levelA) / n(r.finished)) * 10000) / 100 : 0,
  };
}
