/**
 * The demo standard systems (story/standards.ts) as the demo seed installs them after the indicators' algorithms: the
 * five levels, each point bound to its indicator's current value algorithm version, readable by the demo major head.
 */
import type { StandardNode } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, startTestServer, type TestServer, type TestSession } from '../test/harness';
import { seedDatabase } from '.';
import { seedDemoStandards } from './standards';
import { DEMO_STANDARDS, type DemoStandardNode } from './story/standards';

const B = '/api/herm-mbbz';
let server: TestServer;
let dropDatabase: () => Promise<void>;
let admin: TestSession;
let made = 0;

beforeAll(async () => {
  const { database, drop } = await openTestDatabase('migrated');
  dropDatabase = drop;
  await database.migrate();
  await seedDatabase(database.db, { demo: true, warehouse: true });
  made = await seedDemoStandards(database.db);
  server = await startTestServer({ database });
  admin = await server.login('zyadmin');
}, 180_000);
afterAll(async () => {
  await server?.close();
  await server?.database.close();
  await dropDatabase?.();
});

const get = async (me: TestSession, url: string) => {
  const res = await me.request({ method: 'GET', url: `${B}${url}` });
  return { status: res.statusCode, data: res.json().data };
};
const flat = (nodes: StandardNode[]): StandardNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const demoFlat = (nodes: DemoStandardNode[]): DemoStandardNode[] =>
  nodes.flatMap((n) => [n, ...demoFlat(n.children ?? [])]);

describe('the demo standard systems', () => {
  it('are installed published, whole, with their points bound to the indicators’ value algorithms', async () => {
    expect(made).toBe(DEMO_STANDARDS.length);
    const page = (await get(admin, '/target/selectPage?size=50')).data;
    expect(page.total).toBe(DEMO_STANDARDS.length);
    for (const demo of DEMO_STANDARDS) {
      const system = page.records.find((r: { name: string }) => r.name === demo.name);
      expect(system, demo.name).toMatchObject({ dimension: demo.dimension, state: 'published', version: 1 });
      const { tree } = (await get(admin, `/target/getTargetFull?id=${system.id}`)).data;
      const nodes = flat(tree);
      const want = demoFlat(demo.items);
      expect(nodes.length, demo.name).toBe(want.length);
      for (const w of want.filter((n) => n.indicator)) {
        const n = nodes.find((x) => x.name === w.name && x.bzz === (w.bzz ?? null));
        expect(n?.calRuleName, `${demo.name} ${w.name}`).toBe(`${w.indicator}/V1`);
      }
    }
    // The diagnosis administrators keep them (zgfb01 holds 2020006).
    const keeper = await server.login('zgfb01');
    const kept = (await get(keeper, '/target/selectPage?size=50')).data;
    expect(kept.total).toBe(DEMO_STANDARDS.length);
    expect(kept.records.every((r: { abilities: { write: boolean } }) => r.abilities.write)).toBe(true);
    // Loading again adds nothing.
    expect(await seedDemoStandards(server.database.db)).toBe(0);
  });

  it('lets the major head (zyfzr01) read the major level and nothing else', async () => {
    const head = await server.login('zyfzr01');
    const page = (await get(head, '/target/selectPage')).data;
    const major = DEMO_STANDARDS.find((s) => s.dimension === 'major')!;
    expect(page.records.map((r: { name: string }) => r.name)).toEqual([major.name]);
    const full = await get(head, `/target/getTargetFull?id=${page.records[0].id}`);
    expect(full.status).toBe(200);
    expect(full.data.system.abilities).toMatchObject({ read: true, write: false });
  });
});
