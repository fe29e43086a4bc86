/**
 * `npm run bench:data -- --scale school|province [--data-dir DIR | --database-url URL] [--seed N] [--warehouse]`
 * Creates (migrates and seeds) a database and fills it with a scale's data. With --data-dir (default
 * bench/.data/<scale>) the embedded PostgreSQL's data goes where the server's DATA_DIR expects it, so
 * `DATA_DIR=<dir> npm run serve` opens it; with --database-url (or DATABASE_URL) it fills that PostgreSQL database.
 * --warehouse adds the data warehouse: the demo school's 教学数据仓库 and the bench's tables (a 1 000 000-row table to
 * browse, an empty one to import into; phases/warehouse.ts); --demo-warehouse the demo school's warehouse alone, with its
 * diagnosis indicators (phases/algorithm.ts); --collection the demo data collection (forms, constants, tasks and the
 * warehouse tables the forms write into; phases/collection.ts). Every database also gets the standard systems: the
 * demo's five and a ~500-node one (phases/standard.ts). --system grows the users to 10 000 and the audit log to
 * 1 000 000 rows (phases/system.ts). --diagnosis: the demo warehouse with its indicators, then the department duties
 * and the demo diagnosis task of the 40 majors (phases/diagnosis.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@zg/server/src/db/client';
import { startEmbeddedPostgres } from '@zg/server/src/db/embedded-postgres';
import { Hooks } from '@zg/server/src/platform/hooks';
import { seedDatabase } from '@zg/server/src/seed';
import { seedDemoCollection } from '@zg/server/src/seed/collection';
import { seedDemoIndicatorAnalysis } from '@zg/server/src/seed/indicator-analysis';
import { generate } from '@zg/server/src/seed/story';
import { scaleOf } from '@zg/server/src/seed/story/scale';
import { seedDemoWarehouse } from '@zg/server/src/seed/warehouse';
import { sql } from 'drizzle-orm';
import { parseArgs, stringFlag } from './lib/args';
import { prepareNotifications } from './notification-data';
import { prepareDevelop } from './phases/develop';
import { prepareDiagnosis } from './phases/diagnosis';
import { preparePortrait } from './phases/portrait';
import { prepareStandards } from './phases/standard';
import { prepareSystem } from './phases/system';
import { prepareWarehouse } from './phases/warehouse';
import { prepareQualityWarningRows } from './quality-warning-data';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const { flags } = parseArgs(process.argv.slice(2), [
    'warehouse',
    'demo-warehouse',
    'collection',
    'system',
    'diagnosis',
    'quality-warning',
  ]);
  const scale = scaleOf(stringFlag(flags, 'scale') ?? 'school');
  const url = stringFlag(flags, 'database-url') ?? process.env.DATABASE_URL;
  const dataDir = path.resolve(stringFlag(flags, 'data-dir') ?? path.join(benchDir, '.data', scale.name));
  const seed = Number(stringFlag(flags, 'seed') ?? 20_260_101);
  const started = Date.now();
  const embedded = url ? null : await startEmbeddedPostgres({ dataDir });
  const database = await openDatabase({ url: url ?? embedded!.url });
  try {
    await database.migrate();
    await seedDatabase(database.db, { demo: true });
    const fixtures = await generate(database.db, scale, {
      seed,
      log: (line) => process.stdout.write(`  [${((Date.now() - started) / 1000).toFixed(1)} s] ${line}\n`),
    });
    // After the demo warehouse's algorithms when there is one (the demo systems bind their points to them).
    const loadStandards = async () => {
      const t = Date.now();
      const made = await prepareStandards(database.db);
      process.stdout.write(
        `  ${made} standard systems (the demo's and a ~500-node one) in ${((Date.now() - t) / 1000).toFixed(1)} s\n`,
      );
    };
    if (flags.has('warehouse'))
      await prepareWarehouse(database.db, new Date().toISOString().slice(0, 10), (line) =>
        process.stdout.write(`  [${((Date.now() - started) / 1000).toFixed(1)} s] ${line}\n`),
      );
    else if (flags.has('demo-warehouse') || flags.has('diagnosis')) {
      const t = Date.now();
      await seedDemoWarehouse(database.db, new Date().toISOString().slice(0, 10));
      process.stdout.write(`  demo warehouse and its indicators in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
    } else if (flags.has('collection')) {
      const t = Date.now();
      await seedDemoCollection(database.db, new Date().toISOString().slice(0, 10), new Hooks());
      process.stdout.write(`  demo collection in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
    }
    await loadStandards();
    if (flags.has('system')) {
      const t = Date.now();
      const added = await prepareSystem(database.db);
      process.stdout.write(
        `  系统管理: ${added.users} users and ${added.audits} audit rows added in ${((Date.now() - t) / 1000).toFixed(1)} s\n`,
      );
    }
    if (flags.has('diagnosis')) {
      const t = Date.now();
      const demoTask = await prepareDiagnosis(database.db, new Date().toISOString().slice(0, 10));
      // 指标分析 (issue 35 item 5): the demo task's last round, to compare its computed results with.
      if (demoTask) await seedDemoIndicatorAnalysis(database.db, demoTask.id);
      process.stdout.write(
        `  department duties and the demo diagnosis task in ${((Date.now() - t) / 1000).toFixed(1)} s\n`,
      );
      // 发展中心 (issue 35): the last five years' top-level tasks serve QCPs.
      const linked = await prepareDevelop(database.db);
      process.stdout.write(`  发展中心: ${linked} top-level tasks linked to QCPs\n`);
      // 画像分析 (issue 35): the portrait algorithms, grants and demo cards over the demo warehouse.
      await preparePortrait(database.db);
    }
    if (flags.has('quality-warning')) {
      const t = Date.now();
      const added = await prepareQualityWarningRows(database.db);
      process.stdout.write(`  ${added} rows with a warning rule in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
    }
    {
      const t = Date.now();
      const added = await prepareNotifications(database.db);
      process.stdout.write(`  ${added} notifications in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
    }
    // A running school's tables have long been vacuumed by autovacuum: without it the freshly written rows have no
    // visibility map, every index-only scan reads the heap as well, and what is measured depends on whether
    // autovacuum happens to reach a table during the run (PostgreSQL alone on the province's finish rates: 237 tx/s
    // right after loading, 305 once vacuumed).
    const vacuumed = Date.now();
    await database.db.execute(sql`vacuum analyze`);
    process.stdout.write(`  vacuum analyze in ${((Date.now() - vacuumed) / 1000).toFixed(1)} s\n`);
    const where = url ? new URL(url).pathname.slice(1) : dataDir;
    const fixturesPath = stringFlag(flags, 'fixtures') ?? (url ? undefined : path.join(dataDir, 'bench-fixtures.json'));
    if (fixturesPath) fs.writeFileSync(fixturesPath, JSON.stringify(fixtures, null, 1));
    process.stdout.write(
      `${scale.name}: ${JSON.stringify(fixtures.counts)} in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${where}\n`,
    );
    if (!url) process.stdout.write(`serve it with: DATA_DIR=${dataDir} npm run serve\n`);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
