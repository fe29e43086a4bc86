import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, loadConfig, workerCount } from './config';
import { type Database, DatabaseUnavailableError, openDatabase } from './db/client';
import { type EmbeddedPostgres, EmbeddedPostgresError, startEmbeddedPostgres } from './db/embedded-postgres';
import { describeFsError, probeWritable } from './platform/files/probe';
import { seedDatabase } from './seed';

/**
 * The application's modules load (and, under tsx, compile) while the database opens and migrates: the two are
 * independent, and a fast start matters after a crash. A primary that only supervises workers never loads them.
 */
const loadApp = () => import('./app');
let appModule: ReturnType<typeof loadApp>;

/** Refuses a second server on the same embedded data directory (its PostgreSQL belongs to one application). */
function lockDataDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, 'server.pid');
  if (fs.existsSync(lock)) {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new ConfigError(`数据目录 ${dir} 已被进程 ${pid} 使用（DATA_DIR）；内置数据库只允许一个服务进程`);
    }
  }
  fs.writeFileSync(lock, String(process.pid));
  return () => fs.rmSync(lock, { force: true });
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the start with one line when the data directory cannot be written (read-only, missing, no permission). */
async function checkDataDir(dir: string) {
  const problem = await probeWritable(dir);
  if (!problem) return;
  throw new ConfigError(
    `数据目录 ${path.resolve(dir)} 不可写：${describeFsError(problem)}。请把 DATA_DIR 指向一个可写的目录，或修正该目录的权限与磁盘空间`,
  );
}

/** What a worker tells the primary: it serves, or it could not start (the message says why, in Chinese). */
type WorkerMessage = { type: 'ready' } | { type: 'failed'; message: string; config: boolean };

/** How long the primary waits for its workers to finish their requests on shutdown before it kills them. */
const WORKER_STOP_MS = 15_000;

/**
 * The primary: checks DATA_DIR, starts the embedded PostgreSQL (or uses DATABASE_URL), migrates and seeds once, then
 * serves in this process (WORKERS=1) or forks WORKERS workers (node:cluster) that share PORT. Jobs run in every
 * worker: each claims a job with FOR UPDATE SKIP LOCKED and a periodic job is enqueued once per period under a
 * unique key (platform/jobs.ts), so a job runs once across them.
 */
async function main() {
  const config = loadConfig();
  // Every date the server reads or writes in local time is the school's (config.TZ); the workers inherit it.
  process.env.TZ = config.TZ;
  const workers = cluster.isWorker ? 1 : workerCount(config);
  if (workers === 1) {
    appModule = loadApp();
    // Awaited below; a failure must not be reported as unhandled before then.
    appModule.catch(() => {});
  }
  if (cluster.isWorker) return runWorker(config);
  await checkDataDir(config.DATA_DIR);
  let unlock = () => {};
  let embedded: EmbeddedPostgres | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    unlock = lockDataDir(config.DATA_DIR);
    try {
      embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
    } catch (err) {
      unlock();
      throw err;
    }
    url = embedded.url;
  }
  let closing = false;
  let stopWorkers = async () => {};
  const stopEmbedded = async () => {
    await embedded?.stop();
    unlock();
  };
  // A server that ends on its own (killed, out of disk) ends the application with one line.
  void embedded?.exited.then(async (code) => {
    if (closing) return;
    closing = true;
    process.stderr.write(
      `内置 PostgreSQL 意外退出（退出码 ${code}）：服务已停止，详见 ${path.join(config.DATA_DIR, 'postgres.log')}；重新启动即可恢复\n`,
    );
    await stopWorkers();
    unlock();
    process.exit(1);
  });

  let database: Database;
  try {
    database = await openDatabase({ url, timeZone: config.TZ });
    await database.migrate();
    // The demo warehouse (教学数据仓库) comes with the story: both are the demo school's data (README, SEED_DEMO_STORY).
    await seedDatabase(database.db, {
      demo: config.SEED_DEMO,
      story: config.SEED_DEMO_STORY,
      warehouse: config.SEED_DEMO_STORY,
    });
  } catch (err) {
    closing = true;
    await stopEmbedded();
    throw err;
  }
  const where = embedded ? '内置 PostgreSQL' : 'DATABASE_URL';

  if (workers > 1) {
    // The workers open their own pools; the primary only supervises.
    await database.close();
    const pool = startWorkers(workers, url, embedded !== null);
    stopWorkers = pool.stop;
    const shutdown = async () => {
      if (closing) return;
      closing = true;
      await pool.stop();
      await stopEmbedded();
      process.exit(0);
    };
    process.on('SIGINT', () => void shutdown());
    process.on('SIGTERM', () => void shutdown());
    try {
      await pool.ready;
    } catch (err) {
      closing = true;
      await pool.stop();
      await stopEmbedded();
      throw err;
    }
    pool.supervise(() => closing);
    process.stdout.write(
      `服务已启动：${config.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${config.PORT}（${workers} 个工作进程，WORKERS；数据库：${where}）\n`,
    );
    return;
  }

  const { buildApp } = await appModule;
  const app = await buildApp({ config, database });

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    await stopEmbedded();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (err) {
    closing = true;
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    await stopEmbedded();
    throw listenError(config, err);
  }
  app.log.info(`服务已启动：${config.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${config.PORT}（数据库：${where}）`);
}

