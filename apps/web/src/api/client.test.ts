import { hmacSha256Hex, LoginRecordSchema, MSG, UI_TEXT as TEXT, WEB_MSG } from '@zg/contract';
import { Modal, type ModalFuncProps, message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { loginRecord } from '../test/fixtures';
import { browser } from './browser';
import { ApiError, download, fetchBlob, get, post, request, upload } from './client';
import { getLoginRecord, setLoginRecord } from './session';

const fetchMock = vi.fn<typeof fetch>();

function reply(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

const envelope = (data: unknown, message = '') => ({ meta: { success: true, message }, data });
const refusal = (message: string, code?: number) => ({ meta: { success: false, message, code }, data: null });

/** A fetch that never answers, but rejects like the browser's when its signal aborts. */
function hangingFetch(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

function lastCall(): [URL, RequestInit] {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return [new URL(String(call[0]), 'http://x'), call[1] ?? {}];
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

const closedToast = () => Object.assign(() => {}, Promise.resolve(true));
const closedModal = () => ({ destroy: () => {}, update: () => {} });

/** Spies on the static toasts and dialogs without rendering them. */
function watchNotices() {
  return {
    warning: vi.spyOn(message, 'warning').mockImplementation(closedToast),
    error: vi.spyOn(message, 'error').mockImplementation(closedToast),
    confirm: vi.spyOn(Modal, 'confirm').mockImplementation(closedModal),
    dialog: vi.spyOn(Modal, 'warning').mockImplementation(closedModal),
    assign: vi.spyOn(browser, 'assign').mockImplementation(() => {}),
  };
}

/** The config a static dialog was opened with. */
function dialogConfig(spy: { mock: { calls: unknown[][] } }, index = 0): ModalFuncProps {
  return spy.mock.calls[index]?.[0] as ModalFuncProps;
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
    fetchMock.mockResolvedValue(reply(200, envelope({ n: 1 }, '操作成功')));
    const data = await get('/api/thing', { schema: { parse: (d: unknown) => d as { n: number } } });
    expect(data).toEqual({ n: 1 });
  });

  it('sends GET parameters with a cache-busting _t and cookies', async () => {
    fetchMock.mockResolvedValue(reply(200, envelope(null)));
    await get('/api/list', { query: { pageNum: 1, name: '张三', empty: undefined } });
    const [url, init] = lastCall();
    expect(url.pathname).toBe('/api/list');
    expect(url.searchParams.get('pageNum')).toBe('1');
    expect(url.searchParams.get('name')).toBe('张三');
    expect(url.searchParams.has('empty')).toBe(false);
    expect(Number(url.searchParams.get('_t'))).toBeGreaterThan(0);
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
  });

  it('posts form-urlencoded by default, nested keys as a[0][b], with _t in the URL', async () => {
    fetchMock.mockResolvedValue(reply(200, envelope(null)));
    await post('/api/save', {
      name: '张三',
      list: [{ id: 1, tags: ['甲', '乙'] }],
      flag: true,
      empty: null,
      skipped: undefined,
    });
    const [url, init] = lastCall();
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(String(init.body)).toContain('list%5B0%5D%5Bid%5D=1');
    const body = new URLSearchParams(String(init.body));
    expect([...body.entries()]).toEqual([
      ['name', '张三'],
      ['list[0][id]', '1'],
      ['list[0][tags][0]', '甲'],
      ['list[0][tags][1]', '乙'],
      ['flag', 'true'],
      ['empty', ''],
    ]);
    expect(Number(url.searchParams.get('_t'))).toBeGreaterThan(0);
  });

  it('posts JSON when asked', async () => {
    fetchMock.mockResolvedValue(reply(200, envelope(null)));
    await post('/api/authc/login', { userId: 'zyadmin', password: 'x' }, { json: true });
    const [url, init] = lastCall();
    expect(url.pathname).toBe('/api/authc/login');
    expect(init.body).toBe(JSON.stringify({ userId: 'zyadmin', password: 'x' }));
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends the stored login data as headers (name double URL-encoded) and the CSRF pair on every call', async () => {
    setLoginRecord(LoginRecordSchema.parse({ ...loginRecord, userName: '管理员', orgId: 'D01', csrfSecret: 'secret' }));
    fetchMock.mockImplementation(async () => reply(200, envelope(null)));
    await get('/api/x');
    const [url, init] = lastCall();
    const headers = init.headers as Record<string, string>;
    expect(headers.loginUserId).toBe('zyadmin');
    expect(headers.loginUserName).toBe(encodeURIComponent(encodeURIComponent('管理员')));
    expect(headers.loginUserOrgId).toBe('D01');
    const timestamp = url.searchParams.get('csrfTimestamp') ?? '';
    expect(url.searchParams.get('csrfToken')).toBe(hmacSha256Hex('secret', timestamp));

    await post('/api/authc/logout');
    const [postUrl, postInit] = lastCall();
    expect(postUrl.pathname).toBe('/api/authc/logout');
    expect(postUrl.searchParams.get('csrfToken')).toBe(
      hmacSha256Hex('secret', postUrl.searchParams.get('csrfTimestamp') ?? ''),
    );
    expect(postUrl.searchParams.has('_t')).toBe(true);
    expect(postInit.body).toBeUndefined();
  });

  it('sends no login headers or CSRF pair without a login record', async () => {
    fetchMock.mockResolvedValue(reply(200, envelope(null)));
    await get('/api/user/systemSetting');
    const [url, init] = lastCall();
    expect(Object.keys(init.headers as Record<string, string>)).toEqual(['Accept']);
    expect(url.searchParams.has('csrfToken')).toBe(false);
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
    fetchMock.mockResolvedValue(reply(200, envelope({ id: 'x' })));
    const error = await caught(get('/api/x', { schema: LoginRecordSchema }));
    expect(error.message).toBe(TEXT.responseInvalid);
    expect(error.cause).toBeDefined();
  });

  it('reports a network failure in Chinese', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await caught(get('/api/x'))).toMatchObject({ status: 0, reason: 'network', message: TEXT.networkError });
  });

  it('lets a cancellation by the caller through without a warning', async () => {
    const notices = watchNotices();
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const pending = get('/api/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(notices.warning).not.toHaveBeenCalled();
  });
});

