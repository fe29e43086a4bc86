import fs from 'node:fs';
import path from 'node:path';
import type { PostgresCluster } from '../lib/postgres';
import { REPLAY_ROLE } from './replay';

export interface Statement {
  calls: number;
  meanMs: number;
  totalMs: number;
  rows: number;
  query: string;
}

export interface Plan {
  route: string;
  durationMs: number;
  text: string;
}

export interface CpuProfile {
  label: string;
  /** Share of samples by function (self time). */
  functions: { name: string; pct: number }[];
  /** Share of samples by package (node_modules/<pkg>), the server's own code, or the engine. */
  packages: { name: string; pct: number }[];
}

/** Turns on pg_stat_statements in a database and clears it, so it counts one phase. */
export async function resetStatements(pg: PostgresCluster, db: string) {
  await pg.query(db, 'create extension if not exists pg_stat_statements');
  await pg.query(db, 'select pg_stat_statements_reset()');
}

/** The statements the application (not pgbench's replay) took the most time on in a database since the reset. */
export async function topStatements(pg: PostgresCluster, db: string, limit = 8): Promise<Statement[]> {
  const rows = await pg.query<{ calls: string; mean: number; total: number; rows: string; query: string }>(
    db,
    `select calls, mean_exec_time as mean, total_exec_time as total, rows, query from pg_stat_statements
     where dbid = (select oid from pg_database where datname = $1) and query not ilike '%pg_stat_statements%'
       and userid not in (select oid from pg_roles where rolname = '${REPLAY_ROLE}')
     order by total_exec_time desc limit $2`,
    [db, limit],
  );
  return rows.map((r) => ({
    calls: Number(r.calls),
    meanMs: Number(r.mean),
    totalMs: Number(r.total),
    rows: Number(r.rows),
    query: r.query.replace(/\s+/g, ' ').trim(),
  }));
}

/**
 * EXPLAIN ANALYZE of what a route runs: auto_explain logs every statement's plan with actual times while `run`
 * calls the route a few times one after another; the slowest plans are kept.
 */
export async function explainRoute(
  pg: PostgresCluster,
  route: string,
  run: () => Promise<void>,
  keep = 1,
): Promise<Plan[]> {
  const settings = [
    "auto_explain.log_min_duration = '2ms'",
    'auto_explain.log_analyze = on',
    'auto_explain.log_buffers = on',
    'auto_explain.log_timing = on',
  ];
  for (const s of settings) await pg.query('postgres', `alter system set ${s}`);
  await pg.query('postgres', 'select pg_reload_conf()');
  await new Promise((r) => setTimeout(r, 300));
  const from = fs.statSync(pg.logFile).size;
  try {
    await run();
  } finally {
    await pg.query('postgres', "alter system set auto_explain.log_min_duration = '-1'");
    await pg.query('postgres', 'select pg_reload_conf()');
  }
  await new Promise((r) => setTimeout(r, 300));
  const fd = fs.openSync(pg.logFile, 'r');
  const size = fs.statSync(pg.logFile).size;
  const buf = Buffer.alloc(size - from);
  fs.readSync(fd, buf, 0, buf.length, from);
  fs.closeSync(fd);
  const queryOf = (p: Plan) => p.text.split('\n')[0];
  return parsePlans(buf.toString('utf8'), route)
    .sort((a, b) => b.durationMs - a.durationMs)
    .filter((p, i, all) => all.findIndex((q) => queryOf(q) === queryOf(p)) === i)
    .slice(0, keep);
}

/** The auto_explain entries of a PostgreSQL log. */
export function parsePlans(log: string, route: string): Plan[] {
  const out: Plan[] = [];
  const blocks = log.split(/\n(?=\d{4}-\d{2}-\d{2} )/);
  for (const b of blocks) {
    const m = /LOG:\s+duration: ([\d.]+) ms\s+plan:\n([\s\S]*)/.exec(b);
    if (!m) continue;
    const text = m[2]!
      .split('\n')
      .map((l) => l.replace(/^\t/, ''))
      .filter((l) => l.trim() && !/^\s*(Buffers|Buckets|Cache Mode|Heap Blocks|Worker \d+):/.test(l))
      .map((l) =>
        l.startsWith('Query Text:') ? `${l.replace(/\s+/g, ' ').slice(0, 400)}${l.length > 400 ? ' …' : ''}` : l,
      )
      .join('\n');
    out.push({ route, durationMs: Number(m[1]), text });
  }
  return out;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/**
 * The share of CPU samples per function and per package in a .cpuprofile, leaving out the first `skipMs` of the
 * process (start-up: module loading and migrations are not what is measured).
 */
export function summariseCpuProfile(file: string, label: string, top = 12, skipMs = 0): CpuProfile {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const counts = new Map<number, number>();
  let at = 0;
  p.samples.forEach((s, i) => {
    at += p.timeDeltas[i] ?? 0;
    if (at / 1000 >= skipMs) counts.set(s, (counts.get(s) ?? 0) + 1);
  });
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  let total = 0;
  for (const [id, c] of counts) {
    const n = byId.get(id)!;
    const url = n.callFrame.url;
    const name = n.callFrame.functionName || '(anonymous)';
    if (name === '(idle)') continue;
    total += c;
    const file = url
      ? url
          .replace(/^file:\/\//, '')
          .split('/')
          .slice(-2)
          .join('/')
      : '';
    const key = file ? `${name} (${file}:${n.callFrame.lineNumber + 1})` : name;
    fn.set(key, (fn.get(key) ?? 0) + c);
    pkg.set(packageOf(url, name), (pkg.get(packageOf(url, name)) ?? 0) + c);
  }
  const pct = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, c]) => ({ name, pct: (100 * c) / Math.max(1, total) }));
  return { label, functions: pct(fn, top), packages: pct(pkg, 10) };
}

export function packageOf(url: string, name: string): string {
  if (url.startsWith('wasm://')) return 'WebAssembly';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  if (url.includes('/apps/server/')) return 'apps/server';
  if (url.includes('/packages/contract/')) return 'packages/contract';
  if (url.startsWith('node:')) return 'node (built-in modules)';
  if (name === '(garbage collector)') return '(garbage collector)';
  return '(engine / native)';
}

/** The main thread's profile in a directory (CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile, thread 0). */
export function mainThreadProfile(dir: string): string | null {
  if (!fs.existsSync(dir)) return null;
  const files = fs.readdirSync(dir).filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  files.sort();
  const last = files.at(-1);
  return last ? path.join(dir, last) : null;
}
