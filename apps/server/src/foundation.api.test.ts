import { MENU_KEYS } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('platform', () => {
  it('GET /api/health checks the database', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      meta: { success: true, message: '操作成功' },
      data: { status: 'ok', database: 'postgres', version: 'V3.5', checks: { database: 'ok', files: 'ok' } },
    });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an unknown API path with 404 in the envelope', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/no/such/path' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ meta: { success: false, message: '请求的资源不存在' }, data: null });
  });

  it('answers a malformed JSON body with 400 and a Chinese message', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/authc/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userId": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta).toEqual({ success: false, message: '请求内容格式不正确，请检查后重试' });
  });

  it('answers a schema violation with 400 naming the field in Chinese', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/authc/login', payload: { userId: '', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.message).toContain('userId：请输入工号');
  });

  it('answers an unsupported content type with 415 in the envelope', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/authc/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().meta.success).toBe(false);
  });

  it('accepts form-urlencoded bodies', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/authc/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'userId=zyadmin&password=Admin%402026&_t=1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userId).toBe('zyadmin');
  });

  it('publishes OpenAPI with every route', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    const apiRoutes = s.app.routeCatalog.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.hidden && r.method !== 'HEAD',
    );
    expect(apiRoutes.length).toBeGreaterThanOrEqual(5);
    for (const r of apiRoutes) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeDefined();
    }
    const ui = await s.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('serves the system setting before sign-in', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/user/systemSetting' });
    expect(res.json().data).toMatchObject({ systemName: '教学质量监测与分析平台', logoAttachment: null });
  });

  it('grants zyadmin every menu key', async () => {
    const { record } = await s.login('zyadmin');
    expect(Object.keys(record.menus as object).sort()).toEqual([...MENU_KEYS].sort());
  });
});
