import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The web's import rules (docs/ARCHITECTURE.md, "Web"): the repository's biome.json, run on fixture files laid out
// as apps/web/src in a scratch folder (the overrides go by path), and madge on apps/web/src itself.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(import.meta.url);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-import-rules-'));
fs.copyFileSync(path.join(repoRoot, 'biome.json'), path.join(scratch, 'biome.json'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

interface Diagnostic {
  category: string;
  location: { path: string; start: { line: number } };
  message: string;
}

/** Lints `files` (path under apps/web/src: source) with the repository's rules; the refused imports, by file. */
function refusedImports(files: Record<string, string>): Record<string, string[]> {
  const dir = fs.mkdtempSync(path.join(scratch, 'case-'));
  fs.copyFileSync(path.join(scratch, 'biome.json'), path.join(dir, 'biome.json'));
  for (const [file, source] of Object.entries(files)) {
    const at = path.join(dir, 'apps/web/src', file);
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.writeFileSync(at, source);
  }
  const biome = require.resolve('@biomejs/biome/bin/biome');
  const run = spawnSync(process.execPath, [biome, 'lint', '--vcs-enabled=false', '--reporter=json', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  const refused: Record<string, string[]> = Object.fromEntries(Object.keys(files).map((f) => [f, []]));
  for (const d of report.diagnostics) {
    if (d.category !== 'lint/style/noRestrictedImports') continue;
    const file = path.relative('apps/web/src', d.location.path);
    const line = files[file]?.split('\n')[d.location.start.line - 1] ?? '';
    refused[file]?.push(line.match(/from '([^']+)'/)?.[1] ?? line);
  }
  return refused;
}

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
    const madge = path.join(path.dirname(require.resolve('madge/package.json')), 'bin/cli.js');
    const run = spawnSync(process.execPath, [madge, '--circular', '--json', '--extensions', 'ts,tsx', 'apps/web/src'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    // The cycles, each as the files around it.
    expect(JSON.parse(run.stdout)).toEqual([]);
  });
});
