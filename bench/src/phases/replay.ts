/**
 * PostgreSQL's own throughput on a route's statements (issue 21 item 1): the statements one request of the route
 * runs, captured from the throwaway cluster's statement log while the route is called one request at a time, and
 * replayed through pgbench (prepared mode, the same database, the same number of clients and the same duration as
 * the route's autocannon run). The route's requests/s over pgbench's transactions/s (one transaction = one request's
 * statements) is how close the application comes to its database.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { PostgresCluster } from '../lib/postgres';
import { type LatencySummary, summarise } from '../lib/stats';

const run = promisify(execFile);

/** One statement from the log: the backend that ran it, its text, its parameters ($1 first; null for NULL). */
export interface LoggedStatement {
  pid: number;
  text: string;
  params: (string | null)[];
}

/** The statements of one request, in the order PostgreSQL started them. */
export type RequestStatements = LoggedStatement[];

/** What one route's request runs, as captured: the requests that ran the most common set of statements. */
export interface CapturedRoute {
  key: string;
  /** Requests captured in all, and how many of them ran the most common statements (the others met a job's). */
  requests: number;
  matching: number;
  /** The requests that ran the most common statements. */
  samples: RequestStatements[];
  /** Why nothing was captured. */
  error?: string;
}

export interface ReplayFigures {
  key: string;
  /** The statements of one request (texts, parameters left out), in order. */
  statements: string[];
  /** Parameter sets pgbench picks from at random in each transaction (1: the same every time). */
  scripts: number;
  /** Transactions (= one request's statements) per second, and their latency from pgbench's per-transaction log. */
  tps: number;
  latency: LatencySummary;
  transactions: number;
  failed: number;
  clients: number;
  seconds: number;
  /** Why the route was not replayed (no statements, a statement pgbench cannot take, pgbench failed). */
  error?: string;
}

/** The marker statement the capture sends before each request, from a connection of its own. */
export const MARK = 'zg-bench-mark';

const LINE_START = /\n(?=\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? \S+ \[\d+\] )/;
const ENTRY = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? \S+ \[(\d+)\] (LOG|DETAIL):\s+([\s\S]*)$/;

/**
 * The statements of a PostgreSQL log written with `log_statement = 'all'` and the default `log_line_prefix`
 * ('%m [%p] '): simple-protocol statements (`statement: ...`) and extended-protocol executions (`execute <name>: ...`)
 * with the parameters of the DETAIL line that follows them.
 */
export function parseStatementLog(log: string): LoggedStatement[] {
  const out: LoggedStatement[] = [];
  const last = new Map<number, LoggedStatement>();
  for (const block of log.split(LINE_START)) {
    const m = ENTRY.exec(block.replace(/\n$/, ''));
    if (!m) continue;
    const pid = Number(m[1]);
    // Continuation lines of a multi-line message are written with a leading tab.
    const body = m[3]!.replace(/\n\t/g, '\n');
    if (m[2] === 'LOG') {
      const s = /^(?:statement|execute [^:\s]*): ([\s\S]*)$/.exec(body);
      if (!s) continue;
      const stmt = { pid, text: s[1]!.trim(), params: [] };
      out.push(stmt);
      last.set(pid, stmt);
    } else if (body.startsWith('parameters: ')) {
      const stmt = last.get(pid);
      if (stmt) stmt.params = parseParameters(body.slice('parameters: '.length));
    }
  }
  return out;
}

/** `$1 = '5', $2 = NULL, $3 = 'it''s'` → ['5', null, "it's"]. */
export function parseParameters(s: string): (string | null)[] {
  const params: (string | null)[] = [];
  for (const m of s.matchAll(/\$(\d+) = (?:NULL|'((?:[^']|'')*)')/g)) {
    params[Number(m[1]) - 1] = m[2] === undefined ? null : m[2].replace(/''/g, "'");
  }
  return Array.from(params, (p) => (p === undefined ? null : p));
}

/**
 * Splits the log's statements into requests at the markers: every statement of other backends between the marker
 * `<MARK> <key> <i>` and the next marker belongs to request i of route key. The marker `<MARK> <key> end` closes the
 * last one. Statements before the first marker are left out.
 */
