import { NOTIFICATION_LIMITS as L, NOTIFICATION_MSG, type NotificationKind, pageReply } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { presentNotification } from './notification.presenter';
import {
  countUnread,
  enabledUsers,
  findNotification,
  insertNotifications,
  markAllRead,
  markRead,
  type NotificationInsert,
  pageNotifications,
  usersActingFor,
} from './notification.repository';

/** One event to tell some users of (notification.ts in the contract names the kinds). */
export interface NotifyItem {
  /** Who is told; empty, repeated and disabled accounts are dropped. */
  userIds: readonly (string | null | undefined)[];
  kind: NotificationKind;
  /** The line the bell's list shows, in Chinese (cut to 200 characters). */
  title: string;
  body?: string | null;
  /** The web page of the record, a hash path (/targetTaskManagement/urge); the centre opens it. */
  link?: string | null;
  /** What it is about (urge, 12). */
  entity?: { type: string; id: string | number };
  /**
   * Names the event (`urge:12`, `taskWarning:5:1764…`): a user is told of one key once, however often it is notified
   * (a retried job, a second path to the same person). Without it every call writes its rows.
   */
  dedupeKey?: string;
  /** The one who did it: not told of their own act. */
  except?: string | null;
  /** When it happened (the caller's clock); now by default. */
  at?: Date;
}

const cut = (s: string | null | undefined, n: number) => (s ? s.slice(0, n) : null);

/**
 * Writes notifications. Call it INSIDE the transaction of the event (`tx`): a rolled-back action notifies nobody, a
 * committed one everybody it names. Returns how many items were written.
 */
export async function notify(db: Db, items: readonly NotifyItem[]): Promise<number> {
  const wanted = items.map((item) => ({
    item,
    users: [...new Set(item.userIds.filter((u): u is string => !!u && u !== item.except))],
  }));
  const enabled = await enabledUsers(db, [...new Set(wanted.flatMap((w) => w.users))]);
  const rows: NotificationInsert[] = [];
  const seen = new Set<string>();
  for (const { item, users } of wanted) {
    for (const userId of users) {
      if (!enabled.has(userId)) continue;
      if (item.dedupeKey) {
        const k = `${userId}\u0000${item.dedupeKey}`;
        if (seen.has(k)) continue;
        seen.add(k);
      }
      rows.push({
        userId,
        kind: item.kind,
        title: cut(item.title, L.title) ?? '',
        body: cut(item.body, L.body),
        link: cut(item.link, L.link),
        entityType: item.entity?.type.slice(0, 40) ?? null,
        entityId: item.entity ? String(item.entity.id).slice(0, 64) : null,
        dedupeKey: cut(item.dedupeKey, 200),
        createdAt: item.at ?? new Date(),
      });
    }
  }
  return rows.length ? insertNotifications(db, rows) : 0;
}

/** The users acting for departments (heads and registered chargers): whom a department's notification goes to. */
export function departmentRecipients(db: Db, departmentIds: readonly (string | null | undefined)[]) {
  return usersActingFor(db, [...new Set(departmentIds.filter((d): d is string => !!d))]);
}

export async function unreadCount(db: Db, actor: Actor) {
  return { unread: await countUnread(db, actor.userId) };
}

export async function listNotifications(
  db: Db,
  actor: Actor,
  q: { current: number; size: number; unread: 'true' | 'false' },
) {
  const { records, total } = await pageNotifications(db, actor.userId, { ...q, unread: q.unread === 'true' });
  return pageReply(records.map(presentNotification), total, q);
}

/** Marks one of the actor's items read; another user's item answers as a missing one. Returns the unread count. */
export async function readNotification(db: Db, actor: Actor, clock: Clock, id: number) {
  const row = await findNotification(db, id);
  if (!row || row.userId !== actor.userId) throw notFound(NOTIFICATION_MSG.notFound);
  await markRead(db, actor.userId, id, clock.now());
  return unreadCount(db, actor);
}

export async function readAllNotifications(db: Db, actor: Actor, clock: Clock) {
  return { count: await markAllRead(db, actor.userId, clock.now()) };
}
