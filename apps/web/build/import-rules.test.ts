import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, refusedImports as lint } from '../../../scripts/lint-fixtures';

// The web's import rules (docs/ARCHITECTURE.md, "Web"): the repository's biome.json, run on fixture files laid out
// as apps/web/src in a scratch folder (the overrides go by path), and madge on apps/web/src itself.

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-import-rules-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const refusedImports = (files: Record<string, string>) => lint(scratch, 'apps/web/src', files);

const usesTestLibraries = [
  "import { render } from '@testing-library/react';",
  "import { vi } from 'vitest';",
  'export const used = [render, vi];',
].join('\n');

describe('the web import rules (biome.json)', () => {
  it('refuse vitest and Testing Library outside tests and apps/web/src/test', () => {
    expect(
      refusedImports({
        'features/home/helpers.ts': usesTestLibraries,
        'components/pickers/helpers.tsx': usesTestLibraries,
        'session/helpers.ts': usesTestLibraries,
        'api/helpers.ts': usesTestLibraries,
        'app/helpers.ts': usesTestLibraries,
        'features/home/home.test.tsx': usesTestLibraries,
        'api/client.test.ts': usesTestLibraries,
        'test/render.tsx': usesTestLibraries,
      }),
    ).toEqual({
      'features/home/helpers.ts': ['@testing-library/react', 'vitest'],
      'components/pickers/helpers.tsx': ['@testing-library/react', 'vitest'],
      'session/helpers.ts': ['@testing-library/react', 'vitest'],
      'api/helpers.ts': ['@testing-library/react', 'vitest'],
      'app/helpers.ts': ['@testing-library/react', 'vitest'],
      'features/home/home.test.tsx': [],
      'api/client.test.ts': [],
      'test/render.tsx': [],
    });
  });

  it('keep the layers in one direction: app -> features -> components, session -> api', () => {
    const imports = (...from: string[]) =>
      [
        ...from.map((f, i) => `import * as m${i} from '${f}';`),
        `export const all = [${from.map((_, i) => `m${i}`)}];`,
      ].join('\n');
    expect(
      refusedImports({
        'components/pickers/UserPicker.tsx': imports(
          '../../features/auth/auth.api',
          '../../app/routes',
          '../../api/user',
        ),
        'features/home/HomePage.tsx': imports(
          '../../app/routes',
          '../shell/use-sign-out',
          '../../components/CardList',
          '../../session/use-menu',
          '../../api/client',
        ),
        'features/target-task/warning/UrgePage.tsx': imports('../../../app/SignedInApp', '../progress/FormModal'),
        'session/use-menu.ts': imports(
          '../features/home/routes',
          '../components/icons',
          '../app',
          './routes',
          '../api/client',
        ),
        'api/client.ts': imports('../session/login-record', '../components/ErrorBoundary', './errors'),
        'app/routes.tsx': imports('../features/home/routes', '../session/routes'),
      }),
    ).toEqual({
      'components/pickers/UserPicker.tsx': ['../../features/auth/auth.api', '../../app/routes'],
      'features/home/HomePage.tsx': ['../../app/routes'],
      'features/target-task/warning/UrgePage.tsx': ['../../../app/SignedInApp'],
      'session/use-menu.ts': ['../features/home/routes', '../components/icons', '../app'],
      'api/client.ts': ['../session/login-record', '../components/ErrorBoundary'],
      'app/routes.tsx': [],
    });
  });
});

describe('apps/web/src', () => {
  it('has no import cycle (madge, type-only and lazy imports included)', { timeout: 120_000 }, () => {
    // The cycles, each as the files around it.
    expect(importCycles(['--extensions', 'ts,tsx', 'apps/web/src'])).toEqual([]);
  });
});
