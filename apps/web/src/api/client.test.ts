import { hmacSha256Hex, type LoginRecord, LoginRecordSchema, MSG, UI_TEXT as TEXT } from '@zg/contract';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, get, post, request } from './client';
import { setLoginRecord } from './session';

const fetchMock = vi.fn<typeof fetch>();

function reply(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fetch that never answers, but rejects like the browser's when its signal aborts. */
function hangingFetch(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

function lastCall(): [string, RequestInit] {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return [String(call[0]), call[1] ?? {}];
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

/** Spies on the static warning toast without rendering it. */
function silenceWarnings() {
  return vi.spyOn(message, 'warning').mockImplementation(() => Object.assign(() => {}, Promise.resolve(true)));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request client', () => {
  it('unwraps the envelope and validates data with the given schema', async () => {
    fetchMock.mockResolvedValue(reply(200, { meta: { success: true, message: '操作成功' }, data: { n: 1 } }));
    const data = await get('/api/thing', { schema: { parse: (d: unknown) => d as { n: number } } });
    expect(data).toEqual({ n: 1 });
  });

  it('sends GET parameters with a cache-busting _t, cookies and JSON accept', async () => {
    fetchMock.mockResolvedValue(reply(200, { meta: { success: true, message: '' }, data: null }));
    await get('/api/list', { query: { pageNum: 1, name: '张三', empty: undefined } });
    const [url, init] = lastCall();
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/api/list');
    expect(parsed.searchParams.get('pageNum')).toBe('1');
    expect(parsed.searchParams.get('name')).toBe('张三');
    expect(parsed.searchParams.has('empty')).toBe(false);
    expect(Number(parsed.searchParams.get('_t'))).toBeGreaterThan(0);
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
  });

  it('posts JSON', async () => {
    fetchMock.mockResolvedValue(reply(200, { meta: { success: true, message: '' }, data: null }));
    await post('/api/authc/login', { userId: 'zyadmin', password: 'x' });
    const [url, init] = lastCall();
    expect(url).toBe('/api/authc/login');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ userId: 'zyadmin', password: 'x' }));
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends the stored login data as headers, the name double URL-encoded', async () => {
    const record: LoginRecord = LoginRecordSchema.parse({
      userId: 'zyadmin',
      userName: '管理员',
      orgId: 'D01',
      menus: {},
      roles: [],
      roleIdList: [],
      roleNameList: [],
      qq: null,
      phone: null,
      displayPhoto: null,
      lastAccessTime: null,
      chargeDeparmentList: [],
      chargeDeparmentIdList: [],
      newChargeDeparmentList: [],
      newChargeDeparmentIdList: [],
      csrfSecret: 'secret',
    });
    setLoginRecord(record);
    fetchMock.mockImplementation(async () => reply(200, { meta: { success: true, message: '' }, data: null }));
    await get('/api/x');
    const [url, init] = lastCall();
    const headers = init.headers as Record<string, string>;
    expect(headers.loginUserId).toBe('zyadmin');
    expect(headers.loginUserName).toBe(encodeURIComponent(encodeURIComponent('管理员')));
    expect(headers.loginUserOrgId).toBe('D01');
    const params = new URL(url, 'http://x').searchParams;
    const timestamp = params.get('csrfTimestamp') ?? '';
    expect(params.get('csrfToken')).toBe(hmacSha256Hex('secret', timestamp));

    // POSTs carry the pair in the URL too, beside their JSON body.
    await post('/api/authc/logout');
    const postUrl = new URL(lastCall()[0], 'http://x');
    expect(postUrl.pathname).toBe('/api/authc/logout');
    expect(postUrl.searchParams.get('csrfToken')).toBe(
      hmacSha256Hex('secret', postUrl.searchParams.get('csrfTimestamp') ?? ''),
    );
    expect(postUrl.searchParams.has('_t')).toBe(false);
  });

  it('sends no login headers or CSRF pair without a login record', async () => {
    fetchMock.mockResolvedValue(reply(200, { meta: { success: true, message: '' }, data: null }));
    await get('/api/user/systemSetting');
    const [url, init] = lastCall();
    expect(Object.keys(init.headers as Record<string, string>)).toEqual(['Accept']);
    expect(new URL(url, 'http://x').searchParams.has('csrfToken')).toBe(false);
  });

  it('throws the server message and code when meta.success is false on HTTP 200', async () => {
    fetchMock.mockResolvedValue(reply(200, { meta: { success: false, message: MSG.noPermission }, data: null }));
    const error = await caught(get('/api/x'));
    expect(error).toMatchObject({ status: 200, message: MSG.noPermission, reason: 'server', code: undefined });
  });

  it('throws status, code and message of an HTTP error envelope', async () => {
    fetchMock.mockResolvedValue(
      reply(401, { meta: { success: false, message: MSG.sessionExpired, code: 53000010 }, data: null }),
    );
    const error = await caught(post('/api/x'));
    expect(error).toMatchObject({ status: 401, code: 53000010, message: MSG.sessionExpired, reason: 'server' });
  });

  it('falls back to a Chinese message when an error reply has no envelope', async () => {
    fetchMock.mockResolvedValue(reply(429, '<html>Too Many</html>'));
    expect(await caught(get('/api/x'))).toMatchObject({ status: 429, message: MSG.tooManyRequests });
    fetchMock.mockResolvedValue(reply(502, ''));
    expect(await caught(get('/api/x'))).toMatchObject({ status: 502, message: MSG.serverError });
  });

  it('rejects a success reply that is not an envelope or does not match the schema', async () => {
    fetchMock.mockResolvedValue(reply(200, '<!doctype html>'));
    expect(await caught(get('/api/x'))).toMatchObject({ status: 200, message: TEXT.responseInvalid });
    fetchMock.mockResolvedValue(reply(200, { meta: { success: true, message: '' }, data: { id: 'x' } }));
    const error = await caught(get('/api/x', { schema: LoginRecordSchema }));
    expect(error.message).toBe(TEXT.responseInvalid);
    expect(error.cause).toBeDefined();
  });

  it('reports a network failure in Chinese', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await caught(get('/api/x'))).toMatchObject({ status: 0, reason: 'network', message: TEXT.networkError });
  });

  it('aborts after 60 s and warns once with 请求超时！', async () => {
    vi.useFakeTimers();
    const warning = silenceWarnings();
    fetchMock.mockImplementation(hangingFetch);
    const pending = caught(request('/api/slow'));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(warning).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ status: 0, reason: 'timeout', message: MSG.requestTimeout });
    expect(warning).toHaveBeenCalledTimes(1);
    expect(warning).toHaveBeenCalledWith(expect.objectContaining({ content: '请求超时！', duration: 3 }));
    expect(lastCall()[1].signal?.aborted).toBe(true);
  });

  it('uses one message key, so concurrent time-outs show a single warning', async () => {
    vi.useFakeTimers();
    const warning = silenceWarnings();
    fetchMock.mockImplementation(hangingFetch);
    const both = Promise.all([
      caught(request('/api/a', { timeoutMs: 10 })),
      caught(request('/api/b', { timeoutMs: 10 })),
    ]);
    await vi.advanceTimersByTimeAsync(10);
    await both;
    const keys = warning.mock.calls.map(([config]) =>
      typeof config === 'object' && config && 'key' in config ? config.key : null,
    );
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBeTruthy();
  });

  it('treats HTTP 504 as a time-out', async () => {
    const warning = silenceWarnings();
    fetchMock.mockResolvedValue(reply(504, ''));
    expect(await caught(get('/api/x'))).toMatchObject({ status: 504, reason: 'timeout' });
    expect(warning).toHaveBeenCalledTimes(1);
  });

  it('lets a cancellation by the caller through without a warning', async () => {
    const warning = vi.spyOn(message, 'warning');
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const pending = get('/api/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(warning).not.toHaveBeenCalled();
  });
});
