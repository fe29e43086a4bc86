import type { FilterOp } from '@zg/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BOOLEAN_WORDS, type CellValue, type Conversion, columnType, type FieldDef } from './data-manage.rules';

/**
 * The physical tables of the warehouse, in the schema `warehouse` (created by migration 0013): their DDL and their
 * rows. Every table and column name reaches SQL through `sql.identifier` (the dialect's identifier quoting: wrapped in
 * double quotes, inner quotes doubled), after the contract validated it; every value is a bound parameter; the only
 * other SQL words are column types built by `columnType` from a fixed set with validated integers.
 */

const SCHEMA = 'warehouse';
/** The row id of every warehouse table. */
export const ROW_ID = 'id';

const tableRef = (name: string) => sql`${sql.identifier(SCHEMA)}.${sql.identifier(name)}`;
const col = (name: string) => sql.identifier(name);
const typeOf = (f: Pick<FieldDef, 'type' | 'length' | 'scale'>) => sql.raw(columnType(f));
/** The unique index of a field, named by its id (unique in the schema, and never longer than 63). */
const uniqueIndexName = (fieldId: number) => `wh_u_${Math.trunc(fieldId)}`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const columnDef = (f: FieldDef) => sql`${col(f.name)} ${typeOf(f)}${f.required ? sql` not null` : sql``}`;

// ---- structure ----

export async function createTable(db: Db, name: string, fields: FieldDef[]) {
  const columns = sql.join(
    [sql`${col(ROW_ID)} integer generated always as identity primary key`, ...fields.map(columnDef)],
    sql`, `,
  );
  await db.execute(sql`create table ${tableRef(name)} (${columns})`);
  for (const f of fields) if (f.unique) await createUnique(db, name, f);
}

export async function dropTable(db: Db, name: string) {
  await db.execute(sql`drop table ${tableRef(name)}`);
}

export async function renameTable(db: Db, from: string, to: string) {
  await db.execute(sql`alter table ${tableRef(from)} rename to ${sql.identifier(to)}`);
}

/** Whether the physical table exists (a definition says so; this is the database's word). */
export async function tableExists(db: Db, name: string) {
  const rows = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from pg_catalog.pg_tables where schemaname = ${SCHEMA} and tablename = ${name}`,
    ),
  );
  return (rows[0]?.n ?? 0) > 0;
}

export async function addColumn(db: Db, table: string, f: FieldDef) {
  await db.execute(sql`alter table ${tableRef(table)} add column ${columnDef(f)}`);
  if (f.unique) await createUnique(db, table, f);
}

export async function dropColumn(db: Db, table: string, column: string) {
  await db.execute(sql`alter table ${tableRef(table)} drop column ${col(column)}`);
}

export async function renameColumn(db: Db, table: string, from: string, to: string) {
  await db.execute(sql`alter table ${tableRef(table)} rename column ${col(from)} to ${col(to)}`);
}

/**
 * Changes a column's type, converting what it holds as `conversion` says (conversionOf): a value is cast, yes/no words
 * become booleans as an import reads them, a date is written YYYY-MM-DD; where no value survives (`impossible`, only
 * applied to a column without values) the column is emptied. The caller checked the rows first (valuesChangedBy).
 */
export async function alterColumnType(db: Db, table: string, before: FieldDef, f: FieldDef, conversion: Conversion) {
  const c = col(before.name);
  const using =
    conversion.kind === 'impossible'
      ? sql`null::${typeOf(f)}`
      : conversion.kind === 'check' && conversion.rule.type === 'textToBoolean'
        ? sql`case when lower(trim(${c})) in (${literals(BOOLEAN_WORDS.true)}) then true
                   when lower(trim(${c})) in (${literals(BOOLEAN_WORDS.false)}) then false end`
        : before.type === 'date' && f.type === 'text'
          ? sql`to_char(${c}, 'YYYY-MM-DD')::${typeOf(f)}`
          : sql`${c}::${typeOf(f)}`;
  await db.execute(sql`alter table ${tableRef(table)} alter column ${c} type ${typeOf(f)} using ${using}`);
}

/** Our own fixed words as SQL literals (an ALTER TABLE takes no bound parameters). */
const literals = (list: readonly string[]) => sql.raw(list.map((w) => `'${w.replace(/'/g, "''")}'`).join(', '));

