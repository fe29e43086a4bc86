/**
 * The server as `npm run serve` starts it (apps/server/src/main.ts), plus one route the benchmarks compare against:
 * GET /api/bench/ceiling answers a constant JSON body, byte for byte the task-list page the list benchmark reads
 * (BENCH_CEILING_QUERY, as BENCH_CEILING_USER), so the product itself carries no benchmark route.
 */
import { buildApp } from '@zg/server/src/app';
import { loadConfig } from '@zg/server/src/config';
import { type Database, openDatabase } from '@zg/server/src/db/client';
import { startEmbeddedPostgres } from '@zg/server/src/db/embedded-postgres';
import { seedDatabase } from '@zg/server/src/db/seed';
import { withCsrf } from '../lib/csrf';

async function main() {
  const config = loadConfig();
  // As main.ts: DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (stopped by its guard when this process dies).
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
  const database: Database = await openDatabase({ url: config.DATABASE_URL ?? embedded!.url });
  await database.migrate();
  await seedDatabase(database.db, { demo: config.SEED_DEMO });
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
    await embedded?.stop();
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
