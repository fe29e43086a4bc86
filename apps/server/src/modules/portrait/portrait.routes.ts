import { PORTRAIT_MSG as M, PORTRAIT_API as P, PORTRAYAL_API as Y } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { authorityOf, READ } from './portrait.policy';
import type { PortraitContext } from './portrait.runner';
import { portraitOf, schoolOrCollege } from './portrait.service';
import {
  courseDetail,
  followStudents,
  majorTeachingPersonnel,
  nextLink,
  studentDown,
  studentDownClass,
  teacherDetail,
} from './portrait-drill.service';
import { addCard, cardAlgorithms, cards, editCard, portrayalMenu, removeCard, screens } from './portrayal.service';

/** 画像 (CurrentPortraits) and 画像配置 (portrayal) under school monitoring herm-xxjk. */
export const portraitRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  /** The request's context and authority (one query for the grants). */
  const scope = async (req: Parameters<typeof actorOf>[0]) => {
    const actor = actorOf(req);
    const ctx: PortraitContext = { db: db(), runner: app.algorithms, userId: actor.userId };
    return { actor, ctx, auth: await authorityOf(db(), actor) };
  };

  serve(app, P.querySchoolPortrait, READ, async (req) => {
    const { ctx, auth } = await scope(req);
    return ok(await schoolOrCollege(ctx, auth, req.query.code));
  });
  const one = (endpoint: typeof P.queryMajorPortrait, kind: 'major' | 'course' | 'teacher' | 'student' | 'class') =>
    serve(app, endpoint, READ, async (req) => {
      const { ctx, auth } = await scope(req);
      return ok(await portraitOf(ctx, auth, kind, req.query.code));
    });
  one(P.queryMajorPortrait, 'major');
  one(P.queryCoursePortrait, 'course');
  one(P.queryTeacherPortrait, 'teacher');
  one(P.queryStudentPortrait, 'student');
  one(P.queryClassPortrait, 'class');
  serve(app, P.queryNextLink, READ, async (req) => {
    const { ctx, auth } = await scope(req);
    return ok(await nextLink(ctx, auth, req.query.kind, req.query.code));
  });
  serve(app, P.queryCourseDetailPage, READ, async (req) => {
    const { ctx, auth } = await scope(req);
    return ok(await courseDetail(ctx, auth, req.query.code));
  });
  serve(app, P.queryTeacherDetailPage, READ, async (req) => {
    const { ctx, auth } = await scope(req);
    return ok(await teacherDetail(ctx, auth, req.query.code));
  });
  serve(app, P.queryMajorTeachingPersonnel, READ, async (req) => {
    const { ctx, auth } = await scope(req);
    return ok(await majorTeachingPersonnel(ctx, auth, req.query.code));
  });
  serve(app, P.queryStudentDown, READ, async (req) => {
    const { ctx, auth } = await scope(req);
    return ok(await studentDown(ctx, auth, req.query));
  });
  serve(app, P.queryStudentDownClass, READ, async (req) => {
    const { ctx, auth } = await scope(req);
    return ok(await studentDownClass(ctx, auth, req.query));
  });
  serve(app, P.queryLeaderFollowStudent, READ, async (req) => {
    const { ctx, auth } = await scope(req);
    return ok(await followStudents(ctx, auth, req.query));
  });

  serve(app, Y.queryMenu, READ, async () => ok(portrayalMenu()));
  serve(app, Y.queryPortrayalByAuth, READ, async (req) => {
    const { rootIds: _ids, ...auth } = await authorityOf(db(), actorOf(req));
    return ok(auth);
  });
  serve(app, Y.queryCard, READ, async (req) => ok(await cards(db(), actorOf(req), req.query)));
  serve(app, Y.queryCardByAuth, READ, async (req) => {
    const actor = actorOf(req);
    return ok(await cards(db(), actor, req.query, await authorityOf(db(), actor)));
  });
  serve(app, Y.queryScreen, READ, async () => ok(await screens(db())));
  serve(app, Y.queryScreenByAuth, READ, async (req) => ok(await screens(db(), await authorityOf(db(), actorOf(req)))));
  serve(app, Y.algorithms, READ, async () => ok(await cardAlgorithms(db())));
  serve(app, Y.add, READ, async (req) => ok(await addCard(db(), actorOf(req), req.body), M.cardSaved));
  serve(app, Y.update, READ, async (req) => {
    const { id, ...v } = req.body;
    return ok(await editCard(db(), actorOf(req), id, v), M.cardSaved);
  });
  serve(app, Y.delete, READ, async (req) => {
    await removeCard(db(), actorOf(req), req.body.id);
    return ok(null, M.cardDeleted);
  });
};

/** Registered by app.ts under `/api`. */
export const portraitPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(portraitRoutes, { prefix: '/herm-xxjk' });
};
