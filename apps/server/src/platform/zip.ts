import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * Bounded reading of a zip held in memory (an uploaded .xlsx). The central directory is checked before anything is
 * inflated (entry count, declared sizes, compression ratio), then entries are inflated as streams that count the bytes
 * they produce and stop at the entry's declared size and at the budget of the whole archive: a zip whose headers lie
 * is refused after at most its declared size plus one chunk, never inflated whole.
 */

export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Uncompressed bytes: the declared sizes of all entries together, and the bytes actually inflated. */
  maxTotalBytes: number;
  /** Uncompressed / compressed, for entries above RATIO_FLOOR bytes. */
  maxRatio: number;
}

/** Entries smaller than this are not held to the ratio (a tiny XML part compresses well and is harmless). */
export const RATIO_FLOOR = 1024 * 1024;

/** Why a zip was refused: not a zip we can read, or more than the limits allow. */
export class ZipRefusal extends Error {
  constructor(
    readonly kind: 'invalid' | 'tooLarge',
    detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Bytes handed to the inflater at a time, so one write never asks zlib for more than a bounded burst. */
const FEED = 16 * 1024;

const invalid = (detail: string) => new ZipRefusal('invalid', detail);
const tooLarge = (detail: string) => new ZipRefusal('tooLarge', detail);

/** Reads and checks the central directory; refuses zip64, encryption and anything beyond the limits. */
export function readZipDirectory(buf: Buffer, limits: ZipLimits): Map<string, ZipEntry> {
  let eocd = -1;
  for (let p = buf.length - 22; p >= Math.max(0, buf.length - 22 - 0xffff); p--) {
    if (buf.readUInt32LE(p) === EOCD) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) throw invalid('no end of central directory');
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  // zip64 markers: only archives beyond 65 535 entries or 4 GB need them, far past any limit here.
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw tooLarge('zip64');
  if (count > limits.maxEntries) throw tooLarge(`${count} entries`);
  if (cdOffset + cdSize > eocd) throw invalid('central directory out of bounds');
  const entries = new Map<string, ZipEntry>();
  let total = 0;
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL) throw invalid('bad central directory');
    const nameLen = buf.readUInt16LE(p + 28);
    const entry: ZipEntry = {
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      uncompressedSize: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, Math.min(p + 46 + nameLen, eocd)),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff) throw tooLarge('zip64 entry');
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes) throw tooLarge(`declared ${total} bytes`);
    if (entry.uncompressedSize > RATIO_FLOOR && entry.uncompressedSize > entry.compressedSize * limits.maxRatio) {
      throw tooLarge(`ratio of ${entry.name}`);
    }
    entries.set(entry.name, entry);
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

/** Inflated bytes left to the whole archive; shared by its entry streams. */
export class InflateBudget {
  used = 0;
  constructor(readonly max: number) {}
}

/** Counts inflated bytes and fails past the entry's declared size or the archive's budget. */
class Counter extends Transform {
  private seen = 0;
  constructor(
    private readonly declared: number,
    private readonly budget: InflateBudget,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.length;
    this.budget.used += chunk.length;
    if (this.seen > this.declared) return done(tooLarge('entry inflates past its declared size'));
    if (this.budget.used > this.budget.max) return done(tooLarge('archive inflates past the budget'));
    done(null, chunk);
  }
  override _flush(done: TransformCallback) {
    done(this.seen === this.declared ? null : invalid('entry shorter than declared'));
  }
}

/**
 * The inflated bytes of one entry as a stream (backpressured: nothing is inflated ahead of the reader beyond the
 * streams' buffers). Destroy it to stop early.
 */
export function openZipEntry(buf: Buffer, entry: ZipEntry, budget: InflateBudget): Readable {
  if (entry.flags & 0x1) throw invalid('encrypted entry');
  if (entry.method !== 0 && entry.method !== 8) throw invalid(`compression method ${entry.method}`);
  const p = entry.localOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOCAL) throw invalid('bad local header');
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw invalid('entry out of bounds');
  if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) throw invalid('stored size mismatch');
  function* feed() {
    for (let q = start; q < end; q += FEED) yield buf.subarray(q, Math.min(q + FEED, end));
  }
  const source = Readable.from(feed(), { objectMode: false });
  const counter = new Counter(entry.uncompressedSize, budget);
  if (entry.method === 8) {
    pipeline(source, createInflateRaw(), counter, () => {});
  } else {
    pipeline(source, counter, () => {});
  }
  return counter;
}
