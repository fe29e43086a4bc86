import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where file bytes live, by generated id. A local directory now; an S3-compatible store can implement the same. */
export interface FileStore {
  /** Streams the bytes in; returns the id, size and SHA-256. Nothing is visible under the id until complete. */
  put(
    source: Readable,
    opts?: { maxBytes?: number; id?: string },
  ): Promise<{ id: string; size: number; sha256: string }>;
  exists(id: string): Promise<boolean>;
  get(id: string): Readable;
  remove(id: string): Promise<void>;
}

export class FileTooLargeError extends Error {}

const ID = /^[0-9a-f-]{36}$/;

/** Files under `root/ab/<id>`, written to a temporary name and renamed, so a crash never leaves a half file. */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(id: string) {
    if (!ID.test(id)) throw new Error('invalid file id');
    return path.join(this.root, id.slice(0, 2), id);
  }

  async put(source: Readable, opts: { maxBytes?: number; id?: string } = {}) {
    const id = opts.id ?? randomUUID();
    const final = this.pathOf(id);
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
      await fs.promises.rename(tmp, final);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
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
