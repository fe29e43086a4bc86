import { FILE_MSG, FILE_NORMAL_LEN, fileTooLarge, LIMITS, MergeStatusSchema, sha256, tooManyFiles } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { blobSha256, choiceProblem, sliceChunks, toHex, type UploadTransport, uploadFile, uuid } from './upload-file';

type UploadCall = Parameters<UploadTransport['upload']>[1];

/** A file of `size` bytes with a repeating pattern, so every chunk differs. */
function bigFile(size: number, name = '大文件.pdf') {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 7 + (i >> 10)) & 0xff;
  return { file: new File([bytes], name, { type: 'application/pdf' }), bytes };
}

/** A fake transport that records calls; chunk uploads resolve after a tick so they overlap. */
function fakeTransport(
  options: {
    /** True fails the chunk as damaged (400, sent again); an ApiError is answered as it is. */
    failChunk?: (index: number, attempt: number) => boolean | ApiError;
    statuses?: { status: 'waitting' | 'success' | 'failure'; fileId?: string; message?: string }[];
  } = {},
) {
  const chunks: { fields: Record<string, string>; size: number }[] = [];
  /** Each chunk call as it starts, with how many others were in flight then. */
  const starts: { index: number; inFlight: number }[] = [];
  const attempts = new Map<number, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const statuses = [...(options.statuses ?? [{ status: 'success', fileId: 'merged-id' }])];
  const transport: UploadTransport = {
    upload: vi.fn(async (path: string, call: UploadCall) => {
      if (path.endsWith('/upload')) {
        call.onProgress?.(50);
        return { fileId: 'small-id', fileName: (call.file as File).name, size: call.file.size, sha256: 'x' };
      }
      const fields = call.fields ?? {};
      const index = Number(fields.chunk);
      const attempt = (attempts.get(index) ?? 0) + 1;
      attempts.set(index, attempt);
      starts.push({ index, inFlight });
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight -= 1;
      call.onProgress?.(100);
      const failure = options.failChunk?.(index, attempt);
      if (failure) {
        call.onProgress?.(-1);
        throw failure instanceof ApiError ? failure : new ApiError(400, undefined, FILE_MSG.chunkInvalid, 'server');
      }
      chunks.push({ fields, size: call.file.size });
      return { guid: fields.guid, chunk: index };
    }) as unknown as UploadTransport['upload'],
    post: vi.fn(async () => ({
      status: 'waitting',
      fileId: null,
      message: null,
    })) as unknown as UploadTransport['post'],
    get: vi.fn(async (_path: string, call?: { schema?: unknown }) => {
      expect(call?.schema).toBe(MergeStatusSchema);
      const next = statuses.length > 1 ? statuses.shift() : statuses[0];
      return { fileId: null, message: null, ...next };
    }) as unknown as UploadTransport['get'],
    sleep: vi.fn(async () => {}),
  };
  return { transport, chunks, starts, attempts, maxInFlight: () => maxInFlight };
}

describe('sliceChunks', () => {
  it('cuts 614400-byte chunks with a shorter last one', () => {
    const size = LIMITS.chunkSize * 2 + 10;
    expect(sliceChunks(size)).toEqual([
      { index: 0, start: 0, end: LIMITS.chunkSize },
      { index: 1, start: LIMITS.chunkSize, end: LIMITS.chunkSize * 2 },
      { index: 2, start: LIMITS.chunkSize * 2, end: size },
    ]);
    expect(sliceChunks(LIMITS.chunkSize)).toHaveLength(1);
    expect(sliceChunks(0)).toEqual([]);
  });
});

