import {
  AUTH_MSG,
  BasicInfoSchema,
  DepartmentSchema,
  envelope,
  listOf,
  MenuItemSchema,
  PagingQuerySchema,
  PasswordUpdateSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  RoleSchema,
  SystemSettingSchema,
  ThemeUpdateSchema,
  UserListItemSchema,
  UserSearchQuerySchema,
  UserTypeSchema,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { clearSessionCookie } from '../../platform/auth';
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

const TAGS = ['用户服务'];
const signedIn = { access: { session: true } } as const;
const page = <T>(r: { list: T[]; total: number }, q: { pageNum: number; pageSize: number }) => ({
  ...r,
  pageNum: q.pageNum,
  pageSize: q.pageSize,
});

/** `/api/user`: the user service (current user, lists for pickers, profile, password, avatar, theme). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/systemSetting',
    {
      config: { access: { public: true } },
      schema: {
        tags: TAGS,
        summary: '系统配置（登录前可用，系统名称已去除标签） / system setting, public, tags stripped',
        response: { 200: envelope(SystemSettingSchema) },
      },
    },
    async () => ok(presentSystemSetting(await findSystemSetting(db()))),
  );

  app.get(
    '/systemSetting/logo',
    {
      config: { access: { public: true } },
      schema: { tags: TAGS, summary: '系统标志图片 / the logo image' },
    },
    async (_req, reply) => {
      const setting = await findSystemSetting(db());
      const file = await findLogo(db(), setting?.logoFileId ?? null);
      reply.header('content-type', file.mime).header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'public, max-age=300');
      return reply.send(app.fileStore.get(file.id));
    },
  );

  app.get(
    '/menus',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '当前用户的菜单 / menus of the signed-in user',
        response: { 200: envelope(z.array(MenuItemSchema)) },
      },
    },
    async (req) => {
      const items = await findMenuItemsOfRoles(db(), [...actorOf(req).roles]);
      return ok(items.map(({ sortOrder: _, ...m }) => m));
    },
  );

  app.get(
    '/roles',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary:
          '当前用户的角色（含部门负责人派生角色 targetTaskDepart） / roles of the signed-in user, derived included',
        response: { 200: envelope(z.array(RoleSchema)) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const roles = await findUserRoles(db(), actor.userId);
      if (actor.chargeDepartmentIds.length) roles.push({ roleId: 'targetTaskDepart', roleName: '目标任务部门负责人' });
      return ok(roles);
    },
  );

  app.get(
    '/basicInfo',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '当前用户基本信息 / basic info of the signed-in user',
        response: { 200: envelope(BasicInfoSchema) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return ok({
        userId: actor.userId,
        userName: actor.userName,
        orgId: actor.departmentId,
        newChargeDeparmentList: await findChargeDepartments(db(), actor.userId),
      });
    },
  );

  app.get(
    '/roleList',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '角色列表（分页） / role list, paged',
        querystring: PagingQuerySchema,
        response: { 200: envelope(listOf(RoleSchema)) },
      },
    },
    async (req) => ok(page(await pageRoles(db(), req.query.pageNum, req.query.pageSize), req.query)),
  );

  app.get(
    '/search',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '人员搜索（工号或姓名，每页最多100） / user search by id or name',
        querystring: UserSearchQuerySchema,
        response: { 200: envelope(listOf(UserListItemSchema)) },
      },
    },
    async (req) => {
      const q = req.query;
      return ok(page(await searchUsers(db(), q.name, q.pageNum, q.pageSize), q));
    },
  );

  app.get(
    '/departmentList',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '部门列表 / departments',
        querystring: PagingQuerySchema,
        response: { 200: envelope(listOf(DepartmentSchema)) },
      },
    },
    async (req) => ok(page(await pageDepartments(db(), req.query.pageNum, req.query.pageSize), req.query)),
  );

  app.get(
    '/userTypeList',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '用户类型列表 / user types',
        querystring: PagingQuerySchema,
        response: { 200: envelope(listOf(UserTypeSchema)) },
      },
    },
    async (req) => ok(page(await pageUserTypes(db(), req.query.pageNum, req.query.pageSize), req.query)),
  );

  app.get(
    '/personalInfo',
    {
      config: signedIn,
      schema: { tags: TAGS, summary: '个人信息 / own profile', response: { 200: envelope(ProfileSchema) } },
    },
    async (req) => ok(await getProfile(db(), actorOf(req).userId)),
  );

  app.post(
    '/personalInfo/update',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '修改个人信息（邮箱、电话、QQ、性别，保存前去除首尾空格） / update own profile, trimmed',
        body: ProfileUpdateSchema,
        response: { 200: envelope(ProfileSchema) },
      },
    },
    async (req) => ok(await updateProfile(db(), actorOf(req), req.body), AUTH_MSG.userInfoUpdated),
  );

  app.post(
    '/password/update',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '修改密码；成功后该用户的全部会话结束 / change password; every session of the user ends',
        body: PasswordUpdateSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await changePassword(db(), actorOf(req), req.body);
      clearSessionCookie(app, reply);
      return ok(null, AUTH_MSG.passwordChanged);
    },
  );

  app.post(
    '/portraitChange',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '上传头像（multipart，字段 file；gif/jpg/jpeg/png/bmp/webp） / upload an avatar',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ headPortrait: z.string() })) },
      },
    },
    async (req) => {
      const part = await req.file();
      if (!part) throw new AppError(400, AUTH_MSG.fileMissing);
      const { head, stream } = await peek(part.file, 16);
      const url = await changeAvatar(db(), app.fileStore, actorOf(req), { filename: part.filename, head, stream });
      return ok({ headPortrait: url }, AUTH_MSG.avatarUpdated);
    },
  );

  app.get(
    '/avatar/:fileId',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '头像图片 / an avatar image',
        params: z.object({ fileId: z.string().regex(/^[0-9a-f-]{36}$/) }),
      },
    },
    async (req, reply) => {
      const file = await findAvatar(db(), req.params.fileId);
      reply.header('content-type', file.mime).header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'private, max-age=86400');
      return reply.send(app.fileStore.get(file.id));
    },
  );

  app.post(
    '/theme',
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: '保存主题色（按用户保存） / save the theme colour per user',
        body: ThemeUpdateSchema,
        response: { 200: envelope(z.object({ themeType: z.string() })) },
      },
    },
    async (req) => {
      await updateUser(db(), actorOf(req).userId, { theme: req.body.themeType });
      return ok({ themeType: req.body.themeType }, AUTH_MSG.themeUpdated);
    },
  );
};
