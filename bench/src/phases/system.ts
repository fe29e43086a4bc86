import { jobUnderWay, ROLE, SYSTEM_ADMIN_API, USER_EXCEL_COLUMNS, type UserImportJob } from '@zg/contract';
import type { Db } from '@zg/server/src/db/client';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';
import { postSheet } from './standard';

/**
 * 系统管理 (issue 36): the bench data grows the school's users to 10 000 (each in a department, with a role) and its
 * audit log to 1 000 000 rows (`--system`); the phase reads the user list and the audit log one request at a time
 * under the filters an administrator uses, and imports a workbook of 3 000 new users (a tracked job, polled until done).
 */
export const SYSTEM_BENCH = { users: 10_000, auditRows: 1_000_000, importRows: 3000 } as const;

const AUDIT_ACTIONS = [
  ['targetTask', 'targetTask.update'],
  ['progressReport', 'progressReport.submit'],
  ['progressReport', 'progressReport.audit'],
  ['standard', 'standard.update'],
  ['user', 'user.grantRole'],
  ['user', 'user.update'],
  ['dataCollection', 'fill.save'],
  ['session', 'login'],
] as const;

/** Users up to 10 000 and the audit log up to 1 000 000 rows, in bulk statements; the added counts. */
const countOf = async (db: Db, table: 'users' | 'audit_log') => {
  const res = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return Number(res.rows[0]?.n ?? 0);
};

export async function prepareSystem(db: Db): Promise<{ users: number; audits: number }> {
  const addUsers = Math.max(0, SYSTEM_BENCH.users - (await countOf(db, 'users')));
  if (addUsers > 0) {
    await db.execute(sql`
      with deps as (select array_agg(id order by id) as ids from departments where enabled)
      insert into users (id, name, sex, department_id, user_type_id, phone)
      select 'S' || lpad(g::text, 6, '0'), '系统基准' || g, 1 + g % 2, deps.ids[1 + g % array_length(deps.ids, 1)],
             'staff', '139' || lpad(g::text, 8, '0')
      from generate_series(1, ${addUsers}) g, deps`);
    await db.execute(sql`
      insert into user_roles (user_id, role_id)
      select 'S' || lpad(g::text, 6, '0'), case when g % 5 = 0 then ${ROLE.diagnosisObject} else ${ROLE.targetTaskOwner} end
      from generate_series(1, ${addUsers}) g`);
  }
  const addAudits = Math.max(0, SYSTEM_BENCH.auditRows - (await countOf(db, 'audit_log')));
  if (addAudits > 0) {
    const types = sql.raw(`array[${AUDIT_ACTIONS.map(([t]) => `'${t}'`).join(',')}]`);
    const actions = sql.raw(`array[${AUDIT_ACTIONS.map(([, x]) => `'${x}'`).join(',')}]`);
    // Spread over the last two years, oldest first (ids grow with time, as the log writes them); 200 actors.
    await db.execute(sql`
      insert into audit_log (actor_id, action, entity_type, entity_id, detail, at)
      select 'S' || lpad((1 + g % 200)::text, 6, '0'), (${actions})[1 + g % ${AUDIT_ACTIONS.length}],
             (${types})[1 + g % ${AUDIT_ACTIONS.length}], (g % 50000)::text, jsonb_build_object('n', g),
             now() - make_interval(secs => (${addAudits} - g) * 63)
      from generate_series(1, ${addAudits}) g`);
  }
  return { users: addUsers, audits: addAudits };
}

