import { ROLE } from '@zg/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fillTasks, warehouseFields, warehouseTables } from '../db/schema';
import {
  act,
  closeOutdated,
  createDirectory,
  createForm,
  createTask,
  publishForm,
  saveConstant,
  saveConstantType,
  saveRows,
  syncTask,
} from '../modules/data-collection';
import { loadWarehouse } from '../modules/data-manage';
import type { Actor } from '../platform/access';
import { Clock } from '../platform/clock';
import type { Hooks } from '../platform/hooks';
import { ADMIN_USER, DEMO_USERS } from './demo';

/**
 * The demo school's data collection (数据采集): a warehouse 数据采集仓库 with two empty tables, the constant type
 * 实践类型, two published forms (专业基本情况, a fixed table of one row; 教师企业实践, a floating one) in the directory
 * 年度数据采集, and three collection tasks whose fill tasks are in every state, moved there through the module's own
 * rules (saved, committed, passed, rejected with a reason, synced into the warehouse):
 * - rwfzr01 (张伟) fills: 专业基本情况 this year, a draft (未提交); 教师企业实践 this year, committed (待审核); last
 *   year's 教师企业实践, passed and in the warehouse (已完成).
 * - zgfb01 (何静) audits all of them: two wait for her, one was sent back with a reason (rwfzr04 sees it).
 * Everything is dated against `today` (last year's task was open last year and is closed now).
 */
