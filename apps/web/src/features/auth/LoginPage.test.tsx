import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { APP, AUTH_MSG, MSG, WEB_MSG } from '@zg/contract';
import { message } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { LOGIN_RECORD_KEY } from '../../api/session';
import { SYSTEM_NAME_STORAGE_KEY } from '../../session/system-setting';
import { failed, loginRecord, mockApi, ok, systemSetting } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { LoginPage, safeReturnPath } from './LoginPage';

/** Texts of the error toasts opened so far (antd renders static toasts later, so its calls are watched). */
function watchErrorToasts() {
  const spy = vi.spyOn(message, 'error');
  return () =>
    spy.mock.calls.map(([config]) =>
      typeof config === 'object' && config && 'content' in config ? config.content : config,
    );
}
const submitButton = () => screen.getByRole('button', { name: /登\s*录/ });

function fillIn(userId: string, password: string) {
  fireEvent.change(screen.getByLabelText('工号'), { target: { value: userId } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
}

describe('LoginPage', () => {
  it('shows the configured system name, and remembers it for the next visit', async () => {
    mockApi({ '/api/user/systemSetting': () => ok(systemSetting) });
    renderPage(<LoginPage />, '/login');
    expect(await screen.findByRole('heading', { name: systemSetting.systemName })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(systemSetting.systemName));
    expect(localStorage.getItem(SYSTEM_NAME_STORAGE_KEY)).toBe(systemSetting.systemName);
  });

  it('shows the name remembered from the last visit at once, while the setting loads', async () => {
    localStorage.setItem(SYSTEM_NAME_STORAGE_KEY, '上次的学院名称');
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await answered;
        return new Response(JSON.stringify(ok(systemSetting).body), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderPage(<LoginPage />, '/login');
    expect(screen.getByRole('heading', { name: '上次的学院名称' })).toBeTruthy();
    answer?.();
    expect(await screen.findByRole('heading', { name: systemSetting.systemName })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(SYSTEM_NAME_STORAGE_KEY)).toBe(systemSetting.systemName));
  });

  it('falls back to the default system name when the setting cannot be read', async () => {
    localStorage.setItem(SYSTEM_NAME_STORAGE_KEY, '上次的学院名称');
    const fetchMock = mockApi({ '/api/user/systemSetting': () => failed(500, MSG.serverError) });
    renderPage(<LoginPage />, '/login');
    // One retry for a 5xx first, a second later.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 4000 });
    expect(await screen.findByRole('heading', { name: APP.defaultSystemName }, { timeout: 4000 })).toBeTruthy();
    expect(localStorage.getItem(SYSTEM_NAME_STORAGE_KEY)).toBe('上次的学院名称');
  });

  it('shows both required-field messages when submitted empty, and calls nothing', async () => {
    const fetchMock = mockApi({ '/api/user/systemSetting': () => ok(systemSetting) });
    renderPage(<LoginPage />, '/login');
    fireEvent.click(submitButton());
    expect(await screen.findByText(MSG.loginUserIdRequired, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(
      await screen.findByText(MSG.loginPasswordRequired, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/authc/login'))).toBe(false);
    // The inputs take the form's state: both are marked in error (the field boxes turn red).
    for (const label of ['工号', '密码']) {
      const box = screen.getByLabelText(label).closest('.ant-input-affix-wrapper');
      expect(box?.className).toContain('ant-input-status-error');
    }
  });

  it('signs in, stores the login record and goes to /index', async () => {
    let sent: unknown;
    const fetchMock = mockApi({
      '/api/user/systemSetting': () => ok(systemSetting),
      '/api/authc/login': (init) => {
        sent = Object.fromEntries(new URLSearchParams(String(init.body)));
        return ok(loginRecord, MSG.loginSuccess);
      },
    });
    renderPage(<LoginPage />, '/login', ['/index']);
    fillIn('  zyadmin ', 'Admin@2026');
    fireEvent.submit(screen.getByLabelText('密码'));

    expect(await screen.findByTestId('route')).toHaveProperty('textContent', '/index');
    expect(sent).toEqual({ userId: 'zyadmin', password: 'Admin@2026' });
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/authc/login?'));
    expect(loginCall?.[1]?.method).toBe('POST');
    expect(JSON.parse(sessionStorage.getItem(LOGIN_RECORD_KEY) ?? 'null')).toEqual(loginRecord);
  });

  it('goes back to the page named by from', async () => {
    mockApi({ '/api/user/systemSetting': () => ok(systemSetting), '/api/authc/login': () => ok(loginRecord) });
    renderPage(<LoginPage />, `/login?from=${encodeURIComponent('/targetTaskManagement?tab=mine')}`, [
      '/targetTaskManagement',
    ]);
    fillIn('zyadmin', 'Admin@2026');
    fireEvent.click(submitButton());
    expect(await screen.findByTestId('route')).toHaveProperty('textContent', '/targetTaskManagement');
    expect(screen.getByTestId('location').textContent).toBe('/targetTaskManagement?tab=mine');
  });

  it('shows the lock-out message of repeated failures without an extra toast', async () => {
    mockApi({
      '/api/user/systemSetting': () => ok(systemSetting),
      '/api/authc/login': () => failed(429, AUTH_MSG.loginLocked),
    });
    const toastTexts = watchErrorToasts();
    renderPage(<LoginPage />, '/login', ['/index']);
    fillIn('zyadmin', 'wrong');
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: WEB_MSG.loginFailedTitle });
    expect(within(dialog).getByText(AUTH_MSG.loginLocked)).toBeTruthy();
    expect(toastTexts()).not.toContain(AUTH_MSG.loginLocked);
  });

  it('shows the server message in a 登录失败 dialog and stores nothing', async () => {
    mockApi({
      '/api/user/systemSetting': () => ok(systemSetting),
      '/api/authc/login': () => failed(401, MSG.loginBadCredentials),
    });
    sessionStorage.setItem('stale', 'x');
    const toastTexts = watchErrorToasts();
    renderPage(<LoginPage />, '/login', ['/index']);
    fillIn('zyadmin', 'wrong');
    fireEvent.click(submitButton());

    const dialog = await screen.findByRole('dialog', { name: WEB_MSG.loginFailedTitle });
    expect(within(dialog).getByText(MSG.loginBadCredentials)).toBeTruthy();
    expect(screen.queryByTestId('route')).toBeNull();
    // The session is cleared: nothing of an earlier one is left in session storage.
    expect(sessionStorage.length).toBe(0);
    // The 401 is the page's to show: no "not signed in" toast on top of the dialog.
    expect(toastTexts()).not.toContain(MSG.loginBadCredentials);
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/index', '/index'],
    ['/targetTaskManagement?tab=mine', '/targetTaskManagement?tab=mine'],
    [null, '/index'],
    ['', '/index'],
    ['https://evil.example', '/index'],
    ['//evil.example', '/index'],
    ['/\\evil.example', '/index'],
    ['/login', '/index'],
    ['/login?from=/index', '/index'],
    ['/loginHelp', '/loginHelp'],
  ])('%s -> %s', (from, path) => {
    expect(safeReturnPath(from)).toBe(path);
  });
});
