/**
 * `npm run bench [-- --quick] [--only api,upload,frontend,warehouse,algorithm,collection,standard,system,diagnosis,crash,soak,profile] [--skip ...] [--scale school] [--workers 1] [--routes list.publisher,detail] [--baseline <git ref> [--rounds 3]] [--keep]`
 *
 * Builds the web app (while a throwaway PostgreSQL 15 cluster starts), generates the school-scale data into it and
 * into the embedded default (the npm-installed PostgreSQL under a DATA_DIR of its own), then measures
 * the API on both databases, uploads and the front end, and last runs the soak and the crash tests (on small
 * databases of their own) at the same time; writes bench/RESULTS.md with the time of each phase. Everything it
 * starts it stops.
 * Ports: servers listen on free loopback ports; PostgreSQL on PG_PORT (default 54339).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Fixtures } from '@zg/server/src/seed/story';
import { SCALES, type Scale, scaleOf } from '@zg/server/src/seed/story/scale';
import { academicYearOf, generateSchool } from '@zg/server/src/seed/story/school-data';
import { parseArgs, stringFlag } from './lib/args';
import { prepareBaseline } from './lib/baseline';
import type { RunContext } from './lib/context';
import { Session } from './lib/http';
import { type PostgresCluster, startPostgres } from './lib/postgres';
import {
  freePort,
  killAllServers,
  repoRoot,
  type ServerHandle,
  serving,
  settle,
  startServer,
  waitIdle,
} from './lib/server';
import { measureAlgorithms } from './phases/algorithm';
import { apiRoutes, checkRoutes, listQuery, runApiBenchmarks, signIn } from './phases/api';
import { COLLECTION_FILLERS, measureCollection } from './phases/collection';
import { type CrashFigures, type CrashOptions, crashTest, embeddedAccess, postgresAccess } from './phases/crash';
import { measureDashboard } from './phases/dashboard';
import { measureDevelop } from './phases/develop';
import { measureDiagnosis } from './phases/diagnosis';
import { measureFrontend } from './phases/frontend';
import { measureIndicatorAnalysis } from './phases/indicator-analysis';
import { measurePortrait } from './phases/portrait';
import { explainRoute, mainThreadProfile, resetStatements, summariseCpuProfile, topStatements } from './phases/profile';
import { measureQualityView } from './phases/quality-view';
import { evaluateQualityWarnings, measureQualityWarningReads } from './phases/quality-warning';
import { captureRoutes, replayRoute } from './phases/replay';
import { measureRival } from './phases/rival';
import { measureSelfReportWord } from './phases/self-report';
import { soak } from './phases/soak';
import { measureStandards } from './phases/standard';
import { measureSystem } from './phases/system';
import { makeTestFile, measureUpload } from './phases/upload';
import { makeImportFile, measureWarehouse, WAREHOUSE_BENCH } from './phases/warehouse';
import { carriedFindings, embeddedFactors, evaluateBudgets, LIMIT, postgresShares, renderResults } from './report';
import { type DbKind, emptyResults, type RunResults } from './results';

const run = promisify(execFile);
type CrashOptionsQuery = CrashOptions['query'];
const PHASES = [
  'api',
  'upload',
  'frontend',
  'warehouse',
  'algorithm',
  'collection',
  'standard',
  'system',
  'diagnosis',
  'quality-warning',
  'rival',
  'crash',
  'soak',
  'profile',
] as const;
type Phase = (typeof PHASES)[number];

interface Plan {
  apiSeconds: number;
  warmupSeconds: number;
  uploadMiB: number;
  kills: number;
  soakSeconds: number;
  profileSeconds: number;
}

const FULL: Plan = { apiSeconds: 4, warmupSeconds: 1, uploadMiB: 50, kills: 20, soakSeconds: 300, profileSeconds: 2 };
const QUICK: Plan = { apiSeconds: 2, warmupSeconds: 0.5, uploadMiB: 10, kills: 3, soakSeconds: 20, profileSeconds: 2 };
const CONNECTIONS = 32;
/** The database of the `--baseline` revision's server. */
const BASELINE_DB = 'bench_baseline';
/** Concurrent users of the warehouse's browse (a data office, not the whole school). */
const WAREHOUSE_CONNECTIONS = 4;
/** The bench's import raises the product's row limit (XLSX_MAX_ROWS, default 20 000) to the issue's 100 000. */
const WAREHOUSE_ENV = { XLSX_MAX_ROWS: String(WAREHOUSE_BENCH.importRows) };

const cleanups: (() => Promise<void>)[] = [];
const servers = new Set<ServerHandle>();

/** Data generators running in child processes. */
const generators = new Set<ChildProcess>();

async function cleanup() {
  for (const s of servers) s.kill('SIGKILL');
  killAllServers();
  for (const g of generators) g.kill('SIGKILL');
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
}

