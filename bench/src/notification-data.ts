import type { Db } from '@zg/server/src/db/client';
import { sql } from 'drizzle-orm';

/** Items per user the bench gives every account: one in five unread (the bell counts them, the list pages them). */
export const NOTIFICATIONS_PER_USER = 60;

/**
 * The notification centre's rows (issue 32 item 6): NOTIFICATIONS_PER_USER items per user over the last weeks, one in
 * five unread, so the bell's count reads its partial index among many users' rows. One statement.
 */
export async function prepareNotifications(db: Db) {
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, title, body, link, dedupe_key, created_at, read_at)
    select u.id, case when g % 3 = 0 then 'taskWarning' when g % 3 = 1 then 'urge' else 'reportAudit' end,
      '任务预警：示例任务' || g, '过程预警：周期未报告', '/targetTaskManagement/warningTask', 'bench:' || g,
      now() - make_interval(hours => g * 7),
      case when g % 5 = 0 then null else now() - make_interval(hours => g * 6) end
    from users u cross join generate_series(1, ${NOTIFICATIONS_PER_USER}) g
    on conflict do nothing`);
  return (result as unknown as { rowCount?: number }).rowCount ?? 0;
}