function listenError(config: Config, err: unknown) {
  if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    return new ConfigError(
      `端口 ${config.HOST}:${config.PORT} 已被占用（PORT）：请停止占用它的程序，或把 PORT 设为另一个端口`,
    );
  }
  return err;
}

/**
 * Forks `count` workers on the migrated database `url`. `ready` settles when every worker listens, or rejects with
 * the first one's failure; `supervise` then replaces a worker that dies (one second later, so a worker that cannot
 * start does not spin); `stop` asks each to finish its requests (SIGTERM) and kills those still running after
 * WORKER_STOP_MS.
 */
function startWorkers(count: number, url: string, databaseOfPrimary: boolean) {
  let supervising = false;
  let isClosing = () => false;
  let settle: { resolve(): void; reject(err: unknown): void };
  const ready = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let readyCount = 0;
  const fork = () => {
    // A worker of a primary that owns the embedded PostgreSQL stops at once if the primary dies (below).
    const worker = cluster.fork({ DATABASE_URL: url, ZG_DATABASE_OF_PRIMARY: databaseOfPrimary ? '1' : '' });
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready' && ++readyCount === count) settle.resolve();
      if (m.type === 'failed' && !supervising)
        settle.reject(m.config ? new ConfigError(m.message) : new Error(m.message));
    });
    worker.on('exit', (code, signal) => {
      if (!supervising) {
        settle.reject(new Error(`工作进程 ${worker.process.pid} 启动时退出（退出码 ${code ?? signal}）`));
        return;
      }
      if (isClosing()) return;
      process.stderr.write(`工作进程 ${worker.process.pid} 意外退出（退出码 ${code ?? signal}）：1 秒后重新启动\n`);
      setTimeout(() => {
        if (!isClosing()) fork();
      }, 1000);
    });
  };
  for (let i = 0; i < count; i++) fork();
  return {
    ready,
    supervise(closing: () => boolean) {
      isClosing = closing;
      supervising = true;
    },
    async stop() {
      supervising = true;
      isClosing = () => true;
      const running = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
      await Promise.all(
        running.map(
          (w) =>
            new Promise<void>((resolve) => {
              if (!w || w.isDead()) return resolve();
              const timer = setTimeout(() => w.process.kill('SIGKILL'), WORKER_STOP_MS);
              w.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              w.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/**
 * A worker: opens its pool on the database the primary migrated (DATABASE_URL, set by the primary), builds the app
 * and listens on the shared PORT. SIGTERM (from the primary) or SIGINT (Ctrl-C reaches the whole process group)
 * finishes the requests under way and closes the pool; a worker whose primary is gone stops too.
 */
async function runWorker(config: Config) {
  const send = (m: WorkerMessage) => process.send?.(m);
  let database: Database;
  try {
    database = await openDatabase({ url: config.DATABASE_URL!, timeZone: config.TZ });
  } catch (err) {
    send({ type: 'failed', message: `无法连接数据库：${(err as Error).message}`, config: false });
    process.exit(1);
  }
  const { buildApp } = await appModule;
  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The primary gone without stopping its workers first died itself: when it owned the embedded PostgreSQL, the
  // database goes with it (the next start stops what is left of it), so the requests under way cannot finish and the
  // worker stops as the primary did, at once, rather than answer them with errors; on DATABASE_URL it finishes them.
  process.on('disconnect', () => {
    if (closing) return;
    if (process.env.ZG_DATABASE_OF_PRIMARY === '1') process.exit(1);
    void shutdown('disconnect');
  });
  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (err) {
    const e = listenError(config, err);
    send({ type: 'failed', message: e instanceof Error ? e.message : String(e), config: e instanceof ConfigError });
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
  send({ type: 'ready' });
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof EmbeddedPostgresError) {
    process.stderr.write(`启动失败：${err.message}\n`);
  } else if (err instanceof DatabaseUnavailableError) {
    process.stderr.write(`启动失败：无法连接数据库（DATABASE_URL）：${err.message}\n`);
  } else {
    process.stderr.write(`启动失败：${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
