import fs from 'node:fs';
import path from 'node:path';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '@zg/server/src/db/embedded-postgres';
import type { Fixtures } from '@zg/server/src/seed/story';
import pg from 'pg';
import { resetConnections, Session } from '../lib/http';
import { type ServerHandle, sleep, startServer } from '../lib/server';

const W = '/api/herm-wbs';

export interface CrashFigures {
  db: 'postgres' | 'embedded';
  kills: number;
  failedStarts: number;
  restartMs: number[];
  acked: { updates: number; reports: number; rejections: number };
  inDoubt: number;
  lost: number;
  problems: string[];
  checks: { name: string; ok: boolean; detail: string }[];
}

interface Updater {
  taskId: number;
  input: Record<string, unknown>;
  initialVersion: number;
  version: number;
  acked: { version: number; name: string } | null;
  inDoubt: { version: number; name: string } | null;
  seq: number;
}

interface Reporter {
  taskId: number;
  periodKey: string;
  ownerId: string;
  auditorId: string;
  /** Acknowledged reports: id -> content and whether their rejection was acknowledged. */
  acked: Map<number, { content: string; rejected: boolean }>;
  current: number | null;
  inDoubtReject: number | null;
  seq: number;
}

export interface CrashOptions {
  db: 'postgres' | 'embedded';
  port: number;
  /** The server's database settings: DATABASE_URL, or DATA_DIR of the embedded PostgreSQL. */
  env: Record<string, string>;
  fixtures: Fixtures;
  kills: number;
  /** The kill comes this long after the write load starts (uniformly at random). */
  minMs: number;
  maxMs: number;
  writers: number;
  logDir: string;
  log: (line: string) => void;
  /** Runs SQL against the database once the server has stopped (consistency checks). */
  query: <T>(text: string, params?: unknown[]) => Promise<T[]>;
  amcheck: () => Promise<string>;
}

/**
 * Under a steady write load (task updates by the publisher; progress reports by owners, rejected by auditors so the
 * period can be reported again), SIGKILLs the server at random moments (once every writer has had a write
 * acknowledged, then after a random 0.3-1.2 s), restarts it, and checks that every write the
 * server acknowledged is there. At the end the database itself is checked: every change has its audit row (one
 * transaction), no duplicate open reports, no orphans, and indexes that agree with their tables (amcheck).
 */
