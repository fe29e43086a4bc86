import { endpoint } from './endpoint';
import {
  NotificationIdBodySchema,
  NotificationPageSchema,
  NotificationQuerySchema,
  ReadAllSchema,
  UnreadCountSchema,
} from './notification';

const N = '/api/notification';
const tags = ['消息通知'] as const;

/** The notification centre (`/api/notification`): the signed-in user's own items only. */
export const NOTIFICATION_API = {
  unreadCount: endpoint({
    method: 'GET',
    path: `${N}/unreadCount`,
    summary: '当前用户的未读消息数（铃铛） / unread count of the signed-in user (the bell)',
    tags,
    response: UnreadCountSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: `${N}/list`,
    summary: "当前用户的消息，新的在前，分页；unread=true 只看未读 / the user's notifications, newest first",
    tags,
    query: NotificationQuerySchema,
    response: NotificationPageSchema,
  }),
  read: endpoint({
    method: 'POST',
    path: `${N}/read`,
    summary: "将一条本人的消息标为已读 / mark one of the user's notifications read",
    tags,
    body: NotificationIdBodySchema,
    response: UnreadCountSchema,
  }),
  readAll: endpoint({
    method: 'POST',
    path: `${N}/readAll`,
    summary: "将本人全部未读消息标为已读 / mark all the user's notifications read",
    tags,
    response: ReadAllSchema,
  }),
};