export async function seedDemoCollection(db: Db, today: string, hooks: Hooks) {
  const year = Number(today.slice(0, 4));
  const admin = actorOf(ADMIN_USER.id);
  await loadWarehouse(db, COLLECTION_WAREHOUSE, ADMIN_USER.id);
  const ids = await tableIds(db);

  const type = await saveConstantType(db, admin, { code: 'sjlx', name: '实践类型', remark: '教师企业实践的形式' });
  for (const [i, [value, label]] of PRACTICE_TYPES.entries())
    await saveConstant(db, admin, { typeId: type.id, value, label, sortOrder: i + 1 });

  const dir = await createDirectory(db, admin, { name: '年度数据采集', sortOrder: 1 });
  const major = await createForm(db, admin, {
    directoryId: dir.id,
    name: '专业基本情况',
    tableId: ids.major.id,
    tableType: 'fixed',
    remark: '每个专业负责人填报一行',
    fields: [
      field(ids.major, 'zydm', '专业代码', 'text', { required: true, unique: true }),
      field(ids.major, 'zymc', '专业名称', 'text', { required: true }),
      field(ids.major, 'zxss', '在校生数', 'number', { required: true, min: 0, max: 5000, decimals: 0 }),
      field(ids.major, 'zrjss', '专任教师数', 'number', { min: 0, max: 500, decimals: 0 }),
      field(ids.major, 'sfzdzy', '是否重点专业', 'yesNo', { defaultValue: '否' }),
    ],
  });
  const practice = await createForm(db, admin, {
    directoryId: dir.id,
    name: '教师企业实践',
    tableId: ids.practice.id,
    tableType: 'floating',
    remark: '每位教师的企业实践经历各占一行',
    fields: [
      field(ids.practice, 'gh', '工号', 'text', { required: true }),
      field(ids.practice, 'xm', '姓名', 'text', { required: true }),
      field(ids.practice, 'qymc', '企业名称', 'text', { required: true }),
      field(ids.practice, 'sjlx', '实践类型', 'select', { required: true, constantTypeId: type.id }),
      field(ids.practice, 'ksrq', '开始日期', 'date'),
      field(ids.practice, 'ts', '天数', 'number', { min: 1, max: 365, decimals: 0 }),
      field(ids.practice, 'zmcl', '证明材料', 'file'),
      field(ids.practice, 'sfwc', '是否完成', 'yesNo', { defaultValue: '否' }),
    ],
  });
  await publishForm(db, admin, major.id);
  await publishForm(db, admin, practice.id);

  const now = new Clock();
  now.set(`${today}T12:00:00`);
  const auditor = actorOf('zgfb01');

  // Last year's practice, filled and passed then, written into the warehouse, closed since.
  const then = new Clock();
  then.set(`${year - 1}-10-15T12:00:00`);
  const last = await createTask(db, admin, {
    name: `${year - 1}年教师企业实践采集`,
    formId: practice.id,
    cycle: String(year - 1),
    startDate: `${year - 1}-10-01`,
    deadline: `${year - 1}-11-30`,
    departmentIds: [],
    userIds: ['rwfzr01', 'rwfzr02'],
    auditorId: auditor.userId,
    auditorOf: {},
  });
  const lastFills = await fillsOf(db, last.id);
  await fillAndCommit(db, hooks, then, lastFills.rwfzr01!, 'rwfzr01', practiceRows(year - 1, 0, 3));
  await fillAndCommit(db, hooks, then, lastFills.rwfzr02!, 'rwfzr02', practiceRows(year - 1, 3, 2));
  await act(db, hooks, then, auditor, lastFills.rwfzr01!, 'pass', '材料齐全');
  await act(db, hooks, then, auditor, lastFills.rwfzr02!, 'pass');
  await syncTask(db, hooks, admin, last.id);
  await closeOutdated(db, now, admin.userId);

  // This year's two tasks, open from ten days ago for another three weeks.
  const start = shift(today, -10);
  const deadline = shift(today, 21);
  const majorTask = await createTask(db, admin, {
    name: `${year}年专业基本情况采集`,
    formId: major.id,
    cycle: String(year),
    startDate: start,
    deadline,
    departmentIds: [],
    userIds: ['rwfzr01', 'rwfzr02', 'rwfzr03', 'rwfzr04'],
    auditorId: auditor.userId,
    auditorOf: {},
  });
  const majors = await fillsOf(db, majorTask.id);
  // rwfzr01: a draft of one row, not committed yet.
  await saveRows(db, now, actorOf('rwfzr01'), {
    fillTaskId: majors.rwfzr01!,
    rows: [{ zydm: '510201', zymc: '计算机应用技术', zxss: '612', zrjss: '', sfzdzy: '是' }],
  });
  await fillAndCommit(db, hooks, now, majors.rwfzr02!, 'rwfzr02', [
    { zydm: '460301', zymc: '机械制造及自动化', zxss: '538', zrjss: '31', sfzdzy: '是' },
  ]);
  await fillAndCommit(db, hooks, now, majors.rwfzr03!, 'rwfzr03', [
    { zydm: '530302', zymc: '大数据与会计', zxss: '701', zrjss: '36', sfzdzy: '否' },
  ]);
  await act(db, hooks, now, auditor, majors.rwfzr03!, 'pass');
  await syncTask(db, hooks, admin, majorTask.id);
  await fillAndCommit(db, hooks, now, majors.rwfzr04!, 'rwfzr04', [
    { zydm: '550101', zymc: '艺术设计', zxss: '12', zrjss: '20', sfzdzy: '否' },
  ]);
  await act(
    db,
    hooks,
    now,
    auditor,
    majors.rwfzr04!,
    'reject',
    '在校生数与学籍系统不符（应为 312 人），请核对后重新提交',
  );

  const practiceTask = await createTask(db, admin, {
    name: `${year}年教师企业实践采集`,
    formId: practice.id,
    cycle: String(year),
    startDate: start,
    deadline,
    departmentIds: [],
    userIds: ['rwfzr01', 'rwfzr05', 'rwfzr06'],
    auditorId: auditor.userId,
    auditorOf: {},
  });
  const practices = await fillsOf(db, practiceTask.id);
  await fillAndCommit(db, hooks, now, practices.rwfzr01!, 'rwfzr01', practiceRows(year, 0, 3));
  await saveRows(db, now, actorOf('rwfzr05'), { fillTaskId: practices.rwfzr05!, rows: practiceRows(year, 3, 1) });
}

const PRACTICE_TYPES = [
  ['gg', '跟岗实践'],
  ['dg', '顶岗实践'],
  ['jsfw', '技术服务'],
  ['gzdl', '挂职锻炼'],
] as const;

/** The warehouse the two forms write into (empty until a fill task is passed and synced). */
export const COLLECTION_WAREHOUSE = {
  name: '数据采集仓库',
  remark: '数据采集表单写入的数据表（演示）',
  sortOrder: 9,
  tables: [
    {
      name: 'cj_major_basic',
      label: '专业基本情况',
      remark: '由“专业基本情况”采集表单写入',
      fields: [
        { name: 'zydm', label: '专业代码', type: 'text' as const, length: 10, required: true },
        { name: 'zymc', label: '专业名称', type: 'text' as const, length: 40, required: true },
        { name: 'zxss', label: '在校生数', type: 'integer' as const },
        { name: 'zrjss', label: '专任教师数', type: 'integer' as const },
        { name: 'sfzdzy', label: '是否重点专业', type: 'boolean' as const },
      ],
      rows: [],
    },
    {
      name: 'cj_teacher_practice',
      label: '教师企业实践',
      remark: '由“教师企业实践”采集表单写入',
      fields: [
        { name: 'gh', label: '工号', type: 'text' as const, length: 10, required: true },
        { name: 'xm', label: '姓名', type: 'text' as const, length: 10, required: true },
        { name: 'qymc', label: '企业名称', type: 'text' as const, length: 60, required: true },
        { name: 'sjlx', label: '实践类型', type: 'text' as const, length: 20 },
        { name: 'ksrq', label: '开始日期', type: 'date' as const },
        { name: 'ts', label: '天数', type: 'integer' as const },
        { name: 'zmcl', label: '证明材料', type: 'text' as const, length: 64 },
        { name: 'sfwc', label: '是否完成', type: 'boolean' as const },
      ],
      rows: [],
    },
  ],
};

