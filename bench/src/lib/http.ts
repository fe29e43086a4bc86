import http from 'node:http';
import { withCsrf } from './csrf';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One keep-alive pool per server. */
const agents = new Map<string, http.Agent>();
const agentFor = (host: string) => {
  let a = agents.get(host);
  if (!a) {
    a = new http.Agent({ keepAlive: true, maxSockets: 256 });
    agents.set(host, a);
  }
  return a;
};

/** Drops the pooled connections to a server (after it was killed, its sockets are dead). */
export function resetConnections(base: string) {
  const host = new URL(base).host;
  agents.get(host)?.destroy();
  agents.delete(host);
}

/** One HTTP request over a shared keep-alive agent; rejects only on network errors and time-outs. */
export function request(
  base: string,
  opts: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    timeoutMs?: number;
  },
): Promise<Reply> {
  const url = new URL(opts.path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: opts.method ?? 'GET',
        headers: opts.headers,
        agent: agentFor(url.host),
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** A signed-in user: the session cookie and the CSRF secret of the login record. */
export class Session {
  constructor(
    readonly base: string,
    readonly userId: string,
    readonly cookie: string,
    readonly csrfSecret: string,
  ) {}

  static async login(base: string, userId: string, password = 'Demo@2026'): Promise<Session> {
    const res = await request(base, {
      method: 'POST',
      path: '/api/authc/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId, password }),
      timeoutMs: 120_000,
    });
    if (res.status !== 200) throw new Error(`login ${userId}: ${res.status} ${res.body.slice(0, 200)}`);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const sid = setCookie.map((c) => /^sid=([^;]+)/.exec(c)?.[1]).find(Boolean);
    if (!sid) throw new Error(`login ${userId}: no session cookie`);
    const record = JSON.parse(res.body) as { data: { csrfSecret: string } };
    return new Session(base, userId, `sid=${sid}`, record.data.csrfSecret);
  }

  /** Headers of an authenticated call. */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { cookie: this.cookie, ...extra };
  }

  /** A path with a fresh CSRF pair. */
  sign(path: string): string {
    return withCsrf(path, this.csrfSecret);
  }

  get(path: string, timeoutMs?: number): Promise<Reply> {
    return request(this.base, { path: this.sign(path), headers: this.headers(), timeoutMs });
  }

  post(path: string, json: unknown, timeoutMs?: number): Promise<Reply> {
    return request(this.base, {
      method: 'POST',
      path: this.sign(path),
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify(json),
      timeoutMs,
    });
  }
}

/** The data of an envelope reply, or an error naming the call. */
export function dataOf<T>(reply: Pick<Reply, 'status' | 'body'>, what: string): T {
  if (reply.status !== 200) throw new Error(`${what}: HTTP ${reply.status} ${reply.body.slice(0, 300)}`);
  return (JSON.parse(reply.body) as { data: T }).data;
}
