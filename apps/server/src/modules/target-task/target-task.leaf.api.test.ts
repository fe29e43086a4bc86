import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { targetTasks } from '../../db/schema';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

/**
 * target_tasks.is_leaf (末级任务) is what the analyses, the performance list, the task-detail list and the warning job
 * count: every write that adds or removes a child keeps it (insertTask and deleteTask; tasks are never moved to
 * another parent). The story's bulk insert is held to the API by generate.api.test.ts (every row compared).
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const W = '/api/herm-wbs';
const post = (me: TestSession, url: string, payload: object) =>
  me.request({ method: 'POST', url: `${W}${url}`, payload });

async function isLeaf(id: number) {
  const [r] = await s.database.db.select({ leaf: targetTasks.isLeaf }).from(targetTasks).where(eq(targetTasks.id, id));
  return r?.leaf;
}

/** Tasks whose flag disagrees with their children, over the whole database. */
async function wrongFlags() {
  const res = await s.database.db.execute(sql`select t.id from target_tasks t
    where t.is_leaf = exists (select 1 from target_tasks c where c.parent_id = t.id)`);
  return (res as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
}

let head: TestSession;
let yearTargetId: number;
let parentId: number;

async function addChild(rwmc: string) {
  const res = await post(head, '/targetTask/insert', {
    yearTargetId,
    parentId,
    rwmc,
    rwlx: 'A',
    ownerId: 'rwfzr01',
    kssj: '2026-02-01',
    jssj: '2026-11-30',
    weight: 50,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const removeChild = (id: number) => post(head, `/targetTask/${id}/delete`, {});

async function statusTotal() {
  const leader = await s.login('xld01');
  const res = await leader.request({
    method: 'GET',
    url: `${W}/targetTaskSummaryAnalysis/taskStatusAnalysis?scope=globalSummaryAnalysis&year=2026`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total as number;
}

describe('the leaf flag of target tasks', () => {
  beforeAll(async () => {
    const fbr = await s.login('fbr01');
    head = await s.login('bmfzr01');
    const target = await post(fbr, '/yearTarget/insert', {
      name: '2026年度末级标记',
      cycleYear: 2026,
      chargeDepartId: 'D04',
      auditorId: 'shr01',
    });
    expect(target.statusCode, target.body).toBe(200);
    yearTargetId = target.json().data.id;
    const top = await post(fbr, '/targetTask/insert', {
      yearTargetId,
      rwmc: '课程建设',
      rwlx: 'A',
      departmentId: 'D02',
      kssj: '2026-01-01',
      jssj: '2026-12-31',
      weight: 100,
    });
    expect(top.statusCode, top.body).toBe(200);
    parentId = top.json().data.id;
    expect((await post(fbr, `/targetTask/${parentId}/push`, { version: 1 })).statusCode).toBe(200);
    expect((await post(head, `/targetTask/${parentId}/accept`, { version: 2 })).statusCode).toBe(200);
  });

  it('turns off when a child is added and on again when the last child is deleted, and the analyses follow', async () => {
    expect(await isLeaf(parentId)).toBe(true);
    const before = await statusTotal();
    const a = await addChild('子任务一');
    expect(await isLeaf(parentId)).toBe(false);
    expect(await isLeaf(a)).toBe(true);
    // The parent no longer counts, its child does: the same total.
    expect(await statusTotal()).toBe(before);
    const b = await addChild('子任务二');
    expect(await statusTotal()).toBe(before + 1);
    expect((await removeChild(a)).statusCode).toBe(200);
    expect(await isLeaf(parentId)).toBe(false);
    expect((await removeChild(b)).statusCode).toBe(200);
    expect(await isLeaf(parentId)).toBe(true);
    expect(await statusTotal()).toBe(before);
    expect(await wrongFlags()).toEqual([]);
  });

  it('stays right when the last two children are deleted at once, or one is added while another is deleted', async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b] = [await addChild(`并发一 ${round}`), await addChild(`并发二 ${round}`)];
      const both = await Promise.all([removeChild(a), removeChild(b)]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await isLeaf(parentId), `round ${round}`).toBe(true);

      const c = await addChild(`并发三 ${round}`);
      const [removed, added] = await Promise.all([removeChild(c), addChild(`并发四 ${round}`)]);
      expect(removed.statusCode).toBe(200);
      expect(await isLeaf(parentId), `round ${round}`).toBe(false);
      expect((await removeChild(added)).statusCode).toBe(200);
      expect(await isLeaf(parentId)).toBe(true);
    }
    expect(await wrongFlags()).toEqual([]);
  });

  it('is right on the seeded demo data and after a refused delete of a task with children', async () => {
    const a = await addChild('有子任务时');
    // A top-level task with children cannot be deleted (it is pushed); nor can a parent's flag be reached by editing.
    const fbr = await s.login('fbr01');
    expect((await post(fbr, `/targetTask/${parentId}/delete`, {})).statusCode).not.toBe(200);
    expect(await isLeaf(parentId)).toBe(false);
    expect((await removeChild(a)).statusCode).toBe(200);
    expect(await wrongFlags()).toEqual([]);
  });

  it("migration 0021's backfill marks exactly the tasks with children, from a table where every flag is wrong", async () => {
    const file = readFileSync(join(migrationsFolder, '0021_target_task_leaf.sql'), 'utf8');
    const backfill = file
      .split('--> statement-breakpoint')
      .map((st) => st.replace(/^\s*--.*$/gm, '').trim())
      .find((st) => st.startsWith('UPDATE'));
    expect(backfill).toBeDefined();
    await addChild('回填检查');
    await s.database.db.execute(sql`update target_tasks set is_leaf = true`);
    expect((await wrongFlags()).length).toBeGreaterThan(0);
    await s.database.db.execute(sql.raw(backfill!));
    expect(await wrongFlags()).toEqual([]);
  });
});
