import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web app's Content-Security-Policy. Scripts only from our own origin (the build has no inline script);
 * styles also inline, because antd writes its CSS-in-JS into <style> elements and ECharts sets style attributes;
 * images from our origin, data: and blob: (avatars being cropped, chart exports); frames of any http(s) page, because
 * a dashboard card may embed a page the user names (the iframe is sandboxed); the app itself only framed by itself.
 */
export const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' http: https:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Swagger UI at /api/docs: its own scripts and styles, framed only by our origin. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** JSON and file answers of the API are never documents: nothing may run or be framed in them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'self'";

/** What every response carries, whatever produced it (a route, the static files, an error, a 404). */
export const COMMON_HEADERS: Record<string, string> = {
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** API answers that hold user data are never stored by a browser or a proxy (a shared campus computer). */
export const API_CACHE = 'no-store';

function cspFor(url: string) {
  if (url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?')) return DOCS_CSP;
  if (url.startsWith('/api/')) return API_CSP;
  return WEB_CSP;
}

/**
 * Adds the security headers to every response in one onSend hook. A route that sets its own policy (the sandboxed
 * file preview, a download's own cache rule) keeps it. With HTTPS cookies on, browsers are also told to use HTTPS only.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }) {
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply) => {
    for (const [name, value] of Object.entries(COMMON_HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', cspFor(req.url));
    const api = req.url.startsWith('/api/') && !req.url.startsWith('/api/docs');
    if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', API_CACHE);
    if (opts.https && !reply.hasHeader('strict-transport-security')) {
      reply.header('strict-transport-security', 'max-age=31536000');
    }
  });
}
