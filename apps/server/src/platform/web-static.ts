import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Cache-Control of the build's hashed files (`/assets/*`): their name changes whenever their content does. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else (index.html, the public files): the browser revalidates before each use. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * Serves the web build. The build writes a `.br` and a `.gz` beside each text file (apps/web/build/precompress.ts):
 * a browser that accepts them gets those bytes with Content-Encoding, others the file itself. The hashed files
 * under /assets are cached for a year; index.html is revalidated each time, so a new release is seen at once.
 */
export async function registerWebStatic(app: FastifyInstance, root: string) {
  const assets = path.join(path.resolve(root), 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    // An array: with preCompressed, @fastify/static looks for the index file only in an array (a string gives 404 on /).
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    // `file` is the file sent: the .br or .gz sibling when one was chosen.
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });
}
