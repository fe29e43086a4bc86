import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Helpers of the import-rule tests (apps/web/build and apps/server/src/platform import-rules.test.ts): the
// repository's biome.json run on fixture files, and madge on a source folder.

export const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const require = createRequire(import.meta.url);

interface Diagnostic {
  category: string;
  location: { path: string; start: { line: number } };
}

/**
 * Lints `files` (path under `under`, e.g. apps/web/src: source), laid out in a new folder of `scratch` beside a copy
 * of the repository's biome.json (its overrides go by path); the imports refused by noRestrictedImports, by file.
 */
export function refusedImports(
  scratch: string,
  under: string,
  files: Record<string, string>,
): Record<string, string[]> {
  const dir = fs.mkdtempSync(path.join(scratch, 'case-'));
  fs.copyFileSync(path.join(repoRoot, 'biome.json'), path.join(dir, 'biome.json'));
  for (const [file, source] of Object.entries(files)) {
    const at = path.join(dir, under, file);
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
    const file = path.relative(under, d.location.path);
    const line = files[file]?.split('\n')[d.location.start.line - 1] ?? '';
    refused[file]?.push(line.match(/from '([^']+)'/)?.[1] ?? line);
  }
  return refused;
}

/** madge --circular --json with `args` (extensions, tsconfig, folder), from the repository root: the cycles. */
export function importCycles(args: string[]): unknown {
  const madge = path.join(path.dirname(require.resolve('madge/package.json')), 'bin/cli.js');
  const run = spawnSync(process.execPath, [madge, '--circular', '--json', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return JSON.parse(run.stdout);
}
