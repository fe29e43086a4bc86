import {
  formatDateTime,
  REPORT_DEFAULTS,
  REPORT_MSG,
  REPORT_SECTIONS,
  type ReportContent,
  type ReportLevel,
  type ReportSection,
  type ReportTemplateInput,
  reportTitleOf,
  TASK_STATUS,
  type TaskStatus,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import { taskDetail, taskSeenBy, tasksSeenBy } from '../target-task';
import { presentSystemSetting } from '../user';
import { type DocxInput, renderReportDocx } from './report.docx';
import { isEditable, isReportAuditor, isReportOwner, REPORTABLE_TASK_STATES } from './report.policy';
import { presentCover, presentReport, presentReportDetail, presentTemplate, typeName } from './report.presenter';
import {
  attachmentsOfTask,
  findReportRow,
  findTaskFacts,
  pageReports,
  progressOfTask,
  warningsOfTask,
} from './report.query';
import {
  defaultCover,
  deleteCover,
  deleteTemplates,
  findCover,
  findReport,
  findReportOfTask,
  findTemplate,
  firstTemplate,
  insertCover,
  insertReport,
  insertTemplate,
  pageCovers,
  pageTemplates,
  setDefaultCover,
  systemName,
  updateReport,
  updateTemplate,
} from './report.repository';

// ---- templates ----

export async function listTemplates(db: Db, q: { current: number; size: number; mbmc?: string; mblx?: string }) {
  const { records, total } = await pageTemplates(db, q);
  return { records: records.map((r) => presentTemplate(r.template, r.creatorName)), total };
}

export async function createTemplate(db: Db, actor: Actor, input: ReportTemplateInput) {
  return db.transaction(async (tx) => {
    const row = await insertTemplate(tx, {
      name: input.mbmc,
      title: input.bgbt,
      preface: input.bgsm || null,
      sections: [...new Set(input.sections)],
      kind: input.mblx ?? 'targetTask',
      creatorId: actor.userId,
    });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'reportTemplate.create',
      entityType: 'reportTemplate',
      entityId: String(row.id),
    });
    return presentTemplate(row, actor.userName);
  });
}

export async function editTemplate(db: Db, actor: Actor, id: number, input: ReportTemplateInput) {
  await db.transaction(async (tx) => {
    const ok = await updateTemplate(tx, id, {
      name: input.mbmc,
      title: input.bgbt,
      preface: input.bgsm || null,
      sections: [...new Set(input.sections)],
      ...(input.mblx ? { kind: input.mblx } : {}),
    });
    if (!ok) throw notFound(REPORT_MSG.templateNotFound);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'reportTemplate.update',
      entityType: 'reportTemplate',
      entityId: String(id),
    });
  });
}

/** Deletes templates; reports made from them keep their content and the template's name. */
export async function removeTemplates(db: Db, actor: Actor, ids: number[]) {
  await db.transaction(async (tx) => {
    const deleted = await deleteTemplates(tx, ids);
    if (deleted.length !== new Set(ids).size) throw notFound(REPORT_MSG.templateNotFound);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'reportTemplate.delete',
      entityType: 'reportTemplate',
      entityId: deleted.join(',').slice(0, 64),
      detail: { ids: deleted },
    });
  });
}

// ---- covers ----

export async function listCovers(db: Db, q: { current: number; size: number; fmmc?: string }) {
  const { records, total } = await pageCovers(db, q);
  return { records: records.map((r) => presentCover(r.cover, r.creatorName)), total };
}

/** Adds a cover; the first cover, or one asked to be, becomes the default. */
export async function createCover(
  db: Db,
  actor: Actor,
  input: { fmmc: string; fmbt: string; xxmc?: string; fbt?: string; sfmr: boolean },
) {
  return db.transaction(async (tx) => {
    const row = await insertCover(tx, {
      name: input.fmmc,
      title: input.fmbt,
      schoolName: input.xxmc || null,
      subtitle: input.fbt || null,
      creatorId: actor.userId,
    });
    const makeDefault = input.sfmr || !(await defaultCover(tx));
    if (makeDefault) await setDefaultCover(tx, row.id);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'reportCover.create',
      entityType: 'reportCover',
      entityId: String(row.id),
      detail: { default: makeDefault },
    });
    return presentCover({ ...row, isDefault: makeDefault }, actor.userName);
  });
}

