import { type GradeRule, ROLE } from '@zg/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dimensionObjectsWithDuty, saveDuties } from '../modules/data-manage';
import {
  auditDiagnosis,
  enterDiagnosisResults,
  issueDiagnosisTargets,
  listObjectTasks,
  objectTaskRows,
  publishDiagnosisTask,
  saveDiagnosisTargets,
} from '../modules/diagnosis';
import type { Actor } from '../platform/access';
import { ADMIN_USER, DEMO_USERS } from './demo';
import { academicYearOf } from './story/school-data';

/**
 * The demo's 诊断改进 (issue 30 item 8), played through the modules' services as their pages would: department
 * duties (部门职责) so every major has a responsible department and head — the four colleges with a department of
 * their own (信息工程, 机电工程, 经济管理, 艺术设计) answer for their majors, 教务处 for the others' — then 专业层面诊改质量标准
 * published by zgfb01 as the diagnosis task of the current academic year to the 40 majors, audited by shr01 and
 * monitored by xld01. zyfzr01 is in charge of 软件技术 (ZY0101): sets ambitious targets (the A threshold) and
 * submits them, shr01 approves, the manual rows get their values; the other majors' targets are issued down (their
 * standard values). The results are computed by the daily computation of tasks under way (diagnosis.jobs.ts), which
 * runs as soon as the server's job runner polls: the seed runs in one transaction, which the algorithm runner's own
 * connections cannot see.
 */

const COLLEGE_DEPARTMENTS: Record<string, string> = { XY01: 'D07', XY02: 'D08', XY03: 'D09', XY04: 'D10' };
const FALLBACK_DEPARTMENT = 'D02';
export const DEMO_DIAGNOSIS_STANDARD = '专业层面诊改质量标准';
export const DEMO_DIAGNOSIS_MAJOR = 'ZY0101';

export function actorOf(userId: string): Actor {
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

/** The target the person in charge aims at: the A threshold of a graded number, the good value otherwise. */
function ambitious(r: { zlx: string; bzz: string | null; gradeRule: GradeRule | null; levelOptions: string[] }) {
  if (r.zlx === 'have' || r.zlx === 'whether') return '1';
  if (r.zlx === 'levels') return r.levelOptions[1] ?? r.levelOptions[0] ?? null;
  if (r.gradeRule?.type === 'thresholds') return String(r.gradeRule.A);
  return r.bzz;
}

export async function seedDemoDiagnosis(db: Db, today: string) {
  const admin = actorOf(ADMIN_USER.id);
  const majors = (await dimensionObjectsWithDuty(db, 'major')) ?? [];
  if (!majors.length) return null;
  const byDepartment = new Map<string, number[]>();
  for (const m of majors) {
    const d = COLLEGE_DEPARTMENTS[m.parent?.code ?? ''] ?? FALLBACK_DEPARTMENT;
    byDepartment.set(d, [...(byDepartment.get(d) ?? []), m.id]);
  }
  for (const [bmid, dxids] of byDepartment) await saveDuties(db, admin, { bmid, dxids });

  const systemRows = await db.execute(
    sql`select id from standard_systems where name = ${DEMO_DIAGNOSIS_STANDARD}
      and dimension = 'major' and deleted_at is null order by id limit 1`,
  );
  const systemId = (systemRows as unknown as { rows: { id: number }[] }).rows[0]?.id;
  if (!systemId) return null;
  const year = academicYearOf(today);
  const cycleRows = await db.execute(
    sql`select v.id from cycle_values v join cycle_types t on t.id = v.cycle_type_id
      where t.code = 'academicYear' and v.value = ${`${year}-${year + 1}`} limit 1`,
  );
  const cycleId = (cycleRows as unknown as { rows: { id: number }[] }).rows[0]?.id;
  if (!cycleId) return null;

  const publisher = actorOf('zgfb01');
  const task = await publishDiagnosisTask(db, publisher, {
    rwmc: `${year}-${year + 1}学年专业诊改`,
    zqid: cycleId,
    nf: year,
    kssj: `${year}-09-01`,
    jssj: `${year + 1}-08-31`,
    bzid: systemId,
    fbbm: 'D04',
    jkrid: 'xld01',
    shrid: 'shr01',
    chargers: { [DEMO_DIAGNOSIS_MAJOR]: 'zyfzr01' },
  });
  const { list } = await listObjectTasks(db, publisher, { taskId: task.id, pageNum: 1, pageSize: 5000 });
  const mine = list.find((o) => o.dxbm === DEMO_DIAGNOSIS_MAJOR);
  if (mine) {
    const charger = actorOf('zyfzr01');
    const rows = (await objectTaskRows(db, charger, { dxrwid: mine.id })).list;
    await saveDiagnosisTargets(db, charger, {
      dxrwid: mine.id,
      list: rows.map((r) => ({ id: r.id, mbz: ambitious(r) })),
      commit: true,
    });
    await auditDiagnosis(db, actorOf('shr01'), true, { dxrwid: mine.id, shjd: 'target' });
    const manual = rows.filter((r) => r.calRule === null);
    const value = (r: (typeof rows)[number], i: number) =>
      r.zlx === 'levels'
        ? (r.levelOptions[i % 2 ? 1 : 2] ?? null)
        : r.zlx === 'have' || r.zlx === 'whether'
          ? '1'
          : r.bzz;
    if (manual.length)
      await enterDiagnosisResults(db, charger, new Date(`${year}-09-01T08:00:00`), {
        dxrwid: mine.id,
        list: manual.map((r, i) => ({ id: r.id, jgz: value(r, i) })),
      });
  }
  const others = list.filter((o) => o.dxbm !== DEMO_DIAGNOSIS_MAJOR).map((o) => o.id);
  if (others.length) await issueDiagnosisTargets(db, publisher, { ids: others, list: [] });
  return { id: task.id, start: `${year}-09-01` };
}
