import { describe, expect, it } from 'vitest';
import { HOSTILE_STATEMENTS } from '../../test/hostile-statements';
import { ALLOWED_FUNCTIONS, SIZE_ARGUMENT_FUNCTIONS } from './algorithm-sql.allowlist';
import { type CheckedSql, checkAlgorithmSql, formatHasWidth, placeOf, type RefusedSql } from './algorithm-sql.rules';

const passes = async (sql: string) => {
  const r = await checkAlgorithmSql(sql);
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r as CheckedSql;
};
const refused = async (sql: string) => {
  const r = await checkAlgorithmSql(sql);
  if (r.ok) throw new Error(`passed: ${sql}`);
  return r as RefusedSql;
};

describe('the algorithm checker', () => {
  it('passes one SELECT over the warehouse, WITH, joins, subqueries, set operations and allowed functions', async () => {
    const ok = [
      'select count(*) from warehouse.students',
      'SELECT count(*) FROM students',
      `with m as (select major_id, count(*) n from warehouse.students group by major_id)
       select m.major_id, round(m.n::numeric / nullif(t.n, 0), 2) as value
       from m join (select major_id, count(*) n from warehouse.teachers group by 1) t on t.major_id = m.major_id`,
      'select a.x from warehouse.a a where exists (select 1 from warehouse.b b where b.id = a.id) union all select 1',
      "select coalesce(sum(x), 0), case when avg(y) > 1 then 'a' else 'b' end, extract(year from current_date) from warehouse.t",
      "select date_trunc('month', d), to_char(d, 'YYYY-MM'), greatest(1, 2), x between 1 and 2 from warehouse.t;",
      'select rank() over (partition by a order by b desc) from warehouse.t',
      'with recursive r(n) as (select 1 union all select n + 1 from r where n < 10) select sum(n) from r',
      "select cast(x as numeric(10, 2)), interval '1 day', date '2026-01-01' from warehouse.t -- a comment at the end",
      'select * from generate_series(1, 3) g',
      'values (1, 2)',
    ];
    for (const sql of ok) await passes(sql);
  });

  it('lists the warehouse tables a text reads, and keeps CTE names out of them', async () => {
    const r = await passes(
      'with s as (select * from warehouse.students) select * from s, teachers t, warehouse.courses',
    );
    expect(r.tables).toEqual(['courses', 'students', 'teachers']);
  });

  it('binds named parameters as $n, the same name the same number, never inside strings, identifiers or comments', async () => {
    const sql =
      'select \':year\' as "a :cycle", :year + 1 -- :dimension\n/* :objectId */ from warehouse.t where y = :year and c = :cycle and d = :departmentId';
    const r = await passes(sql);
    expect(r.params).toEqual(['year', 'cycle', 'departmentId']);
    expect(r.text).toContain("':year'");
    expect(r.text).toContain('"a :cycle"');
    expect(r.text).toContain('-- :dimension');
    expect(r.text).toContain('/* :objectId */');
    expect(r.text).toContain('$1    + 1');
    expect(r.text).toContain('y = $1    and c = $2     and d = $3');
    // Padded: every place of the text is where the user wrote it.
    expect(r.text.length).toBe(sql.length);
    // A cast stays a cast.
    expect((await passes('select :year::int')).text).toBe('select $1   ::int');
  });

  it('refuses unknown named parameters and positional ones, naming line and column', async () => {
    const unknown = await refused('select 1\nfrom warehouse.t where a = :nope');
    expect(unknown.message).toContain(':nope');
    expect(unknown.place).toEqual({ line: 2, column: 28 });
    const positional = await refused('select $1');
    expect(positional.message).toContain('位置参数');
  });

  it('answers a syntax error in Chinese with its line and column, in characters even after Chinese text', async () => {
    const r = await refused('-- 生师比\nselect 学生 frm warehouse.t');
    expect(r.message).toMatch(/^SQL 语法错误（第 2 行第 \d+ 列）：/);
    expect(r.place?.line).toBe(2);
    const cut = await refused("select 'abc");
    expect(cut.message).toContain('字符串没有结束');
    expect(cut.place).toEqual({ line: 1, column: 8 });
  });

  it('places a refused table at its name, after Chinese comments', async () => {
    const r = await refused('-- 统计\nselect * from\n  public.users');
    expect(r.place).toEqual({ line: 3, column: 3 });
    expect(r.message).toBe('只能查询数据仓库（warehouse）中的表，不能读取“public.users”（第 3 行第 3 列）');
  });

  it('keeps only the statement to run: no trailing semicolon, positions mapped by the offset', async () => {
    const r = await passes('  select 1;  ');
    expect(r.text).toBe('select 1');
    expect(r.offset).toBe(2);
  });

  it(`refuses every hostile statement of the table (${HOSTILE_STATEMENTS.length}) with a Chinese message`, async () => {
    expect(HOSTILE_STATEMENTS.length).toBeGreaterThanOrEqual(25);
    for (const h of HOSTILE_STATEMENTS) {
      if (h.stoppedAtRun) {
        await passes(h.sql);
        continue;
      }
      const r = await refused(h.sql);
      expect(r.message, h.sql).toMatch(h.expect);
      expect(r.message, h.sql).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('functions that allocate memory at will (issue 28 item 3)', () => {
  it('finds a width in a format() string, and only a width', () => {
    for (const f of ['%10s', '%-10s', '%*s', '%1$10s', '%2$-3L', '%*1$s', 'a %s b %5I'])
      expect(formatHasWidth(f), f).toBe(true);
    for (const f of ['%s', '%I %L', '%1$s %2$I', '100%% %s', '%-s', '', 'no conversion'])
      expect(formatHasWidth(f), f).toBe(false);
  });

  it('keeps format() without a width, and accumulators over the warehouse, and generators counted', async () => {
    await passes("select format('%s-%s（%L）', a, b, c) from warehouse.t");
    await passes("select string_agg(name, '、' order by name), array_agg(id) from warehouse.t");
    await passes('select array(select id from warehouse.t)');
    await passes('select count(*) from generate_series(1, 100000000) g');
    await passes('with recursive r(n) as (select 1 union all select n + 1 from r where n < 10) select sum(n) from r');
  });

  it('refuses a width, a computed format string, and an accumulator anywhere in a text that generates rows', async () => {
    const width = await refused("select 1,\n  format('%100000000s', 'x')");
    expect(width.message).toBe(
      'format() 的格式串不能指定宽度（如 %10s、%*s：会按宽度分配内存），请去掉宽度（第 2 行第 3 列）',
    );
    const computed = await refused('select format(name, 1) from warehouse.t');
    expect(computed.message).toContain('必须是字符串常量');
    // The accumulator is named at its place, wherever the generator is (a CTE, a subquery, before or after it).
    const far = await refused(
      "select (select string_agg(name, '') from warehouse.t),\n (select count(*) from generate_series(1, 10) g)",
    );
    expect(far.message).toBe(
      '不能用 string_agg() 汇总 generate_series() 生成的行（生成多少行就占用多少内存）（第 1 行第 16 列）',
    );
    for (const name of SIZE_ARGUMENT_FUNCTIONS) expect(ALLOWED_FUNCTIONS.has(name), name).toBe(false);
  });
});

describe('the memo of checked texts', () => {
  it('answers a text seen before with the same answer, and a changed text anew', async () => {
    const a = await checkAlgorithmSql('select count(*) from warehouse.memo_test');
    expect(await checkAlgorithmSql('select count(*) from warehouse.memo_test')).toBe(a);
    const b = await checkAlgorithmSql('select count(*) from public.memo_test');
    expect(b.ok).toBe(false);
  });
});

describe('placeOf', () => {
  it('counts lines and characters from 1', () => {
    expect(placeOf('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(placeOf('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(placeOf('中文\nx', 3)).toEqual({ line: 2, column: 1 });
  });
});

describe('the algorithm checker on a data source (the allowed schema a parameter)', () => {
  it("allows the source's schema, qualified or not, and refuses the warehouse, public and the catalogue there", async () => {
    const ok = await checkAlgorithmSql(
      'select count(*) from ext_src.scores s join teachers t on t.id = s.id where s.major = :objectId',
      'ext_src',
    );
    expect(ok).toMatchObject({ ok: true, tables: ['scores', 'teachers'], params: ['objectId'] });
    for (const [text, name] of [
      ['select * from warehouse.x', 'warehouse.x'],
      ['select * from public.users', 'public.users'],
      ['select * from pg_catalog.pg_class', 'pg_catalog.pg_class'],
      ['select * from information_schema.columns', 'information_schema.columns'],
      ['select * from pg_roles', 'pg_roles'],
      ['select * from "EXT_SRC".scores', 'EXT_SRC.scores'],
    ]) {
      const r = await checkAlgorithmSql(text as string, 'ext_src');
      expect(r.ok, text).toBe(false);
      expect((r as RefusedSql).message).toMatch(`只能查询数据源模式（ext_src）中的表，不能读取“${name}”`);
    }
    // One text, two places: the memo keeps each answer apart.
    expect((await checkAlgorithmSql('select * from ext_src.scores')).ok).toBe(false);
    expect((await checkAlgorithmSql('select * from warehouse.t', 'ext_src')).ok).toBe(false);
    expect((await checkAlgorithmSql('select * from warehouse.t')).ok).toBe(true);
    // Every other rule is the same there.
    for (const h of HOSTILE_STATEMENTS.filter((x) => !x.stoppedAtRun))
      expect((await checkAlgorithmSql(h.sql.replaceAll('warehouse.', 'ext_src.'), 'ext_src')).ok, h.sql).toBe(false);
  });
});
