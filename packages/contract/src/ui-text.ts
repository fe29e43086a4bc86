/** Labels and texts of the web screens that are not messages (spec wording where the spec gives one). */
export const UI_TEXT = {
  userIdLabel: '工号',
  passwordLabel: '密码',
  loginButton: '登录',
  loginCardTitle: '账号登录',
  loginTagline: '学校内部质量保证 · 诊断与改进',
  loginIntro: '围绕目标链与标准链，持续监测、及时预警、闭环改进。',
  versionLabel: '版本',
  logoutButton: '退出登录',
  myMenus: '我的菜单',
  noMenus: '暂无可用菜单，请联系管理员分配权限',
  rolesLabel: '角色',
  lastAccessLabel: '上次访问时间',
  firstAccess: '首次登录',
  checkingSession: '正在验证登录状态…',
  networkError: '网络连接失败，请检查网络后重试',
  responseInvalid: '服务器返回的数据格式不正确',
} as const;

/** "欢迎，{userName}" */
export function welcomeText(userName: string): string {
  return `欢迎，${userName}`;
}
