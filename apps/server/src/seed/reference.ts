import { DIMENSIONS, MENUS, type MenuKey, PERIODS, ROLE, ROLE_NAMES, type RoleId, TASK_TYPE } from '@zg/contract';

/** Menus each built-in role gets when a menu first appears; administrators change grants afterwards. */
export const DEFAULT_ROLE_MENUS: Record<RoleId, readonly MenuKey[] | 'all'> = {
  [ROLE.admin]: 'all',
  [ROLE.publisher]: ['homePage', 'dashboards', 'standard', 'improvement', 'qualityReport', 'intelligentAnalysis'],
  [ROLE.diagnosisObject]: [
    'homePage',
    'dashboards',
    'standard',
    'improvement',
    'qualityReport',
    'dataCollection',
    // 智能分析 (issue 35): a major's head analyses their own major (指标分析, the portraits narrow to it).
    'intelligentAnalysis',
    // 画像分析 (issue 35): a major head opens the portraits of the majors granted to them.
    'intelligentAnalysisDynamic',
  ],
  [ROLE.diagnosisAuditor]: ['homePage', 'dashboards', 'standard', 'improvement', 'qualityReport'],
  [ROLE.diagnosisAdmin]: [
    'homePage',
    'dashboards',
    'dataScreen',
    'dataScreenDynamic',
    'standard',
    'improvement',
    'qualityReport',
    'intelligentAnalysis',
    'intelligentAnalysisDynamic',
    'dataCollection',
    'dataManagement',
  ],
  [ROLE.targetPublisher]: [
    'homePage',
    'dashboards',
    'wbs',
    'annualWbs',
    'annualWbsPersonal',
    'annualWbsDepartment',
    'performance',
  ],
  [ROLE.targetDepartHead]: [
    'homePage',
    'dashboards',
    'wbs',
    'annualWbs',
    'annualWbsPersonal',
    'annualWbsDepartment',
    'performance',
    // 智能分析 and 画像分析 (issue 35): a college head opens the portraits of their college (the header lists 智能分析
    // only with its parent key; 对标分析 and 双高对比 are the school's public figures, read by any head).
    'intelligentAnalysis',
    'intelligentAnalysisDynamic',
  ],
  [ROLE.targetDepartAuditor]: ['homePage', 'dashboards', 'wbs', 'annualWbs', 'annualWbsDepartment'],
  [ROLE.targetTaskOwner]: ['homePage', 'dashboards', 'wbs', 'annualWbs', 'annualWbsPersonal'],
  [ROLE.schoolLeader]: [
    'homePage',
    'dashboards',
    'dataScreen',
    'dataScreenDynamic',
    'intelligentAnalysis',
    'intelligentAnalysisDynamic',
    'qualityReport',
    // 诊断改进 read-only: a school leader sees every diagnosis task whole (diagnosis.policy.ts seesWholeTask).
    'improvement',
    'wbs',
    'annualWbs',
    'performance',
    'developCenter',
  ],
  [ROLE.dataOffice]: ['homePage', 'dashboards', 'dataCollection', 'dataManagement'],
  // 自我诊断报告's reviewers (issue 33): the reports under 质量报告.
  [ROLE.expertReviewer]: ['homePage', 'qualityReport'],
  [ROLE.schoolReviewer]: ['homePage', 'qualityReport'],
};

export const ROLE_ROWS = (Object.keys(ROLE_NAMES) as RoleId[]).map((id, i) => ({
  id,
  name: ROLE_NAMES[id],
  builtIn: true,
  sortOrder: i + 1,
}));

export const MENU_ROWS = MENUS.map((m, i) => ({
  key: m.key,
  name: m.label,
  path: m.path,
  icon: 'icon' in m ? m.icon : null,
  parentKey: 'parent' in m ? m.parent : null,
  sortOrder: (i + 1) * 10,
}));

export const USER_TYPE_ROWS = [
  { id: 'staff', name: '教职工', sortOrder: 1 },
  { id: 'manager', name: '管理人员', sortOrder: 2 },
  { id: 'leader', name: '校领导', sortOrder: 3 },
  { id: 'expert', name: '校外专家', sortOrder: 4 },
  { id: 'student', name: '学生', sortOrder: 5 },
];

/** Cycle values per period type; the one marked default is the default value of its type. */
export const CYCLE_VALUES: Record<(typeof PERIODS)[number]['code'], { value: string; isDefault?: boolean }[]> = {
  year: [{ value: '2024' }, { value: '2025' }, { value: '2026', isDefault: true }, { value: '2027' }],
  academicYear: [{ value: '2024-2025' }, { value: '2025-2026', isDefault: true }, { value: '2026-2027' }],
  term: [
    { value: '2025-2026学年第一学期', isDefault: true },
    { value: '2025-2026学年第二学期' },
    { value: '2026-2027学年第一学期' },
  ],
  periodOfTime: [{ value: '2026年上半年', isDefault: true }, { value: '2026年下半年' }],
  pointOfTime: [{ value: '2026-06-30', isDefault: true }, { value: '2026-12-31' }],
};

export const CYCLE_TYPE_ROWS = PERIODS.map((p, i) => ({ code: p.code, name: p.name, sortOrder: i + 1 }));
export const TASK_TYPE_ROWS = TASK_TYPE.map((t, i) => ({ code: t.code, name: t.name, sortOrder: i + 1 }));
export const DIMENSION_ROWS = DIMENSIONS.map((d, i) => ({ code: d.code, name: d.name, sortOrder: i + 1 }));

export const WARNING_TYPE_ROWS = [
  {
    name: '过程预警',
    description: '周期进度报告在截止日前后规定天数内未提交',
    kind: 'process',
    days: 7,
    period: 'month',
    periodDay: 25,
    periodHour: 9,
    sortOrder: 1,
  },
  {
    name: '15天到期预警',
    description: '任务距结束时间不足15天且尚未完成',
    kind: 'process',
    days: 15,
    period: 'day',
    periodHour: 9,
    sortOrder: 2,
  },
  {
    name: '逾期预警',
    description: '任务已超过结束时间仍未完成',
    kind: 'final',
    days: 0,
    period: 'day',
    periodHour: 9,
    sortOrder: 3,
  },
];