export async function crashTest(o: CrashOptions): Promise<CrashFigures> {
  const fig: CrashFigures = {
    db: o.db,
    kills: 0,
    failedStarts: 0,
    restartMs: [],
    acked: { updates: 0, reports: 0, rejections: 0 },
    inDoubt: 0,
    lost: 0,
    problems: [],
    checks: [],
  };
  const half = Math.max(1, Math.floor(o.writers / 2));
  const updaters: Updater[] = o.fixtures.editableTasks.slice(0, half).map((t) => ({
    taskId: t.id,
    input: t.input,
    initialVersion: t.version,
    version: t.version,
    acked: null,
    inDoubt: null,
    seq: 0,
  }));
  const usedTasks = new Set<number>();
  const reporters: Reporter[] = [];
  for (const s of o.fixtures.reportSlots) {
    if (reporters.length >= half || usedTasks.has(s.taskId)) continue;
    usedTasks.add(s.taskId);
    reporters.push({ ...s, acked: new Map(), current: null, inDoubtReject: null, seq: 0 });
  }
  if (!updaters.length || !reporters.length)
    throw new Error('crash test: the data has no editable task or report slot');

  const problem = (line: string) => {
    fig.problems.push(line);
    o.log(`PROBLEM ${line}`);
  };
  const sessions = new Map<string, Session>();
  const sessionOf = async (base: string, userId: string) => {
    let s = sessions.get(userId);
    if (!s || s.base !== base) {
      s = await Session.login(base, userId);
      sessions.set(userId, s);
    }
    return s;
  };

  const start = async (): Promise<ServerHandle> => {
    for (let attempt = 1; ; attempt++) {
      const t0 = performance.now();
      try {
        const h = await startServer({
          entry: 'product',
          port: o.port,
          env: { ...o.env, SEED_DEMO: 'true' },
          logFile: path.join(o.logDir, `crash-${o.db}-server.log`),
        });
        fig.restartMs.push(performance.now() - t0);
        return h;
      } catch (err) {
        fig.failedStarts += 1;
        problem(`start ${attempt} failed: ${(err as Error).message}`);
        if (attempt >= 3) throw err;
      }
    }
  };

  /** A read during verification: a server that has just recovered may be slow, so wait long and retry. */
  const read = async <T>(s: Session, path: string): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await s.get(path, 120_000);
        if (res.status === 200) return (JSON.parse(res.body) as { data: T }).data;
        throw new Error(`HTTP ${res.status} ${res.body.slice(0, 160)}`);
      } catch (err) {
        if (attempt >= 3) throw new Error(`verify ${path}: ${(err as Error).message}`);
        resetConnections(s.base);
        await sleep(1000);
      }
    }
  };
  const verify = async (base: string) => {
    const fbr = await sessionOf(base, 'fbr01');
    for (const r of reporters) {
      await sessionOf(base, r.ownerId);
      await sessionOf(base, r.auditorId);
    }
    for (const u of updaters) {
      const card = await read<{ version: number; rwmc: string }>(fbr, `${W}/targetTask/${u.taskId}`);
      if (u.acked) {
        if (card.version < u.acked.version || (card.version === u.acked.version && card.rwmc !== u.acked.name)) {
          fig.lost += 1;
          problem(
            `task ${u.taskId}: acknowledged update v${u.acked.version} "${u.acked.name}" lost (found v${card.version} "${card.rwmc}")`,
          );
        } else if (
          card.version > u.acked.version &&
          !(u.inDoubt && card.version === u.inDoubt.version && card.rwmc === u.inDoubt.name)
        ) {
          problem(`task ${u.taskId}: unexpected v${card.version} "${card.rwmc}" after v${u.acked.version}`);
        }
      }
      // What the database holds now is durable: a write in doubt that made it counts from here on.
      if (!u.acked || card.version > u.acked.version) u.acked = { version: card.version, name: card.rwmc };
      u.version = card.version;
      u.inDoubt = null;
    }
    for (const r of reporters) {
      const owner = await sessionOf(base, r.ownerId);
      const list = await read<{ id: number; content: string; status: string; periodKey: string }[]>(
        owner,
        `${W}/targetTaskSituation/list?taskId=${r.taskId}`,
      );
      const byId = new Map(list.map((x) => [x.id, x]));
      for (const [id, a] of r.acked) {
        const found = byId.get(id);
        if (!found || found.content !== a.content) {
          fig.lost += 1;
          problem(`report ${id} of task ${r.taskId}: acknowledged but ${found ? 'changed' : 'missing'}`);
        } else if (a.rejected && found.status !== 'reject') {
          fig.lost += 1;
          problem(`report ${id}: acknowledged rejection lost (status ${found.status})`);
        } else if (!a.rejected && found.status === 'reject') {
          if (r.inDoubtReject !== id) problem(`report ${id}: rejected without a request`);
          // A rejection in doubt that made it is durable from here on.
          a.rejected = true;
        }
      }
      const open = list.find((x) => x.periodKey === r.periodKey && x.status === 'reviewing');
      r.current = open?.id ?? null;
      r.inDoubtReject = null;
    }
  };

  let running = false;
  /** The writers with a write acknowledged since the load started. */
  const ackedNow = new Set<Updater | Reporter>();
  /**
   * A write answered 503 (数据库不可用) once the kill has begun was cut by it: a worker still finishing the request
   * when the database that went with its primary stopped. It is in doubt like a cut connection (its commit may have
   * landed), not a problem; a 503 while the server is up still is one.
   */
  const cutByKill = (status: number) => {
    if (status === 503 && !running) throw new Error('cut by the kill');
  };
  const updaterLoop = async (base: string, u: Updater) => {
    const fbr = await sessionOf(base, 'fbr01');
    while (running) {
      const name = `压测任务${u.taskId}-${++u.seq}`;
      try {
        const res = await fbr.post(
          `${W}/targetTask/update`,
          { ...u.input, id: u.taskId, version: u.version, rwmc: name },
          10_000,
        );
        cutByKill(res.status);
        if (res.status === 200) {
          u.version += 1;
          u.acked = { version: u.version, name };
          fig.acked.updates += 1;
          ackedNow.add(u);
        } else {
          problem(`update of task ${u.taskId} answered ${res.status} ${res.body.slice(0, 120)}`);
          return;
        }
      } catch {
        if (running) problem(`update of task ${u.taskId}: connection lost while the server was up`);
        u.inDoubt = { version: u.version + 1, name };
        fig.inDoubt += 1;
        return;
      }
    }
  };
  const reporterLoop = async (base: string, r: Reporter) => {
    const owner = await sessionOf(base, r.ownerId);
    const auditor = await sessionOf(base, r.auditorId);
    while (running) {
      try {
        if (r.current !== null) {
          const id = r.current;
          r.inDoubtReject = id;
          const res = await auditor.post(
            `${W}/targetTaskSituation/auditTargetTask`,
            { id, version: 1, result: 'reject', reason: '压测：请补充材料' },
            10_000,
          );
          cutByKill(res.status);
          if (res.status !== 200) {
            problem(`reject of report ${id} answered ${res.status} ${res.body.slice(0, 120)}`);
            return;
          }
          r.inDoubtReject = null;
          const a = r.acked.get(id);
          if (a) a.rejected = true;
          fig.acked.rejections += 1;
          ackedNow.add(r);
          r.current = null;
        } else {
          const content = `压测报告${r.taskId}-${++r.seq}`;
          const res = await owner.post(
            `${W}/targetTaskSituation/insert`,
            { taskId: r.taskId, periodKey: r.periodKey, kind: 'process', content },
            10_000,
          );
          cutByKill(res.status);
          if (res.status !== 200) {
            problem(`report on task ${r.taskId} answered ${res.status} ${res.body.slice(0, 120)}`);
            return;
          }
          const id = (JSON.parse(res.body) as { data: { id: number } }).data.id;
          r.acked.set(id, { content, rejected: false });
          fig.acked.reports += 1;
          ackedNow.add(r);
          r.current = id;
        }
      } catch {
        if (running) problem(`report write on task ${r.taskId}: connection lost while the server was up`);
        fig.inDoubt += 1;
        return;
      }
    }
  };

  let current: ServerHandle | null = null;
  try {
    await cycles();
  } finally {
    // A failure must not leave a server running into the next phase.
    if (current) (current as ServerHandle).kill('SIGKILL');
  }
  async function cycles() {
    for (let cycle = 1; cycle <= o.kills; cycle++) {
      const server = await start();
      current = server;
      await verify(server.base);
      running = true;
      const loops = [
        ...updaters.map((u) => updaterLoop(server.base, u)),
        ...reporters.map((r) => reporterLoop(server.base, r)),
      ].map((p) => p.catch((err: Error) => problem(`writer failed: ${err.message}`)));
      // The load is steady once every writer has had a write acknowledged (a busy machine takes longer to get there);
      // the kill comes at a random moment after that.
      ackedNow.clear();
      const steadyBy = Date.now() + 20_000;
      while (ackedNow.size < updaters.length + reporters.length && Date.now() < steadyBy) await sleep(20);
      await sleep(o.minMs + Math.random() * (o.maxMs - o.minMs));
      running = false;
      server.kill('SIGKILL');
      await server.exited;
      fig.kills += 1;
      await Promise.all(loops);
      resetConnections(server.base);
      o.log(
        `${o.db}: kill ${cycle}/${o.kills}; acknowledged ${fig.acked.updates} updates, ${fig.acked.reports} reports, ${fig.acked.rejections} rejections; lost ${fig.lost}`,
      );
    }
    const last = await start();
    current = last;
    await verify(last.base);
    await last.stop();
    current = null;
  }

  // The database itself, with the server stopped.
  const check = (name: string, ok: boolean, detail: string) => {
    fig.checks.push({ name, ok, detail });
    if (!ok) problem(`${name}: ${detail}`);
  };
  const ids = updaters.map((u) => u.taskId);
  const updates = await o.query<{ task: string; n: number; version: number }>(
    `select t.id::text as task, t.version, (select count(*)::int from audit_log a where a.entity_type = 'targetTask'
       and a.action = 'task.update' and a.entity_id = t.id::text) as n from target_tasks t where t.id = any($1::int[])`,
    [ids],
  );
  const badUpdates = updates.filter((r) => {
    const u = updaters.find((x) => String(x.taskId) === r.task)!;
    return Number(r.version) - u.initialVersion !== Number(r.n);
  });
  check(
    '每次任务修改恰有一条审计记录（同一事务） / one audit row per task update',
    badUpdates.length === 0,
    badUpdates.length ? JSON.stringify(badUpdates) : `${updates.length} tasks`,
  );
  const reportIds = reporters.map((r) => r.taskId);
  const reportAudit = await o.query<{ id: number; status: string; submits: number; rejects: number }>(
    `select r.id, r.status,
       (select count(*)::int from audit_log a where a.action = 'report.submit.process' and a.detail->>'reportId' = r.id::text) as submits,
       (select count(*)::int from audit_log a where a.action = 'report.reject' and a.detail->>'reportId' = r.id::text) as rejects
     from task_reports r where r.task_id = any($1::int[]) and r.content like '压测报告%'`,
    [reportIds],
  );
  const badReports = reportAudit.filter(
    (r) => Number(r.submits) !== 1 || Number(r.rejects) !== (r.status === 'reject' ? 1 : 0),
  );
  check(
    '每份报告及其审核恰有一条审计记录 / one audit row per report and per rejection',
    badReports.length === 0,
    badReports.length ? JSON.stringify(badReports.slice(0, 5)) : `${reportAudit.length} reports`,
  );
  const dupes = await o.query<{ n: number }>(
    `select count(*)::int as n from (select task_id, period_key from task_reports where status = 'reviewing'
       and kind = 'process' group by 1, 2 having count(*) > 1) d`,
  );
  check(
    '每个周期至多一份待审核报告 / at most one report under review per period',
    Number(dupes[0]?.n) === 0,
    `${dupes[0]?.n ?? 0} periods`,
  );
  const orphans = await o.query<{ n: number }>(
    `select (select count(*) from task_reports r where not exists (select 1 from target_tasks t where t.id = r.task_id))
          + (select count(*) from task_warnings w where not exists (select 1 from target_tasks t where t.id = w.task_id))
          + (select count(*) from target_tasks c where c.parent_id is not null and not exists (select 1 from target_tasks p where p.id = c.parent_id)) as n`,
  );
  check('无孤立记录 / no orphan rows', Number(orphans[0]?.n) === 0, `${orphans[0]?.n ?? 0} orphans`);
  try {
    const detail = await o.amcheck();
    check('索引与表一致（amcheck） / indexes agree with their tables (amcheck)', true, detail);
  } catch (err) {
    check('索引与表一致（amcheck） / indexes agree with their tables (amcheck)', false, (err as Error).message);
  }
  return fig;
}

