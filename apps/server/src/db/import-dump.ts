/**
 * `node --import tsx import-dump.ts <DATA_DIR> <dump.sql> <stamp>` (run by scripts/import-pglite.sh): restores a
 * plain-SQL dump of the earlier PGlite database into a new embedded PostgreSQL under DATA_DIR, in one transaction.
 * The PGlite directory is renamed aside first (pgdata.pglite-<stamp>, the embedded server refuses to start beside
 * it); if the restore fails, the new server's directory is renamed aside and the PGlite directory put back.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresError, startEmbeddedPostgres } from './embedded-postgres';

/** The dump's SQL without psql's meta-commands (`\restrict`, `\connect` ...), which no server executes. */
export function executableSql(dump: string) {
  return dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
}

async function main() {
  const [dataDirArg, dumpFile, stamp = Date.now().toString()] = process.argv.slice(2);
  if (!dataDirArg || !dumpFile) throw new EmbeddedPostgresError('用法：import-dump.ts <DATA_DIR> <dump.sql> [stamp]');
  const dataDir = path.resolve(dataDirArg);
  const pglite = path.join(dataDir, 'pgdata');
  const aside = path.join(dataDir, `pgdata.pglite-${stamp}`);
  const sql = executableSql(fs.readFileSync(dumpFile, 'utf8'));
  fs.renameSync(pglite, aside);
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  try {
    server = await startEmbeddedPostgres({ dataDir });
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(sql);
      await client.query('commit');
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
      );
      process.stdout.write(
        `迁移完成：${rows[0]?.n ?? 0} 张表已导入 ${path.join(dataDir, 'postgres')}；原 PGlite 目录保留为 ${aside}，导出文件 ${dumpFile}\n`,
      );
    } finally {
      await client.end().catch(() => {});
    }
    await server.stop();
  } catch (err) {
    await server?.stop().catch(() => {});
    const failed = path.join(dataDir, `postgres.failed-import-${stamp}`);
    if (fs.existsSync(path.join(dataDir, 'postgres'))) fs.renameSync(path.join(dataDir, 'postgres'), failed);
    const pw = path.join(dataDir, 'postgres.password');
    if (fs.existsSync(pw)) fs.renameSync(pw, `${failed}.password`);
    fs.renameSync(aside, pglite);
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new EmbeddedPostgresError(
      `导入失败（${reason}）：PGlite 数据仍在 ${pglite}，未导入完的目录已改名为 ${failed}；请把这一行与 ${dumpFile} 交给维护者`,
    );
  }
}

main().catch((err) => {
  const msg = err instanceof EmbeddedPostgresError ? err.message : err instanceof Error ? err.message : String(err);
  process.stderr.write(`${msg}\n`);
  process.exit(1);
});
