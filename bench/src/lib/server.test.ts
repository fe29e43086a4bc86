import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serving, sleep } from './server';

describe("the server's own processes", () => {
  it('counts the cluster workers (NODE_UNIQUE_ID) with the server, not its other children', async () => {
    const keep = ['-e', 'setTimeout(() => {}, 20000)'];
    const worker = spawn(process.execPath, keep, { env: { ...process.env, NODE_UNIQUE_ID: '1' } });
    const other = spawn(process.execPath, keep, { env: { ...process.env, NODE_UNIQUE_ID: '' } });
    try {
      await sleep(200);
      const pids = serving(process.pid);
      expect(pids[0]).toBe(process.pid);
      expect(pids).toContain(worker.pid);
      expect(pids).not.toContain(other.pid);
      expect(serving(2 ** 30)).toEqual([2 ** 30]);
    } finally {
      worker.kill('SIGKILL');
      other.kill('SIGKILL');
    }
  });
});
