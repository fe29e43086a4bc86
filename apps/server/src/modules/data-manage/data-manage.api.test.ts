import { DATA_MANAGE_MSG as M, ROLE, SQL_KEYWORDS } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userRoles, warehouseFields, warehouseTables } from '../../db/schema';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

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
const post = (me: TestSession, url: string, payload: object) =>
  me.request({ method: 'POST', url: `${S}${url}`, payload });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${S}${url}` });
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The columns of a physical table as the database has them: name, type, nullable. */
async function columnsOf(table: string) {
  return rowsOf<{ column_name: string; data_type: string; is_nullable: string; char_max: number | null }>(
    await s.database.db.execute(sql`
      select column_name, data_type, is_nullable, character_maximum_length as char_max
      from information_schema.columns where table_schema = 'warehouse' and table_name = ${table}
      order by ordinal_position`),
  );
}
async function physicalTables() {
  return rowsOf<{ tablename: string }>(
    await s.database.db.execute(sql`select tablename from pg_tables where schemaname = 'warehouse' order by 1`),
  ).map((r) => r.tablename);
}

async function warehouse(name: string) {
  const res = await post(admin, '/ck/insert', { ckmc: name, bz: '测试仓库' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
async function table(ckid: number, bm: string, bzwm = '测试表') {
  const res = await post(admin, '/ckb/insert', { ckid, bm, bzwm });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
async function field(ckbid: number, f: Record<string, unknown>) {
  const res = await post(admin, '/ckbzd/insert', { ckbid, ...f });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

describe('warehouses, tables and fields (ck, ckb, ckbzd)', () => {
  it('are defined by administrators and the data office, read by the 数据管理 menu, refused to others', async () => {
    const ck = await warehouse('教学仓库');
    const list = await get(admin, '/ck/selectAll');
    expect(list.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: ck, ckmc: '教学仓库', bz: '测试仓库', bs: 0 })]),
    );
    const again = await post(admin, '/ck/insert', { ckmc: '教学仓库' });
    expect(again.statusCode).toBe(409);
    expect(again.json().meta.message).toBe(M.warehouseNameTaken('教学仓库'));

    // zgfb01 (诊改管理员) has the 数据管理 menu: reads, but does not keep the warehouse.
    const reader = await s.login('zgfb01');
    expect((await get(reader, '/ck/selectAll')).statusCode).toBe(200);
    expect((await post(reader, '/ck/insert', { ckmc: '越权仓库' })).statusCode).toBe(403);
    // A task owner has neither.
    const owner = await s.login('rwfzr01');
    expect((await get(owner, '/ck/selectAll')).statusCode).toBe(403);
    expect((await get(owner, '/ckb/selectqurey')).statusCode).toBe(403);

    // The data office keeps it.
    await s.database.db.insert(userRoles).values({ userId: 'xld01', roleId: ROLE.dataOffice });
    const office = await s.login('xld01');
    expect((await get(office, '/ck/selectAll')).statusCode).toBe(200);
    const made = await post(office, '/ck/insert', { ckmc: '数据办仓库' });
    expect(made.statusCode, made.body).toBe(200);
    const renamed = await post(office, '/ck/update', { id: made.json().data.id, ckmc: '数据办仓库2', px: 3 });
    expect(renamed.json().data).toMatchObject({ ckmc: '数据办仓库2', px: 3 });
    const gone = await post(office, '/ck/ids/delete', { ids: [made.json().data.id] });
    expect(gone.statusCode, gone.body).toBe(200);
  });

  it('answers bad definitions with Chinese messages naming the rule', async () => {
    const ck = await warehouse('校验仓库');
    const empty = await post(admin, '/ck/insert', { ckmc: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toContain(M.nameRequired);

    const noLabel = await post(admin, '/ckb/insert', { ckid: ck, bm: 'student', bzwm: '' });
    expect(noLabel.statusCode).toBe(400);
    expect(noLabel.json().meta.message).toContain(M.labelRequired);
    const missingWarehouse = await post(admin, '/ckb/insert', { ckid: 999999, bm: 'orphan', bzwm: '孤表' });
    expect(missingWarehouse.statusCode).toBe(404);
    expect(missingWarehouse.json().meta.message).toBe(M.warehouseNotFound);

    const t = await table(ck, 'Check_Table', '校验表');
    const detail = (await get(admin, `/ckb/selectAll?ckid=${ck}`)).json().data[0];
    // Names are kept lower-case: the database folds unquoted names the same way.
    expect(detail).toMatchObject({ id: t, bm: 'check_table', bzwm: '校验表', sfcj: false, zds: 0 });
    const taken = await post(admin, '/ckb/insert', { ckid: ck, bm: 'CHECK_TABLE', bzwm: '重名' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().meta.message).toBe(M.tableNameTaken('check_table'));

    const cases: [Record<string, unknown>, string][] = [
      [{ zdm: 'xm', zdzwm: '姓名', zdlx: 'money' }, M.typeRequired],
      [{ zdm: 'xm', zdzwm: '姓名', zdlx: 'integer', cd: 10 }, M.lengthOnlyText],
      [{ zdm: 'xm', zdzwm: '姓名', zdlx: 'text', cd: 5000 }, M.lengthRange],
      [{ zdm: 'je', zdzwm: '金额', zdlx: 'decimal', cd: 40 }, M.precisionRange],
      [{ zdm: 'je', zdzwm: '金额', zdlx: 'decimal', cd: 4, xsws: 4 }, M.scaleRange],
      [{ zdm: 'rq', zdzwm: '日期', zdlx: 'date', xsws: 2 }, M.scaleOnlyDecimal],
      [{ zdm: 'id', zdzwm: '编号', zdlx: 'integer' }, M.identifierSystem('id')],
      [{ zdm: 'xm', zdzwm: '', zdlx: 'text' }, M.labelRequired],
    ];
    for (const [f, message] of cases) {
      const res = await post(admin, '/ckbzd/insert', { ckbid: t, ...f });
      expect(res.statusCode, JSON.stringify(f)).toBe(400);
      expect(res.json().meta.message, JSON.stringify(f)).toContain(message);
    }
    await field(t, { zdm: 'xm', zdzwm: '姓名', zdlx: 'text', cd: 20 });
    const dup = await post(admin, '/ckbzd/insert', { ckbid: t, zdm: 'XM', zdzwm: '姓名2', zdlx: 'text' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().meta.message).toBe(M.fieldNameTaken('xm'));
    const noDimension = await post(admin, '/ckbzd/insert', {
      ckbid: t,
      zdm: 'zy',
      zdzwm: '专业',
      zdlx: 'text',
      wdid: 99999,
    });
    expect(noDimension.statusCode).toBe(400);
    expect(noDimension.json().meta.message).toBe(M.dimensionNotFound);

    // A warehouse holding tables is not deleted.
    const busy = await post(admin, '/ck/ids/delete', { ids: [ck] });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().meta.message).toBe(M.warehouseHasTables('校验仓库'));
  });

  it('keeps fields in order with their types, dimension links and the type list (boxtype)', async () => {
    const ck = await warehouse('字段仓库');
    const t = await table(ck, 'course_result', '课程成绩');
    const [dimension] = rowsOf<{ id: number; name: string }>(
      await s.database.db.execute(sql`select id, name from dimensions order by id limit 1`),
    );
    await field(t, { zdm: 'xh', zdzwm: '学号', zdlx: 'text', cd: 20, sfbt: true, sfwy: true });
    await field(t, { zdm: 'cj', zdzwm: '成绩', zdlx: 'decimal', cd: 5, xsws: 1 });
    await field(t, { zdm: 'kc', zdzwm: '课程', zdlx: 'text', wdid: dimension!.id });
    const fields = (await get(admin, `/ckbzd/selectAll?ckbid=${t}`)).json().data;
    expect(fields.map((f: { zdm: string }) => f.zdm)).toEqual(['xh', 'cj', 'kc']);
    expect(fields[0]).toMatchObject({ zdlx: 'text', cd: 20, sfbt: true, sfwy: true, wdid: null });
    expect(fields[1]).toMatchObject({ zdlx: 'decimal', cd: 5, xsws: 1, sfbt: false });
    expect(fields[2]).toMatchObject({ wdid: dimension!.id, wdmc: dimension!.name });
    const options = (await get(admin, '/ckbzd/wdxx')).json().data;
    expect(options).toContainEqual({ id: dimension!.id, name: dimension!.name, code: expect.any(String) });
    const types = (await get(admin, '/ckbzd/boxtype')).json().data;
    expect(types).toEqual([
      { value: 'text', label: '文本' },
      { value: 'integer', label: '整数' },
      { value: 'decimal', label: '小数' },
      { value: 'date', label: '日期' },
      { value: 'boolean', label: '是否' },
    ]);
    const page = (await get(admin, `/ckb/selectqurey?ckid=${ck}&keyword=成绩&current=1&size=10`)).json().data;
    expect(page).toMatchObject({ total: 1, pages: 1, current: 1 });
    expect(page.records[0]).toMatchObject({ bm: 'course_result', zds: 3, abilities: { createPhysical: true } });

    const fieldPage = (await get(admin, `/ckbzd/selectqurey?ckbid=${t}&keyword=J&size=1`)).json().data;
    // 'j' is in cj only (names and Chinese labels are searched, case-insensitively).
    expect(fieldPage).toMatchObject({ total: 1, pages: 1, size: 1 });
    expect(fieldPage.records[0].zdm).toBe('cj');
    expect((await get(admin, '/ckbzd/selectqurey?ckbid=999999')).statusCode).toBe(404);
    const warehouses = (await get(admin, '/ck/selectqurey?keyword=字段&current=1&size=5')).json().data;
    expect(warehouses).toMatchObject({ total: 1, current: 1, pages: 1 });
    expect(warehouses.records[0]).toMatchObject({ id: ck, ckmc: '字段仓库', bs: 1 });

    const removed = await post(admin, '/ckbzd/ids/delete', { ids: [fields[2].id] });
    expect(removed.statusCode).toBe(200);
    expect((await get(admin, `/ckbzd/selectAll?ckbid=${t}`)).json().data).toHaveLength(2);
  });
});

describe('physical tables (cjwlb, scwlb) and structure changes', () => {
  it('creates a real table in the schema warehouse, alters it in the same transaction, and drops it', async () => {
    const ck = await warehouse('物理仓库');
    const t = await table(ck, 'student', '学生');
    const empty = await post(admin, '/ckb/cjwlb', { id: t });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toBe(M.noFields);

    const xh = await field(t, { zdm: 'xh', zdzwm: '学号', zdlx: 'text', cd: 20, sfbt: true, sfwy: true });
    const nl = await field(t, { zdm: 'nl', zdzwm: '年龄', zdlx: 'integer' });
    await field(t, { zdm: 'rxrq', zdzwm: '入学日期', zdlx: 'date' });
    await field(t, { zdm: 'zx', zdzwm: '在校', zdlx: 'boolean' });
    const created = await post(admin, '/ckb/cjwlb', { id: t });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().meta.message).toBe(M.physicalCreated('student'));
    expect(created.json().data).toMatchObject({ sfcj: true, abilities: { dropPhysical: true, editData: true } });
    expect(await physicalTables()).toContain('student');
    expect(await columnsOf('student')).toEqual([
      { column_name: 'id', data_type: 'integer', is_nullable: 'NO', char_max: null },
      { column_name: 'xh', data_type: 'character varying', is_nullable: 'NO', char_max: 20 },
      { column_name: 'nl', data_type: 'bigint', is_nullable: 'YES', char_max: null },
      { column_name: 'rxrq', data_type: 'date', is_nullable: 'YES', char_max: null },
      { column_name: 'zx', data_type: 'boolean', is_nullable: 'YES', char_max: null },
    ]);
    const twice = await post(admin, '/ckb/cjwlb', { id: t });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().meta.message).toBe(M.alreadyPhysical('student'));

    const db = s.database.db;
    await db.execute(sql`insert into warehouse.student (xh, nl) values ('2024001', 18), ('2024002', null)`);

    // A new required field cannot be added to a table with rows; nothing changes.
    const required = await post(admin, '/ckbzd/insert', {
      ckbid: t,
      zdm: 'xb',
      zdzwm: '性别',
      zdlx: 'text',
      sfbt: true,
    });
    expect(required.statusCode).toBe(409);
    expect(required.json().meta.message).toBe(M.requiredNewRefused('性别'));
    expect((await get(admin, `/ckbzd/selectAll?ckbid=${t}`)).json().data).toHaveLength(4);
    // An optional one is added as a column.
    const xb = await field(t, { zdm: 'xb', zdzwm: '性别', zdlx: 'text', cd: 2 });
    expect((await columnsOf('student')).map((c) => c.column_name)).toContain('xb');

    // Rename and retype a column; the rows follow.
    const retyped = await post(admin, '/ckbzd/update', {
      id: nl,
      zdm: 'age',
      zdzwm: '年龄',
      zdlx: 'decimal',
      cd: 5,
      xsws: 1,
    });
    expect(retyped.statusCode, retyped.body).toBe(200);
    const cols = await columnsOf('student');
    expect(cols.find((c) => c.column_name === 'age')).toMatchObject({ data_type: 'numeric' });
    expect(cols.some((c) => c.column_name === 'nl')).toBe(false);

    // A type the rows cannot take is refused and nothing changes (neither the column nor the definition).
    const toDate = await post(admin, '/ckbzd/update', {
      id: xh,
      zdm: 'xh',
      zdzwm: '学号',
      zdlx: 'date',
      sfbt: true,
      sfwy: true,
    });
    expect(toDate.statusCode).toBe(409);
    expect(toDate.json().meta.message).toBe(M.typeChangeLoses('学号', 2, '日期', '2024001'));
    expect((await columnsOf('student')).find((c) => c.column_name === 'xh')).toMatchObject({
      data_type: 'character varying',
      char_max: 20,
    });
    const xhNow = (await get(admin, `/ckbzd/selectAll?ckbid=${t}`))
      .json()
      .data.find((f: { id: number }) => f.id === xh);
    expect(xhNow).toMatchObject({ zdlx: 'text', cd: 20 });
    // A shorter text than the rows hold, too.
    const shorter = await post(admin, '/ckbzd/update', {
      id: xh,
      zdm: 'xh',
      zdzwm: '学号',
      zdlx: 'text',
      cd: 3,
      sfbt: true,
      sfwy: true,
    });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json().meta.message).toBe(M.lengthChangeLoses('学号', 2, 3, '2024001'));
    // Required while a row has no value.
    const mustFill = await post(admin, '/ckbzd/update', {
      id: nl,
      zdm: 'age',
      zdzwm: '年龄',
      zdlx: 'decimal',
      cd: 5,
      xsws: 1,
      sfbt: true,
    });
    expect(mustFill.statusCode).toBe(409);
    expect(mustFill.json().meta.message).toBe(M.requiredRefused('年龄'));
    // Unique while two rows share a value.
    await db.execute(sql`update warehouse.student set xb = '男'`);
    const unique = await post(admin, '/ckbzd/update', {
      id: xb,
      zdm: 'xb',
      zdzwm: '性别',
      zdlx: 'text',
      cd: 2,
      sfwy: true,
    });
    expect(unique.statusCode).toBe(409);
    expect(unique.json().meta.message).toBe(M.uniqueRefused('性别'));
    // The unique index is there and works: a duplicate 学号 is refused by the database.
    await expect(db.execute(sql`insert into warehouse.student (xh) values ('2024001')`)).rejects.toThrow();

    // Rename the table: the physical table follows.
    const renamed = await post(admin, '/ckb/update', { id: t, ckid: ck, bm: 'students', bzwm: '学生' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await physicalTables()).toContain('students');
    expect(await physicalTables()).not.toContain('student');

    // A table of the schema that the catalogue does not know still blocks its name, with a message, not a 500.
    await db.execute(sql`create table warehouse.stray (x int)`);
    const stray = await post(admin, '/ckb/update', { id: t, ckid: ck, bm: 'stray', bzwm: '学生' });
    expect(stray.statusCode).toBe(409);
    expect(stray.json().meta.message).toBe(M.tableNameTaken('stray'));
    expect(await physicalTables()).toContain('students');

    // Dropping a field drops its column.
    expect((await post(admin, '/ckbzd/ids/delete', { ids: [xb] })).statusCode).toBe(200);
    expect((await columnsOf('students')).map((c) => c.column_name)).toEqual(['id', 'xh', 'age', 'rxrq', 'zx']);

    // The definition of a created table is not deleted; the physical table is dropped first.
    const refused = await post(admin, '/ckb/ids/delete', { ids: [t] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().meta.message).toBe(M.tableIsPhysical('students'));
    const dropped = await post(admin, '/ckb/scwlb', { id: t });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().data.sfcj).toBe(false);
    expect(await physicalTables()).not.toContain('students');
    expect((await post(admin, '/ckb/scwlb', { id: t })).json().meta.message).toBe(M.notPhysical('students'));
    expect((await post(admin, '/ckb/ids/delete', { ids: [t] })).statusCode).toBe(200);

    const audited = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'warehouseTable.%Physical'`);
    expect(audited.map((a) => a.action).sort()).toEqual([
      'warehouseTable.createPhysical',
      'warehouseTable.dropPhysical',
    ]);
  });
});

