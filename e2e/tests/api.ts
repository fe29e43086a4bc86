import { type APIRequestContext, request } from '@playwright/test';
import { csrfPair } from '../../packages/contract/src/csrf';
import type { Account } from './support';

/** A signed-in API session of its own (not the page's cookies), for setting up data the way the web app would. */
export interface ApiSession {
  get(path: string): Promise<unknown>;
  post(path: string, body: object): Promise<unknown>;
  dispose(): Promise<void>;
}

function signed(url: string, secret: string) {
  const { csrfTimestamp, csrfToken } = csrfPair(secret);
  return `${url}${url.includes('?') ? '&' : '?'}_t=${Date.now()}&csrfTimestamp=${csrfTimestamp}&csrfToken=${csrfToken}`;
}

async function dataOf(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  const body = (await res.json()) as { meta?: { success?: boolean; message?: string }; data?: unknown } | null;
  if (!res.ok() || !body?.meta?.success) throw new Error(`${what}: ${res.status()} ${JSON.stringify(body?.meta)}`);
  return body.data;
}

/** Signs `who` in on a fresh request context with the same base URL as the tests. */
export async function apiSession(baseURL: string, who: Pick<Account, 'userId' | 'password'>): Promise<ApiSession> {
  const context = await request.newContext({ baseURL });
  const login = await context.post('/api/authc/login', { form: { userId: who.userId, password: who.password } });
  const record = (await dataOf(login, `login ${who.userId}`)) as { csrfSecret: string };
  return {
    get: async (path) => dataOf(await context.get(signed(path, record.csrfSecret)), `GET ${path}`),
    post: async (path, body) =>
      dataOf(await context.post(signed(path, record.csrfSecret), { data: body }), `POST ${path}`),
    dispose: () => context.dispose(),
  };
}
