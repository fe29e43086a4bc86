import { SYSTEM_MSG as M } from '@zg/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { fillTaskOf } from '../../test/ownership-fixtures';
import { taskIn, yearTarget } from '../../test/wbs-fixtures';

/** 操作记录: a record's own history, for whoever may read the record (its module says who), not only administrators. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const history = (me: TestSession, entityType: string, entityId: string | number) =>
  me.request({ method: 'GET', url: `/api/recordHistory?entityType=${entityType}&entityId=${entityId}` });
const post = (me: TestSession, url: string, payload: object = {}) => me.request({ method: 'POST', url, payload });
async function data(res: Promise<LightMyRequestResponse>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
}
async function notFound(res: Promise<LightMyRequestResponse>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(404);
  expect(r.json().meta.message).toBe(M.historyNotFound);
}

describe('a record history', () => {
  it("shows a target task's changes to those who see the task, and to nobody else", async () => {
    const target = await yearTarget(s, '操作记录目标');
    const task = await taskIn(s, target, 'D02', 'executeing', { name: '操作记录任务' });
    const owner = await s.login('rwfzr01');
    const list = await data(history(owner, 'targetTask', task));
    const actions = list.map((e: { action: string }) => e.action);
    // Newest first: the audit's pass is the last change, the creation the first.
    expect(actions[0]).toContain('pass');
    expect(actions.at(-1)).toContain('create');
    expect(list[0]).toMatchObject({ entityType: 'targetTask', entityId: String(task), actorId: 'shr01' });
    expect(list[0].actorName).toBeTruthy();
    await data(history(await s.login('fbr01'), 'yearTarget', target));
    // Another department's owner does not see the task: the same 404 as for a task that is not there.
    await notFound(history(await s.login('rwfzr06'), 'targetTask', task));
    await notFound(history(owner, 'targetTask', 999_999));
    await notFound(history(owner, 'targetTask', 'abc'));
  });

  it("shows a standard system's changes, its tree's included, to those who may read it", async () => {
    const publisher = await s.login('zgfb01');
    const system = await data(
      post(publisher, '/api/herm-mbbz/target/insert', {
        name: '操作记录标准',
        dimension: 'major',
        startYear: 2025,
        endYear: 2025,
      }),
    );
    const node = await data(
      post(publisher, '/api/herm-mbbz/catalog/insert', {
        systemId: system.id,
        parentId: null,
        kind: 'dimension',
        name: '人才培养',
      }),
    );
    const list = await data(history(publisher, 'standard', system.id));
    expect(list.map((e: { action: string }) => e.action)).toEqual(['standard.node.create', 'standard.create']);
    expect(JSON.parse(list[0].detail).nodeId).toBe(node.id ?? node.nodeId);
    // A teacher with no grant on the draft system does not read it.
    await notFound(history(await s.login('rwfzr02'), 'standard', system.id));
  });

  it("shows a fill task's saves to its filler and auditor, not to another filler", async () => {
    const admin = await s.login('zyadmin');
    const C = '/api/herm-sjcj';
    const fillId = await fillTaskOf(admin, '操作记录', 'history_fill');
    const filler = await s.login('rwfzr01');
    await data(post(filler, `${C}/datas/updateOrInsert`, { fillTaskId: fillId, rows: [{ mc: '甲' }] }));
    const list = await data(history(filler, 'fillTask', fillId));
    expect(list[0]).toMatchObject({ action: 'fillTask.save', actorId: 'rwfzr01', entityId: String(fillId) });
    await data(history(await s.login('zgfb01'), 'fillTask', fillId));
    await notFound(history(await s.login('rwfzr02'), 'fillTask', fillId));
  });

  it('has no history for a type no module registered, nor for the signed-out', async () => {
    const admin = await s.login('zyadmin');
    await notFound(history(admin, 'user', 'zyadmin'));
    const out = await s.app.inject({
      method: 'GET',
      url: '/api/recordHistory?entityType=targetTask&entityId=1',
    });
    expect(out.statusCode).toBe(401);
    const bad = await admin.request({ method: 'GET', url: '/api/recordHistory?entityType=targetTask' });
    expect(bad.statusCode).toBe(400);
  });
});
