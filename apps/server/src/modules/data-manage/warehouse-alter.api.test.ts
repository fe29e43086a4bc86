import { DATA_MANAGE_MSG as M } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

/**
 * A change of a warehouse field's type or length never loses data (issue 28 item 7): it is checked against the stored
 * rows in the transaction of the ALTER, and refused naming the field, the number of rows that would change and one of
 * their values (nothing changes then), or applied with every value as it was.
 */

let s: TestServer;
let admin: TestSession;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('zyadmin');
});
afterAll(async () => {
  await s?.close();
});

const S = '/api/herm-sjgl';
const post = (url: string, payload: object) => admin.request({ method: 'POST', url: `${S}${url}`, payload });
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

let warehouseId = 0;
let tableNo = 0;

interface Field {
  id: number;
  zdm: string;
  zdzwm: string;
  zdlx: string;
  cd?: number;
  xsws?: number;
}

/** A created table with one field `v` holding `values` (in row order), as inserted by SQL text. */
async function tableWith(f: Omit<Field, 'id' | 'zdm'>, values: (string | null)[]) {
  if (!warehouseId) {
    const w = await post('/ck/insert', { ckmc: '类型转换仓库' });
    warehouseId = w.json().data.id;
  }
  const name = `alter_t${++tableNo}`;
  const t = await post('/ckb/insert', { ckid: warehouseId, bm: name, bzwm: `转换表${tableNo}` });
  expect(t.statusCode, t.body).toBe(200);
  const created = await post('/ckbzd/insert', { ckbid: t.json().data.id, zdm: 'v', ...f });
  expect(created.statusCode, created.body).toBe(200);
  expect((await post('/ckb/cjwlb', { id: t.json().data.id })).statusCode).toBe(200);
  for (const v of values)
    await s.database.db.execute(
      sql`insert into ${sql.identifier('warehouse')}.${sql.identifier(name)} (v) values (${v})`,
    );
  return { name, field: { id: created.json().data.id as number, zdm: 'v', ...f } };
}

/** The column's values as text, in row order, and its type as the database has it. */
async function stored(name: string) {
  const values = rowsOf<{ v: string | null }>(
    await s.database.db.execute(
      sql`select v::text as v from ${sql.identifier('warehouse')}.${sql.identifier(name)} order by id`,
    ),
  ).map((r) => r.v);
  const [type] = rowsOf<{ t: string }>(
    await s.database.db.execute(
      sql`select format_type(atttypid, atttypmod) as t from pg_attribute
          where attrelid = ${`warehouse.${name}`}::regclass and attname = 'v'`,
    ),
  );
  return { values, type: type?.t };
}

const change = (f: Field, to: Partial<Field>) => post('/ckbzd/update', { ...f, ...to });

