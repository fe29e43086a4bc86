import { NOTIFICATION_API as API, NOTIFICATION_MSG } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { listNotifications, readAllNotifications, readNotification, unreadCount } from './notification.service';

/** `/api/notification`: every signed-in user's own centre (the service keeps each user to their own items). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const session = { session: true } as const;
  // The bell asks every minute from every open tab: its answers are logged at warn and above only.
  serve(app, API.unreadCount, session, async (req) => ok(await unreadCount(db(), actorOf(req))), {
    logLevel: 'warn',
  });
  serve(app, API.list, session, async (req) => ok(await listNotifications(db(), actorOf(req), req.query)));
  serve(app, API.read, session, async (req) =>
    ok(await readNotification(db(), actorOf(req), app.clock, req.body.id), NOTIFICATION_MSG.markedRead),
  );
  serve(app, API.readAll, session, async (req) => {
    const done = await readAllNotifications(db(), actorOf(req), app.clock);
    return ok(done, NOTIFICATION_MSG.allRead(done.count));
  });
};
