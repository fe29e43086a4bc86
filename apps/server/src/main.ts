import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { type Database, DatabaseUnavailableError, openDatabase } from './db/client';
import { type EmbeddedPostgres, EmbeddedPostgresError, startEmbeddedPostgres } from './db/embedded-postgres';
import { seedDatabase } from './db/seed';
import { describeFsError, probeWritable } from './platform/files/probe';

/**
 * The application's modules load (and, under tsx, compile) while the database opens and migrates: the two are
 * independent, and a fast start matters after a crash.
 */
const appModule = import('./app');
// Awaited below; a failure must not be reported as unhandled before then.
appModule.catch(() => {});

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

async function main() {
  const config = loadConfig();
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
  const stopEmbedded = async () => {
    await embedded?.stop();
    unlock();
  };
  // A server that ends on its own (killed, out of disk) ends the application with one line.
  void embedded?.exited.then((code) => {
    if (closing) return;
    process.stderr.write(
      `内置 PostgreSQL 意外退出（退出码 ${code}）：服务已停止，详见 ${path.join(config.DATA_DIR, 'postgres.log')}；重新启动即可恢复\n`,
    );
    unlock();
    process.exit(1);
  });

  let database: Database;
  try {
    database = await openDatabase({ url });
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
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigError(
        `端口 ${config.HOST}:${config.PORT} 已被占用（PORT）：请停止占用它的程序，或把 PORT 设为另一个端口`,
      );
    }
    throw err;
  }
  app.log.info(
    `服务已启动：http://localhost:${config.PORT}（数据库：${embedded ? '内置 PostgreSQL' : 'DATABASE_URL'}）`,
  );
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
