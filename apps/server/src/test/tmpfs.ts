import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real small file system for disk-fault tests: a tmpfs of `sizeKb`, optionally read-only. Mounting needs root, as CI
 * and `npm test` run (scripts/ensure-system-deps.sh); elsewhere the test says so instead of passing quietly.
 */
export function mountTmpfs(sizeKb: number, opts: { readOnly?: boolean } = {}) {
  if (process.getuid?.() !== 0)
    throw new Error('磁盘故障测试需要以 root 运行（挂载 tmpfs），CI 与 npm test 均以 root 运行');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-tmpfs-'));
  const options = [`size=${sizeKb}k`, 'mode=0777', ...(opts.readOnly ? ['ro'] : [])].join(',');
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  return {
    dir,
    /** Fills the file system to the last byte with one file, and returns a function that frees it. */
    fill() {
      const filler = path.join(dir, 'filler');
      const fd = fs.openSync(filler, 'w');
      const block = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) fs.writeSync(fd, block);
      } catch (err) {
        if ((err as { code?: string }).code !== 'ENOSPC') throw err;
        // The last partial block: write what still fits, byte by byte at the end.
        const small = Buffer.alloc(512, 1);
        try {
          for (;;) fs.writeSync(fd, small);
        } catch {}
      } finally {
        fs.closeSync(fd);
      }
      return () => fs.rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync('umount', ['-l', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
