import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mainThreadProfile, packageOf, parsePlans, summariseCpuProfile } from './profile';

describe('reading what the profilers wrote', () => {
  it('finds the plans auto_explain logged', () => {
    const log = [
      '2026-11-22 14:27:12.467 UTC [1] LOG:  statement: select 1',
      '2026-11-22 14:27:12.482 UTC [2] LOG:  duration: 10.745 ms  plan:',
      '\tQuery Text: select * from t where id = $1',
      '\tSeq Scan on t  (cost=0.00..1.00 rows=1 width=4) (actual time=0.01..10.0 rows=1 loops=1)',
      '2026-11-22 14:27:12.500 UTC [2] LOG:  duration: 2.5 ms  plan:',
      '\tQuery Text: select 2',
      '\tResult  (cost=0.00..0.01 rows=1 width=4)',
    ].join('\n');
    const plans = parsePlans(log, 'list');
    expect(plans).toHaveLength(2);
    expect(plans[0]).toEqual({
      route: 'list',
      durationMs: 10.745,
      text: 'Query Text: select * from t where id = $1\nSeq Scan on t  (cost=0.00..1.00 rows=1 width=4) (actual time=0.01..10.0 rows=1 loops=1)',
    });
  });

  it('names the package a profiled function belongs to', () => {
    expect(packageOf('file:///w/node_modules/drizzle-orm/entity.js', 'is')).toBe('drizzle-orm');
    expect(packageOf('file:///w/node_modules/@fastify/static/index.js', 'x')).toBe('@fastify/static');
    expect(packageOf('wasm://wasm/022a9842', 'wasm-function[1]')).toBe('WebAssembly');
    expect(packageOf('file:///w/apps/server/src/app.ts', 'buildApp')).toBe('apps/server');
    expect(packageOf('node:internal/url', 'URL')).toBe('node (built-in modules)');
  });

  it('shares CPU samples by function and package, start-up left out, main thread only', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-prof-'));
    const profile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 } },
        { id: 2, callFrame: { functionName: 'compile', url: 'node:internal/vm', lineNumber: 0 } },
        {
          id: 3,
          callFrame: { functionName: 'is', url: 'file:///w/node_modules/drizzle-orm/entity.js', lineNumber: 2 },
        },
        { id: 4, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
      ],
      samples: [2, 2, 3, 3, 3, 4],
      timeDeltas: [1000, 1000, 5_000_000, 1000, 1000, 1000],
    };
    fs.writeFileSync(path.join(dir, 'CPU.20261122.1.99.0.001.cpuprofile'), JSON.stringify(profile));
    fs.writeFileSync(path.join(dir, 'CPU.20261122.2.99.1.002.cpuprofile'), '{}');
    const file = mainThreadProfile(dir)!;
    expect(path.basename(file)).toBe('CPU.20261122.1.99.0.001.cpuprofile');
    const all = summariseCpuProfile(file, 'x');
    expect(all.packages).toEqual([
      { name: 'drizzle-orm', pct: 60 },
      { name: 'node (built-in modules)', pct: 40 },
    ]);
    const afterStart = summariseCpuProfile(file, 'x', 12, 1000);
    expect(afterStart.functions).toEqual([{ name: 'is (drizzle-orm/entity.js:3)', pct: 100 }]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
