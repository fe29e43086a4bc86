/** Messages of the web's request client and sign-in flow (spec-1 section 8). */
export const WEB_MSG = {
  sessionExpiredTitle: '登录已过期',
  sessionExpiredContent: '您的登录已过期，请重新登录',
  relogin: '重新登录',
  notLoggedIn302: '未登录或登录已过期，请重新登录',
  loginFailedTitle: '登录失败',
  logoutFailedTitle: '退出失败',
  rolesFailed: '获取用户角色组数据失败，需要重新登录',
  basicInfoFailed: '获取用户基本信息失败，个人中心将会出现问题，需要重新登录',
  departmentFailed: '获取用户部门负责人数据失败，需要重新登录',
  retry: '重试',
  cancel: '取消',
  downloadFailed: '下载失败!',
} as const;
