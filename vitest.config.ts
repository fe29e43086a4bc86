import { defineConfig } from 'vitest/config';

const ANTD_ALIAS = [{ find: /^antd\/es\//, replacement: 'antd/lib/' }];
/** The web test files that replace a module with vi.mock. */
const WEB_MOCKING = [
  'apps/web/src/components/charts/chart-click.test.tsx',
  'apps/web/src/app/load-errors.test.tsx',
  'apps/web/src/features/summary-analysis/summary-analysis.test.tsx',
  'apps/web/src/features/summary-analysis/annual-analysis.test.tsx',
  'apps/web/src/features/performance/performance.test.tsx',
];
const WEB = {
  environment: 'jsdom',
  setupFiles: ['apps/web/src/test/setup.ts'],
  // antd in jsdom is slow on a shared 2-core machine: a page test may take several seconds there.
  testTimeout: 45_000,
  // Both cores (Vitest's default leaves one idle on a 2-core machine): the web files are most of the run.
  maxWorkers: 2,
} as const;

// Pure logic beside the code, API tests over a real database, web components in jsdom (and the few that mock a module).
export default defineConfig({
  test: {
    // React work that a finished web test file left scheduled (a late response's render, a dialog closing) may run
    // after vitest has torn down that file's jsdom, and react-dom then reads `window` ("window is not defined"). No
    // test's assertions can be affected by it: every test of the file has ended. The web setup drains the scheduler
    // first; on a saturated machine a task may still outlive it, so exactly that error, thrown from react-dom's
    // scheduler task, is not reported. Any other unhandled error still fails the run.
    onUnhandledError(error) {
      const stack = String(error.stack ?? '');
      const lateReactWork =
        error.message === 'window is not defined' &&
        stack.includes('react-dom') &&
        stack.includes('performWorkUntilDeadline');
      return lateReactWork ? false : undefined;
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
            'bench/src/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Vitest's default is one worker less than the cores: one on a 2-core machine.
          maxWorkers: 2,
          // The story's generators (a whole school in memory) take 2-6 s on a shared 2-core machine: past the default 5 s.
          testTimeout: 30_000,
          // Pure functions: no file mocks a module or changes the process, so they may share one module graph per worker.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts', 'bench/src/**/*.api.test.ts'],
          environment: 'node',
          // One PostgreSQL server per run (the embedded one, or TEST_DATABASE_URL's) with template databases.
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server over its own database; two at a time fits a 2-core machine.
          maxWorkers: 2,
          // One module graph per worker, not per file: importing the whole server again for each of some seventy files
          // was two thirds of the API suite's time. Each file still builds its own app over its own database; the
          // server keeps no state in module scope beyond pure caches (a rule every worker of production needs too).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Under Node, `antd` is its CommonJS build (lib); the web's few deep imports (`antd/es/...`, kept off the first
        // page's bundle) must reach the same copy, or their components miss the contexts of the rest (Form, locale).
        resolve: { alias: ANTD_ALIAS },
        test: {
          name: 'web',
          sequence: { groupOrder: 2 },
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [...WEB_MOCKING, '**/node_modules/**'],
          ...WEB,
          setupFiles: [...WEB.setupFiles, 'apps/web/src/test/preload.ts'],
          // One module graph and one jsdom per worker, not per file: importing React, antd and the app again for each
          // of some seventy files was two thirds of the web suite's time. The setup file still runs for each file and
          // resets what a file may leave behind (the rendered tree, static dialogs and toasts, the session, query
          // clients, timers, mocks); antd's motion is off in tests, so a closed toast or dialog leaves the page at once.
          isolate: false,
        },
      },
      {
        resolve: { alias: ANTD_ALIAS },
        test: {
          // The files that replace a module (vi.mock) keep a fresh module graph each: in a shared one the module may
          // already be loaded, real, by an earlier file, or stay replaced for a later one.
          name: 'web-mocking',
          sequence: { groupOrder: 2 },
          include: WEB_MOCKING,
          ...WEB,
        },
      },
    ],
  },
});