async function main() {
  const { flags } = parseArgs(process.argv.slice(2));
  const quick = flags.has('quick');
  const plan = quick ? QUICK : FULL;
  const only = stringFlag(flags, 'only')?.split(',');
  const skip = stringFlag(flags, 'skip')?.split(',') ?? [];
  for (const p of [...(only ?? []), ...skip]) {
    if (!PHASES.includes(p as Phase)) throw new Error(`unknown phase "${p}": use ${PHASES.join(', ')}`);
  }
  const wants = (p: Phase) => (only ? only.includes(p) : true) && !skip.includes(p);
  const scale = scaleOf(stringFlag(flags, 'scale') ?? 'school');
  // --workers 1[,4]: the API phase also measures the system PostgreSQL's server with each of these WORKERS, route by
  // route beside the default one (which gets no WORKERS: the server's own default, the cores).
  const workerSettings = (stringFlag(flags, 'workers') ?? '').split(',').filter(Boolean);
  for (const w of workerSettings) if (!/^[1-9]\d*$/.test(w)) throw new Error(`--workers: "${w}" is not a count`);
  // --routes a,b: the API phase measures these routes only (and the ceiling, its yardstick).
  const routeKeys = stringFlag(flags, 'routes')?.split(',').filter(Boolean);
  // --baseline <git ref>: the API phase also measures that revision of the product, on a database of its own with the
  // same generated data, route by route right beside this one (a before/after in one run).
  const baselineRef = stringFlag(flags, 'baseline');
  const rounds = Number(stringFlag(flags, 'rounds') ?? 1);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds: "${rounds}" is not a count`);
  const pgPort = Number(process.env.PG_PORT ?? 54339);
  const started = new Date();
  const runDir = path.join(repoRoot, 'bench/.runs', started.toISOString().replace(/[:.]/g, '-'));
  fs.mkdirSync(runDir, { recursive: true });
  const logFile = fs.openSync(path.join(runDir, 'bench.log'), 'a');
  const t0 = performance.now();
  const ctx: RunContext = {
    quick,
    runDir,
    log: (line) => {
      const s = `[${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${line}\n`;
      process.stdout.write(s);
      fs.writeSync(logFile, s);
    },
  };
  const results = emptyResults(started, quick);
  results.skipped = PHASES.filter((p) => !wants(p));
  results.machine = {
    cores: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    memoryGiB: os.totalmem() / 2 ** 30,
    node: process.version,
    postgres: '',
    os: `${os.type()} ${os.release()}`,
    loadStart: os.loadavg(),
    loadEnd: [],
  };
  ctx.log(`bench${quick ? ' --quick' : ''}: scale ${scale.name}, run directory ${path.relative(repoRoot, runDir)}`);
  const phase = async <T>(name: string, fn: () => Promise<T>, parallel = false): Promise<T | null> => {
    const t = performance.now();
    ctx.log(`== ${name}`);
    const timing = { phase: name, seconds: 0, parallel };
    results.timings.push(timing);
    try {
      const out = await fn();
      timing.seconds = (performance.now() - t) / 1000;
      ctx.log(`== ${name} done in ${timing.seconds.toFixed(0)} s`);
      return out;
    } catch (err) {
      timing.seconds = (performance.now() - t) / 1000;
      const msg = `${name}: ${(err as Error).message.split('\n')[0]}`;
      results.failures.push(msg);
      ctx.log(`!! ${msg}`);
      fs.writeSync(logFile, `${(err as Error).stack}\n`);
      return null;
    }
  };

  const needServers = wants('api') || wants('upload') || wants('frontend') || wants('soak') || wants('profile');
  await phase('system packages (Chromium, fonts, PostgreSQL 15)', async () => {
    await run('bash', [path.join(repoRoot, 'scripts/ensure-system-deps.sh'), '--postgres'], { cwd: repoRoot });
  });
  // The cluster's initdb and start (mostly disk) go on while the web app builds (mostly CPU).
  const pgStarted = performance.now();
  let pgSeconds = 0;
  const pgStarting = startPostgres(pgPort).then((cluster) => {
    pgSeconds = (performance.now() - pgStarted) / 1000;
    return cluster;
  });
  pgStarting.then((cluster) => cleanups.push(() => cluster.stop())).catch(() => {});
  // The warehouse phase needs no web app: its servers answer the API alone.
  const buildsWeb = wants('frontend') || needServers;
  if (buildsWeb) {
    await phase(
      'build the web app',
      async () => {
        await run('npm', ['run', 'build'], { cwd: repoRoot, maxBuffer: 64 << 20 });
      },
      true,
    );
  }
  const pg = await pgStarting;
  results.timings.push({ phase: 'start PostgreSQL', seconds: pgSeconds, parallel: buildsWeb });
  results.machine.postgres = pg.version;
  ctx.log(`PostgreSQL ${pg.version} on 127.0.0.1:${pgPort}`);

  const embeddedDir = path.join(runDir, 'embedded');
  const baseline =
    baselineRef && wants('api')
      ? await phase(`baseline ${baselineRef}: its files`, () => prepareBaseline(baselineRef, runDir))
      : null;
  if (baseline) ctx.log(`baseline ${baselineRef} = ${baseline.commit} in ${path.relative(repoRoot, baseline.root)}`);
  const data = needServers
    ? await phase('data', () => prepareData(ctx, pg, embeddedDir, scale, results, baseline?.root))
    : null;
  const env: Record<DbKind, Record<string, string>> = {
    postgres: { DATABASE_URL: pg.url('bench') },
    embedded: { DATA_DIR: embeddedDir },
  };
  const baselineEnv = { DATABASE_URL: pg.url(BASELINE_DB) };

  // The soak and the crash test are the two long checks of stability, not of speed (their budgets are zero errors
  // and zero lost writes): they run at the same time, each on servers and databases of its own, after everything
  // measured for speed (the crash test from the CPU profiles on). The soak's latencies are therefore not comparable
  // with the API table's.
  const soaks = Boolean(data && wants('soak'));
  const crashes = wants('crash');
  let crashRun: Promise<unknown> | null = null;
  const startCrash = () => {
    if (crashes && !crashRun) {
      crashRun = phase('crash tests', () => crashPhase(ctx, pg, plan, results), soaks || (wants('profile') && !quick));
    }
  };

  if (wants('system')) {
    await phase('系统管理: 3 000 users imported, the user list at 10 000 users, the audit log at 1 000 000 rows', () =>
      systemPhase(ctx, pg, results),
    );
  }

  if (data) {
    const { fixtures } = data;
    results.api = { seconds: plan.apiSeconds, warmupSeconds: plan.warmupSeconds, connections: CONNECTIONS, byDb: {} };
    const uploadFile = path.join(runDir, 'upload.pdf');
    if (wants('upload')) makeTestFile(uploadFile, plan.uploadMiB * 2 ** 20);
    if (wants('api')) {
      // Both servers run side by side and each route is measured on one right after the other (which one first
      // alternates by route), so a change in the machine's load between two halves of a run does not pass for a
      // difference between the databases.
      await phase('API on both databases and PostgreSQL alone, route by route', async () => {
        const dbs = ['postgres', 'embedded'] as const;
        // Every server measured: the two databases with the server's own WORKERS default, and the system
        // PostgreSQL's again for each --workers setting (issue 21 item 4: one worker against the default).
        const targets = [
          ...dbs.map((db) => ({ label: db as string, db, env: env[db] })),
          ...workerSettings.map((w) => ({
            label: `postgres-workers-${w}`,
            db: 'postgres' as const,
            env: { ...env.postgres, WORKERS: w },
          })),
          ...(baseline
            ? [{ label: 'baseline', db: 'postgres' as const, env: baselineEnv, root: baseline.root as string }]
            : []),
        ] as { label: string; db: DbKind; env: Record<string, string>; root?: string }[];
        const started = await Promise.allSettled(
          targets.map((t) => benchServer(ctx, t.db, t.env, fixtures, [], t.label, t.root)),
        );
        try {
          const failed = started.find((x) => x.status === 'rejected');
          if (failed) throw (failed as PromiseRejectedResult).reason;
          const server = new Map(
            targets.map((t, i) => [t.label, (started[i] as PromiseFulfilledResult<ServerHandle>).value]),
          );
          const routes = apiRoutes(fixtures).filter(
            (r) => !routeKeys || r.key === 'ceiling' || routeKeys.includes(r.key),
          );
          const sessions = new Map<string, Awaited<ReturnType<typeof signIn>>>();
          for (const t of targets) {
            sessions.set(t.label, await signIn(server.get(t.label)!.base, routes));
            await checkRoutes(routes, sessions.get(t.label)!, server.get(t.label)!.base);
          }
          for (const db of dbs) results.api!.byDb[db] = [];
          results.api!.serving = Object.fromEntries(
            targets.map((t) => [t.label, serving(server.get(t.label)!.pid).length]),
          );
          ctx.log(
            `serving processes: ${Object.entries(results.api!.serving)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')}`,
          );
          results.api!.byWorkers = workerSettings.map((workers) => ({ workers, routes: [] }));
          if (baseline)
            results.api!.baseline = { ref: baselineRef!, commit: baseline.commit, rounds, routes: [], after: [] };
          // What each route runs on the system PostgreSQL, one request at a time with the statement log on; then
          // pgbench replays it beside the route's own runs (issue 21 item 1).
          const pgSessions = sessions.get('postgres')!;
          // A capture that fails leaves the routes' own figures standing: the replay reports why it is missing.
          const captured = await captureRoutes(
            pg,
            'bench',
            routes
              .filter((r) => r.user)
              .map((r) => ({
                key: r.key,
                call: async () => {
                  const res = await pgSessions.get(r.user!)!.get(r.next());
                  if (res.status !== 200) throw new Error(`${r.key} answered ${res.status} while captured`);
                },
              })),
          ).catch((err: Error) => {
            ctx.log(`!! capturing the routes' statements failed: ${err.message}`);
            return new Map(
              routes.map((r) => [
                r.key,
                { key: r.key, requests: 0, matching: 0, samples: [], error: `capture failed: ${err.message}` },
              ]),
            );
          });
          for (const c of captured.values()) {
            ctx.log(
              `captured ${c.key.padEnd(28)} ${c.samples[0]?.length ?? 0} statements; ${c.matching} of ${c.requests} requests ran them`,
            );
          }
          results.api!.replay = [];
          await resetStatements(pg, 'bench');
          const replay = async (key: string) => {
            const c = captured.get(key);
            if (!c) return;
            for (const s of server.values()) await settle(s.base);
            const figures = await replayRoute(pg, 'bench', c, {
              clients: CONNECTIONS,
              seconds: plan.apiSeconds,
              warmupSeconds: plan.warmupSeconds,
              dir: runDir,
            });
            results.api!.replay!.push(figures);
            ctx.log(
              figures.error
                ? `pgbench  ${key.padEnd(28)} not replayed: ${figures.error}`
                : `pgbench  ${key.padEnd(28)} ${figures.tps.toFixed(0).padStart(6)} tx/s   p50 ${figures.latency.p50.toFixed(1)} ms  p99 ${figures.latency.p99.toFixed(1)} ms  failed ${figures.failed}`,
            );
          };
          for (const [i, route] of routes.entries()) {
            // Which runs first alternates by route, so a change in the machine's load between the two halves of a
            // run does not pass for a difference between the servers or against PostgreSQL alone.
            const order = i % 2 === 0 ? targets : [...targets].reverse();
            if (i % 2 === 1) await replay(route.key);
            for (const t of order) {
              const [figures] = await runApiBenchmarks(server.get(t.label)!.base, [route], sessions.get(t.label)!, {
                seconds: plan.apiSeconds,
                warmupSeconds: plan.warmupSeconds,
                connections: CONNECTIONS,
                log: (line) => ctx.log(`${t.label.padEnd(8)} ${line}`),
              });
              if (t.label === t.db) results.api!.byDb[t.db]!.push(figures!);
              else if (t.label === 'baseline') results.api!.baseline!.routes.push(figures!);
              else
                results.api!.byWorkers!.find((w) => `postgres-workers-${w.workers}` === t.label)!.routes.push(figures!);
              if (t.label === 'postgres' && baseline) results.api!.baseline!.after.push(figures!);
            }
            if (i % 2 === 0) await replay(route.key);
          }
          // --rounds n: the baseline and this revision's PostgreSQL server again, route by route, n - 1 more times
          // (the medians go to RESULTS.md), so one moment of load on a shared machine does not decide the comparison.
          const pair = targets.filter((t) => t.label === 'baseline' || t.label === 'postgres');
          for (let round = 2; baseline && round <= rounds; round++) {
            for (const [i, route] of routes.entries()) {
              for (const t of (i + round) % 2 === 0 ? pair : [...pair].reverse()) {
                const [figures] = await runApiBenchmarks(server.get(t.label)!.base, [route], sessions.get(t.label)!, {
                  seconds: plan.apiSeconds,
                  warmupSeconds: plan.warmupSeconds,
                  connections: CONNECTIONS,
                  log: (line) => ctx.log(`${t.label.padEnd(8)} round ${round} ${line}`),
                });
                const side = results.api!.baseline!;
                (t.label === 'baseline' ? side.routes : side.after).push(figures!);
              }
            }
          }
          results.profile = { statements: await topStatements(pg, 'bench'), plans: [], cpu: [] };
        } finally {
          for (const x of started) if (x.status === 'fulfilled') await stopServer(x.value);
        }
      });
    }
    for (const db of ['postgres', 'embedded'] as const) {
      if (!(wants('upload') || (db === 'postgres' && (wants('frontend') || wants('profile'))))) continue;
      await phase(`uploads${db === 'postgres' ? ', front end and EXPLAIN' : ''} on ${db}`, async () => {
        const server = await benchServer(ctx, db, env[db], fixtures);
        try {
          if (wants('upload')) {
            const up = await measureUpload(await Session.login(server.base, 'fbr01'), uploadFile);
            results.upload[db] = up;
            ctx.log(
              `upload ${db}: single ${up.single.mbPerS.toFixed(1)} MiB/s, chunked ${up.chunked.mbPerS.toFixed(1)} MiB/s (ratio ${up.ratio.toFixed(2)})`,
            );
          }
          if (db === 'postgres' && wants('frontend')) {
            await phase('front end (inside "uploads, front end and EXPLAIN on postgres")', async () => {
              results.frontend = await measureFrontend(
                server.base,
                // A school leader: the home page, the dashboards and the data screen are theirs (issue 34).
                await Session.login(server.base, 'xld01'),
                runDir,
                ctx.log,
              );
            });
          }
          if (db === 'postgres' && wants('profile') && results.api!.byDb.postgres) {
            await phase('EXPLAIN ANALYZE of missed routes (inside "uploads, front end and EXPLAIN on postgres")', () =>
              explainMissed(pg, server, fixtures, results),
            );
          }
        } finally {
          await stopServer(server);
        }
      });
    }
  }

  if (wants('warehouse')) {
    await phase('warehouse: import, browse and export on both databases', () => warehousePhase(ctx, pg, plan, results));
  }

  if (wants('algorithm')) {
    await phase('algorithm: the demo indicators and a runaway query on PostgreSQL', () =>
      algorithmPhase(ctx, pg, plan, results),
    );
  }

  if (wants('collection')) {
    await phase(
      'collection: a 2 000-row floating table saved, 10 000 audited rows into the warehouse, on PostgreSQL',
      () => collectionPhase(ctx, pg, results),
    );
  }

  if (wants('diagnosis')) {
    await phase("diagnosis: a 40-major task computed, a publish to 1 200 courses, one object task's rows", () =>
      diagnosisPhase(ctx, pg, results),
    );
  }
  if (wants('rival')) {
    await phase("rival analysis: 20 schools' figures over 5 years, the trend, overview and double-high reads", () =>
      rivalPhase(ctx, pg, results),
    );
  }
  if (wants('quality-warning')) {
    await phase('quality warnings: the rules of 40 000 rows evaluated, the record table, the bell one at a time', () =>
      qualityWarningPhase(ctx, pg, results),
    );
  }
  if (wants('standard')) {
    await phase('standard systems: a ~500-node system read whole, a 1 000-row import on PostgreSQL', () =>
      standardPhase(ctx, pg, results),
    );
  }

  if (data) {
    const { fixtures } = data;
    if (wants('profile') && results.api?.byDb.postgres && !quick) {
      // The crash test starts here: CPU profiles report shares of the server's own CPU, not speed.
      startCrash();
      await phase('CPU profiles', () => cpuProfiles(ctx, env, fixtures, plan, results, crashes), crashes);
    }
  }

  startCrash();
  await Promise.all([
    data && soaks
      ? phase(
          'soak',
          async () => {
            const server = await productServer(ctx, 'postgres', env.postgres);
            try {
              results.soak = {
                db: 'postgres',
                withCrashTest: crashes,
                ...(await soak(server, data.fixtures, {
                  seconds: plan.soakSeconds,
                  connections: CONNECTIONS,
                  log: ctx.log,
                })),
              };
              ctx.log(
                `soak: ${results.soak.requests} requests, ${results.soak.errors} errors, RSS ${results.soak.rss.startMb.toFixed(0)} -> ${results.soak.rss.endMb.toFixed(0)} MiB`,
              );
            } finally {
              await stopServer(server);
            }
          },
          crashes,
        )
      : null,
    crashRun,
  ]);

  results.machine.loadEnd = os.loadavg();
  results.finishedAt = new Date().toISOString();
  results.durationS = (performance.now() - t0) / 1000;
  fs.writeFileSync(path.join(runDir, 'results.json'), JSON.stringify(results, null, 1));
  const resultsPath = stringFlag(flags, 'out') ?? path.join(repoRoot, 'bench/RESULTS.md');
  const previous = fs.existsSync(resultsPath) ? fs.readFileSync(resultsPath, 'utf8') : null;
  fs.writeFileSync(resultsPath, renderResults(results, carriedFindings(previous)));
  for (const b of evaluateBudgets(results)) {
    ctx.log(`${b.met === null ? 'not measured' : b.met ? 'met   ' : 'MISSED'}  ${b.budget}: ${b.measured}`);
  }
  ctx.log(`wrote ${path.relative(repoRoot, resultsPath)} in ${(results.durationS / 60).toFixed(1)} min`);
  if (!quick && results.durationS > 600) {
    ctx.log('note: the run took over 10 minutes (a busy machine makes every phase slower; see the load average above)');
  }
  await cleanup();
  if (!flags.has('keep')) {
    fs.rmSync(embeddedDir, { recursive: true, force: true });
    fs.rmSync(path.join(runDir, 'crash-embedded'), { recursive: true, force: true });
    fs.rmSync(path.join(runDir, 'upload.pdf'), { force: true });
  }
  // A phase that failed leaves its figures out of RESULTS.md: say so in the exit code too.
  process.exit(results.failures.length ? 1 : 0);
}