/** A workbook of `rows` new teachers in the template's columns (工号 prefix makes each import's users new). */
export async function makeUserSheet(prefix: string, rows: number = SYSTEM_BENCH.importRows): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(USER_EXCEL_COLUMNS.map((c) => c.header));
  for (let i = 1; i <= rows; i++) {
    const id = `${prefix}${String(i).padStart(5, '0')}`;
    ws.addRow([
      id,
      `导入教师${i}`,
      i % 2 ? '男' : '女',
      'D02',
      '教务处',
      'staff',
      ROLE.diagnosisObject,
      `137${String(i).padStart(8, '0')}`,
      `${id.toLowerCase()}@example.edu.cn`,
      '启用',
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface ReadFigures {
  name: string;
  latency: LatencySummary;
  requests: number;
  rows: number;
}

export interface SystemFigures {
  users: number;
  userList: ReadFigures[];
  auditList: ReadFigures[];
  /** From the upload to the job's end, polled every 100 ms. */
  imports: { rows: number; ms: number; state: string; created: number }[];
}

/** `repeats` requests one at a time after 3 warm-up ones; each path from `paths` in turn. */
async function measure(s: Session, name: string, paths: string[], repeats: number): Promise<ReadFigures> {
  const samples: number[] = [];
  let rows = 0;
  for (let i = 0; i < repeats + 3; i++) {
    const path = paths[i % paths.length]!;
    const t = performance.now();
    const res = await s.get(path);
    const ms = performance.now() - t;
    rows = dataOf<{ list: unknown[] }>(res, name).list.length;
    if (i >= 3) samples.push(ms);
  }
  return { name, latency: summarise(samples), requests: samples.length, rows };
}

/** The audit log's keys of the first `pages` pages of 20 (newest first), to read pages deep in the log. */
async function auditKeys(s: Session, filter: string, pages: number): Promise<string[]> {
  const keys: string[] = [];
  let before: string | null = null;
  for (let i = 0; i < pages; i++) {
    const page: { next: string | null } = dataOf(
      await s.get(`${SYSTEM_ADMIN_API.auditLog.path}?pageSize=20${filter}${before ? `&before=${before}` : ''}`),
      'audit page',
    );
    if (!page.next) break;
    before = page.next;
    keys.push(before);
  }
  return keys;
}

export async function measureSystem(
  admin: Session,
  opts: { repeats: number; imports: number; log: (line: string) => void },
): Promise<SystemFigures> {
  const U = SYSTEM_ADMIN_API.users.path;
  const total = dataOf<{ total: number }>(await admin.get(`${U}?pageNum=1&pageSize=10`), 'user list').total;
  const userList = [
    await measure(admin, 'first page', [`${U}?pageNum=1&pageSize=10`], opts.repeats),
    await measure(
      admin,
      'pages 1–100',
      Array.from({ length: 100 }, (_, i) => `${U}?pageNum=${i + 1}&pageSize=10`),
      opts.repeats,
    ),
    await measure(
      admin,
      'keyword (工号 or name)',
      [`${U}?pageNum=1&pageSize=10&keyword=${encodeURIComponent('基准12')}`],
      opts.repeats,
    ),
    await measure(
      admin,
      'department + role',
      [`${U}?pageNum=1&pageSize=10&departmentId=D02&roleId=${ROLE.diagnosisObject}`],
      opts.repeats,
    ),
    await measure(admin, 'disabled only', [`${U}?pageNum=1&pageSize=10&enabled=false`], opts.repeats),
  ];
  for (const r of userList)
    opts.log(
      `user list ${r.name} (${total} users): p50 ${r.latency.p50.toFixed(1)} ms, p95 ${r.latency.p95.toFixed(1)} ms`,
    );

  const A = SYSTEM_ADMIN_API.auditLog.path;
  const newest = dataOf<{ list: unknown[] }>(await admin.get(`${A}?pageSize=1`), 'audit log');
  if (newest.list.length === 0)
    throw new Error('the audit log is empty: was the database made by bench/src/data.ts --system?');
  const deep = await auditKeys(admin, '', 50);
  const auditList = [
    await measure(admin, 'newest page', [`${A}?pageSize=20`], opts.repeats),
    await measure(
      admin,
      'pages 2–51 by key',
      deep.map((k) => `${A}?pageSize=20&before=${k}`),
      opts.repeats,
    ),
    await measure(admin, 'one person', [`${A}?pageSize=20&actorId=S000017`], opts.repeats),
    await measure(admin, 'one action', [`${A}?pageSize=20&action=user.grantRole`], opts.repeats),
    await measure(
      admin,
      'module + dates',
      [`${A}?pageSize=20&entityType=standard&from=2025-01-01&to=2025-06-30`],
      opts.repeats,
    ),
  ];
  for (const r of auditList)
    opts.log(`audit log ${r.name}: p50 ${r.latency.p50.toFixed(1)} ms, p95 ${r.latency.p95.toFixed(1)} ms`);

  const imports: SystemFigures['imports'] = [];
  for (let i = 0; i < opts.imports; i++) {
    const sheet = await makeUserSheet(`BI${i + 1}`);
    const t = performance.now();
    const res = await postSheet(
      admin,
      SYSTEM_ADMIN_API.userImport.path,
      { password: 'Init@2026', mode: 'create' },
      sheet,
      'users.xlsx',
    );
    const { id } = dataOf<{ id: string }>(res, 'user import');
    let job: UserImportJob | null = null;
    while (jobUnderWay(job)) {
      await new Promise((r) => setTimeout(r, 100));
      job = dataOf<UserImportJob>(await admin.get(`${SYSTEM_ADMIN_API.userImportJob.path}?id=${id}`), 'import job');
    }
    const ms = performance.now() - t;
    imports.push({ rows: SYSTEM_BENCH.importRows, ms, state: job!.state, created: job!.result?.created ?? 0 });
    opts.log(`import of ${SYSTEM_BENCH.importRows} users: ${(ms / 1000).toFixed(2)} s, ${job!.state}`);
  }
  return { users: total, userList, auditList, imports };
}
