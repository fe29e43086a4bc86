import { and, asc, count, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { doubleHighUnits, rivalFigures, rivalSettings } from '../../db/schema';
import type { FigureRecord, UnitRecord } from './rival.rules';

/** 对标分析's own tables: the imported figures, the school itself, the double-high units. */

const CHUNK = 2000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A PostgreSQL array literal of texts, bound as ONE parameter (as quality-warning's repository does). */
const pgArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

export async function findOwnSchool(db: Db) {
  const [row] = await db
    .select({ schoolCode: rivalSettings.schoolCode, schoolName: rivalSettings.schoolName })
    .from(rivalSettings)
    .limit(1);
  return row ?? null;
}

export async function saveOwnSchool(db: Db, s: { schoolCode: string; schoolName: string; updatedBy: string }) {
  await db
    .insert(rivalSettings)
    .values({ id: 1, ...s })
    .onConflictDoUpdate({ target: rivalSettings.id, set: { ...s, updatedAt: new Date() } });
}

/** Years with any figure, ascending. */
export async function figureYears(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ year: rivalFigures.year }).from(rivalFigures).orderBy(asc(rivalFigures.year));
  return rows.map((r) => r.year);
}

/** A figure as the comparisons and the export read it. */
const FIGURE_COLUMNS = {
  schoolCode: rivalFigures.schoolCode,
  year: rivalFigures.year,
  indicator: rivalFigures.indicator,
  value: rivalFigures.value,
  sample: rivalFigures.sample,
};

/** The figures of the schools in the years (one statement), optionally of one indicator. */
export async function figuresOf(
  db: Db,
  codes: readonly string[],
  years: { from: number; to: number },
  indicator?: string,
) {
  if (codes.length === 0) return [];
  const conds: SQL[] = [
    inArray(rivalFigures.schoolCode, [...codes]),
    gte(rivalFigures.year, years.from),
    lte(rivalFigures.year, years.to),
  ];
  if (indicator) conds.push(eq(rivalFigures.indicator, indicator));
  return db
    .select(FIGURE_COLUMNS)
    .from(rivalFigures)
    .where(and(...conds));
}

/** Replaces the figures of every school and year in `records` (the sheet's rows) in two statements a chunk. */
export async function replaceFigures(tx: Db, records: readonly FigureRecord[], userId: string) {
  const pairs = [...new Map(records.map((r) => [`${r.schoolCode}|${r.year}`, r])).values()];
  if (pairs.length)
    await tx.execute(sql`delete from rival_figures f
      using unnest(${pgArray(pairs.map((p) => p.schoolCode))}::varchar[], ${pgArray(pairs.map((p) => String(p.year)))}::smallint[]) as k(code, year)
      where f.school_code = k.code and f.year = k.year`);
  for (let i = 0; i < records.length; i += CHUNK)
    await tx.insert(rivalFigures).values(records.slice(i, i + CHUNK).map((r) => ({ ...r, updatedBy: userId })));
}

/** Every figure, by school and year, for the export. */
export async function allFigures(db: Db) {
  return db.select(FIGURE_COLUMNS).from(rivalFigures).orderBy(asc(rivalFigures.schoolCode), asc(rivalFigures.year));
}

/** Every school code that has figures (the export names them through reference). */
export async function lockFigureImports(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(727274035)`);
}

// ---- double-high ----

export async function unitYears(db: Db) {
  const rows = await db
    .select({ year: doubleHighUnits.year, n: count() })
    .from(doubleHighUnits)
    .groupBy(doubleHighUnits.year)
    .orderBy(asc(doubleHighUnits.year));
  return rows.map((r) => ({ year: r.year, n: Number(r.n) }));
}

export async function pageUnits(
  db: Db,
  q: { pageNum: number; pageSize: number; year: number; kind?: string; grade?: string; name?: string },
) {
  const conds: SQL[] = [eq(doubleHighUnits.year, q.year)];
  if (q.kind) conds.push(eq(doubleHighUnits.kind, q.kind));
  if (q.grade) conds.push(eq(doubleHighUnits.grade, q.grade));
  if (q.name) conds.push(ilike(doubleHighUnits.schoolName, `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...conds);
  const [list, [total], counts] = await Promise.all([
    db
      .select()
      .from(doubleHighUnits)
      .where(where)
      .orderBy(asc(doubleHighUnits.kind), asc(doubleHighUnits.grade), asc(doubleHighUnits.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(doubleHighUnits).where(where),
    db
      .select({ kind: doubleHighUnits.kind, grade: doubleHighUnits.grade, n: count() })
      .from(doubleHighUnits)
      .where(eq(doubleHighUnits.year, q.year))
      .groupBy(doubleHighUnits.kind, doubleHighUnits.grade),
  ]);
  return { list, total: Number(total?.n ?? 0), counts: counts.map((c) => ({ ...c, n: Number(c.n) })) };
}

export async function allUnits(db: Db, year?: number) {
  return db
    .select()
    .from(doubleHighUnits)
    .where(year ? eq(doubleHighUnits.year, year) : undefined)
    .orderBy(asc(doubleHighUnits.year), asc(doubleHighUnits.kind), asc(doubleHighUnits.grade), asc(doubleHighUnits.id));
}

/** Adds or updates units by round and name, in one statement a chunk. */
export async function upsertUnits(tx: Db, units: readonly UnitRecord[], userId: string) {
  for (let i = 0; i < units.length; i += CHUNK)
    await tx
      .insert(doubleHighUnits)
      .values(units.slice(i, i + CHUNK).map((u) => ({ ...u, updatedBy: userId })))
      .onConflictDoUpdate({
        target: [doubleHighUnits.year, doubleHighUnits.schoolName],
        set: {
          schoolCode: sql`excluded.school_code`,
          kind: sql`excluded.kind`,
          grade: sql`excluded.grade`,
          majors: sql`excluded.majors`,
          source: sql`excluded.source`,
          sample: sql`excluded.sample`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      });
}

/**
 * The double-high groups of a round against a year's figures, in two statements: units per category and grade (and
 * how many have figures that year), and the averages per category, grade and indicator plus the whole list's.
 */
export async function doubleGroups(db: Db, batch: number, year: number) {
  const units = await db.execute(sql`
    select u.kind, u.grade, count(*) as units,
      count(*) filter (where exists (select 1 from rival_figures f where f.school_code = u.school_code and f.year = ${year})) as with_figures
    from double_high_units u where u.year = ${batch}
    group by u.kind, u.grade`);
  const averages = await db.execute(sql`
    select u.kind, u.grade, f.indicator, avg(f.value)::float8 as avg, bool_or(f.sample) as sample
    from double_high_units u join rival_figures f on f.school_code = u.school_code and f.year = ${year}
    where u.year = ${batch}
    group by grouping sets ((u.kind, u.grade, f.indicator), (f.indicator))`);
  return {
    units: rowsOf<{ kind: string; grade: string; units: string; with_figures: string }>(units).map((r) => ({
      kind: r.kind,
      grade: r.grade,
      units: Number(r.units),
      withFigures: Number(r.with_figures),
    })),
    averages: rowsOf<{ kind: string | null; grade: string | null; indicator: string; avg: number; sample: boolean }>(
      averages,
    ),
  };
}