async function stopServer(s: ServerHandle) {
  await s.stop();
  servers.delete(s);
}

/** The benchmark server (product + ceiling route), started, idle, warmed up. */
async function benchServer(
  ctx: RunContext,
  db: DbKind,
  env: Record<string, string>,
  fixtures: Fixtures,
  nodeArgs: string[] = [],
  label: string = db,
  root?: string,
): Promise<ServerHandle> {
  const t = performance.now();
  const s = await startServer({
    entry: 'bench',
    root,
    port: await freePort(),
    env: { ...env, BENCH_CEILING_QUERY: listQuery(fixtures.year), BENCH_CEILING_USER: 'fbr01' },
    logFile: path.join(ctx.runDir, `server-${label}.log`),
    nodeArgs,
  });
  servers.add(s);
  const idle = await waitIdle(s);
  ctx.log(
    `${label} server ready in ${((performance.now() - t) / 1000).toFixed(1)} s (start-up jobs done ${(idle / 1000).toFixed(0)} s later), RSS ${(s.rss() / 2 ** 20).toFixed(0)} MiB`,
  );
  return s;
}

/** The product server (apps/server/src/main.ts) as `npm run serve` runs it. */
async function productServer(ctx: RunContext, db: DbKind, env: Record<string, string>) {
  const s = await startServer({
    entry: 'product',
    port: await freePort(),
    env,
    logFile: path.join(ctx.runDir, `server-${db}-product.log`),
  });
  servers.add(s);
  await waitIdle(s);
  return s;
}