describe('time-outs', () => {
  it('aborts after 60 s and warns 请求超时！ for 3 s', async () => {
    vi.useFakeTimers();
    const notices = watchNotices();
    fetchMock.mockImplementation(hangingFetch);
    const pending = caught(request('/api/slow'));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(notices.warning).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ status: 0, reason: 'timeout', message: MSG.requestTimeout, handled: true });
    expect(notices.warning).toHaveBeenCalledTimes(1);
    expect(notices.warning).toHaveBeenCalledWith(expect.objectContaining({ content: '请求超时！', duration: 3 }));
    expect(lastCall()[1].signal?.aborted).toBe(true);
  });

  it('shows one warning at a time: concurrent time-outs share one message key', async () => {
    vi.useFakeTimers();
    const notices = watchNotices();
    fetchMock.mockImplementation(hangingFetch);
    const both = Promise.all([
      caught(request('/api/a', { timeoutMs: 10 })),
      caught(request('/api/b', { timeoutMs: 10 })),
    ]);
    await vi.advanceTimersByTimeAsync(10);
    await both;
    const keys = notices.warning.mock.calls.map(([config]) =>
      typeof config === 'object' && config && 'key' in config ? config.key : null,
    );
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBeTruthy();
  });

  it('treats HTTP 504 as a time-out', async () => {
    const notices = watchNotices();
    fetchMock.mockResolvedValue(reply(504, ''));
    expect(await caught(post('/api/x', { a: 1 }))).toMatchObject({ status: 504, reason: 'timeout' });
    expect(notices.warning).toHaveBeenCalledTimes(1);
  });

  it('"again" mode asks 请求超时，是否重试？ and resends on confirm', async () => {
    vi.useFakeTimers();
    const notices = watchNotices();
    fetchMock.mockImplementationOnce(hangingFetch).mockResolvedValueOnce(reply(200, envelope({ n: 2 })));
    const pending = get('/api/slow', { again: true, query: { id: 7 } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(notices.confirm).toHaveBeenCalledTimes(1);
    const question = dialogConfig(notices.confirm);
    expect(question).toMatchObject({ title: MSG.requestTimeoutRetry, okText: WEB_MSG.retry });
    question.onOk?.();
    await expect(pending).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(lastCall()[0].searchParams.get('id')).toBe('7');
    expect(notices.warning).not.toHaveBeenCalled();
  });

  it('"again" mode rejects when the user declines, without a further warning', async () => {
    vi.useFakeTimers();
    const notices = watchNotices();
    fetchMock.mockImplementation(hangingFetch);
    const pending = caught(get('/api/slow', { again: true }));
    await vi.advanceTimersByTimeAsync(60_000);
    dialogConfig(notices.confirm).onCancel?.();
    expect(await pending).toMatchObject({ reason: 'timeout', handled: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(notices.warning).not.toHaveBeenCalled();
  });

  it('"again" mode asks once for calls that time out together, and resends them all', async () => {
    vi.useFakeTimers();
    const notices = watchNotices();
    fetchMock
      .mockImplementationOnce(hangingFetch)
      .mockImplementationOnce(hangingFetch)
      .mockImplementation(async () => reply(200, envelope('ok')));
    const both = Promise.all([
      get('/api/a', { again: true, timeoutMs: 10 }),
      get('/api/b', { again: true, timeoutMs: 10 }),
    ]);
    await vi.advanceTimersByTimeAsync(10);
    expect(notices.confirm).toHaveBeenCalledTimes(1);
    dialogConfig(notices.confirm).onOk?.();
    await expect(both).resolves.toEqual(['ok', 'ok']);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});

describe('error catalogue', () => {
  beforeEach(() => setLoginRecord(loginRecord));

  it('HTTP 302: error toast, session storage cleared, off to the site root', async () => {
    const notices = watchNotices();
    sessionStorage.setItem('other', 'x');
    fetchMock.mockResolvedValue(reply(302, refusal(WEB_MSG.notLoggedIn302)));
    const error = await caught(get('/api/x'));
    expect(error).toMatchObject({ status: 302, handled: true });
    expect(notices.error).toHaveBeenCalledWith(expect.objectContaining({ content: WEB_MSG.notLoggedIn302 }));
    expect(sessionStorage.length).toBe(0);
    expect(getLoginRecord()).toBeNull();
    expect(notices.assign).toHaveBeenCalledWith('/');
  });

  it('HTTP 401: shows meta.message', async () => {
    const notices = watchNotices();
    fetchMock.mockResolvedValue(reply(401, refusal(MSG.notSignedIn)));
    expect(await caught(get('/api/x'))).toMatchObject({ status: 401, handled: true });
    expect(notices.error).toHaveBeenCalledWith(expect.objectContaining({ content: MSG.notSignedIn }));
    expect(notices.dialog).not.toHaveBeenCalled();
  });

  it('a quiet call (sign-in) shows nothing for a 401: its page does', async () => {
    const notices = watchNotices();
    fetchMock.mockResolvedValue(reply(401, refusal(MSG.loginBadCredentials)));
    expect(await caught(post('/api/authc/login', {}, { quiet: true }))).toMatchObject({ handled: false });
    expect(notices.error).not.toHaveBeenCalled();
  });

  it('HTTP 401 with code 53000010: one 登录已过期 dialog for two failing calls; 重新登录 clears and goes to /login', async () => {
    const notices = watchNotices();
    fetchMock.mockImplementation(async () => reply(401, refusal(MSG.sessionExpired, 53000010)));
    const errors = await Promise.all([caught(get('/api/a')), caught(post('/api/b', { x: 1 }))]);
    expect(errors.map((e) => [e.code, e.handled])).toEqual([
      [53000010, true],
      [53000010, true],
    ]);
    expect(notices.dialog).toHaveBeenCalledTimes(1);
    expect(notices.error).not.toHaveBeenCalled();
    const dialog = dialogConfig(notices.dialog);
    expect(dialog).toMatchObject({ title: WEB_MSG.sessionExpiredTitle, okText: WEB_MSG.relogin, keyboard: false });

    sessionStorage.setItem('other', 'x');
    dialog.onOk?.();
    expect(sessionStorage.length).toBe(0);
    expect(notices.assign).toHaveBeenCalledWith('/#/login');

    // A later session that expires gets its own dialog.
    setLoginRecord(loginRecord);
    await caught(get('/api/c'));
    expect(notices.dialog).toHaveBeenCalledTimes(2);
  });

  it('meta.success false with the no-permission message: error toast', async () => {
    const notices = watchNotices();
    fetchMock.mockResolvedValue(reply(200, refusal(MSG.noPermission)));
    const error = await caught(get('/api/x'));
    expect(error).toMatchObject({ status: 200, message: MSG.noPermission, reason: 'server', handled: true });
    expect(notices.error).toHaveBeenCalledWith(expect.objectContaining({ content: MSG.noPermission }));
  });

  it('leaves other refusals to the caller', async () => {
    const notices = watchNotices();
    fetchMock.mockResolvedValue(reply(409, refusal(MSG.conflict)));
    expect(await caught(post('/api/x', {}))).toMatchObject({ status: 409, message: MSG.conflict, handled: false });
    expect(notices.error).not.toHaveBeenCalled();
    expect(notices.warning).not.toHaveBeenCalled();
  });
});

describe('file downloads', () => {
  it('saves the blob under the RFC 5987 file name of Content-Disposition', async () => {
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => {} });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    fetchMock.mockResolvedValue(
      new Response('xlsx-bytes', {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent('年度目标.xlsx')}`,
        },
      }),
    );
    const name = await download('/api/export', { method: 'POST', body: { ids: ['a', 'b'] } });
    expect(name).toBe('年度目标.xlsx');
    expect(clicked.map((a) => [a.download, a.getAttribute('href')])).toEqual([['年度目标.xlsx', 'blob:report']]);
    const [, init] = lastCall();
    expect(init.method).toBe('POST');
    expect(new URLSearchParams(String(init.body)).get('ids[1]')).toBe('b');
  });

  it('rejects a JSON reply with its meta.message', async () => {
    fetchMock.mockResolvedValue(reply(200, refusal('没有可导出的数据')));
    expect(await caught(fetchBlob('/api/export'))).toMatchObject({ status: 200, message: '没有可导出的数据' });
  });

  it('gives the blob and no name when the server names none', async () => {
    fetchMock.mockResolvedValue(new Response('bytes', { headers: { 'Content-Type': 'application/octet-stream' } }));
    const file = await fetchBlob('/api/file');
    expect(file.filename).toBeNull();
    expect(await file.blob.text()).toBe('bytes');
  });
});

/** A stand-in XMLHttpRequest the test drives: progress, answers, failures. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  timeout = 0;
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploads', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

  it('posts multipart with progress, session headers, CSRF pair and a 120 s time-out', async () => {
    setLoginRecord(loginRecord);
    const progress: number[] = [];
    const file = new File(['png'], '头像.png', { type: 'image/png' });
    const pending = upload('/api/user/portraitChange', {
      file,
      fields: { kind: 'avatar' },
      onProgress: (p) => progress.push(p),
    });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.timeout).toBe(120_000);
    expect(xhr.headers.loginUserId).toBe('zyadmin');
    const url = new URL(xhr.url, 'http://x');
    expect(url.searchParams.get('csrfToken')).toBe(
      hmacSha256Hex(loginRecord.csrfSecret, url.searchParams.get('csrfTimestamp') ?? ''),
    );
    const body = xhr.body as FormData;
    expect([...body.keys()]).toEqual(['kind', 'file']);
    expect((body.get('file') as File).name).toBe('头像.png');

    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(200, envelope({ headPortrait: '/api/user/avatar/x' }));
    await expect(pending).resolves.toEqual({ headPortrait: '/api/user/avatar/x' });
    expect(progress).toEqual([25, 100, 100]);
  });

  it('reports -1 when the upload fails: network, time-out or a refusal', async () => {
    const notices = watchNotices();
    const file = new Blob(['x']);
    const progress: number[] = [];
    const onProgress = (p: number) => progress.push(p);

    let pending = caught(upload('/api/up', { file, onProgress }));
    FakeXhr.last.progress(10, 100);
    FakeXhr.last.onerror?.();
    expect(await pending).toMatchObject({ reason: 'network', message: TEXT.networkError });

    pending = caught(upload('/api/up', { file, onProgress }));
    FakeXhr.last.ontimeout?.();
    expect(await pending).toMatchObject({ reason: 'timeout' });
    expect(notices.warning).toHaveBeenCalledTimes(1);

    pending = caught(upload('/api/up', { file, onProgress }));
    FakeXhr.last.respond(413, refusal(MSG.tooLarge));
    expect(await pending).toMatchObject({ status: 413, message: MSG.tooLarge });

    expect(progress).toEqual([10, -1, -1, -1]);
  });

  it('cancels through the signal', async () => {
    const progress: number[] = [];
    const controller = new AbortController();
    const pending = upload('/api/up', {
      file: new Blob(['x']),
      signal: controller.signal,
      onProgress: (p) => progress.push(p),
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([-1]);
  });
});