export function requestsByMarker(statements: LoggedStatement[], markerPid: number): Map<string, RequestStatements[]> {
  const out = new Map<string, RequestStatements[]>();
  let current: RequestStatements | null = null;
  const marker = new RegExp(`'${MARK} (\\S+) (\\S+)'`);
  for (const s of statements) {
    if (s.pid === markerPid) {
      const m = marker.exec(s.text);
      if (!m) continue;
      current = null;
      if (m[2] === 'end') continue;
      current = [];
      out.set(m[1]!, [...(out.get(m[1]!) ?? []), current]);
    } else if (current) {
      current.push(s);
    }
  }
  return out;
}

const shapeOf = (r: RequestStatements) => r.map((s) => s.text).join('\n;\n');

/**
 * The requests that ran the most common sequence of statements: a job's statements that ran during a request (the
 * server's jobs poll the same database) make that request's sequence different, and it is left out.
 */
export function commonRequests(key: string, requests: RequestStatements[]): CapturedRoute {
  const byShape = new Map<string, RequestStatements[]>();
  for (const r of requests) byShape.set(shapeOf(r), [...(byShape.get(shapeOf(r)) ?? []), r]);
  let best: RequestStatements[] = [];
  for (const group of byShape.values()) if (group.length > best.length) best = group;
  return { key, requests: requests.length, matching: best.length, samples: best };
}

/** pgbench's limit on the parameters of one SQL command (MAX_ARGS - 1). */
const PGBENCH_MAX_PARAMS = 255;

export interface PgbenchScripts {
  /** The script: one request's statements, each ending in ;, after the meta-commands that pick a parameter set. */
  scripts: { text: string; weight: number }[];
  /** The pgbench variables the script uses that do not change (`-D name=value`). */
  defines: [string, string][];
  /** Parameter sets the script picks from at random in each transaction (1: always the same). */
  rotations: number;
}

const quoteLiteral = (v: string) => `'${v.replace(/'/g, "''")}'`;
/** A parameter pgbench's \set can hold: an integer written as PostgreSQL reads it back (no leading zeros). */
const INTEGER = /^(0|-?[1-9]\d{0,14})$/;

/**
 * One pgbench script replaying the captured requests with their own parameters: the statements of the most common
 * parameter set, `$n` become pgbench variables, which pgbench's prepared mode sends as parameters again (untyped text,
 * as node-pg sends them). An integer parameter that differs between requests (the detail's task id) is picked in each
 * transaction from up to `rotations` captured requests (`\set` in an `\if` chain over `random()`), as the route rotates
 * it; one script, because pgbench prepares each script's statements per connection on first use, as the server does
 * once per connection. pgbench variables cannot hold NULL or an empty string, so those two are written into the
 * statement (NULL, ''), and so is every parameter of a statement with more than pgbench's 255. Throws when a statement
 * holds a `:name` that pgbench would take for a variable.
 */
export function pgbenchScripts(samples: RequestStatements[], rotations = 16): PgbenchScripts {
  const distinct = new Map<string, { request: RequestStatements; weight: number }>();
  for (const r of samples) {
    const id = JSON.stringify(r.map((s) => s.params));
    const seen = distinct.get(id);
    if (seen) seen.weight++;
    else distinct.set(id, { request: r, weight: 1 });
  }
  // The most common parameter set first (a sort is stable: ties keep the order they were captured in).
  const variants = [...distinct.values()]
    .sort((a, b) => b.weight - a.weight)
    .slice(0, rotations)
    .map((v) => v.request);
  const base = variants[0] ?? [];
  const defines: [string, string][] = [];
  const rotating: { name: string; values: string[] }[] = [];
  const lines = base.map((s, j) => {
    const colon = /(?<!:):(?=[A-Za-z0-9_\u0080-\uffff])/.exec(s.text);
    if (colon) {
      throw new Error(
        `pgbench would read "${s.text.slice(colon.index, colon.index + 20)}" as a variable: ${s.text.slice(0, 120)}`,
      );
    }
    const inline = s.params.length > PGBENCH_MAX_PARAMS;
    const text = s.text.replace(/\$(\d+)(?!\d)/g, (whole, n: string) => {
      const v = s.params[Number(n) - 1];
      if (v === undefined) return whole;
      if (v === null) return 'NULL';
      if (v === '' || inline) return quoteLiteral(v);
      const name = `s0_${j}_${n}`;
      if (defines.some(([d]) => d === name) || rotating.some((r) => r.name === name)) return `:${name}`;
      const values = variants.map((r) => r[j]?.params[Number(n) - 1] ?? null);
      if (values.every((x) => x !== null && INTEGER.test(x)) && new Set(values).size > 1) {
        rotating.push({ name, values: values as string[] });
      } else {
        defines.push([name, v]);
      }
      return `:${name}`;
    });
    return `${text.replace(/;\s*$/, '')};`;
  });
  const meta: string[] = [];
  if (rotating.length) {
    meta.push(`\\set r random(0, ${variants.length - 1})`);
    variants.forEach((_, i) => {
      meta.push(i === 0 ? '\\if :r = 0' : i === variants.length - 1 ? '\\else' : `\\elif :r = ${i}`);
      for (const r of rotating) meta.push(`\\set ${r.name} ${r.values[i]}`);
    });
    meta.push('\\endif');
  }
  return {
    scripts: base.length ? [{ text: `${[...meta, ...lines].join('\n')}\n`, weight: 1 }] : [],
    defines,
    rotations: rotating.length ? variants.length : 1,
  };
}

