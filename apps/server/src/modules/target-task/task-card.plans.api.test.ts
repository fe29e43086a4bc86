import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { openTestDatabase, startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { taskIn, yearTarget } from '../../test/wbs-fixtures';
import { taskCardById, taskCardsByIds } from './task-card.query';

let s: TestServer;
let own: Awaited<ReturnType<typeof openTestDatabase>>;
let fbr: TestSession;
let ids: number[];
const W = '/api/herm-wbs';

beforeAll(async () => {
  own = await openTestDatabase('seeded');
  s = await startTestServer({ database: own.database });
  s.app.clock.set('2026-06-01T10:00:00');
  fbr = await s.login('fbr01');
  const y = await yearTarget(s, '2026年计划缓存');
  ids = [];
  for (const n of [1, 2, 3]) ids.push(await taskIn(s, y, 'D02', 'notPushed', { name: `计划${n}` }));
});
afterAll(async () => {
  await s?.close();
  await own?.drop();
});

/** One connection of its own, so its prepared statements can be read from pg_prepared_statements. */
async function oneConnection<T>(run: (db: Db, client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: own.url });
  await client.connect();
  try {
    return await run(drizzle(client, { schema }) as unknown as Db, client);
  } finally {
    await client.end();
  }
}

describe('task card statements', () => {
  it('keep a generic plan: planned at most five times however often they run', async () => {
    const plans = await oneConnection(async (db, client) => {
      for (let i = 0; i < 12; i++) {
        expect((await taskCardById(db, ids[i % 3]!))?.task.id).toBe(ids[i % 3]);
        expect((await taskCardsByIds(db, ids)).map((r) => r.task.id)).toEqual(ids);
      }
      const { rows } = await client.query<{ name: string; generic_plans: string; custom_plans: string }>(
        `select name, generic_plans, custom_plans from pg_prepared_statements
         where name in ('task_card_by_id', 'task_cards_by_ids') order by name`,
      );
      return rows.map((r) => [r.name, Number(r.generic_plans), Number(r.custom_plans)]);
    });
    expect(plans).toEqual([
      ['task_card_by_id', 7, 5],
      ['task_cards_by_ids', 7, 5],
    ]);
  });
});

describe('task list page and total in one statement', () => {
  it('answers the total on every page, also past the last one', async () => {
    const page = async (current: number) =>
      (
        await fbr.request({ method: 'GET', url: `${W}/targetTask/selectPage?kind=yearTask&size=2&current=${current}` })
      ).json().data as { total: number; records: { id: number }[] };
    const first = await page(1);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.records).toHaveLength(2);
    const last = await page(Math.ceil(first.total / 2));
    expect(last.total).toBe(first.total);
    expect(last.records.length).toBe(first.total % 2 || 2);
    const past = await page(Math.ceil(first.total / 2) + 5);
    expect(past).toEqual({ ...past, total: first.total, records: [] });
  });
});
