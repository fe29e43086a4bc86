import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect, request } from '@playwright/test';

/** A signed-in API client for test setup: the session cookie plus the CSRF pair every call carries (spec-1 section 7). */
export interface ApiUser {
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body: object): Promise<T>;
  /** Uploads one file in a single multipart request (field `file`) and gives the stored file's id. */
  upload(file: { name: string; mimeType: string; buffer: Buffer }): Promise<string>;
  dispose(): Promise<void>;
}

const PASSWORDS: Record<string, string> = { zyadmin: 'Admin@2026' };

/** Signs `userId` in (demo password) and gives a client whose calls fail the test unless the server answers 200. */
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
    get: async <T>(path: string) => (await unwrap(await ctx.get(signed(path)), path)) as T,
    post: async <T>(path: string, body: object) =>
      (await unwrap(await ctx.post(signed(path), { data: body }), path)) as T,
    upload: async (file) => {
      const path = '/api/herm-zdgj/rest/file/upload';
      const made = (await unwrap(await ctx.post(signed(path), { multipart: { file } }), path)) as { fileId: string };
      return made.fileId;
    },
    dispose: () => ctx.dispose(),
  };
}

/** Runs `fn` as `userId` through the real API, then signs the client out of the test. */
export async function as<T>(baseURL: string, userId: string, fn: (api: ApiUser) => Promise<T>): Promise<T> {
  const api = await apiAs(baseURL, userId);
  try {
    return await fn(api);
  } finally {
    await api.dispose();
  }
}
