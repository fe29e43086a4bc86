import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from './test/harness';
import { multipartBody } from './test/zip';

/**
 * Drives every route of the OpenAPI document with the inputs an outside probe found answered 500: integers beyond
 * the database's range, a NUL byte, a lone UTF-16 surrogate, and malformed multipart bodies. Each must be refused (or
 * served) with a 4xx, never a 5xx. Writes are sent as users who may reach the route, so the input gets past the
 * access check into validation and the services.
 */

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  pattern?: string;
  default?: unknown;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const BIG_INTS = ['2147483648', '-2147483649', '99999999999999999999', '1e300'];
const NUL = 'a\u0000b';
const SURROGATE = 'a\uD800b';
const BAD_TEXT = [NUL, SURROGATE];
/** Not valid UTF-8 once decoded: the CESU-8 bytes of U+D800, as a probe sends a lone surrogate in a URL. */
const RAW_SURROGATE = '%ED%A0%80';

const typeOf = (s: Schema): string | undefined => {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  const alt = s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0];
  return alt ? typeOf(alt) : undefined;
};
const resolve = (s: Schema): Schema => {
  const alt = s.anyOf?.find((x) => typeOf(x) !== 'null') ?? s.oneOf?.[0] ?? s.allOf?.[0];
  return alt && !s.type && !s.properties ? resolve(alt) : s;
};

/** A plausible valid value of a schema, so that one mutated field at a time reaches past the others. */
function sample(raw: Schema, depth = 0): unknown {
  const s = resolve(raw);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 || !s.items ? [] : [sample(s.items, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, depth + 1);
      return out;
    }
    default:
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'date-time') return '2026-03-01T08:00:00.000Z';
      if (s.format === 'date') return '2026-03-01';
      return '测试';
  }
}

/** Bad values of the kind a field takes: out-of-range numbers for numbers, NUL and a lone surrogate for text. */
function badValues(raw: Schema): unknown[] {
  const t = typeOf(resolve(raw));
  if (t === 'integer' || t === 'number') return [2147483648, -2147483649, 1e20, ...BIG_INTS];
  if (t === 'string' || t === undefined) return [...BAD_TEXT, ...BIG_INTS];
  if (t === 'array') return [[NUL], [SURROGATE], [2147483648]];
  return [NUL];
}

/** Every body with one leaf replaced by a bad value (leaves of nested objects and array items too). */
function* mutations(raw: Schema, value: unknown, depth = 0): Generator<unknown> {
  const s = resolve(raw);
  const t = typeOf(s);
  if (t === 'object' && s.properties && depth < 4) {
    // A field whose default is empty (an array of objects defaulting to []) is sampled, so its leaves are probed too.
    const obj = (value && typeof value === 'object' ? value : sample(s, depth)) as Record<string, unknown>;
    for (const [k, sub] of Object.entries(s.properties)) {
      for (const m of mutations(sub, obj[k], depth + 1)) yield { ...obj, [k]: m };
    }
    return;
  }
  if (t === 'array' && s.items && depth < 4) {
    const arr = Array.isArray(value) ? value : [];
    for (const m of mutations(s.items, arr.length ? arr[0] : sample(s.items, depth + 1), depth + 1)) yield [m];
    return;
  }
  yield* badValues(s);
}

const concretePath = (p: string, params: Record<string, string>) =>
  p.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1');

let s: TestServer;
let sessions: TestSession[] = [];
const USERS = ['zyadmin', 'bmfzr01', 'rwfzr01', 'shr01', 'fbr01', 'xld01', 'zgfb01'];
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  s = await startTestServer();
  sessions = await Promise.all(USERS.map((u) => s.login(u)));
  doc = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await s?.close();
});

/** Routes the probe must leave alone: ending its own session would only turn every later answer into a 401. */
const SKIP = new Set(['POST /api/authc/logout', 'POST /api/test/clock']);

interface Probe {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  what: string;
}

async function send(p: Probe, failures: string[], counts: { sent: number }) {
  // A user who may use the route: the first whose plain request is not refused for want of permission.
  for (let i = 0; i < sessions.length; i++) {
    let res = await sessions[i]!.request({
      method: p.method as 'GET',
      url: p.url,
      payload: p.payload as string,
      headers: p.headers,
    });
    if (res.statusCode === 401) {
      sessions[i] = await s.login(USERS[i]!);
      res = await sessions[i]!.request({
        method: p.method as 'GET',
        url: p.url,
        payload: p.payload as string,
        headers: p.headers,
      });
    }
    counts.sent++;
    if (res.statusCode >= 500) {
      failures.push(
        `${res.statusCode} ${p.method} ${p.url.slice(0, 120)} ${p.what} as ${USERS[i]}: ${res.body.slice(0, 120)}`,
      );
      return;
    }
    if (res.statusCode !== 403) return;
  }
}

