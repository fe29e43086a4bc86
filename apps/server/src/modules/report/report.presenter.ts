import {
  formatDateTime,
  REPORT_LEVEL,
  REPORT_SECTIONS,
  type ReportContent,
  type ReportCover,
  type ReportLevel,
  type ReportTemplate,
  TARGET_REPORT_STATUS,
  TASK_TYPE,
  type TargetReport,
  type TargetReportDetail,
  type TargetReportStatus,
} from '@zg/contract';
import type { Actor } from '../../platform/access';
import { reportAbilities } from './report.policy';
import type { ReportListRow } from './report.query';
import type { CoverRow, TemplateRow } from './report.repository';

export function presentTemplate(t: TemplateRow, creatorName: string | null): ReportTemplate {
  return {
    id: t.id,
    mbmc: t.name,
    bgbt: t.title,
    bgsm: t.preface,
    sections: REPORT_SECTIONS.filter((s) => t.sections.includes(s)),
    mblx: t.kind === 'selfDiagnosis' ? 'selfDiagnosis' : 'targetTask',
    cjrmc: creatorName,
    cjsj: formatDateTime(t.createdAt),
    gxsj: formatDateTime(t.updatedAt),
  };
}

export function presentCover(c: CoverRow, creatorName: string | null): ReportCover {
  return {
    id: c.id,
    fmmc: c.name,
    fmbt: c.title,
    xxmc: c.schoolName,
    fbt: c.subtitle,
    sfmr: c.isDefault,
    cjrmc: creatorName,
    cjsj: formatDateTime(c.createdAt),
  };
}

export const typeName = (code: string) => TASK_TYPE.find((t) => t.code === code)?.name ?? code;

export function presentReport(r: ReportListRow, actor: Actor): TargetReport {
  const rep = r.report;
  const level = rep.levelSelf as ReportLevel | null;
  return {
    id: rep.id,
    taskId: rep.taskId,
    rwmc: r.taskName,
    nf: r.cycleYear,
    fbbm: r.departmentName,
    fzrmc: r.ownerName,
    jkrmc: r.taskAuditorName,
    bgbt: rep.title,
    mbmc: rep.templateName,
    fmmc: rep.coverName,
    bgzt: rep.status as TargetReportStatus,
    bgztmc: TARGET_REPORT_STATUS[rep.status as TargetReportStatus] ?? rep.status,
    zpdj: level,
    zpdjmc: level ? REPORT_LEVEL[level] : null,
    shyj: rep.auditReason,
    shrmc: r.reportAuditorName,
    shsj: rep.auditedAt ? formatDateTime(rep.auditedAt) : null,
    scsj: formatDateTime(rep.generatedAt),
    tjsj: rep.submittedAt ? formatDateTime(rep.submittedAt) : null,
    version: rep.version,
    abilities: reportAbilities(actor, { ownerId: r.ownerId, auditorId: r.taskAuditorId }, rep),
  };
}

/** A time of a content snapshot: one made before issue 28 kept ISO UTC; shown in the school's time like the rest. */
const schoolTime = (v: string) => (/^\d{4}-\d{2}-\d{2}T.*Z$/.test(v) ? formatDateTime(new Date(v)) : v);
const withSchoolTimes = (c: ReportContent): ReportContent => ({
  ...c,
  progress: c.progress.map((p) => ({ ...p, submittedAt: schoolTime(p.submittedAt) })),
  attachments: c.attachments.map((a) => ({ ...a, createTime: schoolTime(a.createTime) })),
  warnings: c.warnings.map((w) => ({ ...w, raisedAt: schoolTime(w.raisedAt) })),
});

export function presentReportDetail(r: ReportListRow, actor: Actor): TargetReportDetail {
  return {
    ...presentReport(r, actor),
    content: withSchoolTimes(r.report.content as ReportContent),
    downloadUrl: downloadUrlOf(r.report.id),
  };
}

export const downloadUrlOf = (id: number) => `/api/herm-wbs/targetReport/download?id=${id}`;
