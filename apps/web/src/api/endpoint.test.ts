import { FILES_API, UI_TEXT, USER_API } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { failed, mockApi, ok } from '../test/fixtures';
import { call, fetchFrom, uploadTo } from './endpoint';

const FILE_ID = '11111111-1111-4111-8111-111111111111';

describe('call', () => {
  it('fills the path parameters and sends the declared method', async () => {
    const fetchMock = mockApi({ [`/api/herm-zdgj/rest/file/files/${FILE_ID}/delete`]: () => ok(null) });
    await expect(call(FILES_API.delete, { params: { id: FILE_ID } })).resolves.toBeNull();
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('sends JSON where the endpoint says so, form-urlencoded otherwise', async () => {
    const fetchMock = mockApi({
      '/api/herm-zdgj/rest/file/files/saveList': () => ok([]),
      '/api/user/theme': () => ok({ themeType: '#1677ff' }),
    });
    await call(FILES_API.saveList, { body: { list: [], context: { ownerType: 'Quality' } } });
    await call(USER_API.theme, { body: { themeType: '#1677ff' } });
    const [json, form] = fetchMock.mock.calls.map(
      ([, init]) => init as RequestInit & { headers: Record<string, string> },
    );
    expect(json?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(json?.body))).toEqual({ list: [], context: { ownerType: 'Quality' } });
    expect(form?.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(String(form?.body)).toBe('themeType=%231677ff');
  });

  it('refuses a reply that does not match the declared data', async () => {
    mockApi({ '/api/user/theme': () => ok({ themeType: 7 }) });
    await expect(call(USER_API.theme, { body: { themeType: '#1677ff' } }, { quiet: true })).rejects.toMatchObject({
      message: UI_TEXT.responseInvalid,
    });
  });
});

describe('fetchFrom', () => {
  it("answers a file endpoint's bytes and the server's name, with the query in the url", async () => {
    const fetchMock = vi.fn(
      async (_url: RequestInfo | URL) =>
        new Response('%PDF', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent('方案.pdf')}`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await fetchFrom(FILES_API.preview, { query: { id: FILE_ID } });
    expect(await file.blob.text()).toBe('%PDF');
    expect(file.filename).toBe('方案.pdf');
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/api/herm-zdgj/rest/file/files/preview');
    expect(url.searchParams.get('id')).toBe(FILE_ID);
  });

  it('rejects with the server message when it refuses', async () => {
    mockApi({ '/api/herm-zdgj/rest/file/files/preview': () => failed(415, '文件类型错误') });
    await expect(fetchFrom(FILES_API.preview, { query: { id: FILE_ID } }, { quiet: true })).rejects.toMatchObject({
      status: 415,
      message: '文件类型错误',
    });
  });
});

/** An XMLHttpRequest that records where it posted and answers `reply`. */
function stubUpload(reply: unknown) {
  const sent: { url: string; form: FormData }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    url = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      sent.push({ url: this.url, form });
      setTimeout(() => {
        this.status = 200;
        this.responseText = JSON.stringify({ meta: { success: true, message: '' }, data: reply });
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('uploadTo', () => {
  it("posts the file to the endpoint's path and answers the declared data", async () => {
    const sent = stubUpload({ headPortrait: `/api/user/avatar/${FILE_ID}` });
    const file = new File(['png'], '头像.png', { type: 'image/png' });
    await expect(uploadTo(USER_API.portraitChange, {}, { file, quiet: true })).resolves.toEqual({
      headPortrait: `/api/user/avatar/${FILE_ID}`,
    });
    expect(new URL(sent[0]?.url ?? '', 'http://x').pathname).toBe('/api/user/portraitChange');
    expect((sent[0]?.form.get('file') as File | undefined)?.name).toBe('头像.png');
  });

  it('refuses a reply that does not match the declared data', async () => {
    stubUpload({ fileId: 1 });
    const file = new File(['x'], 'a.pdf');
    await expect(uploadTo(FILES_API.upload, {}, { file, quiet: true })).rejects.toMatchObject({
      message: UI_TEXT.responseInvalid,
    });
  });
});
