import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlaywrightTestConfig } from '@playwright/test';

type WebServer = NonNullable<Exclude<PlaywrightTestConfig['webServer'], unknown[]>>;

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
export const testsDir = path.join(here, 'tests');

/**
 * A fresh directory for a run's servers, made once: Playwright's workers load the config again and inherit the
 * variable, so they stay on the same directory; only the process that made it removes it, on exit, after the web
 * servers have stopped (E2E_KEEP_DATA=1 keeps it).
 */
export function runDir(variable: string, prefix: string): string {
  if (!process.env[variable]) {
    const made = mkdtempSync(path.join(tmpdir(), prefix));
    // The servers' DATA_DIRs lie inside: PostgreSQL (run as the user postgres under root) must be able to enter it.
    chmodSync(made, 0o711);
    process.env[variable] = made;
    // The embedded PostgreSQL may still be finishing its shutdown in there: a failed removal must not fail the run.
    if (!process.env.E2E_KEEP_DATA)
      process.on('exit', () => {
        try {
          rmSync(made, { recursive: true, force: true, maxRetries: 5 });
        } catch {}
      });
  }
  return process.env[variable] as string;
}

/**
 * The product as `npm run serve` starts it, on `port` with its own DATA_DIR (its own embedded PostgreSQL, fresh).
 * `story`: the demo school's story and warehouse (SEED_DEMO_STORY), as `npm start` gives it on an empty directory;
 * otherwise the demo accounts alone, under which the journeys build their own data, with TEST_HOOKS: the warning
 * journeys move the server clock through POST /api/test/clock (administrators only).
 */
