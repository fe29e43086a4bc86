import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { APP, MSG } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { LOGIN_RECORD_KEY } from '../../api/session';
import { failed, loginRecord, mockApi, ok, systemSetting } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { LoginPage } from './LoginPage';

const submitButton = () => screen.getByRole('button', { name: /登\s*录/ });

function fillIn(userId: string, password: string) {
  fireEvent.change(screen.getByLabelText('工号'), { target: { value: userId } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
}

describe('LoginPage', () => {
  it('shows the configured system name', async () => {
    mockApi({ '/api/user/systemSetting': () => ok(systemSetting) });
    renderPage(<LoginPage />, '/login');
    expect(await screen.findByRole('heading', { name: systemSetting.systemName })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(systemSetting.systemName));
  });

  it('falls back to the default system name when the setting cannot be read', async () => {
    mockApi({ '/api/user/systemSetting': () => failed(500, MSG.serverError) });
    renderPage(<LoginPage />, '/login');
    // One retry for a 5xx first, a second later.
    expect(await screen.findByRole('heading', { name: APP.defaultSystemName }, { timeout: 4000 })).toBeTruthy();
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
  });

  it('signs in, stores the login record and goes to /index', async () => {
    let sent: unknown;
    const fetchMock = mockApi({
      '/api/user/systemSetting': () => ok(systemSetting),
      '/api/authc/login': (init) => {
        sent = JSON.parse(String(init.body));
        return ok(loginRecord, MSG.loginSuccess);
      },
    });
    renderPage(<LoginPage />, '/login', ['/index']);
    fillIn('  zyadmin ', 'Admin@2026');
    fireEvent.submit(screen.getByLabelText('密码'));

    expect(await screen.findByTestId('route')).toHaveProperty('textContent', '/index');
    expect(sent).toEqual({ userId: 'zyadmin', password: 'Admin@2026' });
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/authc/login');
    expect(loginCall?.[1]?.method).toBe('POST');
    expect(JSON.parse(sessionStorage.getItem(LOGIN_RECORD_KEY) ?? 'null')).toEqual(loginRecord);
  });

  it('shows the server message in a 登录失败 dialog and stores nothing', async () => {
    mockApi({
      '/api/user/systemSetting': () => ok(systemSetting),
      '/api/authc/login': () => failed(401, MSG.loginBadCredentials),
    });
    renderPage(<LoginPage />, '/login', ['/index']);
    fillIn('zyadmin', 'wrong');
    fireEvent.click(submitButton());

    const dialog = await screen.findByRole('dialog', { name: MSG.loginFailed });
    expect(within(dialog).getByText(MSG.loginBadCredentials)).toBeTruthy();
    expect(screen.queryByTestId('route')).toBeNull();
    expect(sessionStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
  });
});
