import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { type Database, DatabaseUnavailableError, openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { describeFsError, probeWritable } from './platform/files/probe';

/**
 * The application's modules load (and, under tsx, compile) while the database opens and migrates: the two are
 * independent, and a fast start matters after a crash.
 */
const appModule = import('./app');
// Awaited below; a failure must not be reported as unhandled before then.
appModule.catch(() => {});

/** Refuses a second server on the same embedded data directory: PGlite allows one process per directory. */
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
  let database: Database;
  if (config.DATABASE_URL) {
    database = await openDatabase({ url: config.DATABASE_URL });
  } else {
    unlock = lockDataDir(config.DATA_DIR);
    database = await openDatabase({ dataDir: path.join(config.DATA_DIR, 'pgdata') });
  }
  await database.migrate();
  await seedDatabase(database.db, { demo: config.SEED_DEMO });
  const { buildApp } = await appModule;
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`服务已启动：http://localhost:${config.PORT}（数据库：${database.kind}）`);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`启动失败：${err.message}\n`);
  } else if (err instanceof DatabaseUnavailableError) {
    process.stderr.write(`启动失败：无法连接数据库（DATABASE_URL）：${err.message}\n`);
  } else {
    process.stderr.write(`启动失败：${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
