import { formatDateTime, type Report } from '@zg/contract';
import type { Actor } from '../../platform/access';
import { reportAbilities } from './progress.policy';
import type { reportsOfTask } from './progress-report.query';

export type ReportJoin = Awaited<ReturnType<typeof reportsOfTask>>[number];

export function presentReport(
  { report: r, submitterName, auditorName, fileCount }: ReportJoin,
  actor: Actor,
  task: { auditorId: string | null; ownerId?: string | null; status?: string },
  newestOfPeriod = false,
): Report {
  return {
    id: r.id,
    taskId: r.taskId,
    periodKey: r.periodKey,
    kind: r.kind as 'process' | 'final',
    content: r.content,
    progress: r.progress,
    status: r.status as Report['status'],
    reason: r.reason,
    submitterId: r.submitterId,
    submitterName,
    submittedAt: formatDateTime(r.submittedAt),
    auditorName,
    auditedAt: r.auditedAt ? formatDateTime(r.auditedAt) : null,
    fileCount: Number(fileCount),
    version: r.version,
    abilities: reportAbilities(actor, task, r, newestOfPeriod),
  };
}
