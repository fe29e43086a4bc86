import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { installAlgorithms } from '../modules/algorithm';
import { grantPortraits } from '../modules/portrait';
import { ADMIN_USER } from './demo';
import { PORTRAIT_ALGORITHM_PACKAGE } from './portrait-algorithms';
import { DEMO_SCHOOL } from './story/school-data';

/**
 * 画像分析's demo (issue 35 item 1): the portrait algorithms over the demo warehouse, the portrayal grants (each
 * college's department head their college, zyfzr01 软件技术), and xld01's configured cards (value indicators of the
 * demo shown on the school's and the majors' portraits).
 */
export const DEMO_PORTRAIT_GRANTS: { userId: string; kind: string; code: string }[] = [
  { userId: 'bmfzr07', kind: 'college', code: 'XY01' },
  { userId: 'bmfzr08', kind: 'college', code: 'XY02' },
  { userId: 'bmfzr09', kind: 'college', code: 'XY03' },
  { userId: 'bmfzr10', kind: 'college', code: 'XY04' },
  { userId: 'zyfzr01', kind: 'major', code: 'ZY0101' },
];

/** Cards by the demo indicators' names (story/indicators.ts), for the school and the majors. */
const DEMO_CARDS = [
  { kind: 'school', label: '生师比', indicator: '生师比', unit: '' },
  { kind: 'school', label: '双师素质教师比例', indicator: '双师素质专任教师比例', unit: '%' },
  { kind: 'school', label: '体质测试合格率', indicator: '学生体质测试合格率', unit: '%' },
  { kind: 'college', label: '双师素质教师比例', indicator: '双师素质专任教师比例', unit: '%' },
  { kind: 'major', label: '新生报到率', indicator: '新生报到率', unit: '%' },
  { kind: 'major', label: '专业对口就业率', indicator: '专业对口就业率', unit: '%' },
  { kind: 'class', label: '职业资格证书获取率', indicator: '职业资格证书获取率', unit: '%' },
];

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export async function seedDemoPortrait(db: Db) {
  await installAlgorithms(db, [PORTRAIT_ALGORITHM_PACKAGE], ADMIN_USER.id);
  const objects = rowsOf<{ id: number; kind: string; code: string }>(
    await db.execute(sql`select o.id, d.code as kind, o.code from dimension_objects o
      join dimensions d on d.id = o.dimension_id where d.code in ('college', 'major', 'school')`),
  );
  const idOf = (kind: string, code: string) => objects.find((o) => o.kind === kind && o.code === code)?.id;
  await grantPortraits(
    db,
    DEMO_PORTRAIT_GRANTS.flatMap((g) => {
      const objectId = idOf(g.kind, g.code);
      return objectId ? [{ userId: g.userId, objectId }] : [];
    }),
  );
  const algorithms = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select id, name from algorithms where kind = 'value' and current_version_id is not null`),
  );
  for (const [i, c] of DEMO_CARDS.entries()) {
    const algorithm = algorithms.find((a) => a.name === c.indicator);
    if (!algorithm) continue;
    await db.execute(sql`insert into portrait_cards (kind, label, unit, algorithm_id, sort, created_by)
      values (${c.kind}, ${c.label}, ${c.unit}, ${algorithm.id}, ${i}, 'xld01')`);
  }
  return DEMO_SCHOOL.code;
}