describe('a field type or length change never loses data', () => {
  it('refuses 小数 -> 整数 when values have places, naming the field, the rows and an example; nothing changes', async () => {
    const { name, field } = await tableWith({ zdzwm: '平均分', zdlx: 'decimal', cd: 10, xsws: 2 }, [
      '1.37',
      '999.99',
      '2.00',
      null,
    ]);
    const before = await stored(name);
    const res = await change(field, { zdlx: 'integer', cd: undefined, xsws: undefined });
    expect(res.statusCode).toBe(409);
    expect(res.json().meta.message).toBe(M.typeChangeLoses('平均分', 2, '整数', '1.37'));
    expect(await stored(name)).toEqual(before);
    expect(before).toEqual({ values: ['1.37', '999.99', '2.00', null], type: 'numeric(10,2)' });
    // Fewer places round too: refused the same way.
    const fewer = await change(field, { xsws: 1 });
    expect(fewer.json().meta.message).toBe(M.typeChangeLoses('平均分', 2, '小数(10,1)', '1.37'));
    // A smaller integer part overflows: refused naming the row that would not fit.
    const narrow = await change(field, { cd: 4, xsws: 2 });
    expect(narrow.json().meta.message).toBe(M.typeChangeLoses('平均分', 1, '小数(4,2)', '999.99'));
    // Once every value is whole, the change is applied and no value changes.
    await s.database.db.execute(sql`update ${sql.identifier('warehouse')}.${sql.identifier(name)} set v = round(v)`);
    const whole = await stored(name);
    expect((await change(field, { zdlx: 'integer', cd: undefined, xsws: undefined })).statusCode).toBe(200);
    expect(await stored(name)).toEqual({
      values: whole.values.map((v) => (v === null ? null : String(Number(v)))),
      type: 'bigint',
    });
  });

  it('refuses a shorter text than the rows hold, with the count and an example; applies one that fits', async () => {
    const { name, field } = await tableWith({ zdzwm: '专业名称', zdlx: 'text', cd: 20 }, [
      '软件技术',
      '计算机网络技术',
      '大数据技术与应用专业',
      null,
    ]);
    const res = await change(field, { cd: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().meta.message).toBe(M.lengthChangeLoses('专业名称', 2, 5, '计算机网络技术'));
    expect((await stored(name)).type).toBe('character varying(20)');
    expect((await change(field, { cd: 10 })).statusCode).toBe(200);
    expect(await stored(name)).toEqual({
      values: ['软件技术', '计算机网络技术', '大数据技术与应用专业', null],
      type: 'character varying(10)',
    });
  });

  it('refuses 文本 -> 数字 when a value is not a plain number or would change; applies one that reads unchanged', async () => {
    const { name, field } = await tableWith({ zdzwm: '学号', zdlx: 'text', cd: 20 }, ['12', '007', 'x12', '-5', '']);
    const toInteger = await change(field, { zdlx: 'integer', cd: undefined });
    expect(toInteger.statusCode).toBe(409);
    // '007' would lose its zeros, 'x12' and '' are no numbers.
    expect(toInteger.json().meta.message).toBe(M.typeChangeLoses('学号', 3, '整数', '007'));
    const toDecimal = await change(field, { zdlx: 'decimal', cd: 10, xsws: 2 });
    expect(toDecimal.json().meta.message).toBe(M.typeChangeLoses('学号', 3, '小数(10,2)', '007'));
    expect(await stored(name)).toEqual({ values: ['12', '007', 'x12', '-5', ''], type: 'character varying(20)' });

    const ok = await tableWith({ zdzwm: '分数', zdlx: 'text' }, ['12', '-5', '0', '3.25', null]);
    const asDecimal = await change(ok.field, { zdlx: 'decimal', cd: 10, xsws: 2 });
    expect(asDecimal.statusCode, asDecimal.body).toBe(200);
    expect(await stored(ok.name)).toEqual({ values: ['12.00', '-5.00', '0.00', '3.25', null], type: 'numeric(10,2)' });
    // Back to text keeps the numbers as they read; a whole-number column becomes 整数 unchanged.
    const whole = await tableWith({ zdzwm: '人数', zdlx: 'text' }, ['12', '-5', '9223372036854775807']);
    expect((await change(whole.field, { zdlx: 'integer' })).statusCode).toBe(200);
    expect(await stored(whole.name)).toEqual({ values: ['12', '-5', '9223372036854775807'], type: 'bigint' });
    const tooBig = await tableWith({ zdzwm: '大数', zdlx: 'text' }, ['9223372036854775808']);
    expect((await change(tooBig.field, { zdlx: 'integer' })).json().meta.message).toBe(
      M.typeChangeLoses('大数', 1, '整数', '9223372036854775808'),
    );
  });

  it('converts text to dates and yes/no only when every value reads as one, and refuses what cannot be converted', async () => {
    const dates = await tableWith({ zdzwm: '入学日期', zdlx: 'text' }, ['2024-09-01', '2024-02-30', '2024/9/1']);
    expect((await change(dates.field, { zdlx: 'date' })).json().meta.message).toBe(
      M.typeChangeLoses('入学日期', 2, '日期', '2024-02-30'),
    );
    const goodDates = await tableWith({ zdzwm: '毕业日期', zdlx: 'text' }, ['2024-06-30', '2000-02-29', null]);
    expect((await change(goodDates.field, { zdlx: 'date' })).statusCode).toBe(200);
    expect((await stored(goodDates.name)).values).toEqual(['2024-06-30', '2000-02-29', null]);

    const flags = await tableWith({ zdzwm: '在校', zdlx: 'text' }, ['是', '否', 'TRUE', 'maybe']);
    expect((await change(flags.field, { zdlx: 'boolean' })).json().meta.message).toBe(
      M.typeChangeLoses('在校', 1, '是否', 'maybe'),
    );
    await s.database.db.execute(
      sql`delete from ${sql.identifier('warehouse')}.${sql.identifier(flags.name)} where v = 'maybe'`,
    );
    expect((await change(flags.field, { zdlx: 'boolean' })).statusCode).toBe(200);
    expect((await stored(flags.name)).values).toEqual(['true', 'false', 'true']);

    // A date cannot become a number: refused while the column holds one, applied to an empty column.
    const when = await tableWith({ zdzwm: '日期', zdlx: 'date' }, ['2024-09-01']);
    expect((await change(when.field, { zdlx: 'integer' })).json().meta.message).toBe(
      M.typeChangeLoses('日期', 1, '整数', '2024-09-01'),
    );
    const emptyDate = await tableWith({ zdzwm: '空日期', zdlx: 'date' }, [null]);
    expect((await change(emptyDate.field, { zdlx: 'integer' })).statusCode).toBe(200);
    // A date as text is written YYYY-MM-DD; a text too short for it is refused.
    expect((await change(when.field, { zdlx: 'text', cd: 8 })).json().meta.message).toBe(
      M.lengthChangeLoses('日期', 1, 8, '2024-09-01'),
    );
    expect((await change(when.field, { zdlx: 'text', cd: 10 })).statusCode).toBe(200);
    expect((await stored(when.name)).values).toEqual(['2024-09-01']);
  });

  it('applies a widening change at once (a longer text, a wider decimal, an integer as a decimal)', async () => {
    const n = await tableWith({ zdzwm: '数量', zdlx: 'integer' }, ['12', '-7']);
    expect((await change(n.field, { zdlx: 'decimal', cd: 25, xsws: 2 })).statusCode).toBe(200);
    expect((await stored(n.name)).values).toEqual(['12.00', '-7.00']);
    const narrowInt = await tableWith({ zdzwm: '金额', zdlx: 'integer' }, ['123456']);
    expect((await change(narrowInt.field, { zdlx: 'decimal', cd: 6, xsws: 2 })).json().meta.message).toBe(
      M.typeChangeLoses('金额', 1, '小数(6,2)', '123456'),
    );
  });
});
