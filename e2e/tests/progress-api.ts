import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect, request } from '@playwright/test';

/** A signed-in API client for test setup: the session cookie plus the CSRF pair every call carries (spec-1 section 7). */
export interface ApiUser {
  get(path: string): Promise<unknown>;
  post(path: string, body: object): Promise<unknown>;
  /** Uploads one file in a single multipart request (field `file`) and gives the stored file's id. */
  upload(file: { name: string; mimeType: string; buffer: Buffer }): Promise<string>;
  dispose(): Promise<void>;
}

const PASSWORDS: Record<string, string> = { zyadmin: 'Admin@2026' };

export async function apiAs(baseURL: string, userId: string): Promise<ApiUser> {
  const ctx: APIRequestContext = await request.newContext({ baseURL });
  const login = await ctx.post('/api/authc/login', { data: { userId, password: PASSWORDS[userId] ?? 'Demo@2026' } });
  expect(login.status(), await login.text()).toBe(200);
  const secret = (await login.json()).data.csrfSecret as string;
  const signed = (path: string) => {
    const ts = String(Date.now());
    const token = createHmac('sha256', secret).update(ts).digest('hex');
    return `${path}${path.includes('?') ? '&' : '?'}_t=${ts}&csrfTimestamp=${ts}&csrfToken=${token}`;
  };
  const unwrap = async (res: Awaited<ReturnType<APIRequestContext['get']>>, what: string) => {
    const body = (await res.json()) as { meta: unknown; data: unknown };
    expect(res.status(), `${what}: ${JSON.stringify(body.meta)}`).toBe(200);
    return body.data;
  };
  return {
    get: async (path) => unwrap(await ctx.get(signed(path)), path),
    post: async (path, body) => unwrap(await ctx.post(signed(path), { data: body }), path),
    upload: async (file) => {
      const path = '/api/herm-zdgj/rest/file/upload';
      const made = (await unwrap(await ctx.post(signed(path), { multipart: { file } }), path)) as { fileId: string };
      return made.fileId;
    },
    dispose: () => ctx.dispose(),
  };
}

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
