import { pageReply } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { listTasks } from '../target-task';

/** The tasks the actor follows (关注) and may still see, a page at a time, latest start first. */
export async function focusPage(db: Db, actor: Actor, q: { current: number; size: number }) {
  const page = await listTasks(db, actor, { kind: 'focus', focusedBy: actor.userId, sort: 'desc', ...q });
  return pageReply(page.records, page.total, q);
}