/** amcheck over every B-tree index of the public schema, heap included. */
export const AMCHECK_SQL = `select count(*)::int as n from (
  select bt_index_check(c.oid, true) from pg_index i join pg_class c on c.oid = i.indexrelid
  join pg_am am on am.oid = c.relam where am.amname = 'btree' and c.relnamespace = 'public'::regnamespace) x`;

/** Query and amcheck access to an embedded PostgreSQL's DATA_DIR (the server must be stopped): starts its own. */
export function embeddedAccess(dataDir: string) {
  let server: EmbeddedPostgres | null = null;
  const open = async () => {
    server ??= await startEmbeddedPostgres({ dataDir });
    return postgresAccess(server.url);
  };
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await open()).query<T>(text, params),
    amcheck: async () => (await open()).amcheck(),
    close: async () => {
      await server?.stop();
      server = null;
      fs.rmSync(path.join(dataDir, 'server.pid'), { force: true });
    },
  };
}

/** Query and amcheck access to a PostgreSQL database. */
export function postgresAccess(url: string) {
  const q = async <T>(text: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  };
  return {
    query: q,
    amcheck: async () => {
      await q('create extension if not exists amcheck');
      const rows = await q<{ n: number }>(AMCHECK_SQL);
      return `${rows[0]?.n ?? 0} indexes checked`;
    },
  };
}
