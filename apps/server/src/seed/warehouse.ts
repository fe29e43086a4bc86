import type { Db } from '../db/client';
import { type AlgorithmPackage, installAlgorithms } from '../modules/algorithm';
import { loadWarehouse, upsertDimensionObjects } from '../modules/data-manage';
import { ADMIN_USER } from './demo';
import { DEMO_DETAIL_ALGORITHMS } from './detail-algorithms';
import { DEMO_INDICATORS } from './story/indicators';
import { academicYearOf, generateSchool, SCHOOL_WAREHOUSE } from './story/school-data';

/**
 * The demo school's teaching data (story/school-data.ts), loaded through the warehouse's own model: the warehouse
 * 教学数据仓库, its tables and fields (codes linked to the dimension types), the physical tables and their rows. The
 * five academic years end with the one `today` falls in. The school's colleges, majors, courses, classes and teachers
 * become dimension objects (维度对象) with their parents, so the codes the tables hold name real objects. The diagnosis
 * indicators over these tables (story/indicators.ts) are installed as value algorithms, one group per level.
 */
export async function seedDemoWarehouse(db: Db, today: string) {
  const school = generateSchool({ lastYear: academicYearOf(today) });
  await upsertDimensionObjects(db, school.dimensionObjects);
  const loaded = await loadWarehouse(db, { ...SCHOOL_WAREHOUSE, tables: school.tables }, ADMIN_USER.id);
  await installAlgorithms(db, [...demoAlgorithmPackages(), DEMO_DETAIL_ALGORITHMS], ADMIN_USER.id);
  return loaded;
}

/** The demo indicators as the algorithm module installs them: value algorithms, the unit and parameters in the remark. */
export function demoAlgorithmPackages(): AlgorithmPackage[] {
  return DEMO_INDICATORS.map((g) => ({
    name: g.name,
    algorithms: g.indicators.map((i) => ({
      name: i.name,
      kind: 'value' as const,
      remark: `${g.name}诊断指标${i.unit ? `（单位：${i.unit}）` : ''}。参数 :objectId 为学校、学院或专业等维度对象的编码，:year 为学年的起始年份（2025 即 2025-2026 学年）`,
      sql: i.sql,
    })),
  }));
}
