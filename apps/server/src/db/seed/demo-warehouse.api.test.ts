/**
 * The demo school in the data warehouse (seedDatabase with `warehouse`, as main.ts does under SEED_DEMO_WAREHOUSE): the
 * warehouse 教学数据仓库 with its tables created and filled, read through the warehouse's own endpoints.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, startTestServer, type TestServer, type TestSession } from '../../test/harness';
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
});
