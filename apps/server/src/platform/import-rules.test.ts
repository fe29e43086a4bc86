import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, refusedImports as lint } from '../../../../scripts/lint-fixtures';

// The server's module boundaries (docs/ARCHITECTURE.md, "Module boundaries"): the repository's biome.json, run on
// fixture files laid out as apps/server/src/modules in a scratch folder (the overrides go by path), and madge on
// apps/server/src itself.

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-server-import-rules-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const refusedImports = (files: Record<string, string>) => lint(scratch, 'apps/server/src/modules', files);

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

describe('the demo seed (biome.json)', () => {
  it("reaches a module only through its index or its pure rules, from the seed's folder and from the story's", () => {
    const from = (up: string) =>
      imports(
        `${up}modules/data-collection/fill-task.service`,
        `${up}modules/standard/standard.repository`,
        `${up}modules/data-collection`,
        `${up}modules/standard/index`,
        `${up}modules/target-task/periods.rules`,
        `${up}db/schema`,
        `${up}platform/clock`,
      );
    expect(
      lint(scratch, 'apps/server/src/seed', {
        'collection.ts': from('../'),
        'story/simulate.ts': from('../../'),
        'story/generate.api.test.ts': from('../../'),
      }),
    ).toEqual({
      'collection.ts': ['../modules/data-collection/fill-task.service', '../modules/standard/standard.repository'],
      'story/simulate.ts': [
        '../../modules/data-collection/fill-task.service',
        '../../modules/standard/standard.repository',
      ],
      'story/generate.api.test.ts': [],
    });
  });
});

describe('apps/server/src', () => {
  it('has no import cycle (madge, type-only imports included)', { timeout: 120_000 }, () => {
    // The cycles, each as the files around it.
    expect(importCycles(['--extensions', 'ts', '--ts-config', 'apps/server/tsconfig.json', 'apps/server/src'])).toEqual(
      [],
    );
  });
});
