import type { TaskCard, YearTarget } from '../features/target-task/target-task.api';

/** A task card as the server sends it (tests only). */
export function taskCard(over: Partial<TaskCard> = {}): TaskCard {
  return {
    id: 1,
    yearTargetId: 10,
    yearTargetName: '2026年教学质量提升工程',
    parentId: null,
    rwmc: '课程思政示范课建设',
    rwzt: 'notPushed',
    rwztmc: '未下发',
    kssj: '2026-01-01',
    jssj: '2026-12-31',
    jkrmc: '赵敏',
    zqz: '2026',
    rwnf: '2026',
    cjrmc: '李明',
    rwlx: 'A',
    fbbm: '教务处',
    departmentId: 'D02',
    fzrmc: null,
    ownerId: null,
    rwjd: 0,
    weight: 30,
    auditStatus: null,
    auditReason: null,
    isLeaf: true,
    version: 1,
    processWarningCount: 0,
    expiredWarningCount: 0,
    abilities: {},
    ...over,
  };
}

/** A year target as the server sends it (tests only). */
export function yearTarget(over: Partial<YearTarget> = {}): YearTarget {
  return {
    id: 10,
    name: '2026年教学质量提升工程',
    cycleYear: 2026,
    sortOrder: 1,
    chargeDepartId: 'D04',
    chargeDepartName: '质量管理办公室',
    auditorId: 'shr01',
    auditorName: '赵敏',
    creatorId: 'fbr01',
    creatorName: '李明',
    createTime: '2026-03-01T08:00:00.000Z',
    status: 'waitResolve',
    description: null,
    taskCount: 1,
    version: 1,
    abilities: { edit: false, delete: false, addTask: false },
    ...over,
  };
}
