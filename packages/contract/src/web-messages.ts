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
  /** A list, detail or analysis that failed to load: the error state's title (its text is the server's message). */
  loadFailedTitle: '加载失败',
  loadFailed: '数据加载失败，请稍后重试',
  /** After a new version is deployed, an open tab cannot load a part of the old one. */
  newVersionTitle: '系统已更新',
  newVersionHint: '系统已发布新版本，当前页面需要重新加载后才能继续使用。',
  reloadNow: '重新加载',
  /** Spec-2 section 8: a page that could not be loaded (its part of the app failed or took over 10 s). */
  pageLoadError: 'Error!',
  pageLoadFailedHint: '页面加载失败或超时，请检查网络后重新加载。',
  leavingForCas: '正在前往统一身份认证…',
  /** Name of the role the client adds for a department head (spec-1 section 6). */
  targetTaskDepartRoleName: '目标任务部门负责人',
  chargeDepartmentsLabel: '负责部门',
} as const;

/** Texts of the signed-in shell, personal centre, password dialog, home page and shared components. */
export const SHELL_TEXT = {
  personalCenter: '个人中心',
  changePassword: '修改密码',
  more: '更多',
  collapseSidebar: '收起侧边栏',
  expandSidebar: '展开侧边栏',
  themeLabel: '主题色',
  closeTab: '关闭',
  /** The tab bar's name: the pages opened in this visit. */
  openPages: '已打开的页面',
  userMenu: '用户菜单',
  // Personal centre (spec-2 section 2.10)
  saveChanges: '保存修改',
  cancel: '取消',
  userNameLabel: '姓名',
  userIdLabel: '工号',
  departmentLabel: '部门',
  emailLabel: '邮箱',
  phoneLabel: '联系电话',
  qqLabel: 'QQ',
  sexLabel: '性别',
  selectSex: '选择性别',
  male: '男',
  female: '女',
  sexUnknown: '未设置',
  editAvatar: '修改头像',
  restoreAvatar: '恢复默认头像',
  avatarPending: '保存后生效',
  discardTitle: '放弃修改？',
  discardContent: '个人信息已修改但尚未保存，确定关闭吗？',
  discardOk: '放弃修改',
  compressFailed: '图片压缩失败，请换一张图片',
  notBlob: '压缩的对象必须是 Blob 或 File',
  badDataUrl: '非法的 dataURL',
  // Change password (spec-2 section 2.11)
  confirmChange: '确认修改',
  oldPasswordLabel: '旧密码',
  newPasswordLabel: '新密码',
  confirmPasswordLabel: '确认新密码',
  passwordHint: '至少 8 位，须同时包含字母和数字',
  /** A reset or new account: the app waits behind the dialog until the password is changed. */
  forcedPasswordTitle: '请先修改初始密码',
  forcedPasswordNotice: '您的账号使用的是管理员设置的密码，修改密码后才能使用本系统。修改成功后请用新密码重新登录。',
  // Home page
  goodMorning: '上午好',
  goodAfternoon: '下午好',
  goodEvening: '晚上好',
  quickEntry: '功能入口',
  noEntries: '当前账号暂无可进入的功能模块，请联系管理员分配权限',
  warningsTitle: '任务预警',
  totalWarnings: '预警总数',
  processWarnings: '过程预警',
  expiredWarnings: '逾期预警',
  urgesTitle: '待处理督办',
  noUrges: '暂无待处理的督办',
  acceptUrge: '接收督办',
  urgeNotSet: '年度目标未设定',
  urgeNotDecomposed: '年度目标未分解',
  enterModule: '进入',
  todoTitle: '待办事项',
  todoYear: '任务年份',
  allYears: '全部年份',
  todoWaitAccept: '待我接收',
  todoWaitDefine: '待写任务书',
  todoExecuting: '我执行中',
  todoOverdue: '我逾期未完成',
  todoDefinitionAudit: '任务书待审核',
  todoReportAudit: '进度报告待审核',
  todoDelayAudit: '延期申请待审核',
  todoDepartmentAccept: '部门待接收',
  todoDepartmentResolve: '部门待分解',
  todoRoleHead: '我负责的部门',
  todoRoleAuditor: '待我审核',
  todoRoleOwner: '我负责的任务',
  noTodos: '当前账号没有需要处理的目标任务',
  todoHint: '点击查看这些待办',
  totalWarningsScope: '可见任务',
  personalWarningsScope: '我的任务',
  departmentWarningsScope: '部门任务',
  // Shared components
  noData: '暂无数据',
  loading: '加载中…',
  yearPlaceholder: '请选择年份',
  startYear: '开始年份',
  endYear: '结束年份',
  yearRangeSeparator: '至',
  prevDecade: '上一个十年',
  nextDecade: '下一个十年',
  clearValue: '清除',
  userPickerPlaceholder: '请输入工号或姓名搜索',
  noMatchedUsers: '未找到匹配的人员',
  schoolModalTitle: '选择学校',
  commonQueries: '常用查询',
  settings: '设置',
  schoolSearch: '请输入学校名称',
  allProvinces: '全部省份',
  indexColumn: '序号',
  schoolNameColumn: '学校名称',
  provinceColumn: '省份',
  selectedSchools: '已选学校',
  clearAll: '清空',
  remove: '移除',
  confirm: '确定',
  schoolSettingsTitle: '常用查询设置',
  schoolLevel: '办学层次',
  schoolNature: '办学性质',
  schoolRegion: '地区',
  all: '全部',
  expand: '展开',
  collapse: '收起',
  noCommonQueries: '尚未设置常用查询',
  allSchools: '全部学校',
  benchmarkTitle: '对标院校',
  benchmarkEmpty: '尚未选择对标院校，选择后可在这里快速查看',
  chooseBenchmark: '选择对标院校',
  editBenchmark: '调整对标院校',
  saved: '保存成功',
  gaugeLabel: '自动采集率',
  iframeFallback: '您的浏览器不支持iframe标签',
  iframeTitle: '嵌入页面',
  editCellHint: '点击编辑',
} as const;

