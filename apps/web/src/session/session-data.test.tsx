import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MSG, WEB_MSG } from '@zg/contract';
import { Modal, message } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../api/browser';
import { getLoginRecord, setLoginRecord } from '../api/session';
import { basicInfo, calledPaths, failed, list, loginRecord, mockApi, ok, roles, signedInApi } from '../test/fixtures';
import { renderApp } from '../test/render';
import { loadSessionData, type SessionData, useSessionData } from './session-data';

const FOLLOW_UPS = ['/api/user/roles', '/api/user/basicInfo', '/api/user/departmentList', '/api/user/roleList'];
const headInfo = { ...basicInfo, newChargeDeparmentList: [{ bmid: 'D02', bmmc: '教务处', fzrmc: '系统管理员' }] };
const where = () => screen.getByTestId('location').textContent;

/** Texts of the static error toasts opened so far. */
function watchErrorToasts() {
  const spy = vi.spyOn(message, 'error');
  return () =>
    spy.mock.calls.map(([config]) =>
      typeof config === 'object' && config && 'content' in config ? config.content : config,
    );
}

/** Hands the session data to the test at each render. */
function Probe({ onData }: { onData: (data: SessionData | null) => void }) {
  onData(useSessionData());
  return null;
}

describe('after sign-in', () => {
  it('loads roles and basic info, then departments (for a head), the role list and user types', async () => {
    setLoginRecord(loginRecord);
    const fetchMock = mockApi({ ...signedInApi(), '/api/user/basicInfo': () => ok(headInfo) });
    renderApp('/index');
    // The role the client adds for a department head, and the department from basic info.
    expect(await screen.findByText('系统管理员、目标任务部门负责人')).toBeTruthy();
    expect(screen.getByText('教务处')).toBeTruthy();

    const loads = [...FOLLOW_UPS, '/api/user/userTypeList'];
    const paths = calledPaths(fetchMock).filter((p) => loads.includes(p));
    expect(paths.slice(0, 2).sort()).toEqual(['/api/user/basicInfo', '/api/user/roles']);
    expect(paths.slice(2).sort()).toEqual(['/api/user/departmentList', '/api/user/roleList', '/api/user/userTypeList']);
    const query = (path: string) =>
      new URL(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith(path))?.[0]), 'http://x').searchParams;
    expect(query('/api/user/roleList').get('pageSize')).toBe('10000000');
    expect(query('/api/user/departmentList').get('pageSize')).toBe('100000');
    expect(query('/api/user/userTypeList').get('pageSize')).toBe('10000000');
  });

  it('loads no department list for a user who heads none', async () => {
    setLoginRecord(loginRecord);
    const fetchMock = mockApi(signedInApi());
    renderApp('/index');
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('/api/user/userTypeList'));
    expect(calledPaths(fetchMock)).not.toContain('/api/user/departmentList');
  });

  it.each([
    ['/api/user/roles', WEB_MSG.rolesFailed],
    ['/api/user/basicInfo', WEB_MSG.basicInfoFailed],
    ['/api/user/departmentList', WEB_MSG.departmentFailed],
  ])('a failure of %s shows its message, clears the session and goes to /login', async (path, text) => {
    setLoginRecord(loginRecord);
    sessionStorage.setItem('other', 'x');
    const toasts = watchErrorToasts();
    mockApi({
      ...signedInApi(),
      '/api/user/basicInfo': () => ok(headInfo),
      [path]: () => failed(500, MSG.serverError),
    });
    renderApp('/index');
    expect(await screen.findByRole('heading', { name: '账号登录' })).toBeTruthy();
    expect(where()).toBe('/login');
    expect(toasts()).toContain(text);
    expect(sessionStorage.length).toBe(0);
  });

  it('a failed role list shows the spec message and keeps the user signed in', async () => {
    setLoginRecord(loginRecord);
    const toasts = watchErrorToasts();
    mockApi({ ...signedInApi(), '/api/user/roleList': () => failed(500, MSG.serverError) });
    renderApp('/index');
    await waitFor(() => expect(toasts()).toContain(MSG.roleListFailed));
    expect(screen.getByText('欢迎，系统管理员')).toBeTruthy();
    expect(getLoginRecord()).not.toBeNull();
  });

  it('an expired session (53000010) on several loads shows one 登录已过期 dialog; 重新登录 goes to /login', async () => {
    setLoginRecord(loginRecord);
    const toasts = watchErrorToasts();
    const dialogs = vi.spyOn(Modal, 'warning');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const expired = () => failed(401, MSG.sessionExpired, 53000010);
    const fetchMock = mockApi({ ...signedInApi(), '/api/user/roles': expired, '/api/user/basicInfo': expired });
    renderApp('/index');

    expect(await screen.findByRole('dialog', { name: WEB_MSG.sessionExpiredTitle })).toBeTruthy();
    await waitFor(() => expect(calledPaths(fetchMock).filter((p) => FOLLOW_UPS.includes(p))).toHaveLength(2));
    expect(dialogs).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('dialog', { name: WEB_MSG.sessionExpiredTitle })).toHaveLength(1);
    // The dialog says it all: no failed-load toast, and the page stays until the user chooses.
    expect(toasts()).toEqual([]);
    expect(screen.getByText('欢迎，系统管理员')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: WEB_MSG.relogin }));
    expect(await screen.findByRole('heading', { name: '账号登录' })).toBeTruthy();
    expect(getLoginRecord()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/#/login');
  });

  it('keeps the loaded lists for the page', async () => {
    const moreRoles = [...roles, { roleId: 'r2', roleName: '审核人' }];
    mockApi({ ...signedInApi(), '/api/user/roleList': () => ok(list(moreRoles)) });
    let seen: SessionData | null = null;
    render(<Probe onData={(data) => (seen = data)} />);
    setLoginRecord(loginRecord);
    await loadSessionData(loginRecord);
    expect(seen).toEqual({
      status: 'ready',
      roles,
      basicInfo,
      departments: [],
      roleList: moreRoles,
      userTypes: [{ userTypeId: 'manager', userTypeName: '管理人员' }],
    });
  });
});