function operations() {
  const out: { method: string; path: string; op: Operation }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (SKIP.has(key) || path.startsWith('/api/docs')) continue;
      out.push({ method: method.toUpperCase(), path, op });
    }
  }
  return out;
}

describe('no input makes a 500', () => {
  it('covers the routes of the OpenAPI document', () => {
    expect(operations().length).toBeGreaterThan(150);
  });

  it('path and query parameters: out-of-range integers, NUL, lone surrogates', async () => {
    const failures: string[] = [];
    const counts = { sent: 0 };
    for (const { method, path, op } of operations()) {
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const query = params.filter((p) => p.in === 'query');
      const base = Object.fromEntries(pathParams.map((p) => [p.name, String(sample(p.schema ?? {}))]));
      const baseQuery = Object.fromEntries(query.map((p) => [p.name, String(sample(p.schema ?? {}))]));
      const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();
      for (const p of pathParams) {
        for (const bad of [...BIG_INTS, encodeURIComponent(NUL), RAW_SURROGATE]) {
          const url = `${concretePath(path, { ...base, [p.name]: bad })}?${qs(baseQuery)}`;
          await send({ method, url, what: `path ${p.name}=${bad}` }, failures, counts);
        }
      }
      for (const p of query) {
        for (const bad of [...BIG_INTS, NUL]) {
          const url = `${concretePath(path, base)}?${qs({ ...baseQuery, [p.name]: bad })}`;
          await send({ method, url, what: `query ${p.name}=${JSON.stringify(bad)}` }, failures, counts);
        }
        const url = `${concretePath(path, base)}?${qs(baseQuery)}&${p.name}=${RAW_SURROGATE}`;
        await send({ method, url, what: `query ${p.name}=${RAW_SURROGATE}` }, failures, counts);
      }
    }
    expect(counts.sent).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 900_000);

  it('JSON and form bodies: every field in turn out of range, with NUL or with a lone surrogate', async () => {
    const failures: string[] = [];
    const counts = { sent: 0 };
    for (const { method, path, op } of operations()) {
      const content = op.requestBody?.content ?? {};
      const schema = content['application/json']?.schema;
      if (!schema) continue;
      const url = concretePath(
        path,
        Object.fromEntries((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, '1'])),
      );
      const base = sample(schema);
      for (const body of mutations(schema, base)) {
        await send(
          {
            method,
            url,
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
            what: `body ${JSON.stringify(body).slice(0, 80)}`,
          },
          failures,
          counts,
        );
      }
      // The same as a form: nested keys as a[0][b], as the spec's client posts them.
      if (base && typeof base === 'object' && !Array.isArray(base)) {
        for (const [k] of Object.entries(base)) {
          const form = new URLSearchParams({ [k]: NUL }).toString();
          await send(
            {
              method,
              url,
              payload: `${form}&x=${RAW_SURROGATE}`,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              what: `form ${k}`,
            },
            failures,
            counts,
          );
        }
      }
    }
    expect(counts.sent).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 900_000);

  it('multipart routes: malformed bodies', async () => {
    const failures: string[] = [];
    const counts = { sent: 0 };
    const multipart = s.app.routeCatalog.filter((r) => r.consumes.includes('multipart/form-data'));
    // The probe found nine: uploads (small, chunk, avatar, library, logo) and the Excel imports.
    expect(multipart.length).toBeGreaterThanOrEqual(9);
    for (const r of multipart) {
      const url = r.url.replace(/:\w+/g, '1');
      const good = multipartBody(
        { guid: randomUUID(), chunk: '0', chunks: '1', size: '4', sha256: 'a'.repeat(64) },
        {
          name: 'a.txt',
          content: Buffer.from('abcd'),
        },
      );
      const type = good.headers['content-type'];
      const boundary = type.split('boundary=')[1];
      const hostile = multipartBody(
        {
          guid: NUL,
          chunk: '2147483648',
          chunks: '99999999999999999999',
          size: SURROGATE,
          bmid: NUL,
          lxId: '2147483648',
        },
        { name: `a${NUL}.txt`, content: Buffer.from('abcd') },
      );
      const bodies: [string, Buffer | string, string][] = [
        ['no boundary', good.payload, 'multipart/form-data'],
        ['truncated', good.payload.subarray(0, 60), type],
        ['garbage', 'not multipart at all', type],
        ['empty', '', type],
        ['bad part header', `--${boundary}\r\nContent-Disposition\r\n\r\nx\r\n--${boundary}--\r\n`, type],
        [
          'no closing boundary',
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabcd`,
          type,
        ],
        ['NUL, surrogates and huge numbers in fields and file name', hostile.payload, hostile.headers['content-type']],
      ];
      for (const [what, payload, contentType] of bodies) {
        await send({ method: 'POST', url, payload, headers: { 'content-type': contentType }, what }, failures, counts);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
