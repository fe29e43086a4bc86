/** The user module's public surface: users, roles, menus, departments and the system setting (`/api/user`, 系统管理). */

export { casSettings } from './setting-admin.service';
export { userPlugin } from './user.plugin';
export { presentLoginRecord, presentSystemSetting } from './user.presenter';
export {
  findChargeDepartments,
  findMenusOfRoles,
  findSystemSetting,
  findUser,
  findUserRoles,
  touchLastAccess,
} from './user.repository';
