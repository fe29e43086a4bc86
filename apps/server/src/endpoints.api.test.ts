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
 * The route families served from contract declarations (issue 14 item 4, module by module): every route at or under
 * one of these paths must come from an endpoint declaration.
 */
const DECLARED_FAMILIES = [
  '/api/herm-wbs/targetReport',
  '/api/herm-wbs/targetReportTemplate',
  '/api/herm-wbs/targetReportCover',
  '/api/herm-wbs/targetTaskFileArchive',
  '/api/herm-zdgj/performance',
  '/api/herm-wbs/targetTaskDetail/getPerformAccessDetailSituation',
  '/api/herm-wbs/targetTaskDetail/export',
  '/api/herm-sjcj/tableConfiguration',
  // files
  '/api/herm-zdgj/rest/file',
  '/api/docrepo',
  // user and reference (the school picker, app config and system-setting writes)
  '/api/user',
  // authc
  '/api/authc',
  // system
  '/api/health',
  // analysis
  '/api/herm-wbs/targetTaskSummaryAnalysis',
  '/api/herm-ndwbs/analysis',
  // data management
  '/api/herm-sjgl/ck',
  '/api/herm-sjgl/ckb',
  '/api/herm-sjgl/ckbzd',
  // algorithms
  '/api/herm-sjgl/algorithmGroup',
  '/api/herm-sjgl/algorithmContent',
  '/api/herm-sjgl/algorithmVersion',
  '/api/herm-sjgl/algorithmRun',
];

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
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

  it('declare every route of the families served from the contract', () => {
    const undeclared = s.app.routeCatalog
      .filter((r) => DECLARED_FAMILIES.some((f) => r.url === f || r.url.startsWith(`${f}/`)) && r.method !== 'HEAD')
      .filter((r) => !r.endpoint)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
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
