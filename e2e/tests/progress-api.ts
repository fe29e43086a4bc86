import { apiAs } from './api-client';

const W = '/api/herm-wbs';

/** A year target of fbr01 audited by shr01, with one top-level task for 教务处 (D02), pushed to the department. */
export async function pushedTask(baseURL: string, name: string, dates: { start: string; end: string }) {
  const fbr = await apiAs(baseURL, 'fbr01');
  const target = (await fbr.post(`${W}/yearTarget/insert`, {
    name,
    cycleYear: Number(dates.start.slice(0, 4)),
    chargeDepartId: 'D04',
    auditorId: 'shr01',
  })) as { id: number };
  const task = (await fbr.post(`${W}/targetTask/insert`, {
    yearTargetId: target.id,
    rwmc: name,
    rwlx: 'B',
    departmentId: 'D02',
    kssj: dates.start,
    jssj: dates.end,
  })) as { id: number };
  await fbr.post(`${W}/targetTask/${task.id}/push`, { version: 1 });
  await fbr.dispose();
  return { yearTargetId: target.id, taskId: task.id };
}

/** The pushed task taken on by 教务处 (bmfzr01) for rwfzr01, defined and approved by shr01: it is under way. */
export async function executingTask(baseURL: string, name: string, dates: { start: string; end: string }) {
  const ids = await pushedTask(baseURL, name, dates);
  const steps: [string, string, object][] = [
    ['bmfzr01', `${W}/targetTask/${ids.taskId}/accept`, { version: 2 }],
    ['bmfzr01', `${W}/targetTask/${ids.taskId}/resolve`, { version: 3, ownerId: 'rwfzr01' }],
    ['rwfzr01', `${W}/targetTaskAudit/${ids.taskId}/submit`, { version: 4 }],
    ['shr01', `${W}/targetTaskAudit/${ids.taskId}/pass`, { version: 5 }],
  ];
  for (const [who, path, body] of steps) {
    const user = await apiAs(baseURL, who);
    await user.post(path, body);
    await user.dispose();
  }
  return ids;
}

/** Moves the server clock (TEST_HOOKS) and runs the warning job; null goes back to the system clock. */
export async function moveClock(baseURL: string, now: string | null) {
  const admin = await apiAs(baseURL, 'zyadmin');
  const result = await admin.post('/api/test/clock', { now });
  await admin.dispose();
  return result as { now: string; raised: number; closed: number };
}
