import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The demo school's journeys (*.demo.spec.ts) alone: `npx playwright test -c demo.config.ts`. `npm test` runs them
 * beside the others, as the `demo` lane of playwright.config.ts, on the same kind of server (the story seeded).
 */
const demo = (base.projects ?? []).filter((p) => p.name === 'demo');
const servers = Array.isArray(base.webServer) ? base.webServer : [];

export default defineConfig({
  ...base,
  workers: 1,
  projects: demo,
  webServer: servers.filter((s) => s.env?.SEED_DEMO_STORY === 'true'),
});
