import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './server';

const run = promisify(execFile);

/**
 * Another revision of the product to measure beside this one in the same run (`--baseline <git ref>`): its files as
 * git has them at that revision (`git archive`, no worktree registered), sharing this checkout's installed packages
 * except the workspaces themselves, which are its own. Returns its root and the commit it is.
 */
export async function prepareBaseline(ref: string, dir: string): Promise<{ root: string; commit: string }> {
  const commit = (await run('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: repoRoot })).stdout.trim();
  const root = path.join(dir, 'baseline');
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  await run('bash', ['-c', `git archive --format=tar ${commit} | tar -x -C "${root}"`], {
    cwd: repoRoot,
    maxBuffer: 16 << 20,
  });
  // node_modules: each installed package linked to this checkout's, the workspaces (@zg/*) to the baseline's own.
  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(modules);
  for (const name of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (name === '@zg') continue;
    fs.symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(modules, name));
  }
  fs.mkdirSync(path.join(modules, '@zg'));
  for (const name of fs.readdirSync(path.join(repoRoot, 'node_modules/@zg'))) {
    const target = fs.readlinkSync(path.join(repoRoot, 'node_modules/@zg', name));
    fs.symlinkSync(target, path.join(modules, '@zg', name));
  }
  for (const ws of ['apps/server', 'apps/web', 'packages/contract', 'bench', 'e2e']) {
    const own = path.join(repoRoot, ws, 'node_modules');
    if (fs.existsSync(own) && fs.existsSync(path.join(root, ws)))
      fs.symlinkSync(own, path.join(root, ws, 'node_modules'));
  }
  return { root, commit };
}
