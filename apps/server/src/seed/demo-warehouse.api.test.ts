/**
 * The demo school in the data warehouse (seedDatabase with `warehouse`, as main.ts does under SEED_DEMO_WAREHOUSE): the
 * warehouse 教学数据仓库 with its tables created and filled, read through the warehouse's own endpoints.
 */
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warehouses, warehouseTables } from '../db/schema';
import { loadWarehouse } from '../modules/data-manage';
import { openTestDatabase, startTestServer, type TestServer, type TestSession } from '../test/harness';
import { seedDatabase } from '.';
import { academicYearOf, generateSchool, SCHOOL_WAREHOUSE } from './story/school-data';

const S = '/api/herm-sjgl';
const NOW = new Date();

let server: TestServer;
let dropDatabase: () => Promise<void>;
let admin: TestSession;
let seedMs = 0;

beforeAll(async () => {
  const { database, drop } = await openTestDatabase('migrated');
  dropDatabase = drop;
  await database.migrate();
  const started = performance.now();
  await seedDatabase(database.db, { demo: true, warehouse: true, now: NOW });
  seedMs = performance.now() - started;
  server = await startTestServer({ database });
  admin = await server.login('zyadmin');
}, 180_000);
afterAll(async () => {
  await server?.close();
  await server?.database.close();
  await dropDatabase?.();
});

async function get(url: string) {
  const res = await admin.request({ method: 'GET', url: `${S}${url}` });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json().data;
}

describe('the demo school in the warehouse', () => {
  const pad = (n: number) => String(n).padStart(2, '0');
  const school = generateSchool({
    lastYear: academicYearOf(`${NOW.getFullYear()}-${pad(NOW.getMonth() + 1)}-${pad(NOW.getDate())}`),
  });

  it('is loaded with the demo data: one warehouse, every table created with all its rows', async () => {
    console.info(`demo seed (accounts + warehouse) on an empty database: ${Math.round(seedMs)} ms`);
    const warehouses = (await get('/ck/selectAll')) as { id: number; ckmc: string; bs: number }[];
    const ck = warehouses.find((w) => w.ckmc === SCHOOL_WAREHOUSE.name)!;
    expect(ck).toBeDefined();
    expect(ck.bs).toBe(school.tables.length);
    const tables = (await get(`/ckb/selectAll?ckid=${ck.id}`)) as {
      id: number;
      bm: string;
      bzwm: string;
      sfcj: boolean;
      zds: number;
    }[];
    expect(tables.map((t) => t.bm).sort()).toEqual(school.tables.map((t) => t.name).sort());
    for (const t of school.tables) {
      const def = tables.find((x) => x.bm === t.name)!;
      expect(def).toMatchObject({ bzwm: t.label, sfcj: true, zds: t.fields.length });
      const n = await server.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier('warehouse')}.${sql.identifier(t.name)}`,
      );
      expect((n as unknown as { rows: { n: number }[] }).rows[0]!.n, t.name).toBe(t.rows.length);
    }
  });

  it('browses a table (selectbsj): rows in id order, the totals, and a filter', async () => {
    const tables = (await get('/ckb/selectAll')) as { id: number; bm: string }[];
    const students = tables.find((t) => t.bm === 'jx_student')!;
    const page = await get(`/ckb/selectbsj?id=${students.id}&current=2&size=20`);
    const generated = school.tables.find((t) => t.name === 'jx_student')!;
    expect(page.total).toBe(generated.rows.length);
    expect(page.records).toHaveLength(20);
    expect(page.records[0]).toMatchObject({
      id: 21,
      student_no: generated.rows[20]![0],
      student_name: generated.rows[20]![1],
      birth_date: generated.rows[20]![3],
      enrol_year: String(generated.rows[20]![7]),
    });
    const results = tables.find((t) => t.bm === 'jx_course_result')!;
    const filters = encodeURIComponent(JSON.stringify([{ field: 'pass_rate', op: 'gte', value: 99 }]));
    const good = await get(`/ckb/selectbsj?id=${results.id}&size=100&filters=${filters}`);
    expect(good.total).toBeGreaterThan(0);
    expect(good.total).toBeLessThan(school.tables.find((t) => t.name === 'jx_course_result')!.rows.length);
    for (const r of good.records) expect(Number(r.pass_rate)).toBeGreaterThanOrEqual(99);
  });

  it('links the code fields to their dimension types (ckbzd)', async () => {
    const tables = (await get('/ckb/selectAll')) as { id: number; bm: string }[];
    const results = tables.find((t) => t.bm === 'jx_course_result')!;
    const fields = (await get(`/ckbzd/selectAll?ckbid=${results.id}`)) as {
      zdm: string;
      zdzwm: string;
      wdmc: string | null;
    }[];
    const linked = Object.fromEntries(fields.map((f) => [f.zdm, f.wdmc]));
    expect(linked).toMatchObject({ course_code: '课程', class_code: '班级', teacher_code: '教师', avg_score: null });
    expect(fields.find((f) => f.zdm === 'pass_rate')?.zdzwm).toBe('及格率（%）');
  });

  it('makes the school colleges, majors, courses, classes and teachers dimension objects with their parents', async () => {
    const types = (await get('/dimension/queryDiemensionType?pageNum=1&pageSize=10000000')).list as {
      id: number;
      wdbm: string;
      dxs: number;
    }[];
    const objects = school.dimensionObjects;
    for (const code of ['college', 'major', 'course', 'class', 'teacher']) {
      const type = types.find((t) => t.wdbm === code)!;
      expect(type.dxs, code).toBe(objects.filter((o) => o.typeCode === code).length);
    }
    const course = objects.find((o) => o.typeCode === 'course')!;
    const courses = types.find((t) => t.wdbm === 'course')!;
    const page = (await get(`/dimension/queryDimension?wdid=${courses.id}&keyword=${encodeURIComponent(course.code)}`))
      .list as { dxbm: string; sjbm: string | null; sjwdmc: string | null }[];
    expect(page.find((r) => r.dxbm === course.code)).toMatchObject({ sjbm: course.parentCode, sjwdmc: '专业' });
  });

  it('loadWarehouse refuses a bad name or a value its field cannot take, naming them, and leaves nothing behind', async () => {
    const db = server.database.db;
    const n = async () => [
      Number((await db.select({ n: count() }).from(warehouses))[0]?.n),
      Number((await db.select({ n: count() }).from(warehouseTables))[0]?.n),
    ];
    const before = await n();
    const field = { name: 'score', label: '成绩', type: 'integer' as const, required: true };
    const good = { name: 'ok_table', label: '好表', fields: [field], rows: [[1], [2]] };
    await expect(
      loadWarehouse(db, {
        name: '坏仓库一',
        tables: [good, { name: 'select', label: '坏表', fields: [field], rows: [] }],
      }),
    ).rejects.toThrow(/数据表 select：.*保留字/);
    await expect(
      loadWarehouse(db, { name: '坏仓库二', tables: [good, { ...good, name: 'bad_rows', rows: [[3], ['八十']] }] }),
    ).rejects.toThrow(/数据表 bad_rows 第2行 成绩：/);
    expect(await n()).toEqual(before);
    const leftover = await db.execute(
      sql`select count(*)::int as n from pg_catalog.pg_tables where schemaname = 'warehouse' and tablename in ('ok_table', 'bad_rows')`,
    );
    expect((leftover as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
