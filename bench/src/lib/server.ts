import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from './http';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const ENTRIES = {
  /** The product's own entry, as `npm run serve` runs it. */
  product: path.join(repoRoot, 'apps/server/src/main.ts'),
  /** The product plus the ceiling route (bench/src/server/start.ts). */
  bench: path.join(repoRoot, 'bench/src/server/start.ts'),
} as const;

export interface ServerHandle {
  pid: number;
  port: number;
  base: string;
  process: ChildProcess;
  /** Resolves with the exit code (or the signal name) when the process ends. */
  exited: Promise<string>;
  /** Resident memory of the server process and its workers (node:cluster, WORKERS), in bytes. */
  rss(): number;
  /** CPU time used so far (user + system) by the server process and its workers, in milliseconds. */
  cpuMs(): number;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after a grace period. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  entry: keyof typeof ENTRIES;
  /** Another checkout of the product to run the entry from (`--baseline`); this one by default. */
  root?: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
  nodeArgs?: string[];
  readyTimeoutMs?: number;
}

/** Starts a server process (node --import tsx, so its pid is the server itself) and waits for /api/health. */
export async function startServer(o: StartOptions): Promise<ServerHandle> {
  fs.mkdirSync(path.dirname(o.logFile), { recursive: true });
  const log = fs.openSync(o.logFile, 'a');
  const root = o.root ?? repoRoot;
  const entry = path.join(root, path.relative(repoRoot, ENTRIES[o.entry]));
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), '--import', 'tsx', entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      TZ: process.env.TZ ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(o.port),
      LOG_LEVEL: 'warn',
      ...o.env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const pid = child.pid!;
  let dead = false;
  live.add(child);
  const exited = new Promise<string>((resolve) =>
    child.on('exit', (code, signal) => {
      dead = true;
      live.delete(child);
      resolve(signal ?? String(code));
    }),
  );
  const base = `http://127.0.0.1:${o.port}`;
  const handle: ServerHandle = {
    pid,
    port: o.port,
    base,
    process: child,
    exited,
    rss: () => serving(pid).reduce((sum, p) => sum + readRss(p), 0),
    cpuMs: () => serving(pid).reduce((sum, p) => sum + readCpuMs(p), 0),
    kill: (signal) => {
      if (!dead) child.kill(signal);
    },
    stop: async (graceMs = 15_000) => {
      if (dead) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + (o.readyTimeoutMs ?? 180_000);
  for (;;) {
    if (dead) throw new Error(`server exited before it was ready (${await exited}); see ${o.logFile}`);
    try {
      const res = await request(base, { path: '/api/health', timeoutMs: 2000 });
      if (res.status === 200) return handle;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time; see ${o.logFile}`);
    }
    await sleep(100);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every server process started and not yet exited. */
const live = new Set<ChildProcess>();

/** SIGKILLs every server this process started that still runs (the run's clean-up, also after a failure). */
export function killAllServers() {
  for (const child of live) child.kill('SIGKILL');
}

/**
 * The server's process and its cluster workers (children with NODE_UNIQUE_ID in their environment, which node:cluster
 * sets), not its other children (the embedded PostgreSQL and its guard, left out as before).
 */
export function serving(pid: number): number[] {
  let children: number[] = [];
  try {
    // Each thread lists the children it forked (node forks from more than its main thread).
    children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((t) =>
        fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
  } catch {
    return [pid];
  }
  return [
    pid,
    ...children.filter((c) => {
      try {
        return fs
          .readFileSync(`/proc/${c}/environ`, 'utf8')
          .split('\0')
          .some((e) => /^NODE_UNIQUE_ID=./.test(e));
      } catch {
        return false;
      }
    }),
  ];
}

function readRss(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

function readCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Waits until the process has used less than `busy` of one core over a second (start-up jobs done), or times out. */
export async function waitIdle(h: ServerHandle, { busy = 0.1, timeoutMs = 60_000 } = {}): Promise<number> {
  const started = Date.now();
  let last = h.cpuMs();
  for (;;) {
    await sleep(1000);
    const now = h.cpuMs();
    if (now - last < busy * 1000 || Date.now() - started > timeoutMs) return Date.now() - started;
    last = now;
  }
}

/** A TCP port nobody listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the server has worked off what an ended load left queued (autocannon stops without waiting for the
 * answers): the health check, which asks the database, answers quickly twice in a row.
 */
export async function settle(base: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    const t = performance.now();
    try {
      await request(base, { path: '/api/health', timeoutMs: 30_000 });
      quick = performance.now() - t < 50 ? quick + 1 : 0;
    } catch {
      quick = 0;
    }
    if (quick < 2) await sleep(100);
  }
}
