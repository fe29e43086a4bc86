import { ROLE, type RoleId } from '@zg/contract';

export const ADMIN_PASSWORD = 'Admin@2026';
export const DEMO_PASSWORD = 'Demo@2026';

/** Demo departments; every one has a head (bmfzr01 heads 教务处). */
export const DEMO_DEPARTMENTS = [
  { id: 'D01', name: '党政办公室', shortNameZh: '党政办', shortNameEn: 'PAO', head: 'bmfzr02' },
  { id: 'D02', name: '教务处', shortNameZh: '教务处', shortNameEn: 'AAO', head: 'bmfzr01' },
  { id: 'D03', name: '学生工作处', shortNameZh: '学工处', shortNameEn: 'SAO', head: 'bmfzr03' },
  { id: 'D04', name: '质量管理办公室', shortNameZh: '质管办', shortNameEn: 'QMO', head: 'bmfzr04' },
  { id: 'D05', name: '人事处', shortNameZh: '人事处', shortNameEn: 'HRO', head: 'bmfzr05' },
  { id: 'D06', name: '科研处', shortNameZh: '科研处', shortNameEn: 'RO', head: 'bmfzr06' },
  { id: 'D07', name: '信息工程学院', shortNameZh: '信息学院', shortNameEn: 'SIE', head: 'bmfzr07' },
  { id: 'D08', name: '机电工程学院', shortNameZh: '机电学院', shortNameEn: 'SME', head: 'bmfzr08' },
  { id: 'D09', name: '经济管理学院', shortNameZh: '经管学院', shortNameEn: 'SEM', head: 'bmfzr09' },
  { id: 'D10', name: '艺术设计学院', shortNameZh: '艺术学院', shortNameEn: 'SAD', head: 'bmfzr10' },
] as const;

interface DemoUser {
  id: string;
  name: string;
  sex: 1 | 2;
  departmentId: string;
  userTypeId: string;
  roles: RoleId[];
  email?: string;
  phone?: string;
}

const HEAD_NAMES = ['王建国', '刘海燕', '孙志强', '周丽华', '吴国栋', '郑晓红', '冯立新', '陈志远', '褚秀英', '卫东升'];
const OWNER_NAMES = ['张伟', '李娜', '王磊', '刘洋', '陈静', '杨帆'];

export const DEMO_USERS: DemoUser[] = [
  { id: 'fbr01', name: '李明', sex: 1, departmentId: 'D04', userTypeId: 'manager', roles: [ROLE.targetPublisher] },
  ...DEMO_DEPARTMENTS.map((d, i) => ({
    id: d.head,
    name: HEAD_NAMES[Number(d.head.slice(-2)) - 1] ?? d.head,
    sex: (i % 3 === 1 ? 2 : 1) as 1 | 2,
    departmentId: d.id,
    userTypeId: 'manager',
    roles: [ROLE.targetDepartHead],
  })),
  ...OWNER_NAMES.map((name, i) => ({
    id: `rwfzr0${i + 1}`,
    name,
    sex: (i % 2 === 0 ? 1 : 2) as 1 | 2,
    // rwfzr01 works in 教务处, the department bmfzr01 heads.
    departmentId: DEMO_DEPARTMENTS[(i + 1) % DEMO_DEPARTMENTS.length]!.id,
    userTypeId: 'staff',
    roles: [ROLE.targetTaskOwner, ROLE.diagnosisObject],
  })),
  {
    id: 'shr01',
    name: '赵敏',
    sex: 2,
    departmentId: 'D04',
    userTypeId: 'manager',
    roles: [ROLE.targetDepartAuditor, ROLE.diagnosisAuditor],
  },
  { id: 'xld01', name: '陈伯涛', sex: 1, departmentId: 'D01', userTypeId: 'leader', roles: [ROLE.schoolLeader] },
  {
    id: 'zgfb01',
    name: '何静',
    sex: 2,
    departmentId: 'D04',
    userTypeId: 'manager',
    roles: [ROLE.publisher, ROLE.diagnosisAdmin],
  },
  { id: 'sjgl01', name: '孟晓燕', sex: 2, departmentId: 'D04', userTypeId: 'manager', roles: [ROLE.dataOffice] },
  // 专业负责人 of a major of 信息工程学院: a diagnosis object who reads the major level's standard system (story/standards.ts).
  { id: 'zyfzr01', name: '林志华', sex: 1, departmentId: 'D07', userTypeId: 'staff', roles: [ROLE.diagnosisObject] },
  // 自我诊断报告's reviewers (issue 33): an outside expert and the school's reviewer (质量办).
  { id: 'zj01', name: '宋明远', sex: 1, departmentId: 'D04', userTypeId: 'staff', roles: [ROLE.expertReviewer] },
  { id: 'xxsh01', name: '顾佩琳', sex: 2, departmentId: 'D04', userTypeId: 'manager', roles: [ROLE.schoolReviewer] },
];

export const ADMIN_USER: DemoUser = {
  id: 'zyadmin',
  name: '系统管理员',
  sex: 1,
  departmentId: 'D04',
  userTypeId: 'manager',
  roles: [ROLE.admin],
};
