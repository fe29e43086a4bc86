import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { LOGIN_RECORD_KEY, setLoginRecord } from '../api/session';
import { failed, loginRecord, mockApi, ok, systemSetting } from '../test/fixtures';
import { renderApp } from '../test/render';

const loginHeading = () => screen.findByRole('heading', { name: '账号登录' });

describe('routes', () => {
  it('sends / to /login when nobody is signed in', async () => {
    mockApi({ '/api/user/systemSetting': () => ok(systemSetting) });
    renderApp('/');
    expect(await loginHeading()).toBeTruthy();
  });

  it('sends / to /index with a stored login record', async () => {
    setLoginRecord(loginRecord);
    mockApi({ '/api/user/systemSetting': () => ok(systemSetting) });
    renderApp('/');
    expect(await screen.findByText('欢迎，系统管理员')).toBeTruthy();
  });

  it('recovers the record from the session cookie on /index', async () => {
    mockApi({
      '/api/user/systemSetting': () => ok(systemSetting),
      '/api/authc/tryLogin': () => ok(loginRecord),
    });
    renderApp('/index');
    expect(await screen.findByText('欢迎，系统管理员')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(LOGIN_RECORD_KEY) ?? 'null')).toEqual(loginRecord);
  });

  it('goes to /login from /index when try-login fails', async () => {
    mockApi({
      '/api/user/systemSetting': () => ok(systemSetting),
      '/api/authc/tryLogin': () => failed(401, MSG.notSignedIn),
    });
    renderApp('/index');
    expect(await loginHeading()).toBeTruthy();
  });

  it('shows menus as tags, and signs out to /login', async () => {
    setLoginRecord(loginRecord);
    const fetchMock = mockApi({
      '/api/user/systemSetting': () => ok(systemSetting),
      '/api/authc/logout': () => ok(null, MSG.logoutSuccess),
    });
    renderApp('/index');
    expect(await screen.findByText(systemSetting.systemName)).toBeTruthy();
    // Catalogue order, with the default label where the server sent none.
    const tags = [...document.querySelectorAll('.zg-home__tag')].map((t) => t.textContent);
    expect(tags).toEqual(['首页', '目标标准', '目标任务管理']);

    fireEvent.click(screen.getByRole('button', { name: /退出登录/ }));
    expect(await loginHeading()).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).startsWith('/api/authc/logout?') && init?.method === 'POST',
      ),
    ).toBe(true);
    await waitFor(() => expect(sessionStorage.getItem(LOGIN_RECORD_KEY)).toBeNull());
    // Signing out is not a lost record: no try-login to win the session back.
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/authc/tryLogin'))).toBe(false);
  });

  it('signs out to /login even when the session had already ended', async () => {
    setLoginRecord(loginRecord);
    mockApi({
      '/api/user/systemSetting': () => ok(systemSetting),
      '/api/authc/logout': () => failed(401, MSG.notSignedIn),
    });
    renderApp('/index');
    fireEvent.click(await screen.findByRole('button', { name: /退出登录/ }));
    expect(await loginHeading()).toBeTruthy();
    expect(sessionStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
  });

  it('keeps the user signed in and shows 退出失败 when sign-out fails', async () => {
    setLoginRecord(loginRecord);
    mockApi({
      '/api/user/systemSetting': () => ok(systemSetting),
      '/api/authc/logout': () => failed(500, MSG.serverError),
    });
    renderApp('/index');
    fireEvent.click(await screen.findByRole('button', { name: /退出登录/ }));
    const dialog = await screen.findByRole('dialog', { name: MSG.logoutFailed });
    expect(dialog.textContent).toContain(MSG.serverError);
    expect(screen.getByText('欢迎，系统管理员')).toBeTruthy();
  });

  it('shows an empty state when the user has no menus', async () => {
    setLoginRecord({ ...loginRecord, menus: {} });
    mockApi({ '/api/user/systemSetting': () => ok(systemSetting) });
    renderApp('/index');
    expect(await screen.findByText('暂无可用菜单，请联系管理员分配权限')).toBeTruthy();
  });
});