describe('helpers', () => {
  it('hashes a blob with SHA-256 in hex', async () => {
    expect(await blobSha256(new Blob(['abc']))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('makes version-4 UUIDs', () => {
    expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuid()).not.toBe(uuid());
  });
});

describe('choiceProblem', () => {
  const ok = { name: '报告.pdf', size: 10 };
  it('checks type, name length, emptiness, size and counts', () => {
    expect(choiceProblem([ok])).toBeNull();
    expect(choiceProblem([{ name: 'a.exe', size: 1 }])).toBe(FILE_MSG.typeNotAllowed);
    expect(choiceProblem([{ name: `${'名'.repeat(201)}.pdf`, size: 1 }])).toBe(FILE_MSG.nameTooLong);
    expect(choiceProblem([{ name: `${'名'.repeat(200)}.pdf`, size: 1 }])).toBeNull();
    expect(choiceProblem([{ name: 'a.pdf', size: 0 }])).toBe(FILE_MSG.empty);
    expect(choiceProblem([{ name: 'a.pdf', size: 3 * 1024 * 1024 }], 0, { maxMb: 2 })).toBe(fileTooLarge('a.pdf', 2));
    expect(choiceProblem(Array(11).fill(ok))).toBe(tooManyFiles(LIMITS.normalFileCount));
    expect(choiceProblem(Array(10).fill(ok), 41)).toBe(tooManyFiles(LIMITS.maxFileCount));
    expect(choiceProblem(Array(10).fill(ok), 40)).toBeNull();
  });
});

describe('uploadFile', () => {
  it('sends a small file in one request and reports 100 at the end', async () => {
    const { transport } = fakeTransport();
    const progress: number[] = [];
    const file = new File(['hello'], 'a.txt');
    const stored = await uploadFile(file, { transport, onProgress: (p) => progress.push(p) });
    expect(stored).toEqual({ fileId: 'small-id', fileName: 'a.txt', size: 5 });
    expect(transport.upload).toHaveBeenCalledTimes(1);
    expect(progress).toEqual([50, 100]);
  });

  it('sends a file over FILE_NORMAL_LEN in checked chunks, three at a time, then polls the merge', async () => {
    const size = FILE_NORMAL_LEN + 1000;
    const { file, bytes } = bigFile(size);
    const fake = fakeTransport({
      statuses: [{ status: 'waitting' }, { status: 'waitting' }, { status: 'success', fileId: 'm1' }],
    });
    const progress: number[] = [];
    const stored = await uploadFile(file, { transport: fake.transport, onProgress: (p) => progress.push(p) });

    expect(stored).toEqual({ fileId: 'm1', fileName: '大文件.pdf', size });
    const expected = sliceChunks(size);
    expect(fake.chunks).toHaveLength(expected.length);
    const guid = fake.chunks[0]?.fields.guid;
    for (const slice of expected) {
      const sent = fake.chunks.find((c) => c.fields.chunk === String(slice.index));
      expect(sent?.size).toBe(slice.end - slice.start);
      expect(sent?.fields).toMatchObject({ guid, chunks: String(expected.length), size: String(size) });
      // The checksum is of this chunk alone.
      expect(sent?.fields.sha256).toBe(toHex(sha256(bytes.subarray(slice.start, slice.end))));
    }
    expect(fake.maxInFlight()).toBe(LIMITS.chunkThreads);
    // The first chunk goes alone and names the file, so the server can check its content before the rest is sent.
    expect(fake.starts[0]).toEqual({ index: 0, inFlight: 0 });
    expect(fake.starts[1]?.index).not.toBe(0);
    expect(fake.chunks.find((c) => c.fields.chunk === '0')?.fields.fileName).toBe('大文件.pdf');
    expect(fake.chunks.filter((c) => c.fields.fileName !== undefined)).toHaveLength(1);
    expect(fake.transport.post).toHaveBeenCalledWith(
      expect.stringMatching(/\/merge$/),
      { guid, fileName: '大文件.pdf' },
      expect.objectContaining({ json: true }),
    );
    // Polled every second until it was no longer waitting.
    expect(fake.transport.get).toHaveBeenCalledTimes(3);
    expect(fake.transport.sleep).toHaveBeenCalledWith(LIMITS.mergePollMs);
    expect(Math.max(...progress.slice(0, -1))).toBeLessThan(100);
    expect(progress.at(-1)).toBe(100);
  });

  it('re-sends a chunk that failed, then succeeds', async () => {
    const { file } = bigFile(FILE_NORMAL_LEN + 1);
    const fake = fakeTransport({ failChunk: (index, attempt) => index === 2 && attempt === 1 });
    const progress: number[] = [];
    await expect(
      uploadFile(file, { transport: fake.transport, onProgress: (p) => progress.push(p) }),
    ).resolves.toMatchObject({
      fileId: 'merged-id',
    });
    expect(fake.attempts.get(2)).toBe(2);
    expect(progress).not.toContain(-1);
  });

  it('reports -1 and rejects when a chunk keeps failing', async () => {
    const { file } = bigFile(FILE_NORMAL_LEN + 1);
    const fake = fakeTransport({ failChunk: (index) => index === 1 });
    const progress: number[] = [];
    await expect(uploadFile(file, { transport: fake.transport, onProgress: (p) => progress.push(p) })).rejects.toThrow(
      FILE_MSG.chunkInvalid,
    );
    expect(fake.attempts.get(1)).toBe(3);
    expect(progress.at(-1)).toBe(-1);
    expect(fake.transport.post).not.toHaveBeenCalled();
  });

  it('stops at the first chunk when the server refuses its content, sending nothing more', async () => {
    const { file } = bigFile(12 * LIMITS.chunkSize - 10, '资料.zip');
    const fake = fakeTransport({
      failChunk: (index) => index === 0 && new ApiError(415, undefined, FILE_MSG.contentMismatch, 'server'),
    });
    const progress: number[] = [];
    await expect(uploadFile(file, { transport: fake.transport, onProgress: (p) => progress.push(p) })).rejects.toThrow(
      FILE_MSG.contentMismatch,
    );
    // One request: the refusal is not retried and no other chunk was started.
    expect(fake.transport.upload).toHaveBeenCalledTimes(1);
    expect(fake.starts).toEqual([{ index: 0, inFlight: 0 }]);
    expect(fake.transport.post).not.toHaveBeenCalled();
    expect(progress.at(-1)).toBe(-1);
  });

  it('raises the server message when the merge fails', async () => {
    const { file } = bigFile(FILE_NORMAL_LEN + 1);
    const fake = fakeTransport({ statuses: [{ status: 'waitting' }, { status: 'failure', message: '合并出错了' }] });
    const progress: number[] = [];
    await expect(uploadFile(file, { transport: fake.transport, onProgress: (p) => progress.push(p) })).rejects.toThrow(
      '合并出错了',
    );
    expect(progress.at(-1)).toBe(-1);
  });

  it('reports -1 when a small upload fails', async () => {
    const { transport } = fakeTransport();
    vi.mocked(transport.upload).mockRejectedValueOnce(new ApiError(415, undefined, FILE_MSG.typeNotAllowed, 'server'));
    const progress: number[] = [];
    await expect(
      uploadFile(new File(['x'], 'a.pdf'), { transport, onProgress: (p) => progress.push(p) }),
    ).rejects.toThrow(FILE_MSG.typeNotAllowed);
    expect(progress).toEqual([-1]);
  });
});
