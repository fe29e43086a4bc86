/** Every user-visible message of the platform, in Chinese, written once (spec wording where the spec gives one). */
export const MSG = {
  ok: '操作成功',
  invalidInput: '请求参数不正确',
  malformedBody: '请求内容格式不正确，请检查后重试',
  notFound: '请求的资源不存在',
  notSignedIn: '未登录或登录已过期，请重新登录',
  sessionExpired: '登录已过期',
  noPermission: '用户没有权限访问该资源',
  conflict: '当前状态不允许此操作',
  tooLarge: '上传内容过大',
  unsupportedMedia: '不支持的内容类型',
  tooManyRequests: '操作过于频繁，请稍后再试',
  serverError: '服务器内部错误，请稍后重试',
  dbUnavailable: '数据库不可用',
  loginFailed: '登录失败',
  loginBadCredentials: '工号或密码错误',
  loginDisabled: '该账号已被停用，请联系管理员',
  loginSuccess: '登录成功',
  logoutSuccess: '已退出登录',
  logoutFailed: '退出失败',
  loginUserIdRequired: '请输入工号',
  loginPasswordRequired: '请输入密码',
  requestTimeout: '请求超时！',
  requestTimeoutRetry: '请求超时，是否重试？',
  systemSettingFailed: '获取系统配置错误!',
  roleListFailed: '全局获取角色组列表错误!请重新刷新页面,防止页面权限错误!',
  required: '请输入数据',
  pleaseSelect: '请选择',
  pleaseInput: '请输入',
  noData: '暂无数据',
} as const;

export type MessageKey = keyof typeof MSG;

/** Labels of the zod issue kinds, used to build a Chinese message for a rejected field. */
export const FIELD_ISSUE = {
  required: '不能为空',
  invalidType: '类型不正确',
  tooSmall: '过小或过短',
  tooBig: '过大或过长',
  invalidFormat: '格式不正确',
  invalidValue: '取值不在允许范围内',
  unknownKeys: '包含不允许的字段',
} as const;