const words = (list: readonly string[]) =>
  sql.join(
    list.map((w) => sql`${w}`),
    sql`, `,
  );

/** A numeric literal as the rows must hold it to become a number unchanged: no sign but minus, no leading zero. */
const PLAIN_INTEGER = '^(0|-?[1-9][0-9]{0,18})$';
const PLAIN_DECIMAL = '^-?(0|[1-9][0-9]{0,99})(\\.[0-9]{1,100})?$';
const ISO_DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

/**
 * The condition under which a stored (non-null) value would change in the conversion: never raising an error, whatever
 * the value (each CASE tests what the next branch needs before it casts).
 */
function changesWhen(c: SQL | ReturnType<typeof col>, conversion: Exclude<Conversion, { kind: 'none' }>): SQL {
  if (conversion.kind === 'impossible') return sql`true`;
  const r = conversion.rule;
  const limit = (precision: number, scale: number) => sql`power(10::numeric, ${precision - scale})`;
  switch (r.type) {
    case 'textLength': {
      // Dates are written YYYY-MM-DD, numbers and yes/no as PostgreSQL writes them (which is what the pages show).
      const asText =
        r.from === 'date' ? sql`to_char(${c}, 'YYYY-MM-DD')` : r.from === 'text' ? sql`${c}` : sql`${c}::text`;
      return sql`char_length(${asText}) > ${r.length}`;
    }
    case 'textToInteger':
      return sql`case when ${c} !~ ${PLAIN_INTEGER} then true
                      else ${c}::numeric not between -9223372036854775808 and 9223372036854775807 end`;
    case 'textToDecimal':
      return sql`case when ${c} !~ ${PLAIN_DECIMAL} then true
                      else round(${c}::numeric, ${r.scale}) <> ${c}::numeric
                        or abs(round(${c}::numeric, ${r.scale})) >= ${limit(r.precision, r.scale)} end`;
    case 'textToDate':
      return sql`case when ${c} !~ ${ISO_DATE} then true
                      when substr(${c}, 1, 4)::int < 1 or substr(${c}, 6, 2)::int not between 1 and 12 then true
                      else substr(${c}, 9, 2)::int not between 1 and extract(day from
                        make_date(substr(${c}, 1, 4)::int, substr(${c}, 6, 2)::int, 1) + interval '1 month' - interval '1 day')::int end`;
    case 'textToBoolean':
      return sql`lower(trim(${c})) not in (${words([...BOOLEAN_WORDS.true, ...BOOLEAN_WORDS.false])})`;
    case 'numberToDecimal':
      return sql`round(${c}::numeric, ${r.scale}) <> ${c}::numeric
                 or abs(round(${c}::numeric, ${r.scale})) >= ${limit(r.precision, r.scale)}`;
    case 'decimalToInteger':
      return sql`${c} <> trunc(${c}) or abs(${c}) > 9223372036854775807`;
  }
}

/**
 * How many stored values of the column the conversion would change, and the first of them (by row) as text; checked
 * inside the transaction of the change, after `lockForAlter`, so no write comes between the check and the ALTER.
 */
export async function valuesChangedBy(
  db: Db,
  table: string,
  column: string,
  conversion: Exclude<Conversion, { kind: 'none' }>,
): Promise<{ rows: number; example: string | null }> {
  const c = col(column);
  const where = sql`${c} is not null and (${changesWhen(c, conversion)})`;
  const [found] = rowsOf<{ n: number; example: string | null }>(
    await db.execute(
      sql`select count(*)::int as n,
            (select ${c}::text from ${tableRef(table)} where ${where} order by ${col(ROW_ID)} limit 1) as example
          from ${tableRef(table)} where ${where}`,
    ),
  );
  return { rows: found?.n ?? 0, example: found?.example ?? null };
}

/** Takes the table for a structure change: no row is written (or read) until the change commits. */
export async function lockForAlter(db: Db, table: string) {
  await db.execute(sql`lock table ${tableRef(table)} in access exclusive mode`);
}

export async function setRequired(db: Db, table: string, column: string, required: boolean) {
  await db.execute(
    sql`alter table ${tableRef(table)} alter column ${col(column)} ${required ? sql`set not null` : sql`drop not null`}`,
  );
}

export async function createUnique(db: Db, table: string, f: Pick<FieldDef, 'id' | 'name'>) {
  await db.execute(
    sql`create unique index ${sql.identifier(uniqueIndexName(f.id))} on ${tableRef(table)} (${col(f.name)})`,
  );
}

