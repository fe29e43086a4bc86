// Run from the temporary tools folder of scripts/import-pglite.sh, where @electric-sql/pglite and pglite-tools are
// installed: dumps a PGlite data directory as plain SQL that a PostgreSQL server executes (no owners or grants:
// the embedded server's one role owns everything; INSERTs rather than COPY, so a client library can run it).
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

const [dataDir, out] = process.argv.slice(2);
if (!dataDir || !out) {
  process.stderr.write('usage: node dump.mjs <pglite data dir> <out.sql>\n');
  process.exit(2);
}
try {
  const pg = await PGlite.create(dataDir);
  const file = await pgDump({ pg, args: ['--no-owner', '--no-privileges', '--rows-per-insert=500'] });
  fs.writeFileSync(out, Buffer.from(await file.arrayBuffer()), { mode: 0o600 });
  await pg.close();
} catch (err) {
  process.stderr.write(`导出 PGlite 数据失败（${dataDir}）：${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
