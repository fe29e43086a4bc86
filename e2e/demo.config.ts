import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The demo school as `npm start` gives it on an empty data directory (SEED_DEMO and SEED_DEMO_STORY at their
 * defaults): a fresh server and database of its own, for the *.demo.spec.ts journeys only.
 * `npx playwright test -c e2e/demo.config.ts`
 */
const port = Number(process.env.E2E_DEMO_PORT ?? 18081);
const baseURL = `http://127.0.0.1:${port}`;

if (!process.env.ZG_E2E_DEMO_DATA_DIR) {
  const made = mkdtempSync(path.join(tmpdir(), 'zg-e2e-demo-'));
  process.env.ZG_E2E_DEMO_DATA_DIR = made;
  if (!process.env.E2E_KEEP_DATA)
    process.on('exit', () => {
      try {
        rmSync(made, { recursive: true, force: true, maxRetries: 5 });
      } catch {}
    });
}

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: ['**/*.demo.spec.ts'],
  use: { ...base.use, baseURL },
  webServer: {
    ...(base.webServer as NonNullable<PlaywrightTestConfig['webServer']> & { command: string }),
    url: `${baseURL}/api/health`,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: process.env.ZG_E2E_DEMO_DATA_DIR as string,
      NODE_ENV: 'production',
      // The server's day is the browser's (timezoneId): a journey run between 16:00 and 24:00 UTC crosses the date.
      TZ: 'Asia/Shanghai',
      SEED_DEMO: 'true',
      SEED_DEMO_STORY: 'true',
    },
  },
});
