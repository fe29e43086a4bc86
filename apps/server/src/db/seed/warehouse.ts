import { loadWarehouse, upsertDimensionObjects } from '../../modules/data-manage';
import type { Db } from '../client';
import { ADMIN_USER } from './demo';
import { academicYearOf, generateSchool, SCHOOL_WAREHOUSE } from './story/school-data';

/**
 * The demo school's teaching data (story/school-data.ts), loaded through the warehouse's own model: the warehouse
 * 教学数据仓库, its tables and fields (codes linked to the dimension types), the physical tables and their rows. The
 * five academic years end with the one `today` falls in. The school's colleges, majors, courses, classes and teachers
 * become dimension objects (维度对象) with their parents, so the codes the tables hold name real objects.
 */
export async function seedDemoWarehouse(db: Db, today: string) {
  const school = generateSchool({ lastYear: academicYearOf(today) });
  await upsertDimensionObjects(db, school.dimensionObjects);
  return loadWarehouse(db, { ...SCHOOL_WAREHOUSE, tables: school.tables }, ADMIN_USER.id);
}
