import fs from 'node:fs';
import { startServer } from './lib/server';
import { apiRoutes, listQuery, runApiBenchmarks, signIn } from './phases/api';
import { mainThreadProfile, summariseCpuProfile } from './phases/profile';

const f = JSON.parse(fs.readFileSync('/tmp/zg-inv/fixtures.json', 'utf8'));
const dir = '/tmp/zg-inv/prof-' + Date.now();
const which = process.argv.slice(2);
const t0 = performance.now();
const s = await startServer({
  entry: 'bench',
  port: 18104,
  env: {
    ...(process.env.PGLITE
      ? { DATA_DIR: '/tmp/zg-school' }
      : { DATABASE_URL: 'postgres://postgres@127.0.0.1:54404/inv' }),
    BENCH_CEILING_QUERY: listQuery(f.year),
  },
  logFile: '/tmp/zg-inv/server.log',
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
});
try {
  const routes = apiRoutes(f).filter((r) => which.includes(r.key));
  const sessions = await signIn(s.base, routes);
  (globalThis as any).skip = performance.now() - t0;
  await runApiBenchmarks(s.base, routes, sessions, { seconds: 5, warmupSeconds: 1, connections: 32, log: console.log });
} finally {
  await s.stop();
}
const p = summariseCpuProfile(mainThreadProfile(dir)!, which.join(','), 25, (globalThis as any).skip);
console.log(p.packages.map((x) => `${x.name} ${x.pct.toFixed(1)}`).join('\n'));
console.log('---');
console.log(p.functions.map((x) => `${x.pct.toFixed(1)} ${x.name}`).join('\n'));
