import { ROLE } from '@zg/contract';
import { type Actor, isAdmin } from '../../platform/access';

/**
 * Who may in 自我诊断报告. Reading: whoever sees the object task (the diagnosis module's visibility, in the read model's
 * SQL). Writing the report (generate, explain, submit, share): its object task's person in charge (fzr), or an
 * administrator. Reviewing: 校外专家 (the expert review of a submitted report) then 学校审核 (the school review); either
 * may send a report back; both see every report past its draft, as do the users it is shared with.
 * The machine (self-report.machine.ts) decides each action from these and the report's state; the services ask it and
 * never spell out roles; the abilities go to the client with the report.
 */

export type ReportActor = Pick<Actor, 'userId' | 'roles'>;

/** The people of a report: its object task's person in charge. */
export interface ReportPeople {
  chargerId: string | null;
}

/** Writes the report: the object task's person in charge, or an administrator. */
export const isReportWriter = (a: ReportActor, p: ReportPeople) =>
  isAdmin(a) || (p.chargerId !== null && p.chargerId === a.userId);

/** 校外专家: reviews a submitted report (the expert review). */
export const isExpert = (a: ReportActor) => a.roles.has(ROLE.expertReviewer);
/** 学校审核: reviews a report the expert has reviewed (the school review). */
export const isSchoolReviewer = (a: ReportActor) => a.roles.has(ROLE.schoolReviewer);
/** Either reviewer: sees every report past its draft, and may send one back. */
export const isReviewer = (a: ReportActor) => isExpert(a) || isSchoolReviewer(a);
