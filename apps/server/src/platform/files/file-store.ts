import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Options of a write: a size cap, and a hook told the new id before any byte is written. */
export interface PutOptions {
  maxBytes?: number;
  /** Called with the new id before the bytes are written, so a caller can record it and find the bytes after a crash. */
  onId?: (id: string) => Promise<void>;
}

/**
 * Where file bytes live. Write-once: every put makes a new id (callers never choose one) and an id that exists is
 * never written again. A local directory now; an S3-compatible store can implement the same (conditional put).
 */
export interface FileStore {
  /** Streams the bytes in under a new id; returns the id, size and SHA-256. Nothing is visible under it until complete. */
  put(source: Readable, opts?: PutOptions): Promise<{ id: string; size: number; sha256: string }>;
  exists(id: string): Promise<boolean>;
  get(id: string): Readable;
  remove(id: string): Promise<void>;
}

export class FileTooLargeError extends Error {}

/** A write found bytes under its id already; they are left as they were. */
export class FileExistsError extends Error {}

const ID = /^[0-9a-f-]{36}$/;

/** Where hard links are not supported the bytes are copied, still refusing an existing target. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Files under `root/ab/<id>`, written to a temporary name and then linked to their id (link fails on an existing
 * name, where a rename would replace it), so a crash never leaves a half file and no file is ever overwritten.
 */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(id: string) {
    if (!ID.test(id)) throw new Error('invalid file id');
    return path.join(this.root, id.slice(0, 2), id);
  }

  async put(source: Readable, opts: PutOptions = {}) {
    const id = randomUUID();
    const final = this.pathOf(id);
    await opts.onId?.(id);
    await fs.promises.mkdir(path.dirname(final), { recursive: true });
    // A unique temporary name: a retried merge never collides with the remains of a crashed one.
    const tmp = `${final}.${randomUUID().slice(0, 8)}.part`;
    const digest = createHash('sha256');
    let size = 0;
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (opts.maxBytes !== undefined && size > opts.maxBytes) throw new FileTooLargeError();
            digest.update(chunk);
            yield chunk;
          }
        },
        fs.createWriteStream(tmp, { flags: 'wx' }),
      );
      const fd = await fs.promises.open(tmp, 'r');
      await fd.sync();
      await fd.close();
      await publish(tmp, final);
    } finally {
      await fs.promises.rm(tmp, { force: true });
    }
    return { id, size, sha256: digest.digest('hex') };
  }

  async exists(id: string) {
    return fs.promises
      .access(this.pathOf(id))
      .then(() => true)
      .catch(() => false);
  }

  get(id: string): Readable {
    return fs.createReadStream(this.pathOf(id));
  }

  async remove(id: string) {
    await fs.promises.rm(this.pathOf(id), { force: true });
  }
}

/** Gives the complete temporary file its final name, refusing a name that exists. */
async function publish(tmp: string, final: string) {
  try {
    await fs.promises.link(tmp, final);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new FileExistsError(`file ${path.basename(final)} exists`);
    if (!code || !NO_LINKS.has(code)) throw err;
    try {
      await fs.promises.copyFile(tmp, final, fs.constants.COPYFILE_EXCL);
    } catch (copyErr) {
      if ((copyErr as NodeJS.ErrnoException).code === 'EEXIST')
        throw new FileExistsError(`file ${path.basename(final)} exists`);
      await fs.promises.rm(final, { force: true });
      throw copyErr;
    }
  }
}
