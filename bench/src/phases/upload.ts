import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { LIMITS } from '@zg/contract';
import { dataOf, type Session } from '../lib/http';
import { sleep } from '../lib/server';

const FILE = '/api/herm-zdgj/rest/file';
/** The web client's merge polling interval (spec-2 section 9). */
export const MERGE_POLL_MS = 1000;
/** Chunks sent at once, as the web client does (spec-2 section 7.4). */
export const PARALLEL_CHUNKS = 3;

export interface UploadFigures {
  bytes: number;
  single: { ms: number; mbPerS: number };
  chunked: { ms: number; mbPerS: number; uploadMs: number; mergeWaitMs: number; chunks: number };
  /** Chunked throughput over single-request throughput (end to end, merge polling included). */
  ratio: number;
  /** The same with the chunks alone (before the merge). */
  uploadOnlyRatio: number;
  sameBytes: boolean;
}

/** A PDF-looking file of random bytes (the server sniffs the first bytes). */
export function makeTestFile(path: string, bytes: number) {
  const fd = fs.openSync(path, 'w');
  fs.writeSync(fd, Buffer.from('%PDF-1.7\n'));
  let written = 9;
  while (written < bytes) {
    const n = Math.min(4 << 20, bytes - written);
    fs.writeSync(fd, randomBytes(n));
    written += n;
  }
  fs.closeSync(fd);
}

function multipartParts(fields: Record<string, string>, fileName: string, boundary: string) {
  let head = '';
  for (const [k, v] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  }
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { head: Buffer.from(head), tail: Buffer.from(`\r\n--${boundary}--\r\n`) };
}

/** POSTs a multipart body whose file part is streamed from `source` (a file path or bytes). */
function postMultipart(
  s: Session,
  path: string,
  fields: Record<string, string>,
  fileName: string,
  source: { path: string; size: number } | Buffer,
): Promise<{ status: number; body: string }> {
  const boundary = `----zgbench${randomUUID()}`;
  const { head, tail } = multipartParts(fields, fileName, boundary);
  const size = Buffer.isBuffer(source) ? source.length : source.size;
  const url = new URL(s.sign(path), s.base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: s.headers({
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        }),
        timeout: 300_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(head);
    if (Buffer.isBuffer(source)) {
      req.write(source);
      req.end(tail);
    } else {
      const stream = fs.createReadStream(source.path);
      stream.on('error', reject);
      stream.pipe(req, { end: false });
      stream.on('end', () => req.end(tail));
    }
  });
}

/**
 * The same file uploaded twice as the web client would: once in one streamed request, once in 614400-byte chunks
 * three at a time with a merge polled every second; the chunked throughput as a ratio to the single one.
 */
export async function measureUpload(s: Session, filePath: string): Promise<UploadFigures> {
  const size = fs.statSync(filePath).size;
  const sha = createHash('sha256').update(fs.readFileSync(filePath)).digest('hex');

  const t0 = performance.now();
  const single = dataOf<{ fileId: string; sha256: string }>(
    await postMultipart(s, `${FILE}/upload`, {}, 'bench-single.pdf', { path: filePath, size }),
    'single upload',
  );
  const singleMs = performance.now() - t0;

  const guid = randomUUID();
  const chunkSize = LIMITS.chunkSize;
  const chunks = Math.ceil(size / chunkSize);
  const fd = fs.openSync(filePath, 'r');
  const t1 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < chunks) {
      const idx = next++;
      const length = Math.min(chunkSize, size - idx * chunkSize);
      const buf = Buffer.alloc(length);
      fs.readSync(fd, buf, 0, length, idx * chunkSize);
      const res = await postMultipart(
        s,
        `${FILE}/chunk`,
        {
          guid,
          chunk: String(idx),
          chunks: String(chunks),
          size: String(size),
          sha256: createHash('sha256').update(buf).digest('hex'),
        },
        'bench-chunked.pdf',
        buf,
      );
      dataOf(res, `chunk ${idx}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_CHUNKS }, worker));
  fs.closeSync(fd);
  const uploadMs = performance.now() - t1;
  let status = dataOf<{ status: string; fileId: string | null; message: string | null }>(
    await s.post(`${FILE}/merge`, { guid, fileName: 'bench-chunked.pdf' }),
    'merge',
  );
  while (status.status === 'waitting' || status.status === 'uploading') {
    await sleep(MERGE_POLL_MS);
    status = dataOf(await s.get(`${FILE}/mergeStatus?guid=${guid}`), 'merge status');
  }
  const chunkedMs = performance.now() - t1;
  if (status.status !== 'success') throw new Error(`merge failed: ${status.message}`);

  const download = await new Promise<Buffer>((resolve, reject) => {
    http
      .get(new URL(s.sign(`${FILE}/files/download?id=${status.fileId}`), s.base), { headers: s.headers() }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve(Buffer.concat(parts)));
        res.on('error', reject);
      })
      .on('error', reject);
  });
  const mb = size / (1024 * 1024);
  return {
    bytes: size,
    single: { ms: singleMs, mbPerS: mb / (singleMs / 1000) },
    chunked: {
      ms: chunkedMs,
      mbPerS: mb / (chunkedMs / 1000),
      uploadMs,
      mergeWaitMs: chunkedMs - uploadMs,
      chunks,
    },
    ratio: singleMs / chunkedMs,
    uploadOnlyRatio: singleMs / uploadMs,
    sameBytes: single.sha256 === sha && createHash('sha256').update(download).digest('hex') === sha,
  };
}
