/**
 * The server as `npm run serve` starts it (apps/server/src/main.ts: one process, or WORKERS workers sharing the port
 * once the server has them), plus one route the benchmarks compare against:
 * GET /api/bench/ceiling answers a constant JSON body, byte for byte the task-list page the list benchmark reads
 * (BENCH_CEILING_QUERY, as BENCH_CEILING_USER), so the product itself carries no benchmark route.
 */
import cluster from 'node:cluster';
import { buildApp } from '@zg/server/src/app';
import * as serverConfig from '@zg/server/src/config';
import { type Config, loadConfig } from '@zg/server/src/config';
import { type Database, openDatabase } from '@zg/server/src/db/client';
import { startEmbeddedPostgres } from '@zg/server/src/db/embedded-postgres';
import { seedDatabase } from '@zg/server/src/seed';
import { withCsrf } from '../lib/csrf';

/**
 * How many processes serve, as the product decides it (issue 21 item 4): config.ts's `workerCount` (WORKERS, or one
 * per core) once the server has it; one process on a server without it, so the bench measures what the product runs.
 */
function workersOf(config: Config): number {
  const count = (serverConfig as unknown as { workerCount?: (c: Config) => number }).workerCount;
  return count ? count(config) : 1;
}

async function main() {
  const config = loadConfig();
  // A worker: the primary has migrated and seeded, and hands it the database's URL.
  if (cluster.isWorker)
    return serve(config, await openDatabase({ url: config.DATABASE_URL!, timeZone: config.TZ }), async () => {});
  // As main.ts: DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (stopped by its guard when this process dies).
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
  const url = config.DATABASE_URL ?? embedded!.url;
  const database: Database = await openDatabase({ url, timeZone: config.TZ });
  await database.migrate();
  await seedDatabase(database.db, { demo: config.SEED_DEMO });
  const workers = workersOf(config);
  if (workers <= 1) return serve(config, database, async () => embedded?.stop());

  // Several workers (node:cluster) share PORT, each with its own pool; the primary only supervises them.
  await database.close();
  let closing = false;
  const forked = Array.from({ length: workers }, () => cluster.fork({ DATABASE_URL: url }));
  const exits = forked.map((w) => new Promise<void>((resolve) => w.on('exit', () => resolve())));
  cluster.on('exit', (w, code, signal) => {
    if (closing) return;
    process.stderr.write(`工作进程 ${w.process.pid} 意外退出（${signal ?? code}）：服务已停止\n`);
    void shutdown(1);
  });
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    for (const w of forked) if (!w.isDead()) w.process.kill('SIGTERM');
    await Promise.all(exits);
    await embedded?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
}

/** One serving process: the product's app plus the ceiling route, listening on PORT. */
async function serve(config: Config, database: Database, stopDatabase: () => Promise<void>) {
  let ceiling = '{}';
  const app = await buildApp({
    config,
    database,
    extraRoutes: (child) => {
      child.get(
        '/api/bench/ceiling',
        { config: { access: { public: true } }, schema: { hide: true } },
        (_req, reply) => {
          reply.header('content-type', 'application/json; charset=utf-8').send(ceiling);
        },
      );
    },
  });
  await app.ready();
  ceiling = await taskPageBody(app);

  const shutdown = async () => {
    await app.close();
    await database.close();
    await stopDatabase();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await app.listen({ host: config.HOST, port: config.PORT });
}

/** The body of the task-list page the list benchmark reads, fetched once through the real routes. */
async function taskPageBody(app: Awaited<ReturnType<typeof buildApp>>) {
  const userId = process.env.BENCH_CEILING_USER ?? 'fbr01';
  const query = process.env.BENCH_CEILING_QUERY ?? 'kind=yearTask&size=20';
  const login = await app.inject({
    method: 'POST',
    url: '/api/authc/login',
    payload: { userId, password: process.env.BENCH_CEILING_PASSWORD ?? 'Demo@2026' },
  });
  if (login.statusCode !== 200) throw new Error(`ceiling: login ${userId} failed: ${login.body}`);
  const sid = login.cookies.find((c) => c.name === 'sid')!.value;
  const secret = (login.json() as { data: { csrfSecret: string } }).data.csrfSecret;
  const page = await app.inject({
    method: 'GET',
    url: withCsrf(`/api/herm-wbs/targetTask/selectPage?${query}`, secret),
    headers: { cookie: `sid=${sid}` },
  });
  if (page.statusCode !== 200) throw new Error(`ceiling: task page failed: ${page.body}`);
  return page.body;
}

main().catch((err) => {
  process.stderr.write(`启动失败：${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
