import { createHmac } from 'node:crypto';

/** csrfToken = HMAC-SHA256(secret, csrfTimestamp) as the web client computes it (packages/contract/src/csrf.ts). */
export function csrfToken(secret: string, timestamp: string): string {
  return createHmac('sha256', secret).update(timestamp).digest('hex');
}

/** Adds _t and a fresh CSRF pair to a path's query, as the web client does on every call. */
export function withCsrf(pathWithQuery: string, secret: string, now = Date.now()): string {
  const ts = String(now);
  const sep = pathWithQuery.includes('?') ? '&' : '?';
  return `${pathWithQuery}${sep}_t=${now}&csrfTimestamp=${ts}&csrfToken=${csrfToken(secret, ts)}`;
}
