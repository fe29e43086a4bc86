import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The server's module boundaries (docs/ARCHITECTURE.md, "Module boundaries"): the repository's biome.json, run on
// fixture files laid out as apps/server/src/modules in a scratch folder (the overrides go by path), and madge on
// apps/server/src itself.

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const require = createRequire(import.meta.url);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-server-import-rules-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

interface Diagnostic {
  category: string;
  location: { path: string; start: { line: number } };
}

/** Lints `files` (path under apps/server/src/modules: source) with the repository's rules; the refused imports. */
function refusedImports(files: Record<string, string>): Record<string, string[]> {
  const dir = fs.mkdtempSync(path.join(scratch, 'case-'));
  fs.copyFileSync(path.join(repoRoot, 'biome.json'), path.join(dir, 'biome.json'));
  for (const [file, source] of Object.entries(files)) {
    const at = path.join(dir, 'apps/server/src/modules', file);
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
    const file = path.relative('apps/server/src/modules', d.location.path);
    const line = files[file]?.split('\n')[d.location.start.line - 1] ?? '';
    refused[file]?.push(line.match(/from '([^']+)'/)?.[1] ?? line);
  }
  return refused;
}

const imports = (...from: string[]) =>
  [
    ...from.map((f, i) => `import * as m${i} from '${f}';`),
    `export const all = [${from.map((_, i) => `m${i}`)}];`,
  ].join('\n');

const everything = imports(
  'drizzle-orm',
  'drizzle-orm/pg-core',
  '../target-task/target-task.repository',
  '../warning/warning.service',
  '../target-task/task-card.query',
  '../files/files.routes',
  '../target-task',
  '../files/index',
  '../target-task/periods.rules',
  '../../platform/access',
  '../../db/schema',
  './quality.repository',
);

describe('the server module boundaries (biome.json)', () => {
  it("refuse another module's files but its index and pure rules, and drizzle-orm outside repositories and read models", () => {
    expect(
      refusedImports({
        'quality/quality.service.ts': everything,
        'quality/quality.routes.ts': everything,
        'quality/quality.repository.ts': everything,
        'quality/quality.query.ts': everything,
        'quality/quality.api.test.ts': everything,
        'quality/quality.rules.test.ts': everything,
      }),
    ).toEqual({
      'quality/quality.service.ts': [
        'drizzle-orm',
        'drizzle-orm/pg-core',
        '../target-task/target-task.repository',
        '../warning/warning.service',
        '../target-task/task-card.query',
        '../files/files.routes',
      ],
      'quality/quality.routes.ts': [
        'drizzle-orm',
        'drizzle-orm/pg-core',
        '../target-task/target-task.repository',
        '../warning/warning.service',
        '../target-task/task-card.query',
        '../files/files.routes',
      ],
      'quality/quality.repository.ts': [
        '../target-task/target-task.repository',
        '../warning/warning.service',
        '../target-task/task-card.query',
        '../files/files.routes',
      ],
      'quality/quality.query.ts': [
        '../target-task/target-task.repository',
        '../warning/warning.service',
        '../target-task/task-card.query',
        '../files/files.routes',
      ],
      'quality/quality.api.test.ts': [],
      'quality/quality.rules.test.ts': [],
    });
  });
});

describe('apps/server/src', () => {
  it('has no import cycle (madge, type-only imports included)', { timeout: 120_000 }, () => {
    const madge = path.join(path.dirname(require.resolve('madge/package.json')), 'bin/cli.js');
    const run = spawnSync(
      process.execPath,
      [
        madge,
        '--circular',
        '--json',
        '--extensions',
        'ts',
        '--ts-config',
        'apps/server/tsconfig.json',
        'apps/server/src',
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    // The cycles, each as the files around it.
    expect(JSON.parse(run.stdout)).toEqual([]);
  });
});
