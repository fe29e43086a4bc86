import { z } from 'zod';
import { endpoint, FILE, MULTIPART } from './endpoint';
import { OptionPagingQuerySchema } from './envelope';
import { SystemSettingSchema } from './system';
import {
  AvatarParamsSchema,
  BasicInfoSchema,
  DepartmentListSchema,
  MenuListSchema,
  PasswordUpdateSchema,
  PortraitChangedSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  RoleListSchema,
  RolesSchema,
  ThemeSavedSchema,
  ThemeUpdateSchema,
  UserSearchPageSchema,
  UserSearchQuerySchema,
  UserTypeListSchema,
} from './user';

const U = '/api/user';
const tags = ['用户服务'] as const;

/**
 * The user module's endpoints (`/api/user`): the system setting and its logo, the current user, lists for pickers,
 * profile, password, avatar and theme. (The school and setting writes under `/api/user` are the reference module's.)
 */
export const USER_API = {
  systemSetting: endpoint({
    method: 'GET',
    path: `${U}/systemSetting`,
    summary: '系统配置（登录前可用，系统名称已去除标签） / system setting, public, tags stripped',
    tags,
    response: SystemSettingSchema,
  }),
  logo: endpoint({
    method: 'GET',
    path: `${U}/systemSetting/logo`,
    summary: '系统标志图片 / the logo image',
    tags,
    response: FILE,
  }),
  menus: endpoint({
    method: 'GET',
    path: `${U}/menus`,
    summary: '当前用户的菜单 / menus of the signed-in user',
    tags,
    response: MenuListSchema,
  }),
  roles: endpoint({
    method: 'GET',
    path: `${U}/roles`,
    summary: '当前用户的角色（含部门负责人派生角色 targetTaskDepart） / roles of the signed-in user, derived included',
    tags,
    response: RolesSchema,
  }),
  basicInfo: endpoint({
    method: 'GET',
    path: `${U}/basicInfo`,
    summary: '当前用户基本信息 / basic info of the signed-in user',
    tags,
    response: BasicInfoSchema,
  }),
  roleList: endpoint({
    method: 'GET',
    path: `${U}/roleList`,
    summary: '角色列表（分页） / role list, paged',
    tags,
    query: OptionPagingQuerySchema,
    response: RoleListSchema,
  }),
  search: endpoint({
    method: 'GET',
    path: `${U}/search`,
    summary: '人员搜索（工号或姓名，每页最多100） / user search by id or name',
    tags,
    query: UserSearchQuerySchema,
    response: UserSearchPageSchema,
  }),
  departmentList: endpoint({
    method: 'GET',
    path: `${U}/departmentList`,
    summary: '部门列表 / departments',
    tags,
    query: OptionPagingQuerySchema,
    response: DepartmentListSchema,
  }),
  userTypeList: endpoint({
    method: 'GET',
    path: `${U}/userTypeList`,
    summary: '用户类型列表 / user types',
    tags,
    query: OptionPagingQuerySchema,
    response: UserTypeListSchema,
  }),
  profile: endpoint({
    method: 'GET',
    path: `${U}/personalInfo`,
    summary: '个人信息 / own profile',
    tags,
    response: ProfileSchema,
  }),
  profileUpdate: endpoint({
    method: 'POST',
    path: `${U}/personalInfo/update`,
    summary: '修改个人信息（邮箱、电话、QQ、性别，保存前去除首尾空格） / update own profile, trimmed',
    tags,
    body: ProfileUpdateSchema,
    response: ProfileSchema,
  }),
  passwordUpdate: endpoint({
    method: 'POST',
    path: `${U}/password/update`,
    summary: '修改密码；成功后该用户的全部会话结束 / change password; every session of the user ends',
    tags,
    body: PasswordUpdateSchema,
    response: z.null(),
  }),
  portraitChange: endpoint({
    method: 'POST',
    path: `${U}/portraitChange`,
    summary: '上传头像（multipart，字段 file；gif/jpg/jpeg/png/bmp/webp） / upload an avatar',
    tags,
    consumes: MULTIPART,
    response: PortraitChangedSchema,
  }),
  avatar: endpoint({
    method: 'GET',
    path: `${U}/avatar/:fileId`,
    summary: '头像图片 / an avatar image',
    tags,
    params: AvatarParamsSchema,
    response: FILE,
  }),
  theme: endpoint({
    method: 'POST',
    path: `${U}/theme`,
    summary: '保存主题色（按用户保存） / save the theme colour per user',
    tags,
    body: ThemeUpdateSchema,
    response: ThemeSavedSchema,
  }),
} as const;
