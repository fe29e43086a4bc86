import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from './platform/web-static';
import { startTestServer, type TestServer } from './test/harness';

// A web build as `npm run build` writes it: hashed files under assets/, each text file with its .br and .gz.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-web-dist-'));
const SCRIPT = `export const greeting = ${JSON.stringify('你好，'.repeat(400))};\n`;
const INDEX = `<!doctype html><html lang="zh-CN"><head><title>平台</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const SCRIPT_PATH = '/assets/index-Ab12Cd34.js';

function writeWithCompressed(rel: string, text: string) {
  const file = path.join(webDist, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}

let s: TestServer;
beforeAll(async () => {
  writeWithCompressed(SCRIPT_PATH, SCRIPT);
  writeWithCompressed('index.html', INDEX);
  // Small files have no compressed copies: they are sent as they are.
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  s = await startTestServer({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });

describe('the web build', () => {
  it('sends a hashed asset as Brotli to a browser that accepts br and gzip, cached for a year', async () => {
    const res = await get(SCRIPT_PATH, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(webDist, `${SCRIPT_PATH}.br`)))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 5);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that accepts only gzip', async () => {
    const res = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip, deflate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself when the request has no Accept-Encoding', async () => {
    const res = await get(SCRIPT_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });

  it('sends index.html at / compressed, to be revalidated on every visit', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);

    const plain = await get('/index.html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(plain.body).toBe(INDEX);
  });

  it('sends a file without compressed copies as it is, and never caches an unhashed file for long', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(res.body).toContain('<svg');
  });

  it('answers a missing asset with 404', async () => {
    const res = await get('/assets/missing-00000000.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(404);
  });
});

describe('security headers', () => {
  const common = (res: { headers: Record<string, unknown> }, what: string) => {
    expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp, what).toContain("frame-ancestors 'self'");
    return csp;
  };

  it('the web app: scripts from our origin only, no inline script, framed by itself only', async () => {
    for (const url of ['/', SCRIPT_PATH, '/favicon.svg', '/assets/missing-00000000.js']) {
      const csp = common(await get(url), url);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp, url).toContain("object-src 'none'");
    }
  });

  it('the API documentation carries frame-ancestors too', async () => {
    for (const url of ['/api/docs', '/api/docs/json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(400);
      const csp = common(res, url);
      expect(csp, url).toContain("script-src 'self'");
    }
  });

  it('a JSON answer is never stored, signed in or not, success or error', async () => {
    const admin = await s.login('zyadmin');
    const signedIn = await admin.request({ method: 'GET', url: '/api/user/roles' });
    expect(signedIn.statusCode).toBe(200);
    const denied = await get('/api/user/roles');
    expect(denied.statusCode).toBe(401);
    const missing = await get('/api/no-such-route');
    for (const [res, what] of [
      [signedIn, 'signed in'],
      [denied, 'not signed in'],
      [missing, '404'],
    ] as const) {
      const csp = common(res, what);
      expect(csp, what).toContain("default-src 'none'");
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
  });
});
