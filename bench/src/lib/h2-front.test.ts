import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type H2Front, startH2Front } from './h2-front';

let origin: http.Server;
let front: H2Front;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  origin = http.createServer((req, res) => {
    seen.push(req.headers);
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/plain; charset=utf-8', 'x-app': '1' });
      res.end(`${req.method} ${req.url} ${body}`);
    });
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  front = await startH2Front(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await front.close();
  await new Promise<void>((resolve) => origin.close(() => resolve()));
});

/** One HTTP/2 request to the front. */
function h2(path: string, method = 'GET', body?: string) {
  return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const session = http2.connect(front.base, { rejectUnauthorized: false });
    session.on('error', reject);
    const req = session.request({ ':path': path, ':method': method, cookie: 'sid=abc' });
    let text = '';
    let headers: http2.IncomingHttpHeaders = {};
    req.on('response', (h) => (headers = h));
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      session.close();
      resolve({ status: Number(headers[':status']), headers, body: text });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the HTTP/2 front of the bench', () => {
  it('speaks HTTP/2 over TLS and forwards method, path, body, cookie and answer', async () => {
    const r = await h2('/api/x?y=1', 'POST', '体');
    expect(r.status).toBe(200);
    expect(r.body).toBe('POST /api/x?y=1 体');
    expect(r.headers['x-app']).toBe('1');
    expect(seen.at(-1)?.cookie).toBe('sid=abc');
    // HTTP/2's pseudo-headers never reach the server; the Host is the server's own.
    expect(Object.keys(seen.at(-1) ?? {}).some((k) => k.startsWith(':'))).toBe(false);
  });

  it('passes the status on', async () => {
    expect((await h2('/missing')).status).toBe(404);
  });
});