/**
 * Fills a database with a scale's data in a child process (`bench/src/data.ts`), so the crash test's writers running
 * in this process keep answering on time.
 */
async function generateData(
  ctx: RunContext,
  label: string,
  scale: Scale,
  target: { url: string } | { dataDir: string },
  extraArgs: string[] = [],
  root: string = repoRoot,
): Promise<{ fixtures: Fixtures; seconds: number }> {
  const t = performance.now();
  const fixturesPath = path.join(ctx.runDir, `fixtures-${label}.json`);
  const where = 'url' in target ? ['--database-url', target.url] : ['--data-dir', target.dataDir];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'bench/src/data.ts'),
        '--scale',
        scale.name,
        ...where,
        '--fixtures',
        fixturesPath,
        ...extraArgs,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    generators.add(child);
    child.on('exit', () => generators.delete(child));
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      for (const line of d.split('\n')) if (line.trim().startsWith('[')) ctx.log(`${label}: ${line.trim()}`);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err += d;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`data for ${label} failed: ${err.split('\n').slice(0, 3).join(' ')}`)),
    );
  });
  return {
    fixtures: JSON.parse(fs.readFileSync(fixturesPath, 'utf8')) as Fixtures,
    seconds: (performance.now() - t) / 1000,
  };
}

/** Migrates, seeds and fills the PostgreSQL database `bench` and the embedded default's DATA_DIR with the scale's data. */
async function prepareData(
  ctx: RunContext,
  pg: PostgresCluster,
  embeddedDir: string,
  scale: Scale,
  results: RunResults,
  baselineRoot?: string,
) {
  const url = await pg.createDatabase('bench');
  // The baseline's own generator and migrations, on a database of its own: the same seeded data, its own schema.
  const baselineUrl = baselineRoot ? await pg.createDatabase(BASELINE_DB) : null;
  const [a, b] = await Promise.all([
    generateData(ctx, 'postgres', scale, { url }),
    generateData(ctx, 'embedded', scale, { dataDir: embeddedDir }),
    ...(baselineUrl ? [generateData(ctx, 'baseline', scale, { url: baselineUrl }, [], baselineRoot)] : []),
  ]);
  results.data = {
    scale: scale.name,
    counts: a.fixtures.counts,
    seconds: { postgres: a.seconds, embedded: b.seconds },
  };
  return { fixtures: a.fixtures };
}

