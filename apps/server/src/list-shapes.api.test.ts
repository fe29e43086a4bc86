import * as contract from '@zg/contract';
import { DATE_TIME_PATTERN, type Endpoint } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedDatabase } from './seed';
import { academicYearOf, DEMO_SCHOOL } from './seed/story/school-data';
import { openTestDatabase, startTestServer, type TestServer, type TestSession } from './test/harness';

/**
 * What a user reads is right (issue 28 item 8): every list the API serves, read over the demo school's story by the
 * roles that use them, carries times in the school's zone as yyyy-MM-dd HH:mm:ss (never an ISO UTC string such as
 * 2026-11-28T05:25:52.332Z, 8 hours off) and people by name (never a bare staff number in a field that is not an id).
 * The lists are found in the contract's catalogues (every GET endpoint whose answer holds an array); the ids they need
 * are looked up in the database. The three lists the browser walk found wrong (任务库, 回收站, 填报情况's 审核人) must be
 * among those read with rows.
 */

/** A value that is an instant (a date with a time of day), in whatever format: it must be DATE_TIME_PATTERN's. */
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
/** The school's zone for this file (8 hours off UTC, as the browser walk found): times must be in it. */
const SCHOOL_ZONE = 'Asia/Shanghai';
// The server process runs in the school's zone (main.ts sets TZ from the configuration); this file's process too.
process.env.TZ = SCHOOL_ZONE;
/** Keys that hold a user's id by design (the name is beside them): ids, and the spec's person-id fields. */
const ID_KEY = /(^id$|Id$|Ids$|^ids$|IdList$|id$|^subject$|^value$|^key$|^code$|^dxbm$)/;

let server: TestServer;
let dropDatabase: () => Promise<void>;
let userIds: Set<string>;

beforeAll(async () => {
  const { database, drop } = await openTestDatabase('migrated');
  dropDatabase = drop;
  await database.migrate();
  await seedDatabase(database.db, { demo: true, story: true, warehouse: true, now: new Date() });
  server = await startTestServer({ database });
  const rows = (await database.db.execute(sql`select id from users`)) as unknown as { rows: { id: string }[] };
  userIds = new Set(rows.rows.map((r) => r.id));
}, 180_000);
afterAll(async () => {
  await server?.close();
  await server?.database.close();
  await dropDatabase?.();
});

const one = async <T = string | number>(query: ReturnType<typeof sql>): Promise<T | undefined> => {
  const result = (await server.database.db.execute(query)) as unknown as { rows: { v: T }[] };
  return result.rows[0]?.v;
};

/** Every GET endpoint of the catalogues whose answer holds an array (a list, a page, a tree). */
function listEndpoints(): Endpoint[] {
  const out = new Map<string, Endpoint>();
  for (const [name, value] of Object.entries(contract)) {
    if (!name.endsWith('_API') || !value || typeof value !== 'object') continue;
    for (const e of Object.values(value as Record<string, Endpoint>)) {
      if (!e || typeof e !== 'object' || e.method !== 'GET' || e.response === 'file') continue;
      const json = JSON.stringify(z.toJSONSchema(e.response as z.ZodType, { io: 'output', unrepresentable: 'any' }));
      if (json.includes('"type":"array"')) out.set(e.path, e);
    }
  }
  return [...out.values()];
}

/** A problem found in an answer: where, and the value. */
interface Finding {
  at: string;
  value: string;
}

/**
 * Walks an answer for times not written yyyy-MM-dd HH:mm:ss (ISO UTC among them), and for staff numbers outside id
 * fields: a field holding one is an id when its name says so, or when the name is beside it (`creator` with
 * `creatorName`, `cjr` with `cjrmc`).
 */
function scan(
  value: unknown,
  at: string,
  found: { iso: Finding[]; staff: Finding[] },
  key = '',
  siblings: Record<string, unknown> = {},
) {
  if (typeof value === 'string') {
    const named = `${key}Name` in siblings || `${key}mc` in siblings;
    if (INSTANT.test(value) && !DATE_TIME_PATTERN.test(value)) found.iso.push({ at, value });
    else if (userIds.has(value) && !ID_KEY.test(key) && !named) found.staff.push({ at, value });
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) scan(v, `${at}[${i}]`, found, key, siblings);
    return;
  }
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    for (const [k, v] of Object.entries(obj)) scan(v, `${at}.${k}`, found, k, obj);
  }
}

/** Whether an answer holds a non-empty array anywhere (its list had rows). */
function hasRows(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object') return Object.values(value).some(hasRows);
  return false;
}

