/**
 * Lighthouse on one page of a running server, signed in as a demo user: the front-end phase's own runs against, say,
 * `npm start`'s demo school (whose charts and screen the bench's generated data lacks).
 *
 *   BASE=http://127.0.0.1:8080 npx tsx bench/src/lighthouse-page.ts /index mobile xld01 3
 *   H2=1 BASE=... npx tsx bench/src/lighthouse-page.ts /index    # through an HTTP/2 TLS front (lib/h2-front.ts)
 *
 * Prints one line per run: the performance score, FCP, LCP, TBT and CLS. The reports go to /tmp/lighthouse-page.
 */
import fs from 'node:fs';
import { startH2Front } from './lib/h2-front';
import { Session } from './lib/http';
import { lighthouse } from './phases/frontend';

const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const [page = '/index', preset = 'mobile', user = 'xld01', runs = '1'] = process.argv.slice(2);
if (preset !== 'mobile' && preset !== 'desktop') throw new Error(`preset: mobile or desktop, not ${preset}`);
const outDir = '/tmp/lighthouse-page';
fs.mkdirSync(outDir, { recursive: true });
const session = page === '/login' ? null : await Session.login(base, user);
const front = process.env.H2 === '1' ? await startH2Front(base) : null;
for (let i = 0; i < Number(runs); i++) {
  const r = await lighthouse(`${front?.base ?? base}/#${page}`, page, preset, outDir, session?.cookie ?? null);
  const ms = (v: number | null) => (v === null ? '-' : `${Math.round(v)} ms`);
  process.stdout.write(
    `${page} ${preset}: ${r.performance ?? '-'}  FCP ${ms(r.fcpMs)}  LCP ${ms(r.lcpMs)}  TBT ${ms(r.tbtMs)}  CLS ${r.cls?.toFixed(3) ?? '-'}${r.error ? `  (${r.error})` : ''}\n`,
  );
}
await front?.close();