describe('identifiers', () => {
  const BAD_NAMES: [string, string][] = [
    ['x"; drop table warehouse_tables; --', M.identifierFormat],
    ["x'; drop table warehouse_tables; --", M.identifierFormat],
    ['a;b', M.identifierFormat],
    ['a b', M.identifierFormat],
    ['a-b', M.identifierFormat],
    ['"quoted"', M.identifierFormat],
    ['1abc', M.identifierFormat],
    ['_abc', M.identifierFormat],
    ['学生表', M.identifierFormat],
    ['ｓｔｕｄｅｎｔ', M.identifierFormat],
    ['caf\u00e9', M.identifierFormat],
    ['a\u0000b', ''],
    ['select', M.identifierKeyword('select')],
    ['TABLE', M.identifierKeyword('table')],
    ['user', M.identifierKeyword('user')],
    ['pg_class', M.identifierPgPrefix],
    ['a'.repeat(64), M.identifierTooLong],
    ['', M.identifierRequired],
  ];

  it('refuse SQL in a table name or a field name (quotes, semicolons, keywords, unicode, 64 characters)', async () => {
    const ck = await warehouse('注入仓库');
    const t = await table(ck, 'safe_table', '安全表');
    await field(t, { zdm: 'safe_col', zdzwm: '安全列', zdlx: 'text' });
    const before = await physicalTables();
    for (const [name, message] of BAD_NAMES) {
      const asTable = await post(admin, '/ckb/insert', { ckid: ck, bm: name, bzwm: '注入表' });
      expect(asTable.statusCode, `table ${JSON.stringify(name)}`).toBe(400);
      expect(asTable.json().meta.message, name).toContain(message);
      const renamed = await post(admin, '/ckb/update', { id: t, ckid: ck, bm: name, bzwm: '注入表' });
      expect(renamed.statusCode, `rename ${JSON.stringify(name)}`).toBe(400);
      const asField = await post(admin, '/ckbzd/insert', { ckbid: t, zdm: name, zdzwm: '注入列', zdlx: 'text' });
      expect(asField.statusCode, `field ${JSON.stringify(name)}`).toBe(400);
      expect(asField.json().meta.message, name).toContain(message);
    }
    // The longest allowed name works, and every name that passes is created as exactly that table and column.
    const longest = 'a'.repeat(63);
    const long = await table(ck, longest, '最长表名');
    await field(long, { zdm: `b${'_'.repeat(62)}`, zdzwm: '最长列名', zdlx: 'integer' });
    expect((await post(admin, '/ckb/cjwlb', { id: long })).statusCode).toBe(200);
    expect((await post(admin, '/ckb/cjwlb', { id: t })).statusCode).toBe(200);
    expect((await physicalTables()).filter((n) => !before.includes(n)).sort()).toEqual([longest, 'safe_table']);
    expect((await columnsOf(longest)).map((c) => c.column_name)).toEqual(['id', `b${'_'.repeat(62)}`]);
    // The catalogue tables are still there.
    const catalogue = await get(admin, `/ckb/selectAll?ckid=${ck}`);
    expect(catalogue.json().data).toHaveLength(2);
  });

  it('are quoted even where validation was bypassed: a hostile name in the catalogue stays one name', async () => {
    const ck = await warehouse('引号仓库');
    const db = s.database.db;
    const evilTable = 'evil"; drop table users; --';
    const evilColumn = 'c\'); delete from users; --"x';
    const [t] = await db
      .insert(warehouseTables)
      .values({ warehouseId: ck, name: evilTable, label: '恶意表' })
      .returning({ id: warehouseTables.id });
    await db
      .insert(warehouseFields)
      .values({ tableId: t!.id, name: evilColumn, label: '恶意列', type: 'text', unique: true });
    const users = async () => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users`))[0]!.n;
    const before = await users();
    expect(before).toBeGreaterThan(0);

    expect((await post(admin, '/ckb/cjwlb', { id: t!.id })).statusCode).toBe(200);
    expect(await physicalTables()).toContain(evilTable);
    expect((await columnsOf(evilTable)).map((c) => c.column_name)).toEqual(['id', evilColumn]);
    const saved = await post(admin, '/ckb/updatebsj', {
      id: t!.id,
      values: { [evilColumn]: "'; drop table users; --" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const filters = encodeURIComponent(JSON.stringify([{ field: evilColumn, op: 'contains', value: "'; drop" }]));
    const found = (await get(admin, `/ckb/selectbsj?id=${t!.id}&filters=${filters}`)).json().data;
    expect(found.records).toEqual([{ id: 1, [evilColumn]: "'; drop table users; --" }]);
    expect((await get(admin, `/ckb/dcbsj?id=${t!.id}`)).statusCode).toBe(200);
    expect((await post(admin, '/ckb/scwlb', { id: t!.id })).statusCode).toBe(200);
    expect(await physicalTables()).not.toContain(evilTable);
    expect(await users()).toBe(before);
  });

  it('refuse every keyword PostgreSQL does not leave plainly unreserved', async () => {
    const words = rowsOf<{ word: string }>(
      await s.database.db.execute(sql`select word from pg_get_keywords() where catcode <> 'U' order by word`),
    ).map((r) => r.word);
    expect(words.length).toBeGreaterThan(100);
    expect(words.filter((w) => !SQL_KEYWORDS.has(w))).toEqual([]);
    const ck = await warehouse('保留字仓库');
    for (const w of ['select', 'order', 'between', 'join', 'values']) {
      const res = await post(admin, '/ckb/insert', { ckid: ck, bm: w, bzwm: '保留字' });
      expect(res.json().meta.message).toContain(M.identifierKeyword(w));
    }
  });
});
