import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALLOWED, MAX_LINES, oversizedFiles } from '../../../../scripts/file-size';

// The file-size guard of `npm run lint` (scripts/file-size.ts), run on fixture trees laid out in a scratch folder.

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-file-size-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let trees = 0;
function tree(files: Record<string, number>) {
  const root = path.join(scratch, `t${trees++}`);
  for (const [file, lines] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(
      path.join(root, file),
      Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};\n`).join(''),
    );
  }
  return root;
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

describe('the file-size guard', () => {
  it('fires on a source file over the limit, not on one at it, nor on tests', () => {
    const root = tree({
      'modules/quality/quality.service.ts': MAX_LINES + 1,
      'modules/quality/quality.repository.ts': MAX_LINES,
      'modules/quality/quality.api.test.ts': 2 * MAX_LINES,
      'modules/quality/quality.rules.test.ts': 2 * MAX_LINES,
      'test/fixtures.ts': 2 * MAX_LINES,
      'seed/story/school-data.ts': MAX_LINES + 40,
    });
    expect(oversizedFiles(root, {})).toEqual({
      over: [
        { file: 'modules/quality/quality.service.ts', lines: MAX_LINES + 1 },
        { file: 'seed/story/school-data.ts', lines: MAX_LINES + 40 },
      ],
      stale: [],
    });
  });

  it('lets an allowed file pass, and reports an allowance that is no longer needed', () => {
    const root = tree({ 'modules/a/a.service.ts': MAX_LINES + 1, 'modules/b/b.service.ts': 10 });
    expect(
      oversizedFiles(root, {
        'modules/a/a.service.ts': 'split in progress',
        'modules/b/b.service.ts': 'split already',
        'modules/c/gone.ts': 'deleted since',
      }),
    ).toEqual({ over: [], stale: ['modules/b/b.service.ts', 'modules/c/gone.ts'] });
  });

  it('fails the command (so `npm run lint`) with the file named, and passes on the server as it is', () => {
    const root = tree({ 'modules/quality/quality.service.ts': MAX_LINES + 5 });
    const run = (dir: string) => {
      try {
        execFileSync(process.execPath, ['--import', 'tsx', 'scripts/file-size.ts', dir], {
          cwd: repoRoot,
          encoding: 'utf8',
          stdio: 'pipe',
        });
        return { code: 0, stderr: '' };
      } catch (e) {
        const err = e as { status: number; stderr: string };
        return { code: err.status, stderr: err.stderr };
      }
    };
    const failed = run(root);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`quality.service.ts: ${MAX_LINES + 5} 行`);
    expect(run(path.join(repoRoot, 'apps/server/src'))).toEqual({ code: 0, stderr: '' });
  });

  it('names a reason for every allowance', () => {
    for (const reason of Object.values(ALLOWED)) expect(reason.length).toBeGreaterThan(20);
  });
});
