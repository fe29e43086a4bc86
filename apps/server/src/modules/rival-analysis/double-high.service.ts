import { DOUBLE_HIGH_GRADES, DOUBLE_HIGH_OFFICIAL, type DoubleHighGrade, type DoubleHighUnit } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { pageUnits, unitYears } from './rival.repository';
import { keepsRivals } from './rival-analysis.policy';

/** 双高: the rounds and the units of a round, with how many the list holds against the official totals. */

type Kind = 'school' | 'major';

const expectedOf = (year: number, kind?: Kind, grade?: DoubleHighGrade): number | null => {
  if (year !== DOUBLE_HIGH_OFFICIAL.year) return null;
  if (!kind) return DOUBLE_HIGH_OFFICIAL.total;
  return grade ? DOUBLE_HIGH_OFFICIAL.counts[kind][grade] : DOUBLE_HIGH_OFFICIAL.counts[kind].total;
};

/** queryYear: the rounds with units; the 2019 first round always, labelled as such. */
export async function doubleHighYears(db: Db) {
  const rows = await unitYears(db);
  if (!rows.some((r) => r.year === DOUBLE_HIGH_OFFICIAL.year)) rows.unshift({ year: DOUBLE_HIGH_OFFICIAL.year, n: 0 });
  return rows.map((r) => ({
    year: r.year,
    label: r.year === DOUBLE_HIGH_OFFICIAL.year ? `${r.year}年（${DOUBLE_HIGH_OFFICIAL.round}）` : `${r.year}年`,
    recorded: r.n,
    expected: expectedOf(r.year),
  }));
}

/** getHighSchoolCode: a page of a round's units (the 2019 round by default) with the counts per category and grade. */
export async function doubleHighUnits(
  db: Db,
  actor: Actor,
  q: { pageNum: number; pageSize: number; year?: number; kind?: Kind; grade?: DoubleHighGrade; name?: string },
) {
  const year = q.year ?? DOUBLE_HIGH_OFFICIAL.year;
  const { list, total, counts } = await pageUnits(db, { ...q, year });
  const recorded = counts.reduce((a, c) => a + c.n, 0);
  return {
    list: list.map(
      (u): DoubleHighUnit => ({
        id: u.id,
        year: u.year,
        schoolName: u.schoolName,
        schoolCode: u.schoolCode,
        kind: u.kind as Kind,
        grade: u.grade as DoubleHighGrade,
        majors: u.majors,
        source: u.source,
        sample: u.sample,
      }),
    ),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    recorded,
    expected: expectedOf(year),
    counts: (['school', 'major'] as const).flatMap((kind) =>
      DOUBLE_HIGH_GRADES.map((grade) => ({
        kind,
        grade,
        recorded: counts.find((c) => c.kind === kind && c.grade === grade)?.n ?? 0,
        expected: expectedOf(year, kind, grade),
      })),
    ),
    canKeep: keepsRivals(actor),
  };
}
