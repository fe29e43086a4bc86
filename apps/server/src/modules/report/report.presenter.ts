import {
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
    cjrmc: creatorName,
    cjsj: t.createdAt.toISOString(),
    gxsj: t.updatedAt.toISOString(),
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
    cjsj: c.createdAt.toISOString(),
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
    shsj: rep.auditedAt?.toISOString() ?? null,
    scsj: rep.generatedAt.toISOString(),
    tjsj: rep.submittedAt?.toISOString() ?? null,
    version: rep.version,
    abilities: reportAbilities(actor, { ownerId: r.ownerId, auditorId: r.taskAuditorId }, rep),
  };
}

export function presentReportDetail(r: ReportListRow, actor: Actor): TargetReportDetail {
  return {
    ...presentReport(r, actor),
    content: r.report.content as ReportContent,
    downloadUrl: downloadUrlOf(r.report.id),
  };
}

export const downloadUrlOf = (id: number) => `/api/herm-wbs/targetReport/download?id=${id}`;
