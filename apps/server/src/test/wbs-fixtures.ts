import { expect } from 'vitest';
import type { TestServer, TestSession } from './harness';
import { multipartBody } from './zip';

const W = '/api/herm-wbs';

export const post = (me: TestSession, url: string, payload: object) =>
  me.request({ method: 'POST', url: `${W}${url}`, payload });
export const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${W}${url}` });

/** Department heads and task owners of the demo data, by department. */
export const HEADS: Record<string, string> = { D02: 'bmfzr01', D03: 'bmfzr03', D07: 'bmfzr07' };
export const OWNERS: Record<string, string> = { D02: 'rwfzr01', D03: 'rwfzr02', D07: 'rwfzr06' };

/** A year target of the publisher fbr01, audited by shr01. */
export async function yearTarget(s: TestServer, name: string, cycleYear = 2026) {
  const fbr = await s.login('fbr01');
  const res = await post(fbr, '/yearTarget/insert', { name, cycleYear, chargeDepartId: 'D04', auditorId: 'shr01' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

export type TaskGoal = 'notPushed' | 'withdrawn' | 'waitAccept' | 'executeing' | 'hasDone' | 'delayDone';

/**
 * A task of a department driven to the wanted state through the real API: pushed, accepted, resolved to the
 * department's owner, defined and approved; finished by a passed final report (late for delayDone).
 */
export async function taskIn(
  s: TestServer,
  target: number,
  dep: string,
  goal: TaskGoal,
  opts: {
    name?: string;
    rwlx?: 'A' | 'B' | 'C' | 'D';
    start?: string;
    end?: string;
    coop?: string[];
    /** 服务的质控点 (issue 35). */
    standardNodeIds?: number[];
  } = {},
) {
  const fbr = await s.login('fbr01');
  const res = await post(fbr, '/targetTask/insert', {
    yearTargetId: target,
    rwmc: opts.name ?? `${dep}-${goal}`,
    rwlx: opts.rwlx ?? 'B',
    departmentId: dep,
    kssj: opts.start ?? '2026-01-01',
    jssj: opts.end ?? '2026-06-30',
    coopDepartmentIds: opts.coop ?? [],
    ...(opts.standardNodeIds ? { standardNodeIds: opts.standardNodeIds } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  if (goal === 'notPushed') return id;
  await post(fbr, `/targetTask/${id}/push`, { version: 1 });
  if (goal === 'withdrawn') {
    expect((await post(fbr, `/targetTask/${id}/withdraw`, { version: 2 })).statusCode).toBe(200);
    return id;
  }
  if (goal === 'waitAccept') return id;
  const head = await s.login(HEADS[dep]!);
  await post(head, `/targetTask/${id}/accept`, { version: 2 });
  await post(head, `/targetTask/${id}/resolve`, { version: 3, ownerId: OWNERS[dep] });
  const owner = await s.login(OWNERS[dep]!);
  await post(owner, `/targetTaskAudit/${id}/submit`, { version: 4 });
  const auditor = await s.login('shr01');
  expect((await post(auditor, `/targetTaskAudit/${id}/pass`, { version: 5 })).statusCode).toBe(200);
  if (goal === 'executeing') return id;
  await finishTask(s, id, OWNERS[dep]!, goal === 'delayDone' ? '2026-07-10T10:00:00' : '2026-05-10T10:00:00');
  return id;
}

/** The owner sends a final report and shr01 passes it at the given time; the clock is put back afterwards. */
export async function finishTask(s: TestServer, taskId: number, ownerId: string, when: string) {
  const before = s.app.clock.now();
  s.app.clock.set(when);
  const owner = await s.login(ownerId);
  const rep = await post(owner, '/targetTaskSituation/insert', {
    taskId,
    periodKey: 'final',
    kind: 'final',
    content: '任务全部完成',
    progress: 100,
  });
  expect(rep.statusCode, rep.body).toBe(200);
  const auditor = await s.login('shr01');
  const audit = await post(auditor, '/targetTaskSituation/auditTargetTask', {
    id: rep.json().data.id,
    version: 1,
    result: 'pass',
  });
  expect(audit.statusCode, audit.body).toBe(200);
  s.app.clock.set(before);
}

/** Uploads a small file as the user and returns its id. */
export async function upload(me: TestSession, name: string, content: Buffer) {
  const res = await me.request({
    method: 'POST',
    url: '/api/herm-zdgj/rest/file/upload',
    ...multipartBody({}, { name, content }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.fileId as string;
}

/** A minimal valid PDF body (enough for the upload's content check). */
export const pdf = (text: string) => Buffer.from(`%PDF-1.4 ${text}`);
