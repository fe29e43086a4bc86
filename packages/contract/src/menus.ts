/**
 * The menu catalogue: every menu key of spec-1 section 2, its path and default Chinese label.
 * The server grants keys to roles; the web maps keys to pages. One list for both.
 */
export interface MenuDef {
  key: string;
  path: string;
  label: string;
  icon?: string;
  parent?: string;
  /** Top-level modules hidden in the bar (still routable). */
  hiddenInBar?: boolean;
  /** Shown only when the named feature flag is on. */
  featureFlag?: string;
  /** Also shown whenever this other key is granted (spec-1 section 2: /dashboards whenever the home menu is). */
  grantedWith?: string;
}

export const MENUS = [
  { key: 'homePage', path: '/index', label: '首页', icon: 'home' },
  {
    key: 'dashboards',
    path: '/dashboards',
    label: '仪表盘自定义',
    icon: 'dashboard',
    hiddenInBar: true,
    grantedWith: 'homePage',
  },
  { key: 'dataScreen', path: '/dataScreen', label: '数据大屏', icon: 'fund' },
  { key: 'dataScreenDynamic', path: '/dataScreen/dynamic', label: '动态大屏', parent: 'dataScreen' },
  { key: 'standard', path: '/target', label: '目标标准', icon: 'aim' },
  { key: 'improvement', path: '/improvement', label: '诊断改进', icon: 'tool' },
  { key: 'performance', path: '/performance', label: '绩效中心', icon: 'trophy' },
  { key: 'qualityReport', path: '/report', label: '质量报告', icon: 'fileText' },
  { key: 'developCenter', path: '/develop', label: '发展中心', icon: 'rise' },
  { key: 'intelligentAnalysis', path: '/analysis', label: '智能分析', icon: 'barChart' },
  { key: 'intelligentAnalysisDynamic', path: '/analysis/portrayal', label: '画像分析', parent: 'intelligentAnalysis' },
  { key: 'dataCollection', path: '/dataCollection', label: '数据采集', icon: 'form' },
  { key: 'dataManagement', path: '/dataManage', label: '数据管理', icon: 'database' },
  {
    key: 'annualWbs',
    path: '/newTaskManagement',
    label: '年度目标分解',
    icon: 'apartment',
    featureFlag: 'newTaskManagement',
  },
  { key: 'annualWbsPersonal', path: '/newTaskManagement/myTask', label: '我的任务', parent: 'annualWbs' },
  { key: 'annualWbsDepartment', path: '/newTaskManagement/departmentTask', label: '部门任务', parent: 'annualWbs' },
  { key: 'wbs', path: '/targetTaskManagement', label: '目标任务管理', icon: 'project' },
  /** 系统管理: beyond the spec (issue 36), administrators only. */
  { key: 'system', path: '/system', label: '系统管理', icon: 'setting' },
] as const satisfies readonly MenuDef[];

export type MenuKey = (typeof MENUS)[number]['key'];
export const MENU_KEYS: readonly MenuKey[] = MENUS.map((m) => m.key);