/** The figures pgbench prints at the end of a run. */
export function parsePgbenchOutput(stdout: string): { tps: number; transactions: number; failed: number } {
  const tps = /^tps = ([\d.]+)/m.exec(stdout)?.[1];
  const transactions = /number of transactions actually processed: (\d+)/.exec(stdout)?.[1];
  if (tps === undefined || transactions === undefined)
    throw new Error(`pgbench: no figures in ${stdout.slice(0, 300)}`);
  return {
    tps: Number(tps),
    transactions: Number(transactions),
    failed: Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0),
  };
}

/** One transaction of pgbench's per-transaction log (`-l`): when it ended (µs since the epoch) and its latency. */
export interface PgbenchTransaction {
  endUs: number;
  ms: number;
}

/** pgbench's per-transaction log: `client transaction latency_us script epoch_s epoch_us [lag]`. */
export function parsePgbenchLog(text: string): PgbenchTransaction[] {
  const out: PgbenchTransaction[] = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length >= 6) out.push({ endUs: Number(f[4]) * 1e6 + Number(f[5]), ms: Number(f[2]) / 1000 });
  }
  return out;
}

/**
 * The measured part of one pgbench run that began with its warm-up: the transactions that ended in the last `seconds`
 * of the run (its connections were opened and their caches warmed in the same run, as the server's pooled
 * connections are), their rate and latencies.
 */
export function measuredWindow(
  transactions: PgbenchTransaction[],
  seconds: number,
): { tps: number; transactions: number; latencies: number[] } {
  if (!transactions.length) return { tps: 0, transactions: 0, latencies: [] };
  const end = transactions.reduce((m, t) => Math.max(m, t.endUs), 0);
  const from = end - seconds * 1e6;
  const latencies = transactions.filter((t) => t.endUs > from).map((t) => t.ms);
  return { tps: latencies.length / seconds, transactions: latencies.length, latencies };
}

/**
 * Captures what each route's requests run: statement logging on for the whole cluster, then per route a marker
 * from a connection of its own before each of `requests` requests (sent one at a time) and one after the last.
 */
