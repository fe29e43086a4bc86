import { hash } from '@node-rs/argon2';
import { SYSTEM_ADMIN_API as API, AUTH_MSG, isStrongPassword, listReply, SYSTEM_MSG as M, ROLE } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { sendXlsx } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { badRequest } from '../../platform/errors';
import { excelUpload } from '../../platform/excel';
import { adminDepartments, createDepartment, editDepartment, setDepartmentEnabled } from './department-admin.service';
import { pageRoleHolders } from './role-admin.repository';
import { adminRoles, createRole, removeRole, setRoleMenus, updateRole } from './role-admin.service';
import { adminSetting, saveSetting, testCas } from './setting-admin.service';
import { presentAdminUser } from './user-admin.presenter';
import { pageAdminUsers } from './user-admin.repository';
import { createUser, editUser, resetPassword, setUserEnabled } from './user-admin.service';
import { exportUsers, userTemplate } from './user-excel';
import { startUserImport, userImportJob } from './user-import.jobs';

/** 系统管理's users, roles, departments and settings (`/api/system`, SYSTEM_ADMIN_API): administrators only. */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const ADMIN = { roles: [ROLE.admin] };

  serve(app, API.users, ADMIN, async (req) => {
    const { pageNum, pageSize, ...filter } = req.query;
    const { list, total } = await pageAdminUsers(db(), filter, pageNum, pageSize);
    return ok(listReply(list.map(presentAdminUser), total, req.query));
  });
  serve(app, API.userCreate, ADMIN, async (req) => ok(await createUser(db(), actorOf(req), req.body), M.created));
  serve(app, API.userUpdate, ADMIN, async (req) =>
    ok(await editUser(db(), actorOf(req), req.params.userId, req.body), M.saved),
  );
  serve(app, API.userEnable, ADMIN, async (req) =>
    ok(await setUserEnabled(db(), actorOf(req), req.params.userId, true), M.enabled),
  );
  serve(app, API.userDisable, ADMIN, async (req) =>
    ok(await setUserEnabled(db(), actorOf(req), req.params.userId, false), M.disabled),
  );
  serve(app, API.userResetPassword, ADMIN, async (req) => {
    await resetPassword(db(), actorOf(req), req.params.userId, req.body.password);
    return ok(null, M.passwordReset);
  });
  serve(app, API.userTemplate, ADMIN, async (_req, reply) => sendXlsx(reply, await userTemplate()));
  serve(app, API.userImport, ADMIN, async (req) => {
    const { upload, fields } = await excelUpload(req);
    const mode = fields.mode === 'upsert' ? 'upsert' : 'create';
    const password = fields.password ?? '';
    if (!password) throw badRequest(AUTH_MSG.newPasswordRequired);
    if (!password.trim()) throw badRequest(AUTH_MSG.notBlank);
    if (password.length > 128 || !isStrongPassword(password)) throw badRequest(AUTH_MSG.passwordRule);
    const id = await startUserImport(app, actorOf(req), upload, { mode, passwordHash: await hash(password) });
    return ok({ id });
  });
  serve(app, API.userImportJob, ADMIN, async (req) => ok(await userImportJob(app, actorOf(req), req.query.id)));
  serve(app, API.userExport, ADMIN, async (req, reply) =>
    sendXlsx(reply, await exportUsers(db(), req.query, app.clock.now())),
  );

  serve(app, API.roles, ADMIN, async () => ok(await adminRoles(db())));
  serve(app, API.roleCreate, ADMIN, async (req) =>
    ok(await createRole(db(), actorOf(req), req.body.roleName), M.created),
  );
  serve(app, API.roleUpdate, ADMIN, async (req) =>
    ok(await updateRole(db(), actorOf(req), req.params.roleId, req.body.roleName), M.saved),
  );
  serve(app, API.roleDelete, ADMIN, async (req) =>
    ok(await removeRole(db(), actorOf(req), req.params.roleId), M.deleted),
  );
  serve(app, API.roleMenus, ADMIN, async (req) =>
    ok(await setRoleMenus(db(), actorOf(req), req.params.roleId, req.body.menuKeys), M.saved),
  );
  serve(app, API.roleUsers, ADMIN, async (req) => {
    const { list, total } = await pageRoleHolders(db(), req.params.roleId, req.query.pageNum, req.query.pageSize);
    return ok(listReply(list, total, req.query));
  });

  serve(app, API.departments, ADMIN, async () => ok(await adminDepartments(db())));
  serve(app, API.departmentCreate, ADMIN, async (req) =>
    ok(await createDepartment(db(), actorOf(req), req.body), M.created),
  );
  serve(app, API.departmentUpdate, ADMIN, async (req) =>
    ok(await editDepartment(db(), actorOf(req), req.params.departmentId, req.body), M.saved),
  );
  serve(app, API.departmentEnable, ADMIN, async (req) =>
    ok(await setDepartmentEnabled(db(), actorOf(req), req.params.departmentId, true), M.enabled),
  );
  serve(app, API.departmentDisable, ADMIN, async (req) =>
    ok(await setDepartmentEnabled(db(), actorOf(req), req.params.departmentId, false), M.disabled),
  );

  serve(app, API.setting, ADMIN, async () => ok(await adminSetting(db(), app.config)));
  serve(app, API.settingUpdate, ADMIN, async (req) =>
    ok(await saveSetting(db(), app.config, actorOf(req), req.body), M.saved),
  );
  serve(app, API.casTest, ADMIN, async (req) => ok(await testCas(req.body.casServerUrl)));
};
