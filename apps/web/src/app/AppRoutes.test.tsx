import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTH_MSG, MSG, SHELL_TEXT, WEB_MSG } from '@zg/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { browser } from '../api/browser';
import { LOGIN_RECORD_KEY, SESSION_HINT_KEY, setLoginRecord } from '../api/session';
import { NARROW_SCREEN } from '../components/use-media-query';
import { failed, loginRecord, mockApi, ok, signedInApi, systemSetting } from '../test/fixtures';
import { renderApp } from '../test/render';

const loginHeading = () => screen.findByRole('heading', { name: '账号登录' });
const where = () => screen.getByTestId('location').textContent;
const signedOutApi = {
  '/api/user/systemSetting': () => ok(systemSetting),
  '/api/authc/tryLogin': () => failed(401, MSG.notSignedIn),
  '/api/authc/casConfig': () => ok({ enabled: false, loginUrl: null }),
};

// The signed-in shell and the home page are lazy chunks: the first test to reach them would otherwise wait for Vite
// to transform them (and antd's pages behind them) inside its 4 s findBy, which a loaded 2-core machine overran
// (欢迎，系统管理员 not found while the home chunk was still compiling). Load them once, before any test's clock.
beforeAll(async () => {
  await Promise.all([import('./SignedInApp'), import('../features/home/HomePage')]);
}, 60_000);