/**
 * The warehouse (issue 17) on each database, one after the other and alone: a database of its own with the demo
 * school's warehouse and the bench tables (data.ts --warehouse), the product server with XLSX_MAX_ROWS raised, then
 * the 100 000-row import (memory sampled), the browse of the 1 000 000-row table and the exports.
 */
async function warehousePhase(ctx: RunContext, pg: PostgresCluster, plan: Plan, results: RunResults) {
  const url = await pg.createDatabase('warehouse');
  const dir = path.join(ctx.runDir, 'warehouse-embedded');
  const file = path.join(ctx.runDir, 'warehouse-import.xlsx');
  const small = path.join(ctx.runDir, 'warehouse-import-small.xlsx');
  const [, , bytes] = await Promise.all([
    generateData(ctx, 'warehouse-postgres', SCALES.demo, { url }, ['--warehouse']),
    generateData(ctx, 'warehouse-embedded', SCALES.demo, { dataDir: dir }, ['--warehouse']),
    makeImportFile(file),
    makeImportFile(small, WAREHOUSE_BENCH.smallImportRows, 'A'),
  ]);
  ctx.log(`import file: ${WAREHOUSE_BENCH.importRows} rows, ${(bytes / 2 ** 20).toFixed(1)} MiB`);
  const env: Record<DbKind, Record<string, string>> = {
    postgres: { DATABASE_URL: url, ...WAREHOUSE_ENV },
    embedded: { DATA_DIR: dir, ...WAREHOUSE_ENV },
  };
  for (const db of ['postgres', 'embedded'] as const) {
    const server = await productServer(ctx, db, env[db]);
    try {
      const admin = await Session.login(server.base, 'zyadmin', 'Admin@2026');
      results.warehouse[db] = await measureWarehouse(server, admin, small, file, {
        seconds: plan.apiSeconds,
        warmupSeconds: plan.warmupSeconds,
        connections: WAREHOUSE_CONNECTIONS,
        // The 1 000 000-row export takes about a minute: on PostgreSQL only, to keep the full run short.
        exportBig: db === 'postgres' && !ctx.quick,
        log: (line) => ctx.log(`${db.padEnd(8)} ${line}`),
      });
    } finally {
      await stopServer(server);
    }
  }
  if (!process.argv.includes('--keep')) fs.rmSync(dir, { recursive: true, force: true });
}

