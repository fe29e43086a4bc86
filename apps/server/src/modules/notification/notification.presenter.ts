import { formatDateTime, NOTIFICATION_KIND_LABELS, type Notification, type NotificationKind } from '@zg/contract';
import type { NotificationRow } from './notification.repository';

/** A row as the centre shows it (an unknown kind, written by a newer version, is shown under its own name). */
export function presentNotification(r: NotificationRow): Notification {
  const kind = r.kind as NotificationKind;
  return {
    id: r.id,
    kind,
    kindName: NOTIFICATION_KIND_LABELS[kind] ?? r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: formatDateTime(r.createdAt),
    readAt: r.readAt ? formatDateTime(r.readAt) : null,
  };
}
