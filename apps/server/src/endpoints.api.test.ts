import type { Endpoint } from '@zg/contract';
import * as contract from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';

/** Every endpoint catalogue of the contract (the exports named `<MODULE>_API`). */
const CATALOGUES = Object.entries(contract).filter(([name]) => name.endsWith('_API')) as [
  string,
  Record<string, Endpoint>,
][];

/**
 * The route families served from contract declarations (issue 14 item 4, module by module): every route under one of
 * these paths must come from an endpoint declaration.
 */
const DECLARED_FAMILIES = [
  '/api/herm-wbs/targetReport',
  '/api/herm-wbs/targetReportTemplate',
  '/api/herm-wbs/targetReportCover',
  '/api/herm-wbs/targetTaskFileArchive',
  '/api/herm-zdgj/performance',
  '/api/herm-wbs/targetTaskDetail/getPerformAccessDetailSituation',
  '/api/herm-wbs/targetTaskDetail/export',
  '/api/user/appConfig',
  '/api/user/school',
  '/api/user/systemSetting/update',
  '/api/user/systemSetting/logoUpload',
  '/api/herm-sjcj/tableConfiguration',
  '/api/herm-sjgl/ck',
  '/api/herm-sjgl/ckb',
  '/api/herm-sjgl/ckbzd',
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

  it('have unique paths per method across the catalogues', () => {
    const keys = CATALOGUES.flatMap(([, c]) => Object.values(c).map((e) => `${e.method} ${e.path}`));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