export async function makeDefaultCover(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    if (!(await setDefaultCover(tx, id))) throw notFound(REPORT_MSG.coverNotFound);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'reportCover.default',
      entityType: 'reportCover',
      entityId: String(id),
    });
  });
}

/** Deletes a cover; the default one only when it is the last. */
export async function removeCover(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const cover = await findCover(tx, id);
    if (!cover) throw notFound(REPORT_MSG.coverNotFound);
    if (cover.isDefault) {
      const { total } = await pageCovers(tx, { current: 1, size: 1 });
      if (total > 1) throw conflict(REPORT_MSG.defaultCoverDelete);
    }
    await deleteCover(tx, id);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'reportCover.delete',
      entityType: 'reportCover',
      entityId: String(id),
    });
  });
}

// ---- reports ----

/** Reports of the tasks the actor may see: all, of their own tasks, or waiting for their audit. */
export async function reportPage(
  db: Db,
  actor: Actor,
  q: {
    current: number;
    size: number;
    kind: 'all' | 'mine' | 'review';
    year?: number;
    bgzt?: string;
    rwmc?: string;
    departmentId?: string;
  },
) {
  const { records, total } = await pageReports(db, q, tasksSeenBy(actor), actor.userId);
  return { records: records.map((r) => presentReport(r, actor)), total };
}

/** The report of a task the actor may see, or null when none was generated yet. */
export async function reportByTask(db: Db, actor: Actor, taskId: number) {
  await taskSeenBy(db, actor, taskId);
  const report = await findReportOfTask(db, taskId);
  if (!report) return null;
  const row = await findReportRow(db, report.id);
  return row ? presentReportDetail(row, actor) : null;
}

/** One report, when the actor may see its task (the same 404 whether missing or hidden). */
export async function reportDetail(db: Db, actor: Actor, id: number) {
  const row = await findReportRow(db, id);
  if (!row) throw notFound(REPORT_MSG.reportNotFound);
  try {
    await taskSeenBy(db, actor, row.report.taskId);
  } catch {
    throw notFound(REPORT_MSG.reportNotFound);
  }
  return presentReportDetail(row, actor);
}

/** Collects the snapshot of a task: facts, progress reports, attachments and warnings, with the cover's text. */
async function snapshot(
  db: Db,
  actor: Actor,
  clock: Clock,
  taskId: number,
  template: { sections: string[]; preface: string | null },
  cover: { title: string; subtitle: string | null; schoolName: string | null },
): Promise<ReportContent> {
  const card = await taskDetail(db, actor, taskId);
  const [progress, warnings, attachments, setting] = await Promise.all([
    progressOfTask(db, taskId),
    warningsOfTask(db, taskId),
    attachmentsOfTask(db, taskId),
    systemName(db),
  ]);
  return {
    sections: REPORT_SECTIONS.filter((s) => template.sections.includes(s)) as ReportSection[],
    preface: template.preface,
    cover: {
      title: cover.title,
      subtitle: cover.subtitle,
      school: cover.schoolName || presentSystemSetting(setting).systemName,
      date: clock.today(),
    },
    facts: {
      rwmc: card.rwmc,
      yearTargetName: card.yearTargetName,
      rwlx: card.rwlx,
      rwlxmc: typeName(card.rwlx),
      fbbm: card.fbbm,
      fzrmc: card.fzrmc,
      jkrmc: card.jkrmc,
      kssj: card.kssj,
      jssj: card.jssj,
      rwzt: card.rwzt,
      rwztmc: TASK_STATUS[card.rwzt as TaskStatus] ?? card.rwzt,
      rwjd: card.rwjd,
    },
    progress: progress.map(({ report: p, submitterName }) => ({
      periodKey: p.periodKey,
      kind: p.kind as 'process' | 'final',
      content: p.content,
      progress: p.progress,
      status: p.status,
      reason: p.reason,
      submitterName,
      submittedAt: formatDateTime(p.submittedAt),
    })),
    attachments: attachments.map((a) => ({
      fileId: a.file.id,
      fileName: a.file.name,
      source:
        a.file.ownerType === 'NodeTask'
          ? REPORT_MSG.sourceTask
          : `${REPORT_MSG.sourceProgress}${a.periodKey && a.periodKey !== 'final' ? ` ${a.periodKey}` : a.reportKind === 'final' ? '（结果报告）' : ''}`,
      size: a.file.size,
      uploaderName: a.uploaderName,
      createTime: formatDateTime(a.file.createdAt),
    })),
    warnings: warnings.map(({ warning: w, typeName: name }) => ({
      yjlxmc: name,
      kind: w.kind as 'process' | 'final',
      warningKey: w.warningKey,
      raisedAt: formatDateTime(w.raisedAt),
      open: w.open,
    })),
  };
}

