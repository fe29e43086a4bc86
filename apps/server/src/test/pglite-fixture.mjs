// Run from the tools folder of scripts/import-pglite.sh (where @electric-sql/pglite is installed): makes a PGlite data
// directory as an earlier version of the server left it: the committed migrations applied as drizzle's migrator
// applies them (recorded in drizzle.__drizzle_migrations), plus one school row the import test looks for.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const [dataDir, migrationsFolder] = process.argv.slice(2);
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
const pg = await PGlite.create(dataDir);
await pg.exec(`create schema if not exists drizzle;
  create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
for (const entry of journal.entries) {
  const text = fs.readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), 'utf8');
  await pg.transaction(async (tx) => {
    for (const stmt of text.split('--> statement-breakpoint')) if (stmt.trim()) await tx.exec(stmt);
    const hash = crypto.createHash('sha256').update(text).digest('hex');
    await tx.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [hash, entry.when]);
  });
}
await pg.query(`insert into schools (code, name, province, nature, level) values ($1, $2, $3, $4, $5)`, [
  'PGLITE01',
  '迁移测试职业技术学院',
  '浙江',
  '公办',
  '高职',
]);
await pg.close();