/** The algorithm timeout of the algorithm phase: the product's default (ALGORITHM_TIMEOUT_MS). */
const ALGORITHM_TIMEOUT_MS = 5000;

/**
 * Algorithms (issue 18) on PostgreSQL, alone: a database of its own with the demo school's warehouse and its
 * diagnosis indicators (data.ts --demo-warehouse), the product server with the default algorithm settings, then
 * phases/algorithm.ts. The budgets are PostgreSQL's (the issue's); the embedded default is not measured here.
 */
async function algorithmPhase(ctx: RunContext, pg: PostgresCluster, plan: Plan, results: RunResults) {
  const url = await pg.createDatabase('algorithm');
  await generateData(ctx, 'algorithm-postgres', SCALES.demo, { url }, ['--demo-warehouse']);
  const server = await productServer(ctx, 'postgres', {
    DATABASE_URL: url,
    ALGORITHM_TIMEOUT_MS: String(ALGORITHM_TIMEOUT_MS),
  });
  try {
    const admin = await Session.login(server.base, 'zyadmin', 'Admin@2026');
    const lastYear = academicYearOf(new Date().toISOString().slice(0, 10));
    const majors = generateSchool({ lastYear })
      .dimensionObjects.filter((o) => o.typeCode === 'major')
      .map((o) => o.code);
    results.algorithm.postgres = await measureAlgorithms(admin, {
      year: lastYear - 1,
      majors,
      repeats: ctx.quick ? 20 : 60,
      timeoutMs: ALGORITHM_TIMEOUT_MS,
      // Long enough for the runaway to be stopped at least twice while the plain route is measured.
      seconds: Math.max(plan.apiSeconds, (2 * ALGORITHM_TIMEOUT_MS) / 1000 + 1),
      warmupSeconds: plan.warmupSeconds,
      connections: WAREHOUSE_CONNECTIONS,
      log: (line) => ctx.log(`postgres algorithm ${line}`),
    });
  } finally {
    await stopServer(server);
  }
}

/**
 * Data collection (issue 20) on PostgreSQL, alone: a database of its own with the accounts and the demo collection
 * (data.ts --collection: the forms 专业基本情况 and 教师企业实践 and their warehouse tables), the product server, then
 * phases/collection.ts.
 */
async function collectionPhase(ctx: RunContext, pg: PostgresCluster, results: RunResults) {
  const url = await pg.createDatabase('collection');
  await generateData(ctx, 'collection-postgres', SCALES.small, { url }, ['--collection']);
  const server = await productServer(ctx, 'postgres', { DATABASE_URL: url });
  try {
    const admin = await Session.login(server.base, 'zyadmin', 'Admin@2026');
    const fillers = await Promise.all(COLLECTION_FILLERS.map((u) => Session.login(server.base, u)));
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const now = new Date();
    results.collection.postgres = await measureCollection(admin, fillers, {
      // Yesterday to next month: the task is open whatever the server's time zone.
      today: day(new Date(now.getTime() - 86_400_000)),
      deadline: day(new Date(now.getTime() + 30 * 86_400_000)),
      repeats: ctx.quick ? 10 : 30,
      syncs: 3,
      log: (line) => ctx.log(`postgres collection ${line}`),
    });
  } finally {
    await stopServer(server);
  }
}

/**
 * Standard systems (issue 19) on PostgreSQL, alone: a database of its own at the small scale (data.ts loads the demo
 * standard systems and the ~500-node bench system into every bench database), the product server, then
 * phases/standard.ts signed in as the diagnosis publisher zgfb01.
 */
async function standardPhase(ctx: RunContext, pg: PostgresCluster, results: RunResults) {
  const url = await pg.createDatabase('standard');
  await generateData(ctx, 'standard-postgres', SCALES.small, { url });
  const server = await productServer(ctx, 'postgres', { DATABASE_URL: url });
  try {
    const publisher = await Session.login(server.base, 'zgfb01');
    results.standard.postgres = await measureStandards(publisher, {
      repeats: ctx.quick ? 30 : 100,
      imports: ctx.quick ? 2 : 3,
      log: (line) => ctx.log(`postgres standard ${line}`),
    });
  } finally {
    await stopServer(server);
  }
}

