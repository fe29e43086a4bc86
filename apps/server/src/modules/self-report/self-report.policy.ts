import { type Actor, isAdmin } from '../../platform/access';

/**
 * Who may in 自我诊断报告. Reading: whoever sees the object task (the diagnosis module's visibility, in the read model's
 * SQL). Writing the report (generate, explain, submit): its object task's person in charge (fzr), or an administrator.
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