export async function captureRoutes(
  cluster: PostgresCluster,
  database: string,
  routes: { key: string; call: () => Promise<void> }[],
  requests = 16,
): Promise<Map<string, CapturedRoute>> {
  const client = new pg.Client({ connectionString: cluster.url(database) });
  await client.connect();
  const markerPid = Number((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
  const setLogging = async (on: boolean) => {
    await cluster.query('postgres', on ? "alter system set log_statement = 'all'" : 'alter system reset log_statement');
    await cluster.query('postgres', 'select pg_reload_conf()');
    await new Promise((r) => setTimeout(r, 300));
  };
  const from = fs.statSync(cluster.logFile).size;
  await setLogging(true);
  try {
    for (const r of routes) {
      for (let i = 0; i < requests; i++) {
        await client.query(`select '${MARK} ${r.key} ${i}'`);
        await r.call();
      }
      await client.query(`select '${MARK} ${r.key} end'`);
    }
  } finally {
    await setLogging(false);
    await client.end();
  }
  const size = fs.statSync(cluster.logFile).size;
  const fd = fs.openSync(cluster.logFile, 'r');
  const buf = Buffer.alloc(size - from);
  fs.readSync(fd, buf, 0, buf.length, from);
  fs.closeSync(fd);
  const byKey = requestsByMarker(parseStatementLog(buf.toString('utf8')), markerPid);
  return new Map(routes.map((r) => [r.key, commonRequests(r.key, byKey.get(r.key) ?? [])]));
}

/**
 * The role pgbench signs in as (a superuser like the application's), so pg_stat_statements keeps the application's
 * statements apart from the replay's (the profile reports the application's).
 */
export const REPLAY_ROLE = 'zg_replay';

/** pgbench of the cluster (PG_BIN, as the cluster's own binaries). */
export const pgbenchBin = () => path.join(process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin', 'pgbench');

/**
 * Replays a captured route through pgbench: `-M prepared`, `clients` connections on one thread, for `warmupSeconds`
 * (connections opened, statements prepared, caches warm) plus the measured `seconds`, with every transaction logged;
 * the rate and latencies are those of the transactions that ended in the measured seconds.
 */
export async function replayRoute(
  cluster: PostgresCluster,
  database: string,
  captured: CapturedRoute,
  opts: { clients: number; seconds: number; warmupSeconds: number; dir: string },
): Promise<ReplayFigures> {
  const statements = captured.samples[0]?.map((s) => s.text.replace(/\s+/g, ' ')) ?? [];
  const base: ReplayFigures = {
    key: captured.key,
    statements,
    scripts: 0,
    tps: 0,
    latency: summarise([]),
    transactions: 0,
    failed: 0,
    clients: opts.clients,
    seconds: opts.seconds,
  };
  if (!statements.length) return { ...base, error: captured.error ?? 'no statements captured' };
  let built: PgbenchScripts;
  try {
    built = pgbenchScripts(captured.samples);
  } catch (err) {
    return { ...base, error: (err as Error).message };
  }
  const dir = path.join(opts.dir, `pgbench-${captured.key}`);
  fs.mkdirSync(dir, { recursive: true });
  const files = built.scripts.map((s, i) => {
    const file = path.join(dir, `request-${i}.sql`);
    fs.writeFileSync(file, s.text);
    return `${file}@${s.weight}`;
  });
  await cluster.query(
    'postgres',
    `do $$ begin if not exists (select from pg_roles where rolname = '${REPLAY_ROLE}') then create role ${REPLAY_ROLE} superuser login; end if; end $$`,
  );
  const url = new URL(cluster.url(database));
  const args = (seconds: number) => [
    '-h',
    url.hostname,
    '-p',
    url.port,
    '-U',
    REPLAY_ROLE,
    '-n',
    '-M',
    'prepared',
    '-c',
    String(opts.clients),
    '-j',
    '1',
    '-T',
    String(seconds),
    ...built.defines.flatMap(([k, v]) => ['-D', `${k}=${v}`]),
    ...files.flatMap((f) => ['-f', f]),
  ];
  // One run: the warm-up and then the measured seconds on the same connections (a second pgbench would open 32 new
  // backends with cold caches, which the server's pooled connections are not); the measured part is read from the log.
  const warmup = Math.max(0, Math.round(opts.warmupSeconds));
  const seconds = Math.max(1, Math.round(opts.seconds));
  try {
    const prefix = path.join(dir, 'log');
    const { stdout } = await run(pgbenchBin(), [...args(warmup + seconds), '-l', `--log-prefix=${prefix}`, database], {
      maxBuffer: 16 << 20,
    });
    const { failed } = parsePgbenchOutput(stdout);
    const measured = measuredWindow(
      fs
        .readdirSync(dir)
        .filter((f) => f.startsWith('log.'))
        .flatMap((f) => parsePgbenchLog(fs.readFileSync(path.join(dir, f), 'utf8'))),
      seconds,
    );
    return {
      ...base,
      tps: measured.tps,
      transactions: measured.transactions,
      failed,
      seconds,
      scripts: built.rotations,
      latency: summarise(measured.latencies),
    };
  } catch (err) {
    const e = err as Error & { stderr?: string };
    return { ...base, scripts: built.rotations, error: `pgbench: ${(e.stderr || e.message).split('\n')[0]}` };
  }
}