export async function dropUnique(db: Db, fieldId: number) {
  await db.execute(sql`drop index if exists ${sql.identifier(SCHEMA)}.${sql.identifier(uniqueIndexName(fieldId))}`);
}

// ---- rows ----

/** A filter of a browse, already checked against its field's type. */
export interface RowFilter {
  field: FieldDef;
  op: FilterOp;
  value: CellValue;
}

/** A column as read back: dates as YYYY-MM-DD, numbers as text (exact), yes/no as booleans. */
const selectColumn = (f: FieldDef) =>
  f.type === 'boolean' || f.type === 'text'
    ? sql`${col(f.name)}`
    : f.type === 'date'
      ? sql`to_char(${col(f.name)}, 'YYYY-MM-DD') as ${col(f.name)}`
      : sql`${col(f.name)}::text as ${col(f.name)}`;

const selectList = (fields: FieldDef[]) => sql.join([col(ROW_ID), ...fields.map(selectColumn)], sql`, `);

/** A bound value cast to its column's type, so PostgreSQL compares like with like. */
const bound = (f: FieldDef, v: CellValue) => sql`cast(${v} as ${typeOf(f)})`;

function condition(r: RowFilter): SQL {
  const c = col(r.field.name);
  switch (r.op) {
    case 'contains': {
      const like = `%${String(r.value).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      return sql`${c} ilike ${like}`;
    }
    case 'eq':
      return sql`${c} = ${bound(r.field, r.value)}`;
    case 'gte':
      return sql`${c} >= ${bound(r.field, r.value)}`;
    case 'lte':
      return sql`${c} <= ${bound(r.field, r.value)}`;
    case 'empty':
      return sql`${c} is null`;
    case 'notEmpty':
      return sql`${c} is not null`;
  }
}

const whereOf = (filters: RowFilter[]) =>
  filters.length ? sql`where ${sql.join(filters.map(condition), sql` and `)}` : sql``;

export async function pageRows(
  db: Db,
  table: string,
  fields: FieldDef[],
  filters: RowFilter[],
  page: { current: number; size: number },
) {
  const where = whereOf(filters);
  // The page's ids first, then their rows: skipping `offset` rows then reads the id index alone (an index-only scan
  // on a vacuumed table) instead of fetching every skipped row, so a page deep in a large table costs about as much
  // as the first.
  const ids = sql`select ${col(ROW_ID)} from ${tableRef(table)} ${where} order by ${col(ROW_ID)} limit ${page.size} offset ${(page.current - 1) * page.size}`;
  const [records, total] = await Promise.all([
    db.execute(
      sql`select ${selectList(fields)} from ${tableRef(table)} where ${col(ROW_ID)} in (${ids}) order by ${col(ROW_ID)}`,
    ),
    db.execute(sql`select count(*)::bigint::text as n from ${tableRef(table)} ${where}`),
  ]);
  return {
    records: rowsOf<Record<string, CellValue | number>>(records),
    total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0),
  };
}

/** Rows after `afterId` in id order, `limit` at a time (export reads the table in such batches). */
export async function rowsAfter(
  db: Db,
  table: string,
  fields: FieldDef[],
  filters: RowFilter[],
  afterId: number,
  limit: number,
) {
  const where = sql.join([sql`${col(ROW_ID)} > ${afterId}`, ...filters.map(condition)], sql` and `);
  return rowsOf<Record<string, CellValue | number>>(
    await db.execute(
      sql`select ${selectList(fields)} from ${tableRef(table)} where ${where} order by ${col(ROW_ID)} limit ${limit}`,
    ),
  );
}

export async function rowById(db: Db, table: string, fields: FieldDef[], id: number) {
  const rows = rowsOf<Record<string, CellValue | number>>(
    await db.execute(sql`select ${selectList(fields)} from ${tableRef(table)} where ${col(ROW_ID)} = ${id}`),
  );
  return rows[0] ?? null;
}

/** Inserts rows (each a value per field, in the fields' order) with one statement. */
export async function insertRows(db: Db, table: string, fields: FieldDef[], rows: CellValue[][]) {
  if (rows.length === 0 || fields.length === 0) return;
  const columns = sql.join(
    fields.map((f) => col(f.name)),
    sql`, `,
  );
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${sql.join(
          fields.map((f, i) => bound(f, r[i] ?? null)),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  await db.execute(sql`insert into ${tableRef(table)} (${columns}) values ${values}`);
}

/**
 * Inserts many rows with one statement and one parameter: the batch as a JSON array of objects keyed by field name,
 * read into the table's row type by json_populate_recordset (bulk loads: the demo warehouse). Values are already
 * checked by their fields' rules; PostgreSQL converts each from its text form as a cast would.
 */
export async function insertRowsJson(db: Db, table: string, fields: FieldDef[], rows: CellValue[][]) {
  if (rows.length === 0 || fields.length === 0) return;
  const columns = sql.join(
    fields.map((f) => col(f.name)),
    sql`, `,
  );
  const objects = rows.map((r) => Object.fromEntries(fields.map((f, i) => [f.name, r[i] ?? null])));
  await db.execute(
    sql`insert into ${tableRef(table)} (${columns}) select ${columns} from json_populate_recordset(null::${tableRef(table)}, ${JSON.stringify(objects)}::json)`,
  );
}

export async function insertRow(db: Db, table: string, fields: FieldDef[], values: CellValue[]) {
  const columns = sql.join(
    fields.map((f) => col(f.name)),
    sql`, `,
  );
  const list = sql.join(
    fields.map((f, i) => bound(f, values[i] ?? null)),
    sql`, `,
  );
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      fields.length
        ? sql`insert into ${tableRef(table)} (${columns}) values (${list}) returning ${col(ROW_ID)} as id`
        : sql`insert into ${tableRef(table)} default values returning ${col(ROW_ID)} as id`,
    ),
  );
  return rows[0]!.id;
}

/** Sets the given fields of one row; false when the row is not there. */
export async function updateRow(db: Db, table: string, id: number, set: { field: FieldDef; value: CellValue }[]) {
  if (set.length === 0) {
    const rows = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${tableRef(table)} where ${col(ROW_ID)} = ${id}`),
    );
    return (rows[0]?.n ?? 0) > 0;
  }
  const assignments = sql.join(
    set.map((s) => sql`${col(s.field.name)} = ${bound(s.field, s.value)}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`update ${tableRef(table)} set ${assignments} where ${col(ROW_ID)} = ${id} returning ${col(ROW_ID)} as id`,
    ),
  );
  return rows.length === 1;
}

export async function deleteRows(db: Db, table: string, ids: number[]) {
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`delete from ${tableRef(table)} where ${col(ROW_ID)} = any(${sql.param(ids)}::int[]) returning ${col(ROW_ID)} as id`,
    ),
  );
  return rows.map((r) => r.id);
}

/**
 * Which of the values a unique field already holds in the table (other than in row `exceptId`), as the canonical keys
 * the caller compares: the values are bound as one array cast to the column's type.
 */
export async function existingValues(db: Db, table: string, f: FieldDef, values: CellValue[], exceptId?: number) {
  if (values.length === 0) return [];
  const texts = values.map((v) => (v === null ? null : String(v)));
  const rows = rowsOf<{ v: string }>(
    await db.execute(
      sql`select ${selectColumn(f)} from ${tableRef(table)} where ${col(f.name)} = any(cast(${sql.param(texts)}::text[] as ${sql.raw(`${columnType(f)}[]`)}))${exceptId === undefined ? sql`` : sql` and ${col(ROW_ID)} <> ${exceptId}`}`,
    ),
  );
  return rows.map((r) => (r as Record<string, unknown>)[f.name] as CellValue);
}

/** Inserts rows (each a value per field, in the fields' order) with one statement, returning their ids in order. */
export async function insertRowsReturning(db: Db, table: string, fields: FieldDef[], rows: CellValue[][]) {
  if (rows.length === 0) return [];
  if (fields.length === 0) {
    const ids: number[] = [];
    for (const _ of rows) ids.push(await insertRow(db, table, [], []));
    return ids;
  }
  const columns = sql.join(
    fields.map((f) => col(f.name)),
    sql`, `,
  );
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${sql.join(
          fields.map((f, i) => bound(f, r[i] ?? null)),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  const out = rowsOf<{ id: number }>(
    await db.execute(sql`insert into ${tableRef(table)} (${columns}) values ${values} returning ${col(ROW_ID)} as id`),
  );
  return out.map((r) => Number(r.id));
}