/** The school picker's footer: "最少选择 N 所，最多选择 M 所". */
export function schoolCountHint(min: number | undefined, max: number | undefined): string {
  const parts: string[] = [];
  if (typeof min === 'number') parts.push(`最少选择 ${min} 所`);
  if (typeof max === 'number') parts.push(`最多选择 ${max} 所`);
  return parts.join('，');
}

/** The accessible name of a school's checkbox in the picker: "选择 X". */
export function schoolCheckLabel(name: string): string {
  return `选择${name}`;
}

/** The accessible name of a selected school's remove mark: "移除 X". */
export function schoolRemoveLabel(name: string): string {
  return `移除${name}`;
}

/** "共 N 所" */
export function schoolTotalText(total: number): string {
  return `共 ${total} 所`;
}

/** "已选 N 所" */
export function schoolSelectedCount(count: number): string {
  return `已选 ${count} 所`;
}

/** One line about each module, for the home page's entry cards. */
export const MODULE_INTRO: Record<string, string> = {
  dashboards: '按需订阅图表，组合个人仪表盘',
  dataScreen: '学校运行状态的全景大屏',
  standard: '目标链与标准链的设定与维护',
  improvement: '诊断任务、质控点与预警处置',
  performance: '部门与个人的绩效考核',
  qualityReport: '质量报告的编制、审核与发布',
  developCenter: '学校发展规划与建设进展',
  intelligentAnalysis: '画像分析、竞争力对比与运行监测',
  dataCollection: '数据填报、采集任务与审核',
  dataManagement: '数据目录、文件库与数据资源管理',
  annualWbs: '年度目标的分解、执行与预警',
  wbs: '目标任务的发布、执行、审核与分析',
};

/** Texts of the customisable dashboard (/dashboards, 仪表盘自定义). */
export const DASHBOARD_TEXT = {
  yearLabel: '统计年份',
  add: '添加',
  addTitle: '添加到仪表盘',
  kindLabel: '类型',
  titleLabel: '标题',
  widthLabel: '宽度',
  urlLabel: '网址',
  urlPlaceholder: 'https://',
  urlInvalid: '请输入以 http:// 或 https:// 开头的网址',
  titleRequired: '请输入标题',
  widths: { 1: '窄', 2: '中', 3: '宽' } as Record<1 | 2 | 3, string>,
  remove: '移除',
  removeConfirm: '确定从仪表盘移除该卡片吗？',
  moveUp: '前移',
  moveDown: '后移',
  restore: '恢复默认',
  noCards: '仪表盘还是空的，点击“添加”选择图表或嵌入网页',
  storedHint: '仪表盘布局保存在当前浏览器中',
  tasksOnly: '图表统计目标任务数据，需要目标任务管理菜单权限',
  kinds: {
    myFinishRate: '我的任务完成率',
    myStatus: '我的任务状态分布',
    statusTrend: '近五年我的任务状态',
    finishTrend: '近五年我的任务完成率',
    typeRadar: '各类任务完成率',
    page: '嵌入网页',
  },
  taskCount: '任务数',
  finishRate: '完成率（%）',
  inProgress: '进行中',
  finished: '已完成',
  overdue: '逾期未完成',
  waiting: '未开始',
} as const;
