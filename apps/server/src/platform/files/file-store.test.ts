import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileExistsError, FileTooLargeError, LocalFileStore, type PutOptions } from './file-store';

let root: string;
let store: LocalFileStore;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-store-'));
  store = new LocalFileStore(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const text = async (id: string) => {
  const parts: Buffer[] = [];
  for await (const c of store.get(id)) parts.push(c as Buffer);
  return Buffer.concat(parts).toString();
};
const leftovers = () => fs.readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith('.part'));

describe('LocalFileStore', () => {
  it('writes every put under a new id of its own; a caller cannot name the id', async () => {
    const first = await store.put(Readable.from([Buffer.from('原件')]));
    // An id smuggled in by a caller is not honoured: the bytes go under a new id and the first file is untouched.
    const second = await store.put(Readable.from([Buffer.from('替换')]), { id: first.id } as PutOptions);
    expect(second.id).not.toBe(first.id);
    expect(await text(first.id)).toBe('原件');
    expect(await text(second.id)).toBe('替换');
  });

  it('refuses to overwrite an existing id and leaves its bytes as they were', async () => {
    let planted = '';
    const refused = store.put(Readable.from([Buffer.from('新内容')]), {
      // Something already lies under the id the store chose (a collision, or a crashed writer's bytes).
      onId: async (id) => {
        planted = id;
        fs.mkdirSync(path.join(root, id.slice(0, 2)), { recursive: true });
        fs.writeFileSync(path.join(root, id.slice(0, 2), id), '旧内容');
      },
    });
    await expect(refused).rejects.toBeInstanceOf(FileExistsError);
    expect(await text(planted)).toBe('旧内容');
    expect(leftovers()).toEqual([]);
  });

  it('tells the id before writing, writes nothing when the hook fails, and keeps no part of an oversized file', async () => {
    let told = '';
    const ok = await store.put(Readable.from([Buffer.from('abc')]), {
      onId: async (id) => {
        told = id;
        expect(await store.exists(id)).toBe(false);
      },
    });
    expect(ok).toMatchObject({ id: told, size: 3 });

    let failedId = '';
    const failing = store.put(Readable.from([Buffer.from('abc')]), {
      onId: async (id) => {
        failedId = id;
        throw new Error('database down');
      },
    });
    await expect(failing).rejects.toThrow('database down');
    expect(await store.exists(failedId)).toBe(false);

    await expect(store.put(Readable.from([Buffer.alloc(20)]), { maxBytes: 10 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(leftovers()).toEqual([]);
  });
});