describe('every list: times in the school zone, people by name', () => {
  it('finds no time but yyyy-MM-dd HH:mm:ss and no bare staff number in any list, read by the roles that use them', {
    timeout: 300_000,
  }, async () => {
    const admin = await server.login('zyadmin');
    const keeper = await server.login('zgfb01');
    const owner = await server.login('rwfzr01');
    const post = (me: TestSession, url: string, payload: object) => me.request({ method: 'POST', url, payload });

    // The rows of the lists the browser walk found wrong: a depot item, a recycle-bin entry (the fill tasks' auditors
    // are in the demo's collection tasks already).
    const qcp = await one(sql`select n.id as v from standard_nodes n join standard_systems s on s.id = n.system_id
      where n.kind = 'qcp' and n.deleted_at is null and s.deleted_at is null order by n.id limit 1`);
    expect(qcp).toBeDefined();
    expect((await post(keeper, '/api/herm-mbbz/taskDepot/insert', { nodeId: qcp })).statusCode).toBe(200);
    const leaf = await one(sql`select n.id as v from standard_nodes n join standard_systems s on s.id = n.system_id
      where n.kind = 'indicator' and n.deleted_at is null and s.deleted_at is null order by n.id desc limit 1`);
    expect((await post(keeper, `/api/herm-mbbz/catalog/${leaf}/delete`, {})).statusCode).toBe(200);
    const library = await owner.request({
      method: 'POST',
      url: '/api/docrepo/upload',
      ...(await import('./test/zip')).multipartBody(
        { bmid: 'D02' },
        { name: '共享.pdf', content: Buffer.from('%PDF-1.4\nshared') },
      ),
    });
    const sharedFile = library.json().data.fileId as string;
    expect((await post(owner, '/api/docrepo/shareById', { id: sharedFile, userIds: ['zgfb01'] })).statusCode).toBe(200);

    // A table layout (the collection forms' designer) and a department version, which the demo does not make.
    expect(
      (await post(admin, '/api/herm-sjcj/tableConfiguration/insert', { name: '列表检查表格', tableType: 'floating' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(admin, '/api/herm-sjgl/departmentVersion/insert', { bbmc: '列表检查版本', sxrq: '2026-01-01' }))
        .statusCode,
    ).toBe(200);

    // A stored algorithm result (its run record, 执行记录), which the demo does not make.
    const now = new Date();
    const year = academicYearOf(`${now.getFullYear()}-${now.getMonth() < 9 ? '0' : ''}${now.getMonth() + 1}-01`) - 1;
    const computed = await post(admin, '/api/herm-sjgl/algorithmContent/testResult', {
      sfid: await one(sql`select id as v from algorithms where name = '生师比'`),
      params: { objectId: DEMO_SCHOOL.code, year },
    });
    expect(computed.statusCode, computed.body).toBe(200);

    // The ids a list needs, from the database.
    const task = await one(sql`select task_id as v from task_reports group by task_id order by count(*) desc limit 1`);
    const ids: Record<string, string | number | undefined> = {
      taskId: task,
      yearTargetId: await one(
        sql`select year_target_id as v from target_tasks group by 1 order by count(*) desc limit 1`,
      ),
      systemId: await one(sql`select id as v from standard_systems where deleted_at is null order by id limit 1`),
      typeId: await one(sql`select id as v from collection_constant_types order by id limit 1`),
      fillTaskId: await one(sql`select fill_task_id as v from collection_fill_rows order by fill_task_id limit 1`),
      sfid: await one(sql`select id as v from algorithms order by id limit 1`),
      ckbid: await one(sql`select id as v from warehouse_tables where physical order by id limit 1`),
      typeName: await one(sql`select name as v from cycle_types order by id limit 1`),
      bmid: 'D02',
      wdid: await one(sql`select id as v from dimensions order by id limit 1`),
      ownerType: 'DocRepo',
      ownerId: 'D02',
    };
    const byPath: Record<string, Record<string, string | number | undefined>> = {
      '/api/herm-wbs/delayAuditing/select': { taskId: await one(sql`select task_id as v from delay_requests limit 1`) },
      '/api/herm-ndwbs/delayAuditing/select': {
        taskId: await one(sql`select task_id as v from delay_requests limit 1`),
      },
      '/api/herm-wbs/targetTaskDetail/getDetailWarning': {
        taskId: await one(sql`select task_id as v from task_warnings limit 1`),
      },
      '/api/herm-ndwbs/warningTask/getDetailWarning': {
        taskId: await one(sql`select task_id as v from task_warnings limit 1`),
      },
      '/api/herm-wbs/targetReport/getReportByTask': {
        taskId: await one(sql`select task_id as v from target_reports limit 1`),
      },
      '/api/herm-wbs/targetReport/getReportById': { id: await one(sql`select id as v from target_reports limit 1`) },
      '/api/herm-wbs/targetTask/getTargetTaskVo': { id: task },
      '/api/herm-ndwbs/averageLevelTarget/:id': { id: task },
      '/api/herm-mbbz/target/getTargetFull': { id: ids.systemId },
      '/api/herm-mbbz/target/usage': { id: ids.systemId },
      '/api/herm-mbbz/catalog/selectById': { id: qcp },
      '/api/herm-mbbz/taskDepot/selectById': { id: await one(sql`select id as v from standard_depot limit 1`) },
      '/api/docrepo/shares': { id: sharedFile },
      '/api/herm-sjcj/forms/:id': { id: await one(sql`select id as v from collection_forms limit 1`) },
      '/api/herm-sjcj/tableConfiguration/:id': { id: await one(sql`select id as v from table_configs limit 1`) },
      '/api/herm-sjcj/taskAllocations/list': { taskId: await one(sql`select id as v from collection_tasks limit 1`) },
      '/api/herm-sjgl/algorithmRun/selectById': { id: await one(sql`select id as v from algorithm_runs limit 1`) },
      '/api/herm-sjgl/ckb/selectbsj': { id: ids.ckbid },
      '/api/herm-sjgl/ckb/getFutureTaskResult': { id: await one(sql`select id as v from jobs limit 1`) },
      '/api/system/role/:roleId/users': { roleId: await one(sql`select role_id as v from user_roles limit 1`) },
      '/api/herm-sjgl/departmentVersion/:id/departments': {
        id: await one(sql`select id as v from department_versions limit 1`),
      },
      '/api/herm-sjgl/dimension/queryDetailDimension': {
        id: await one(sql`select id as v from dimension_objects order by id limit 1`),
      },
      '/api/herm-wbs/targetTaskFile/list': { ownerType: 'YearTask', ownerId: String(ids.yearTargetId) },
      '/api/herm-zdgj/rest/file/files/list': { ownerType: 'DocRepo', ownerId: 'D02' },
      '/api/herm-ndwbs/targetTaskFile/select': { ownerType: 'YearTask', ownerId: String(ids.yearTargetId) },
    };

    const findings = { iso: [] as Finding[], staff: [] as Finding[] };
    const withRows = new Set<string>();
    const unread: string[] = [];
    for (const e of listEndpoints()) {
      const shape = (x: z.ZodType | undefined) => ((x as z.ZodObject | undefined)?.shape ?? {}) as object;
      const values = { ...ids, ...byPath[e.path] };
      const params = Object.fromEntries(Object.keys(shape(e.params)).map((k) => [k, values[k]]));
      const required =
        (e.query
          ? (z.toJSONSchema(e.query, { io: 'input', unrepresentable: 'any' }) as { required?: string[] }).required
          : []) ?? [];
      const query = Object.fromEntries(
        [...new Set([...required, ...Object.keys(byPath[e.path] ?? {})])]
          .filter((k) => !(k in shape(e.params)))
          .map((k) => [k, values[k]]),
      );
      if ([...Object.values(params), ...Object.values(query)].some((v) => v === undefined)) {
        unread.push(`${e.path} (no ${[...Object.keys(params), ...required].join(', ')})`);
        continue;
      }
      const path = e.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k])));
      const qs = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      const url = qs ? `${path}?${qs}` : path;
      let read = false;
      for (const me of [admin, keeper, owner]) {
        const res = await me.request({ method: 'GET', url });
        if (res.statusCode !== 200) continue;
        read = true;
        const data = res.json().data;
        if (hasRows(data)) withRows.add(e.path);
        scan(data, `${e.path} as ${me.record.userId}`, findings);
      }
      if (!read) unread.push(`${e.path} (refused to every role)`);
    }
    console.info(
      `lists read with rows: ${withRows.size} of ${listEndpoints().length}; not read: ${unread.length}\n  ${unread.join('\n  ')}`,
    );
    // One line per list and field (the first value found), whichever role and row it was.
    const grouped = (list: Finding[]) =>
      [...new Map(list.map((f) => [f.at.replace(/ as \w+/, '').replace(/\[\d+\]/g, '[]'), f.value])).entries()].map(
        ([at, value]) => `${at} = ${value}`,
      );
    expect(
      { times: grouped(findings.iso), staffNumbers: grouped(findings.staff) },
      'times not yyyy-MM-dd HH:mm:ss, and staff numbers where a name is expected',
    ).toEqual({ times: [], staffNumbers: [] });
    for (const must of [
      '/api/herm-mbbz/taskDepot/list',
      '/api/herm-mbbz/recycle/list',
      '/api/herm-sjcj/fillTasks/list',
      '/api/herm-sjcj/taskAllocations/list',
      '/api/docrepo/sharedWithMe',
    ])
      expect(withRows, must).toContain(must);
    expect(withRows.size).toBeGreaterThan(80);
    // The times are the school's: the depot item saved above reads as its database time in the school's zone.
    const depot = await keeper.request({ method: 'GET', url: '/api/herm-mbbz/taskDepot/list' });
    const saved = await one(sql`select to_char(created_at at time zone ${SCHOOL_ZONE}, 'YYYY-MM-DD HH24:MI:SS') as v
      from standard_depot order by id desc limit 1`);
    expect(depot.json().data.map((d: { createdAt: string }) => d.createdAt)).toContain(saved);
  });
});