/**
 * 系统管理 (issue 36) on PostgreSQL, alone: a database of its own at the small scale grown to 10 000 users and a
 * 1 000 000-row audit log (`data.ts --system`), the product server, then phases/system.ts signed in as zyadmin.
 */
/**
 * 对标分析 (issue 35) on PostgreSQL, alone: a database of its own at the small scale, the product server, then
 * phases/rival.ts as the keeper zgfb01 (诊改管理员).
 */
async function rivalPhase(ctx: RunContext, pg: PostgresCluster, results: RunResults) {
  const url = await pg.createDatabase('rival');
  await generateData(ctx, 'rival-postgres', SCALES.small, { url }, []);
  const server = await productServer(ctx, 'postgres', { DATABASE_URL: url });
  try {
    results.rival = {
      postgres: await measureRival(await Session.login(server.base, 'zgfb01'), {
        repeats: ctx.quick ? 30 : 100,
        log: (line) => ctx.log(`postgres rival ${line}`),
      }),
    };
  } finally {
    await stopServer(server);
  }
}

async function systemPhase(ctx: RunContext, pg: PostgresCluster, results: RunResults) {
  const url = await pg.createDatabase('system');
  await generateData(ctx, 'system-postgres', SCALES.small, { url }, ['--system']);
  const server = await productServer(ctx, 'postgres', { DATABASE_URL: url });
  try {
    const admin = await Session.login(server.base, 'zyadmin', 'Admin@2026');
    results.system.postgres = await measureSystem(admin, {
      repeats: ctx.quick ? 30 : 100,
      imports: ctx.quick ? 1 : 2,
      log: (line) => ctx.log(`postgres system ${line}`),
    });
  } finally {
    await stopServer(server);
  }
}

/**
 * 诊断改进 (issue 30) on PostgreSQL, alone: a database of its own at the small scale with the demo warehouse, the
 * department duties and the demo diagnosis task (`--diagnosis`), the product server, then phases/diagnosis.ts signed
 * in as the diagnosis publisher zgfb01.
 */
async function diagnosisPhase(ctx: RunContext, pg: PostgresCluster, results: RunResults) {
  const url = await pg.createDatabase('diagnosis');
  await generateData(ctx, 'diagnosis-postgres', SCALES.small, { url }, ['--diagnosis']);
  const server = await productServer(ctx, 'postgres', { DATABASE_URL: url });
  try {
    const publisher = await Session.login(server.base, 'zgfb01');
    const admin = await Session.login(server.base, 'zyadmin', 'Admin@2026');
    results.diagnosis.postgres = await measureDiagnosis(publisher, {
      admin,
      repeats: ctx.quick ? 30 : 100,
      log: (line) => ctx.log(`postgres diagnosis ${line}`),
    });
    // 监测统计 (issue 31): the monitoring table of 200 rows and five years of samples, on the same database.
    const objectTaskId = results.diagnosis.postgres.rows.objectTaskId;
    if (objectTaskId)
      results.qualityView.postgres = await measureQualityView(publisher, {
        databaseUrl: url,
        objectTaskId,
        repeats: ctx.quick ? 30 : 100,
        log: (line) => ctx.log(`postgres quality-view ${line}`),
      });
    // 指标分析 (issue 35 item 5): movers and a correlation over the computed task, on the same database.
    results.indicatorAnalysis = {
      postgres: await measureIndicatorAnalysis(await Session.login(server.base, 'xld01'), {
        repeats: ctx.quick ? 30 : 100,
        log: (line) => ctx.log(`postgres indicator-analysis ${line}`),
      }),
    };
    // 仪表盘与运行监控 (issue 34): operation monitoring and a dashboard of 8 subscribed charts, on the same database.
    results.dashboard.postgres = await measureDashboard(admin, publisher, {
      repeats: ctx.quick ? 30 : 100,
      log: (line) => ctx.log(`postgres dashboard ${line}`),
    });
    // 发展中心 (issue 35): the leader's page data for five years, on the same database.
    results.develop = {
      postgres: await measureDevelop(await Session.login(server.base, 'xld01'), {
        repeats: ctx.quick ? 30 : 100,
        log: (line) => ctx.log(`postgres develop ${line}`),
      }),
    };
    // 画像分析 (issue 35): a portrait page's data and a class's students, as the leader, on the same database.
    results.portrait = {
      postgres: await measurePortrait(await Session.login(server.base, 'xld01'), {
        repeats: ctx.quick ? 30 : 100,
        log: (line) => ctx.log(`postgres portrait ${line}`),
      }),
    };
    // 自我诊断报告 (issue 33): one major's report downloaded as Word, on the task the first step computed.
    results.selfReport = {
      postgres: await measureSelfReportWord(publisher, admin, {
        repeats: ctx.quick ? 10 : 30,
        log: (line) => ctx.log(`postgres self-report ${line}`),
      }),
    };
  } finally {
    await stopServer(server);
  }
}

/**
 * 质量预警 (issue 32) on PostgreSQL, alone: the demo diagnosis task with 40 000 rows carrying a value rule
 * (`--diagnosis --quality-warning`), their evaluation in-process, then the product server's record table (zgfb01) and
 * the bell of a head in charge of many majors (bmfzr07), one request at a time.
 */
async function qualityWarningPhase(ctx: RunContext, pg: PostgresCluster, results: RunResults) {
  const url = await pg.createDatabase('qwarn');
  await generateData(ctx, 'qwarn-postgres', SCALES.small, { url }, ['--diagnosis', '--quality-warning']);
  const evaluate = await evaluateQualityWarnings(url, (line) => ctx.log(`postgres quality-warning ${line}`));
  const server = await productServer(ctx, 'postgres', { DATABASE_URL: url });
  try {
    const reads = await measureQualityWarningReads(
      await Session.login(server.base, 'zgfb01'),
      await Session.login(server.base, 'bmfzr07'),
      { repeats: ctx.quick ? 50 : 200, log: (line) => ctx.log(`postgres quality-warning ${line}`) },
    );
    results.qualityWarning = { evaluate, ...reads };
  } finally {
    await stopServer(server);
  }
}

