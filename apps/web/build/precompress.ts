import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (Brotli, best quality) and `<file>.gz` (gzip -9) beside each text file of `dir`, except where
 * compressing does not make it smaller. The server sends them to browsers that accept them (@fastify/static's
 * `preCompressed`), so nothing is compressed per request. Returns the files it compressed, relative to `dir`.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  const done = await Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(file);
      if (raw.length < MIN_BYTES) return null;
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: 9 }),
      ]);
      let wrote = false;
      if (br.length < raw.length) {
        await fs.writeFile(`${file}.br`, br);
        wrote = true;
      }
      if (gz.length < raw.length) {
        await fs.writeFile(`${file}.gz`, gz);
        wrote = true;
      }
      return wrote ? path.relative(dir, file) : null;
    }),
  );
  return done.filter((f): f is string => f !== null);
}

/** Vite plugin: once the build is written (public files included), precompresses the output directory. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'zg-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompressDir(outDir);
      this.info(`wrote .br and .gz beside ${files.length} files`);
    },
  };
}
