import {
  CHUNK_ATTEMPTS,
  DEFAULT_MAX_FILE_MB,
  FILE_MSG,
  FILE_NORMAL_LEN,
  FILES_API,
  fileProblem,
  LIMITS,
  pathOf,
  sha256,
  tooManyFiles,
} from '@zg/contract';
import { ApiError, get, post, upload } from '../../api/client';

/**
 * The calls an upload makes, each to a FILES_API endpoint with its declared path, encoding and response schema (the
 * fakes of the tests see the same calls).
 */
export interface UploadTransport {
  upload: typeof upload;
  get: typeof get;
  post: typeof post;
  sleep: (ms: number) => Promise<void>;
}

const defaultTransport: UploadTransport = {
  upload,
  get,
  post,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Optional description sent with the merge of a chunked upload (spec-2 section 7.4). */
export interface MergeMeta {
  fName?: string;
  lxId?: number;
  lxmc?: string;
  bz?: string;
  yxqx?: string;
}

/** The endpoints that take a whole file in one request and answer the stored file. */
export type SmallUploadEndpoint = typeof FILES_API.upload | typeof FILES_API.libraryUpload;

export interface UploadFileOptions {
  /** Percent done, 0-100; -1 when the upload fails. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  merge?: MergeMeta;
  /**
   * Endpoint of a one-request upload: the attachments' own, or the department library's; with fields sent before
   * the file.
   */
  smallEndpoint?: SmallUploadEndpoint;
  smallFields?: Record<string, string>;
  transport?: UploadTransport;
}

/** What an upload yields: the stored file's id and name. */
export interface UploadedFile {
  fileId: string;
  fileName: string;
  size: number;
}

/** One chunk: bytes [start, end) of the file. */
export interface ChunkSlice {
  index: number;
  start: number;
  end: number;
}

/** Splits `size` bytes into chunks of `chunkSize` (the last one shorter). */
export function sliceChunks(size: number, chunkSize: number = LIMITS.chunkSize): ChunkSlice[] {
  const slices: ChunkSlice[] = [];
  for (let start = 0, index = 0; start < size; start += chunkSize, index += 1) {
    slices.push({ index, start, end: Math.min(size, start + chunkSize) });
  }
  return slices;
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** Hex SHA-256 of a blob; pure JS because crypto.subtle is missing on plain-HTTP intranet addresses. */
export async function blobSha256(blob: Blob): Promise<string> {
  return toHex(sha256(new Uint8Array(await readBytes(blob))));
}

function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** A version-4 UUID from getRandomValues, which (unlike randomUUID) works outside secure contexts. */
export function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = toHex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Checks a choice of files before any upload: each file's type, name, emptiness and size (contract fileProblem),
 * then the count: `perChoice` at once (normal count 10), `maxCount` with the files already there (50). Returns the first message, or null.
 */
export function choiceProblem(
  files: readonly { name: string; size: number }[],
  existing = 0,
  {
    maxMb = DEFAULT_MAX_FILE_MB,
    perChoice = LIMITS.normalFileCount,
    maxCount = LIMITS.maxFileCount,
  }: { maxMb?: number; perChoice?: number; maxCount?: number } = {},
): string | null {
  for (const file of files) {
    const problem = fileProblem(file, maxMb);
    if (problem) return problem;
  }
  if (files.length > perChoice) return tooManyFiles(perChoice);
  if (existing + files.length > maxCount) return tooManyFiles(maxCount);
  return null;
}

/** Uploads one file: in one request up to FILE_NORMAL_LEN, in checked chunks then a polled merge above it. */
export async function uploadFile(file: File, options: UploadFileOptions = {}): Promise<UploadedFile> {
  const report = options.onProgress ?? (() => {});
  try {
    const result =
      file.size <= FILE_NORMAL_LEN
        ? await uploadSmall(file, options, report)
        : await uploadChunked(file, options, report);
    report(100);
    return result;
  } catch (error) {
    report(-1);
    throw error;
  }
}

async function uploadSmall(file: File, options: UploadFileOptions, report: (p: number) => void) {
  const t = options.transport ?? defaultTransport;
  const small = options.smallEndpoint ?? FILES_API.upload;
  const data = await t.upload(pathOf(small), {
    file,
    fields: options.smallFields,
    schema: small.response,
    signal: options.signal,
    quiet: true,
    // 100 is reported once the server has answered.
    onProgress: (p) => p >= 0 && report(Math.min(p, 99)),
  });
  return { fileId: data.fileId, fileName: data.fileName, size: data.size };
}

/**
 * A server answer that sending again cannot change (the content does not fit the name, too large, no permission):
 * the upload stops. A 400 is a chunk that arrived damaged and is sent again, as are time-outs and network failures.
 */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.reason === 'server' && error.status !== 400 && error.status < 500;
}

async function uploadChunked(file: File, options: UploadFileOptions, report: (p: number) => void) {
  const t = options.transport ?? defaultTransport;
  const guid = uuid();
  const slices = sliceChunks(file.size);
  const sent = new Array<number>(slices.length).fill(0);
  const progress = () => {
    const bytes = sent.reduce((a, b) => a + b, 0);
    // The last percent belongs to the merge.
    report(Math.min(99, Math.floor((bytes / file.size) * 100)));
  };
  let failed = false;
  const sendOne = async (slice: ChunkSlice) => {
    const blob = file.slice(slice.start, slice.end);
    const checksum = await blobSha256(blob);
    const length = slice.end - slice.start;
    const fields: Record<string, string> = {
      guid,
      chunk: String(slice.index),
      chunks: String(slices.length),
      size: String(file.size),
      sha256: checksum,
    };
    // With the name, the server checks the first chunk's bytes against the extension before the rest is sent.
    if (slice.index === 0) fields.fileName = file.name;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await t.upload(pathOf(FILES_API.chunk), {
          file: blob,
          schema: FILES_API.chunk.response,
          filename: file.name,
          fields,
          signal: options.signal,
          quiet: true,
          onProgress: (p) => {
            sent[slice.index] = p < 0 ? 0 : Math.floor((length * p) / 100);
            progress();
          },
        });
        sent[slice.index] = length;
        progress();
        return;
      } catch (error) {
        sent[slice.index] = 0;
        const cancelled = error instanceof DOMException && error.name === 'AbortError';
        if (cancelled || failed || isRefusal(error) || attempt >= CHUNK_ATTEMPTS) throw error;
      }
    }
  };
  // The first chunk goes alone: a file the server refuses on it costs one chunk, not the whole file.
  const [first, ...rest] = slices as [ChunkSlice, ...ChunkSlice[]];
  await sendOne(first);
  let next = 0;
  const worker = async () => {
    while (!failed && next < rest.length) {
      const slice = rest[next] as ChunkSlice;
      next += 1;
      try {
        await sendOne(slice);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LIMITS.chunkThreads, rest.length) }, worker));

  const { merge, mergeStatus } = FILES_API;
  await t.post(
    pathOf(merge),
    { guid, fileName: file.name, ...options.merge },
    { json: merge.json, schema: merge.response, quiet: true, signal: options.signal },
  );
  for (;;) {
    await t.sleep(LIMITS.mergePollMs);
    const status = await t.get(pathOf(mergeStatus), {
      query: { guid },
      schema: mergeStatus.response,
      quiet: true,
      signal: options.signal,
    });
    if (status.status === 'success' && status.fileId) {
      return { fileId: status.fileId, fileName: file.name, size: file.size };
    }
    if (status.status === 'failure') throw new Error(status.message ?? FILE_MSG.mergeFailed);
  }
}