/**
 * The owner generates (or regenerates) the report of a task from a template and a cover: a snapshot of the task's
 * facts, progress reports, attachments and warnings. Allowed from execution on, while the report is a draft or refused.
 */
export async function generateReport(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: { taskId: number; templateId?: number; coverId?: number },
) {
  await taskSeenBy(db, actor, input.taskId);
  const facts = await findTaskFacts(db, input.taskId);
  if (!facts) throw notFound(REPORT_MSG.reportNotFound);
  if (!isReportOwner(actor, facts.task)) throw forbidden(REPORT_MSG.notOwner);
  if (!REPORTABLE_TASK_STATES.has(facts.task.status)) throw conflict(REPORT_MSG.taskNotStarted);
  const template = input.templateId ? await findTemplate(db, input.templateId) : await firstTemplate(db);
  // A self-diagnosis template lays out no target-task report.
  if (input.templateId && template?.kind !== 'targetTask') throw notFound(REPORT_MSG.templateNotFound);
  const cover = input.coverId ? await findCover(db, input.coverId) : await defaultCover(db);
  if (input.coverId && !cover) throw notFound(REPORT_MSG.coverNotFound);
  const content = await snapshot(
    db,
    actor,
    clock,
    input.taskId,
    template ?? { sections: [...REPORT_SECTIONS], preface: null },
    cover ?? { title: REPORT_DEFAULTS.coverTitle, subtitle: null, schoolName: null },
  );
  const fields = {
    templateId: template?.id ?? null,
    templateName: template?.name ?? REPORT_DEFAULTS.templateName,
    coverId: cover?.id ?? null,
    coverName: cover?.name ?? null,
    title: reportTitleOf(template?.title ?? REPORT_DEFAULTS.reportTitle, facts.task.name),
    status: 'draft',
    generatorId: actor.userId,
    generatedAt: clock.now(),
    content,
  };
  const id = await db.transaction(async (tx) => {
    const existing = await findReportOfTask(tx, input.taskId);
    let reportId: number;
    if (existing) {
      if (!isEditable(existing.status)) throw conflict(REPORT_MSG.notEditable);
      if (!(await updateReport(tx, existing.id, existing.version, fields))) throw conflict(REPORT_MSG.changed);
      reportId = existing.id;
    } else {
      const row = await insertReport(tx, { taskId: input.taskId, ...fields }).catch((err) => {
        // A second generation racing the first: the unique index on the task answers.
        throw isUniqueViolation(err) ? conflict(REPORT_MSG.changed) : err;
      });
      reportId = row.id;
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: existing ? 'targetReport.regenerate' : 'targetReport.generate',
      entityType: 'targetReport',
      entityId: String(reportId),
      detail: { taskId: input.taskId, templateId: fields.templateId, coverId: fields.coverId },
    });
    return reportId;
  });
  return reportDetail(db, actor, id);
}

