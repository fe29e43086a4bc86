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
  userTypesFailed: '获取用户类型列表失败',
  retry: '重试',
  cancel: '取消',
  downloadFailed: '下载失败!',
  /** Saved file name when the server names none. */
  defaultDownloadName: '下载文件',
  uploadCancelled: '上传已取消',
  /** Global handler: an error nobody handled that carries no Chinese message of its own. */
  unexpectedError: '页面出现异常，请稍后重试',
  pageErrorTitle: '页面出错了',
  pageErrorHint: '页面遇到了意外错误，请刷新后重试',
  reloadPage: '刷新页面',
  leavingForCas: '正在前往统一身份认证…',
  /** Name of the role the client adds for a department head (spec-1 section 6). */
  targetTaskDepartRoleName: '目标任务部门负责人',
  chargeDepartmentsLabel: '负责部门',
} as const;
