/** Enumerations of spec-1 section 3 and 4 that the foundation's reference data needs. */

/** Built-in role ids. The first three are fixed by the spec; the others are ours. */
export const ROLE = {
  publisher: '2020003',
  diagnosisObject: '2020005',
  admin: 'zyadmin',
  diagnosisAuditor: '2020004',
  diagnosisAdmin: '2020006',
  targetPublisher: 'targetPublisher',
  targetDepartHead: 'targetDepartHead',
  targetDepartAuditor: 'targetDepartAuditor',
  targetTaskOwner: 'targetTaskOwner',
  schoolLeader: 'schoolLeader',
  /** The data office (数据管理员): keeps the data warehouse with the administrators. */
  dataOffice: 'dataOffice',
  /** 校外专家: reviews submitted self-diagnosis reports (issue 33). */
  expertReviewer: 'expertReviewer',
  /** 学校审核: the school's review of self-diagnosis reports after the expert's (issue 33). */
  schoolReviewer: 'schoolReviewer',
} as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** Derived (not stored) role for the charge person of a department (spec-1 section 6). */
export const DERIVED_ROLE_TARGET_TASK_DEPART = 'targetTaskDepart';

export const ROLE_NAMES: Record<RoleId, string> = {
  '2020003': '诊改发布者',
  '2020005': '诊改对象',
  zyadmin: '系统管理员',
  '2020004': '诊改审核者',
  '2020006': '诊改管理员',
  targetPublisher: '年度目标发布者',
  targetDepartHead: '部门负责人',
  targetDepartAuditor: '部门审核人',
  targetTaskOwner: '任务负责人',
  schoolLeader: '校领导',
  dataOffice: '数据管理员',
  expertReviewer: '校外专家',
  schoolReviewer: '学校审核',
};

export const TASK_TYPE = [
  { code: 'A', name: '双高任务' },
  { code: 'B', name: '重点任务' },
  { code: 'C', name: '常规任务' },
  { code: 'D', name: '一般任务' },
] as const;

export const DIMENSIONS = [
  { code: 'school', name: '学校' },
  { code: 'college', name: '学院' },
  { code: 'major', name: '专业' },
  { code: 'course', name: '课程' },
  { code: 'class', name: '班级' },
  { code: 'teacher', name: '教师' },
  { code: 'student', name: '学生' },
  { code: 'department', name: '部门' },
  { code: 'teachingTeam', name: '教学团队' },
  { code: 'special', name: '专项' },
  { code: 'professional', name: '专业群' },
] as const;

export const PERIODS = [
  { code: 'year', name: '年' },
  { code: 'academicYear', name: '学年' },
  { code: 'term', name: '学期' },
  { code: 'periodOfTime', name: '时间段' },
  { code: 'pointOfTime', name: '时间点' },
] as const;
export type PeriodCode = (typeof PERIODS)[number]['code'];

/** Sampling and warning periods. */
export const WARNING_PERIOD = { month: '每月', week: '每周', day: '每天', no: '无' } as const;
export type WarningPeriod = keyof typeof WARNING_PERIOD;

/** Warning type kind: process warning or final (overdue) warning. */
export const WARNING_KIND = { process: '过程预警', final: '逾期预警' } as const;
export type WarningKind = keyof typeof WARNING_KIND;

export const SEX = { male: 1, female: 2 } as const;
