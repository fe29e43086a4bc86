import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Hop-by-hop headers: meaningful on one connection only, and refused by HTTP/2. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te']);

export interface H2Front {
  /** `https://127.0.0.1:<port>`: the front's address (a self-signed certificate: the browser must be told to accept it). */
  base: string;
  close(): Promise<void>;
}

/**
 * An HTTPS front speaking HTTP/2 (and HTTP/1.1 to clients that ask for it) that forwards every request to `target`
 * over HTTP/1.1, as nginx with `listen 443 ssl; http2 on;` does in front of the server (README, "Behind a reverse
 * proxy"). The bench measures the pages through it as well as directly: a phone loads some sixty files for the home
 * page, and over HTTP/1.1's six connections each costs a round trip of its own. The certificate in h2-front/ is a
 * self-signed one for 127.0.0.1 and localhost, made for this and nothing else.
 */
export async function startH2Front(target: string): Promise<H2Front> {
  const upstream = new URL(target);
  const server = http2.createSecureServer({
    key: fs.readFileSync(path.join(here, 'h2-front/key.pem')),
    cert: fs.readFileSync(path.join(here, 'h2-front/cert.pem')),
    allowHTTP1: true,
  });
  server.on('request', (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = upstream.host;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        const back: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) back[name] = value;
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
