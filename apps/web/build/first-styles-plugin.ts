import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SCRIPT = fileURLToPath(new URL('./first-styles.tsx', import.meta.url));
/** The web app's folder: tsx reads its tsconfig.json (the JSX runtime) from the working directory. */
const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The first screens' antd styles (build/first-styles.tsx), made in a child process as production code makes them. */
export function renderFirstStyles(): string {
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return execFileSync(process.execPath, ['--import', tsx, SCRIPT], {
    cwd: WEB_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    maxBuffer: 16 << 20,
  });
}

/**
 * Vite plugin: writes the first screens' antd styles as `assets/antd-first-<hash>.css` and links it first in
 * index.html's head, before the app's own styles (which override antd's) and the scripts (a module script waits for
 * the stylesheets before it, so antd finds the map of the styles the sheet holds when it first draws).
 */
export function firstStyles(): Plugin {
  let fileName = '';
  let source = '';
  return {
    name: 'zg-first-styles',
    apply: 'build',
    buildStart() {
      source = renderFirstStyles();
      fileName = `assets/antd-first-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      // After Vite's own pass, which would try to resolve the link as a source file.
      order: 'post',
      handler: () => [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head-prepend' }],
    },
  };
}