/** A report whose task the actor sees, with the task; otherwise the 404 of a missing report. */
async function reportSeenBy(db: Db, actor: Actor, id: number) {
  const report = await findReport(db, id);
  if (!report) throw notFound(REPORT_MSG.reportNotFound);
  const { task } = await taskSeenBy(db, actor, report.taskId, { missing: REPORT_MSG.reportNotFound });
  return { report, task };
}

/** Loads a report with its task for a change by its owner, checking (after visibility) owner and state. */
async function ownedEditable(db: Db, actor: Actor, id: number) {
  const { report, task } = await reportSeenBy(db, actor, id);
  if (!isReportOwner(actor, task)) throw forbidden(REPORT_MSG.notOwner);
  if (!isEditable(report.status)) throw conflict(REPORT_MSG.notEditable);
  return report;
}

/** The owner rates the task: A excellent, B good, C fair, D not completed. */
export async function updateLevelSelf(db: Db, actor: Actor, input: { id: number; version: number; zpdj: ReportLevel }) {
  await db.transaction(async (tx) => {
    const report = await ownedEditable(tx, actor, input.id);
    if (!(await updateReport(tx, report.id, input.version, { levelSelf: input.zpdj }))) {
      throw conflict(REPORT_MSG.changed);
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'targetReport.rate',
      entityType: 'targetReport',
      entityId: String(report.id),
      detail: { from: report.levelSelf, to: input.zpdj },
    });
  });
}

/** The owner submits a rated report for audit (again after a refusal). */
export async function submitAudit(db: Db, actor: Actor, clock: Clock, input: { id: number; version: number }) {
  await db.transaction(async (tx) => {
    const report = await ownedEditable(tx, actor, input.id);
    if (!report.levelSelf) throw badRequest(REPORT_MSG.levelRequired);
    const ok = await updateReport(tx, report.id, input.version, {
      status: 'reviewing',
      submittedAt: clock.now(),
      auditReason: null,
      auditorId: null,
      auditedAt: null,
    });
    if (!ok) throw conflict(REPORT_MSG.changed);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'targetReport.submit',
      entityType: 'targetReport',
      entityId: String(report.id),
      detail: { from: report.status, to: 'reviewing', level: report.levelSelf },
    });
  });
}

/** The task's auditor passes the report or refuses it with a reason (which sends it back to the owner). */
export async function auditTargetReport(
  db: Db,
  actor: Actor,
  clock: Clock,
  input: { id: number; version: number; result: 'pass' | 'refuse'; reason?: string },
) {
  await db.transaction(async (tx) => {
    const { report, task } = await reportSeenBy(tx, actor, input.id);
    if (!isReportAuditor(actor, task)) throw forbidden(REPORT_MSG.notAuditor);
    if (report.status !== 'reviewing') throw conflict(REPORT_MSG.notReviewing);
    const reason = input.reason?.trim() || null;
    if (input.result === 'refuse' && !reason) throw badRequest(REPORT_MSG.reasonRequired);
    const ok = await updateReport(tx, report.id, input.version, {
      status: input.result,
      auditReason: reason,
      auditorId: actor.userId,
      auditedAt: clock.now(),
    });
    if (!ok) throw conflict(REPORT_MSG.changed);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: `targetReport.${input.result}`,
      entityType: 'targetReport',
      entityId: String(report.id),
      detail: { from: 'reviewing', to: input.result, reason },
    });
  });
}

/** The report as a .docx file name and bytes, rendered now from its snapshot and its current rating and audit. */
export async function reportDocx(db: Db, actor: Actor, id: number) {
  const detail = await reportDetail(db, actor, id);
  const input: DocxInput = {
    title: detail.bgbt,
    levelSelf: detail.zpdj,
    status: detail.bgzt,
    auditReason: detail.shyj,
    content: detail.content,
  };
  return { name: `${detail.bgbt}.docx`, buffer: await renderReportDocx(input) };
}