const TEACHERS = [
  ['T2011003', '陈立群', '杭州海康威视数字技术股份有限公司', 'gg'],
  ['T2014021', '王晓燕', '浙江吉利控股集团有限公司', 'dg'],
  ['T2016008', '刘建华', '阿里云计算有限公司', 'jsfw'],
  ['T2018015', '赵雪梅', '杭州市第一人民医院', 'gzdl'],
  ['T2019032', '孙宏伟', '浙江中控技术股份有限公司', 'gg'],
  ['T2020011', '周静怡', '宁波舟山港股份有限公司', 'dg'],
] as const;

/** `n` rows of teachers from `from`, practising in the summer of `year`. */
function practiceRows(year: number, from: number, n: number) {
  return TEACHERS.slice(from, from + n).map(([gh, xm, qymc, sjlx], i) => ({
    gh,
    xm,
    qymc,
    sjlx,
    ksrq: `${year}-07-${String(6 + i * 7).padStart(2, '0')}`,
    ts: String(20 + i * 10),
    zmcl: '',
    sfwc: i === n - 1 ? '否' : '是',
  }));
}

type Ids = { id: number; fields: Map<string, number> };

async function tableIds(db: Db): Promise<{ major: Ids; practice: Ids }> {
  const one = async (name: string): Promise<Ids> => {
    const [t] = await db.select({ id: warehouseTables.id }).from(warehouseTables).where(eq(warehouseTables.name, name));
    const fields = await db
      .select({ id: warehouseFields.id, name: warehouseFields.name })
      .from(warehouseFields)
      .where(eq(warehouseFields.tableId, t!.id));
    return { id: t!.id, fields: new Map(fields.map((f) => [f.name, f.id])) };
  };
  return { major: await one('cj_major_basic'), practice: await one('cj_teacher_practice') };
}

function field(
  t: Ids,
  name: string,
  label: string,
  kind: 'text' | 'number' | 'date' | 'select' | 'yesNo' | 'file',
  over: {
    required?: boolean;
    unique?: boolean;
    constantTypeId?: number;
    min?: number;
    max?: number;
    decimals?: number;
    defaultValue?: string;
  } = {},
) {
  return {
    fieldId: t.fields.get(name)!,
    label,
    kind,
    required: over.required ?? false,
    unique: over.unique ?? false,
    constantTypeId: over.constantTypeId ?? null,
    min: over.min ?? null,
    max: over.max ?? null,
    decimals: over.decimals ?? null,
    defaultValue: over.defaultValue ?? null,
  };
}

/** A demo account as the services see it. */
function actorOf(userId: string): Actor {
  const u = userId === ADMIN_USER.id ? ADMIN_USER : DEMO_USERS.find((x) => x.id === userId)!;
  return {
    userId: u.id,
    userName: u.name,
    departmentId: u.departmentId,
    roles: new Set<string>(u.roles.length ? u.roles : [ROLE.admin]),
    menus: new Set<string>(),
    chargeDepartmentIds: [],
  };
}

/** The fill task of each user allocated to a task. */
async function fillsOf(db: Db, taskId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ id: fillTasks.id, assigneeId: fillTasks.assigneeId })
    .from(fillTasks)
    .where(eq(fillTasks.taskId, taskId));
  return Object.fromEntries(rows.map((r) => [r.assigneeId ?? '', r.id]));
}

async function fillAndCommit(
  db: Db,
  hooks: Hooks,
  clock: Clock,
  id: number,
  userId: string,
  rows: Record<string, string>[],
) {
  const me = actorOf(userId);
  await saveRows(db, clock, me, { fillTaskId: id, rows });
  await act(db, hooks, clock, me, id, 'commit');
}

/** The day `days` after a YYYY-MM-DD day. */
function shift(day: string, days: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