/** The crash test on PostgreSQL and on the embedded default at once, each on a small database of its own. */
async function crashPhase(ctx: RunContext, pg: PostgresCluster, plan: Plan, results: RunResults) {
  const small = SCALES.small;
  const one = async (db: DbKind): Promise<CrashFigures> => {
    const dir = path.join(ctx.runDir, 'crash-embedded');
    const url = db === 'postgres' ? await pg.createDatabase('crash') : null;
    const env: Record<string, string> = url ? { DATABASE_URL: url } : { DATA_DIR: dir };
    const { fixtures } = await generateData(ctx, `crash-${db}`, small, url ? { url } : { dataDir: dir });
    const access: { query: CrashOptionsQuery; amcheck: () => Promise<string>; close?: () => Promise<void> } =
      db === 'postgres' ? postgresAccess(env.DATABASE_URL!) : embeddedAccess(dir);
    try {
      const fig = await crashTest({
        db,
        port: await freePort(),
        env,
        fixtures,
        kills: plan.kills,
        minMs: 300,
        maxMs: 1200,
        writers: 8,
        logDir: ctx.runDir,
        log: ctx.log,
        query: access.query,
        amcheck: access.amcheck,
      });
      results.crash[db] = fig;
      return fig;
    } finally {
      await access.close?.();
    }
  };
  // Both run to their end even when one fails, so nothing is left running into the measured phases.
  const settled = await Promise.allSettled([one('postgres'), one('embedded')]);
  const failed = settled.flatMap((s, i) =>
    s.status === 'rejected' ? [`${i === 0 ? 'postgres' : 'embedded'}: ${(s.reason as Error).message}`] : [],
  );
  if (failed.length) throw new Error(failed.join('; '));
}

/** The routes that missed a budget on PostgreSQL. */
function missedRoutes(results: RunResults): string[] {
  const pg = results.api?.byDb.postgres ?? [];
  const shares = postgresShares(results);
  return pg
    .filter(
      (x) =>
        ((x.group === 'list' || x.group === 'detail') &&
          (x.latency.p99 > LIMIT.listP99Ms ||
            (shares.find((s) => s.key === x.key)?.share ?? Number.POSITIVE_INFINITY) < LIMIT.postgresShare)) ||
        (x.group === 'analysis' && x.latency.p95 > LIMIT.analysisP95Ms),
    )
    .map((x) => x.key);
}

async function explainMissed(pg: PostgresCluster, server: ServerHandle, fixtures: Fixtures, results: RunResults) {
  const missed = missedRoutes(results);
  const routes = apiRoutes(fixtures).filter((r) => missed.includes(r.key));
  const sessions = await signIn(server.base, routes);
  const seen = new Set<string>();
  for (const r of routes) {
    const s = sessions.get(r.user!)!;
    const plans = await explainRoute(pg, r.key, async () => {
      for (let i = 0; i < 3; i++) await s.get(r.next());
    });
    // finishRankRate runs the same statement as departmentTaskFinishRate: show a plan once.
    for (const p of plans) {
      const query = p.text.split('\n')[0]!;
      if (!seen.has(query)) results.profile!.plans.push(p);
      seen.add(query);
    }
  }
}

/** CPU profiles of the server on the routes that missed (PostgreSQL) and on those the embedded default is slow on. */
async function cpuProfiles(
  ctx: RunContext,
  env: Record<DbKind, Record<string, string>>,
  fixtures: Fixtures,
  plan: Plan,
  results: RunResults,
  withCrashTest: boolean,
) {
  const pgMissed = missedRoutes(results);
  const targets: [DbKind, string[]][] = [
    ['postgres', pgMissed],
    [
      'embedded',
      embeddedFactors(results).flatMap((f) => (f.factor !== null && f.factor > LIMIT.embeddedFactor ? [f.key] : [])),
    ],
  ];
  for (const [db, keys] of targets) {
    if (!keys.length) continue;
    const dir = path.join(ctx.runDir, `cpu-${db}`);
    const spawned = performance.now();
    const server = await benchServer(ctx, db, env[db], fixtures, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    let skipMs = 0;
    try {
      const routes = apiRoutes(fixtures).filter((r) => keys.includes(r.key));
      const sessions = await signIn(server.base, routes);
      // Every route once or twice first, so modules loaded on first use are not counted as the route's cost.
      for (const r of routes) for (let i = 0; i < 3; i++) await sessions.get(r.user!)!.get(r.next());
      skipMs = performance.now() - spawned;
      await runApiBenchmarks(server.base, routes, sessions, {
        seconds: plan.profileSeconds,
        warmupSeconds: 0,
        connections: CONNECTIONS,
        log: (l) => ctx.log(`(profiling) ${l}`),
      });
    } finally {
      await stopServer(server);
    }
    const file = mainThreadProfile(dir);
    if (file)
      results.profile!.cpu.push(
        summariseCpuProfile(
          file,
          `${keys.join(', ')} on ${db}${withCrashTest ? ' (the crash test ran meanwhile)' : ''}`,
          12,
          skipMs,
        ),
      );
  }
}

process.on('SIGINT', () => {
  void cleanup().finally(() => process.exit(130));
});
process.on('SIGTERM', () => {
  void cleanup().finally(() => process.exit(143));
});

main().catch(async (err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  await cleanup();
  process.exit(1);
});
