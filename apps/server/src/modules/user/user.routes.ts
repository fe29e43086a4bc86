import { USER_API as API, AUTH_MSG, listReply } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { clearSessionCookie } from '../../platform/auth';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { peek } from '../../platform/files/peek';
import { presentSystemSetting } from './user.presenter';
import {
  findChargeDepartments,
  findMenuItemsOfRoles,
  findSystemSetting,
  findUserRoles,
  pageDepartments,
  pageRoles,
  pageUserTypes,
  searchUsers,
  updateUser,
} from './user.repository';
import { changeAvatar, changePassword, findAvatar, findLogo, getProfile, updateProfile } from './user.service';

const PUBLIC = { public: true } as const;
const signedIn = { session: true } as const;
const page = <T>(r: { list: T[]; total: number }, q: { pageNum: number; pageSize: number }) =>
  listReply(r.list, r.total, q);

/** `/api/user`: the user service (current user, lists for pickers, profile, password, avatar, theme) (USER_API). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  serve(app, API.systemSetting, PUBLIC, async () => ok(presentSystemSetting(await findSystemSetting(db()))));

  serve(app, API.logo, PUBLIC, async (_req, reply) => {
    const setting = await findSystemSetting(db());
    const file = await findLogo(db(), setting?.logoFileId ?? null);
    reply.header('content-type', file.mime).header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'public, max-age=300');
    return reply.send(app.fileStore.get(file.id));
  });

  serve(app, API.menus, signedIn, async (req) => {
    const items = await findMenuItemsOfRoles(db(), [...actorOf(req).roles]);
    return ok(items.map(({ sortOrder: _, ...m }) => m));
  });

  serve(app, API.roles, signedIn, async (req) => {
    const actor = actorOf(req);
    const roles = await findUserRoles(db(), actor.userId);
    if (actor.chargeDepartmentIds.length) roles.push({ roleId: 'targetTaskDepart', roleName: '目标任务部门负责人' });
    return ok(roles);
  });

  serve(app, API.basicInfo, signedIn, async (req) => {
    const actor = actorOf(req);
    return ok({
      userId: actor.userId,
      userName: actor.userName,
      orgId: actor.departmentId,
      newChargeDeparmentList: await findChargeDepartments(db(), actor.userId),
    });
  });

  serve(app, API.roleList, signedIn, async (req) =>
    ok(page(await pageRoles(db(), req.query.pageNum, req.query.pageSize), req.query)),
  );

  serve(app, API.search, signedIn, async (req) => {
    const q = req.query;
    return ok(page(await searchUsers(db(), q.name, q.pageNum, q.pageSize), q));
  });

  serve(app, API.departmentList, signedIn, async (req) =>
    ok(page(await pageDepartments(db(), req.query.pageNum, req.query.pageSize), req.query)),
  );

  serve(app, API.userTypeList, signedIn, async (req) =>
    ok(page(await pageUserTypes(db(), req.query.pageNum, req.query.pageSize), req.query)),
  );

  serve(app, API.profile, signedIn, async (req) => ok(await getProfile(db(), actorOf(req).userId)));

  serve(app, API.profileUpdate, signedIn, async (req) =>
    ok(await updateProfile(db(), actorOf(req), req.body), AUTH_MSG.userInfoUpdated),
  );

  serve(app, API.passwordUpdate, signedIn, async (req, reply) => {
    await changePassword(db(), actorOf(req), req.body);
    clearSessionCookie(app, reply);
    return ok(null, AUTH_MSG.passwordChanged);
  });

  serve(app, API.portraitChange, signedIn, async (req) => {
    const part = await req.file();
    if (!part) throw new AppError(400, AUTH_MSG.fileMissing);
    const { head, stream } = await peek(part.file, 16);
    const url = await changeAvatar(db(), app.fileStore, actorOf(req), { filename: part.filename, head, stream });
    return ok({ headPortrait: url }, AUTH_MSG.avatarUpdated);
  });

  serve(app, API.avatar, signedIn, async (req, reply) => {
    const file = await findAvatar(db(), req.params.fileId);
    reply.header('content-type', file.mime).header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'private, max-age=86400');
    return reply.send(app.fileStore.get(file.id));
  });

  serve(app, API.theme, signedIn, async (req) => {
    await updateUser(db(), actorOf(req).userId, { theme: req.body.themeType });
    return ok({ themeType: req.body.themeType }, AUTH_MSG.themeUpdated);
  });
};
