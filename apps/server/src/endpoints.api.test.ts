import * as contract from '@zg/contract';
import { type Endpoint, FILE } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';

/** Every endpoint catalogue of the contract (the exports named `<MODULE>_API`). */
const CATALOGUES = Object.entries(contract).filter(([name]) => name.endsWith('_API')) as [
  string,
  Record<string, Endpoint>,
][];

/**
 * The routes under `/api` that are no endpoint of the contract: the OpenAPI document and its viewer (served by
 * @fastify/swagger-ui). Every other `/api` route comes from a declaration.
 */
const NOT_ENDPOINTS = ['/api/docs'];

let s: TestServer;
beforeAll(async () => {
  // TEST_HOOKS serves TEST_CLOCK_API too.
  s = await startTestServer({ env: { TEST_HOOKS: 'true' } });
});
afterAll(async () => {
  await s?.close();
});

describe('endpoints declared in the contract', () => {
  it('are each registered once, by the server, from their declaration', () => {
    expect(CATALOGUES.length).toBeGreaterThan(0);
    for (const [name, catalogue] of CATALOGUES) {
      for (const [key, e] of Object.entries(catalogue)) {
        const routes = s.app.routeCatalog.filter((r) => r.method === e.method && r.url === e.path);
        expect(routes, `${name}.${key}: ${e.method} ${e.path}`).toHaveLength(1);
        expect(routes[0]!.endpoint, `${name}.${key} registered without its declaration`).toBe(e);
      }
    }
  });

  it('declare every route under /api', () => {
    const routes = s.app.routeCatalog
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
      .filter((r) => !NOT_ENDPOINTS.some((f) => r.url === f || r.url.startsWith(`${f}/`)));
    const undeclared = routes.filter((r) => !r.endpoint).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    // So every route is one declaration: as many routes as declarations (each registered once, tested above).
    expect(routes).toHaveLength(CATALOGUES.reduce((n, [, c]) => n + Object.keys(c).length, 0));
  });

  it('are registered with what they declare: the media an upload consumes, every status answering the envelope', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary: string; responses?: Record<string, unknown> }>>;
    };
    for (const [name, catalogue] of CATALOGUES) {
      for (const [key, e] of Object.entries(catalogue)) {
        const what = `${name}.${key}`;
        const route = s.app.routeCatalog.find((r) => r.method === e.method && r.url === e.path);
        expect(route?.consumes, what).toEqual(e.consumes ?? []);
        const op = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
        expect(op?.summary, what).toBe(e.summary);
        // A download's reply is the file (OpenAPI lists a default 200); a JSON endpoint's, its envelope per status.
        if (e.response === FILE) continue;
        const statuses = ['200', ...(e.statuses ?? []).map(String)];
        expect(Object.keys(op?.responses ?? {}), what).toEqual(statuses);
      }
    }
  });

  it('have unique paths per method across the catalogues', () => {
    const keys = CATALOGUES.flatMap(([, c]) => Object.values(c).map((e) => `${e.method} ${e.path}`));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
