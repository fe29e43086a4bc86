import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { lanePlan, productServer, runDir } from './servers';

// Lanes (servers.ts lanePlan): each a project with one worker and a server of its own — its own port, DATA_DIR and
// embedded PostgreSQL, fresh for the run — so lanes run side by side without sharing any state (a moved server
// clock, a changed password, data another journey made), and within a lane the files run one after the other in name
// order, as they all did on one server before. Ports: lane n on E2E_PORT + 2(n-1) (18080, 18082, ...), the demo
// school's server on E2E_DEMO_PORT (18081). E2E_LANES=1 runs every plain journey on one server.
const port = Number(process.env.E2E_PORT ?? 18080);
const demoPort = Number(process.env.E2E_DEMO_PORT ?? 18081);
const dataDir = runDir('ZG_E2E_DATA_DIR', 'zg-e2e-');
const { lanes, demo, workers } = lanePlan();
const servers = [
  ...lanes.map((files, i) => ({
    name: `lane-${i + 1}`,
    files,
    port: port + 2 * i,
    dataDir: path.join(dataDir, `lane-${i + 1}`),
    story: false,
  })),
  // The demo school as `npm start` gives it on an empty data directory: the story and the warehouse.
  ...(demo.length
    ? [{ name: 'demo', files: demo, port: demoPort, dataDir: path.join(dataDir, 'demo'), story: true }]
    : []),
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  // One worker per lane (each project's `workers: 1`), E2E_LANES of them at once.
  workers,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 768 },
    // The app opens dialogs without antd's animations when the system asks for reduced motion. A click that lands
    // while a confirm dialog is still zooming in could leave it open and covering the page on a busy machine (a CI
    // run lost a test that way, and the password test's account with it): the journeys test the app, not the motion.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // No trace unless asked (E2E_TRACE=1 keeps a failed test's actions, network and DOM snapshots): recording takes a
    // DOM snapshot at every action of every test, passing or not, CPU the lanes need on two cores, and a CI run keeps
    // only its printed output (a failure still prints its error and saves its screenshot and page snapshot, above).
    trace: process.env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
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
  projects: servers.map((s) => ({
    name: s.name,
    testMatch: s.files.map((f) => `**/${f}`),
    workers: 1,
    use: { baseURL: `http://127.0.0.1:${s.port}` },
  })),
  webServer: servers.map((s) => productServer(s)),
});
