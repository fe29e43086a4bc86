/** The user module's public surface: users, roles, menus and the system setting (`/api/user`). */

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
