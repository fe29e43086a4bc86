import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;

// A fresh database per run. Workers load this file again; the variable they inherit keeps them on the same dir,
// and only the process that made the dir removes it, on exit, after the web server has stopped (E2E_KEEP_DATA=1 keeps it).
if (!process.env.ZG_E2E_DATA_DIR) {
  const made = mkdtempSync(path.join(tmpdir(), 'zg-e2e-'));
  process.env.ZG_E2E_DATA_DIR = made;
  // The embedded PostgreSQL may still be finishing its shutdown in there: a failed removal must not fail the run.
  if (!process.env.E2E_KEEP_DATA)
    process.on('exit', () => {
      try {
        rmSync(made, { recursive: true, force: true, maxRetries: 5 });
      } catch {}
    });
}
const dataDir = process.env.ZG_E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  // The demo school's journeys run on their own server, seeded with the story (demo.config.ts).
  testIgnore: ['**/*.demo.spec.ts'],
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 768 },
    // The app opens dialogs without antd's animations when the system asks for reduced motion. A click that lands
    // while a confirm dialog is still zooming in could leave it open and covering the page on a busy machine (a CI
    // run lost a test that way, and the password test's account with it): the journeys test the app, not the motion.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    // Debian's Chromium; Playwright never downloads a browser here.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'npm run serve',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    // TEST_HOOKS: the warning journeys move the server clock through POST /api/test/clock (administrators only).
    // The journeys build their own tasks from the demo accounts: no demo story (SEED_DEMO_STORY) under them.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      TEST_HOOKS: 'true',
      // The server's day is the browser's (timezoneId): a journey run between 16:00 and 24:00 UTC crosses the date.
      TZ: 'Asia/Shanghai',
      SEED_DEMO_STORY: 'false',
    },
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM first: the server closes, then stops its embedded PostgreSQL cleanly (its guard would stop it after a
    // SIGKILL too).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
