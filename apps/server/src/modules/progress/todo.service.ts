import type { TodoCounts } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { taskTodoCounts } from '../target-task';
import { countDelaysForAudit } from './delay.query';
import { auditQueueOf } from './progress.policy';
import { auditQueue, countReportsForAudit } from './progress-report.query';

/**
 * The home page's 待办 for the actor, by every role they hold: target-task's task lists (department, definitions to
 * audit, the owner's tasks) and the auditor's queues of reports and delay requests awaiting audit, each counted with
 * the conditions of the list the web opens for it; null where the role does not apply.
 */
export async function todoCounts(db: Db, actor: Actor, year: number | undefined): Promise<TodoCounts> {
  const { roles, counts } = await taskTodoCounts(db, actor, year);
  const queue = auditQueueOf(actor);
  const [reportAudit, delayAudit] = roles.auditor
    ? await Promise.all([
        countReportsForAudit(db, auditQueue(queue, 'report', 'reviewing', year)),
        countDelaysForAudit(db, auditQueue(queue, 'delay', 'reviewing', year)),
      ])
    : [null, null];
  return { roles, ...counts, reportAudit, delayAudit };
}
