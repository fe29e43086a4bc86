import type { Db } from '../../db/client';
import { saveBenchmarkSchools } from '../reference';
import { replaceFigures, saveOwnSchool, upsertUnits } from './rival.repository';
import { sampleFigures, type UnitRecord } from './rival.rules';

/**
 * The double-high units whose entry could be checked against stored public pages, exactly as published in the 2019
 * first round (教职成函〔2019〕14号). Sources:
 * - https://toopx.cn/tj/news-id-360293.html (the Tianjin units);
 * - https://www.qiuxuezhan.com/zhishiwenku/zhishiwenda/79wl2r.html (深圳职业技术学院);
 * - the totals per grade: https://yjs.hceb.edu.cn/info/1004/6641.htm (contract DOUBLE_HIGH_OFFICIAL).
 * The rest of the 197 units is for the school to import (doubleHigh/upload); nothing here is made up. Codes link a
 * unit to the school list's entry of the same institution (深圳职业技术学院 is named 深圳职业技术大学 since 2023; the
 * school list spells 天津市职业大学 as 天津职业大学); a unit without one there has no code.
 */
const TJ = 'https://toopx.cn/tj/news-id-360293.html';
const SZ = 'https://www.qiuxuezhan.com/zhishiwenku/zhishiwenda/79wl2r.html';
export const SOURCED_DOUBLE_HIGH: readonly UnitRecord[] = [
  {
    schoolName: '天津市职业大学',
    schoolCode: '4112019001',
    kind: 'school',
    grade: 'A',
    majors: '眼视光技术、包装工程技术',
    source: TJ,
  },
  { schoolName: '深圳职业技术学院', schoolCode: '4144019001', kind: 'school', grade: 'A', majors: '', source: SZ },
  {
    schoolName: '天津医学高等专科学校',
    schoolCode: '4112019002',
    kind: 'school',
    grade: 'B',
    majors: '护理、药学',
    source: TJ,
  },
  {
    schoolName: '天津轻工职业技术学院',
    schoolCode: '4112019003',
    kind: 'school',
    grade: 'C',
    majors: '模具设计与制造、光伏发电技术与应用',
    source: TJ,
  },
  {
    schoolName: '天津电子信息职业技术学院',
    schoolCode: '4112019004',
    kind: 'major',
    grade: 'A',
    majors: '软件技术',
    source: TJ,
  },
  {
    schoolName: '天津现代职业技术学院',
    schoolCode: null,
    kind: 'major',
    grade: 'A',
    majors: '无人机应用技术',
    source: TJ,
  },
  { schoolName: '天津交通职业学院', schoolCode: null, kind: 'major', grade: 'B', majors: '物流管理', source: TJ },
  {
    schoolName: '天津渤海职业技术学院',
    schoolCode: null,
    kind: 'major',
    grade: 'C',
    majors: '环境工程技术',
    source: TJ,
  },
].map((u) => ({ ...u, year: 2019, sample: false }) as UnitRecord);

/** 本校 of the demo and its benchmark schools (xld01's and zgfb01's 对标院校). */
export const DEMO_OWN_SCHOOL = { schoolCode: '4113019005', schoolName: '唐山工业职业技术学院' };
export const DEMO_RIVALS = [
  '4112019002',
  '4112019003',
  '4112019004',
  '4144019001',
  '4113019002',
  '4113019003',
  '4113019004',
  '4114019002',
];
export const DEMO_YEARS = [2021, 2022, 2023, 2024, 2025];

/**
 * The demo: the sourced double-high units (real, with their source), 本校 and the demo users' benchmark schools, and
 * five years of 示例数据 (marked sample, on screen and in the rows) for 本校, the rivals and the linked double-high units.
 */
export async function seedRivalDemo(tx: Db, users: readonly string[] = ['xld01', 'zgfb01']) {
  await upsertUnits(tx, SOURCED_DOUBLE_HIGH, 'system');
  await saveOwnSchool(tx, { ...DEMO_OWN_SCHOOL, updatedBy: 'system' });
  for (const u of users) await saveBenchmarkSchools(tx, u, DEMO_RIVALS);
  const codes = [
    DEMO_OWN_SCHOOL.schoolCode,
    ...new Set([...DEMO_RIVALS, ...SOURCED_DOUBLE_HIGH.flatMap((u) => (u.schoolCode ? [u.schoolCode] : []))]),
  ];
  await replaceFigures(tx, sampleFigures(codes, DEMO_YEARS), 'system');
}
