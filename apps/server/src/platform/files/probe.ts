import fs from 'node:fs';
import path from 'node:path';

/** What a failed write of the data directory means to an operator, by the system's error code. */
const CAUSES: Record<string, string> = {
  ENOSPC: '磁盘空间不足',
  EDQUOT: '磁盘配额已满',
  EROFS: '只读文件系统',
  EACCES: '没有写入权限',
  EPERM: '没有写入权限',
  ENOENT: '目录不存在且无法创建',
  ENOTDIR: '路径不是目录',
};

/** A short Chinese cause of a file-system error (with its code), for a start-up line or a log. */
export function describeFsError(err: unknown) {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? `${CAUSES[code] ?? '无法写入'}（${code}）` : '无法写入';
}

/**
 * Writes, syncs and removes a small file under `dir` (created when missing): null when that works, otherwise the
 * error. A full disk, a read-only mount or a missing permission all show here before any user's upload meets them.
 */
export async function probeWritable(dir: string): Promise<unknown | null> {
  const file = path.join(dir, `.probe-${process.pid}-${Date.now().toString(36)}`);
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    const fd = await fs.promises.open(file, 'w');
    try {
      await fd.writeFile('probe');
      await fd.sync();
    } finally {
      await fd.close();
    }
    return null;
  } catch (err) {
    return err ?? new Error('probe failed');
  } finally {
    await fs.promises.rm(file, { force: true }).catch(() => {});
  }
}