describe('routes', () => {
  it('sends / to /login (no from) when nobody is signed in', async () => {
    mockApi(signedOutApi);
    renderApp('/');
    expect(await loginHeading()).toBeTruthy();
    expect(where()).toBe('/login');
  });

  it('sends / to /index with a stored login record', async () => {
    setLoginRecord(loginRecord);
    const fetchMock = mockApi(signedInApi());
    renderApp('/');
    expect(await screen.findByText('欢迎，系统管理员')).toBeTruthy();
    expect(where()).toBe('/index');
    // A stored record needs no try-login.
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/authc/tryLogin'))).toBe(false);
  });

  it('recovers the record from the session cookie on /index', async () => {
    // A browser that was given a session cookie (signed in from another tab).
    localStorage.setItem(SESSION_HINT_KEY, '1');
    mockApi({ ...signedInApi(), '/api/authc/tryLogin': () => ok(loginRecord) });
    renderApp('/index');
    expect(await screen.findByText('欢迎，系统管理员')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(LOGIN_RECORD_KEY) ?? 'null')).toEqual(loginRecord);
  });

  it('goes to /login with from when try-login fails, and back there after sign-in', async () => {
    mockApi({ ...signedOutApi, ...signedInApi(), '/api/authc/login': () => ok(loginRecord) });
    renderApp('/index?tab=2');
    expect(await loginHeading()).toBeTruthy();
    expect(where()).toBe(`/login?from=${encodeURIComponent('/index?tab=2')}`);

    fireEvent.change(screen.getByLabelText('工号'), { target: { value: 'zyadmin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Admin@2026' } });
    fireEvent.submit(screen.getByLabelText('密码'));
    expect(await screen.findByText('欢迎，系统管理员')).toBeTruthy();
    expect(where()).toBe('/index?tab=2');
  });

  it('leaves for the CAS entry when nobody is signed in and CAS is on', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    vi.spyOn(browser, 'href').mockReturnValue('http://zg.example.edu.cn/#/index');
    mockApi({
      ...signedOutApi,
      '/api/authc/casConfig': () => ok({ enabled: true, loginUrl: 'https://cas.example/login' }),
    });
    renderApp('/index');
    expect(await screen.findByText(WEB_MSG.leavingForCas)).toBeTruthy();
    expect(assign).toHaveBeenCalledWith(
      `https://cas.example/login?service=${encodeURIComponent('http://zg.example.edu.cn/#/index')}`,
    );
  });

  it('shows the menu entries that have pages, and signs out to /login', async () => {
    // A key granted by the server that this build has no page for (a synthetic one: every catalogue key has a page
    // now) is not listed; session/menu.test.ts checks the rule for catalogue keys with a page predicate.
    setLoginRecord({ ...loginRecord, menus: { ...loginRecord.menus, legacyReportCenter: '' } });
    const fetchMock = mockApi({ ...signedInApi(), '/api/authc/logout': () => ok(null, MSG.logoutSuccess) });
    renderApp('/index');
    expect(await screen.findByText(systemSetting.systemName)).toBeTruthy();
    expect(await screen.findByText('欢迎，系统管理员')).toBeTruthy();
    const keys = [...document.querySelectorAll('.zg-header [data-menu-key]')].map((t) => t.textContent);
    expect(keys).toEqual(['首页', '目标标准', '目标任务管理']);

    fireEvent.click(screen.getByRole('button', { name: /退出登录/ }));
    expect(await loginHeading()).toBeTruthy();
    expect(where()).toBe('/login');
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).startsWith('/api/authc/logout?') && init?.method === 'POST',
      ),
    ).toBe(true);
    await waitFor(() => expect(sessionStorage.getItem(LOGIN_RECORD_KEY)).toBeNull());
    // Signing out is not a lost record: no try-login to win the session back.
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/authc/tryLogin'))).toBe(false);
  });

  it('on a phone, keeps the sidebar closed as a drawer and lists the modules under 更多', async () => {
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: query === NARROW_SCREEN })) as typeof wide;
    try {
      setLoginRecord(loginRecord);
      mockApi(signedInApi());
      renderApp('/index');
      expect(await screen.findByText('欢迎，系统管理员')).toBeTruthy();
      // No horizontal menu and no sidebar menu until asked for: the page has the width.
      expect(document.querySelector('.zg-header [data-menu-key]')).toBeNull();
      expect(document.querySelector('.zg-sider .ant-menu')).toBeNull();
      const toggle = screen.getByRole('button', { name: SHELL_TEXT.expandSidebar });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');

      fireEvent.click(toggle);
      const sider = document.querySelector('.zg-sider') as HTMLElement;
      fireEvent.click(await within(sider).findByText('首页'));
      // A choice closes the drawer again.
      await waitFor(() => expect(document.querySelector('.zg-sider .ant-menu')).toBeNull());
      fireEvent.click(screen.getByRole('button', { name: SHELL_TEXT.expandSidebar }));
      expect(await within(sider).findByText('首页')).toBeTruthy();
      fireEvent.keyDown(window, { key: 'Escape' });
      await waitFor(() => expect(document.querySelector('.zg-sider .ant-menu')).toBeNull());

      // The modules are one tap away under 更多.
      fireEvent.click(screen.getByRole('button', { name: SHELL_TEXT.more }));
      expect(await screen.findByRole('menuitem', { name: /目标任务管理/ })).toBeTruthy();
    } finally {
      window.matchMedia = wide;
    }
  });

  it('signs out to /login even when the session had already ended', async () => {
    setLoginRecord(loginRecord);
    mockApi({ ...signedInApi(), '/api/authc/logout': () => failed(401, MSG.notSignedIn) });
    renderApp('/index');
    fireEvent.click(await screen.findByRole('button', { name: /退出登录/ }));
    expect(await loginHeading()).toBeTruthy();
    expect(sessionStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
  });

  it('keeps the user signed in and shows 退出失败 when sign-out fails', async () => {
    setLoginRecord(loginRecord);
    mockApi({ ...signedInApi(), '/api/authc/logout': () => failed(500, MSG.serverError) });
    renderApp('/index');
    fireEvent.click(await screen.findByRole('button', { name: /退出登录/ }));
    const dialog = await screen.findByRole('dialog', { name: WEB_MSG.logoutFailedTitle });
    expect(dialog.textContent).toContain(MSG.serverError);
    expect(screen.getByText('欢迎，系统管理员')).toBeTruthy();
  });

  it('holds a reset account behind the forced password change, with no page behind it, until it is changed', async () => {
    setLoginRecord({ ...loginRecord, mustChangePassword: true });
    const fetchMock = mockApi({
      ...signedInApi(),
      '/api/user/password/update': () => ok(null, AUTH_MSG.passwordChanged),
    });
    renderApp('/index');
    const dialog = await screen.findByRole('dialog', { name: SHELL_TEXT.forcedPasswordTitle });
    expect(dialog.textContent).toContain(SHELL_TEXT.forcedPasswordNotice);
    // It cannot be closed: no 取消, no close button, Escape does nothing.
    expect(within(dialog).queryByRole('button', { name: SHELL_TEXT.cancel })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /close|关闭/i })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: SHELL_TEXT.forcedPasswordTitle })).toBeTruthy();
    // No page is rendered, so nothing asks the server for what it would refuse.
    expect(screen.queryByText('欢迎，系统管理员')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/herm-wbs/'))).toBe(false);

    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label, { selector: 'input' }), { target: { value } });
    type('旧密码', 'Init@2026');
    type('新密码', 'Mine@20261');
    type('确认新密码', 'Mine@20261');
    fireEvent.click(within(dialog).getByRole('button', { name: SHELL_TEXT.confirmChange }));
    expect(await loginHeading()).toBeTruthy();
    expect(where()).toBe('/login');
    expect(sessionStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
  });

  it('offers 退出登录 in the forced password change', async () => {
    setLoginRecord({ ...loginRecord, mustChangePassword: true });
    mockApi({ ...signedInApi(), '/api/authc/logout': () => ok(null, MSG.logoutSuccess) });
    renderApp('/index');
    const dialog = await screen.findByRole('dialog', { name: SHELL_TEXT.forcedPasswordTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: /退出登录/ }));
    expect(await loginHeading()).toBeTruthy();
    expect(sessionStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
  });

  it('lands a user with no menus on /index with an empty entry list, and sends unknown routes there', async () => {
    setLoginRecord({ ...loginRecord, menus: {} });
    mockApi(signedInApi());
    renderApp('/target');
    expect(await screen.findByText(SHELL_TEXT.noEntries)).toBeTruthy();
    expect(where()).toBe('/index');
    expect(document.querySelectorAll('.zg-header [data-menu-key]')).toHaveLength(0);
  });
});