export function productServer(o: { port: number; dataDir: string; story: boolean }): WebServer {
  const url = `http://127.0.0.1:${o.port}`;
  return {
    command: 'npm run serve',
    cwd: repoRoot,
    url: `${url}/api/health`,
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(o.port),
      DATA_DIR: o.dataDir,
      NODE_ENV: 'production',
      // The demo school's server runs as `npm start` does (its default WORKERS); the others with the clock hook.
      TEST_HOOKS: o.story ? 'false' : 'true',
      // The server's day is the browser's (timezoneId): a journey run between 16:00 and 24:00 UTC crosses the date.
      TZ: 'Asia/Shanghai',
      SEED_DEMO: 'true',
      SEED_DEMO_STORY: o.story ? 'true' : 'false',
    },
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM first: the server closes, then stops its embedded PostgreSQL cleanly (its guard would stop it after a
    // SIGKILL too).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  };
}

/**
 * Seconds each spec file took on the 2-core machine: what the lanes are balanced by, so only their proportions matter. A file not listed counts as DEFAULT_SECONDS;
 * re-measure when a file grows a lot (the list reporter prints each test's time).
 */
export const SPEC_SECONDS: Record<string, number> = {
  // The full run of 2026-11-28 17:18 UTC, both lanes at once (each about 2.5 times its time alone).
  'accessibility.spec.ts': 794,
  'target-tasks.spec.ts': 226,
  'sign-in.spec.ts': 215,
  'progress-warnings.spec.ts': 205,
  'system.spec.ts': 186,
  'data-collection.spec.ts': 174,
  'components.spec.ts': 161,
  'analysis-reports.spec.ts': 122,
  'shell.spec.ts': 110,
  'standard.spec.ts': 102,
  'warehouse.spec.ts': 90,
  'report-templates-archive.spec.ts': 88,
  'diagnosis.demo.spec.ts': 150,
  'profile.spec.ts': 69,
  'attachments.spec.ts': 65,
  'accessibility.demo.spec.ts': 51,
  'home.demo.spec.ts': 47,
  'session-expired.spec.ts': 45,
  'datasources.spec.ts': 28,
  'algorithms.demo.spec.ts': 24,
  'logout.spec.ts': 23,
  'content-security.spec.ts': 20,
  'wrong-password.spec.ts': 18,
  'standard.demo.spec.ts': 11,
  'diagnosis-bulk.demo.spec.ts': 40,
  'diagnosis-monitor.demo.spec.ts': 140,
  'notification.demo.spec.ts': 50,
  // Alone: 90 s on a machine loaded by other work (load average ~20 on 2 cores), × 2.5.
  'quality-warning.demo.spec.ts': 225,
  'data-screen.demo.spec.ts': 175,
  // Alone: 126 s on a machine loaded by other work (three users in turn, the charts drawn), × 2.5.
  'self-report.demo.spec.ts': 315,
  // Alone: 56 s (41 + 14 for 图表库's keeper) with the machine's load average ~6-10 on 2 cores, × 2.5.
  'dashboards.demo.spec.ts': 140,
  'rival-analysis.demo.spec.ts': 108,
  // Alone: 24.5-31.5 s on a machine loaded by other work, × 2.5.
  'develop.demo.spec.ts': 80,
  // Alone: 66 s with the machine's load average ~10 on 2 cores (the 40 majors' task computed first), × 2.5.
  'indicator-analysis.demo.spec.ts': 165,
  // Alone: 62 s (39 s the leader's drill-down, 23 s the major head) on a machine loaded by other work, × 2.5.
  'portrait.demo.spec.ts': 155,
};
const DEFAULT_SECONDS = 60;

const cost = (f: string) => SPEC_SECONDS[f] ?? DEFAULT_SECONDS;

/**
 * Splits spec files into `lanes` groups of about the same time (the longest first, each to the lane with the least so
 * far); each group keeps name order, the order one server ran them all in before. `after`: the seconds of work that
 * will follow the last lane in its slot (the demo lane starts when a plain lane has finished), so that lane gets less.
 */
export function assignLanes(files: readonly string[], lanes: number, after = 0): string[][] {
  const groups = Array.from({ length: Math.max(1, Math.min(lanes, files.length)) }, () => ({
    seconds: 0,
    files: [] as string[],
  }));
  if (groups.length > 1) groups[groups.length - 1]!.seconds = after;
  for (const f of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((min, g) => (g.seconds < min.seconds ? g : min));
    lightest.seconds += cost(f);
    lightest.files.push(f);
  }
  return groups.map((g) => g.files.sort()).filter((g) => g.length > 0);
}

/** Options of `playwright test` that take a value (so that value is not read as a file filter). */
const VALUED = new Set([
  '-c',
  '--config',
  '-g',
  '--grep',
  '-G',
  '--grep-invert',
  '-j',
  '--workers',
  '--project',
  '--reporter',
  '--retries',
  '--timeout',
  '--output',
  '--repeat-each',
  '--max-failures',
  '--shard',
  '--trace',
  '--global-timeout',
]);

/**
 * The spec files of the tests directory that this run asks for: all of them, or those matching the file filters on
 * the command line (`npx playwright test tests/warehouse.spec.ts`), so a run of one file starts one server.
 */
export function chosenSpecs(argv: readonly string[] = process.argv): { files: string[]; filtered: boolean } {
  const all = readdirSync(testsDir)
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
  const at = argv.indexOf('test');
  const filters: string[] = [];
  if (at >= 0) {
    for (let i = at + 1; i < argv.length; i++) {
      const a = argv[i]!;
      if (VALUED.has(a)) i++;
      else if (!a.startsWith('-')) filters.push(a.replace(/:\d+(:\d+)?$/, ''));
    }
  }
  if (!filters.length) return { files: all, filtered: false };
  const matches = (f: string) =>
    filters.some((x) => {
      try {
        return new RegExp(x).test(path.join(testsDir, f)) || path.join(testsDir, f).includes(path.resolve(x));
      } catch {
        return path.join(testsDir, f).includes(x);
      }
    });
  return { files: all.filter(matches), filtered: true };
}

/**
 * Which spec files run in which lane this run: the plain journeys split over E2E_LANES lanes (default 2, the cores of
 * the machine the suite is written for; 1 when the command line names files), the demo school's (*.demo.spec.ts) in a
 * lane of their own on the story server; E2E_LANES lanes run at once. Worked
 * out once, in the process that starts the run, and handed to Playwright's workers (which load the config again with
 * another command line) through the environment, so every process sees the same projects.
 */
export function lanePlan(): { lanes: string[][]; demo: string[]; workers: number } {
  const saved = process.env.ZG_E2E_PLAN;
  if (saved) return JSON.parse(saved) as { lanes: string[][]; demo: string[]; workers: number };
  const { files, filtered } = chosenSpecs();
  const count = Number(process.env.E2E_LANES ?? (filtered ? 1 : 2));
  if (!Number.isInteger(count) || count < 1) throw new Error(`E2E_LANES must be a whole number of lanes, not ${count}`);
  const demo = files.filter((f) => f.endsWith('.demo.spec.ts'));
  const plan = {
    lanes: assignLanes(
      files.filter((f) => !f.endsWith('.demo.spec.ts')),
      count,
      // With fewer lanes at once than lanes in all, the demo lane waits for a plain lane's slot: the last one is
      // made shorter by the demo lane's time so that both slots end together.
      demo.reduce((sum, f) => sum + cost(f), 0),
    ),
    demo,
    workers: 0,
  };
  // E2E_LANES lanes at once: the demo lane takes the place of a plain one that has finished (each lane is a browser,
  // a server and a PostgreSQL: more at once than the machine has cores only makes each slower).
  plan.workers = Math.max(1, Math.min(count, plan.lanes.length + (plan.demo.length ? 1 : 0)));
  process.env.ZG_E2E_PLAN = JSON.stringify(plan);
  return plan;
}
