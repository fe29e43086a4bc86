import { Readable } from 'node:stream';

/** Reads the first `n` bytes of a stream and returns them with a stream that still yields every byte. */
export async function peek(source: Readable, n: number): Promise<{ head: Uint8Array; stream: Readable }> {
  const it = source[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let have = 0;
  let done = false;
  while (have < n) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    const chunk = Buffer.from(r.value as Buffer);
    taken.push(chunk);
    have += chunk.length;
  }
  const head = Buffer.concat(taken);
  async function* rest() {
    yield head;
    if (done) return;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      yield r.value as Buffer;
    }
  }
  return { head: new Uint8Array(head.subarray(0, n)), stream: Readable.from(rest()) };
}
