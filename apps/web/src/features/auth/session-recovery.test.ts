import { AUTH_MSG, MSG, WEB_MSG } from '@zg/contract';
import { Modal } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../api/browser';
import { getLoginRecord, mayHoldSession, SESSION_HINT_KEY } from '../../api/session';
import { calledPaths, failed, loginRecord, mockApi, ok } from '../../test/fixtures';
import { casTicketOf, recoverSession, withoutTicket } from './session-recovery';

const SITE = 'https://zg.example.edu.cn/';
const casOff = () => ok({ enabled: false, loginUrl: null });

function at(address: string) {
  vi.spyOn(browser, 'href').mockReturnValue(address);
  return {
    assign: vi.spyOn(browser, 'assign').mockImplementation(() => {}),
    replace: vi.spyOn(browser, 'replace').mockImplementation(() => {}),
  };
}

describe('CAS ticket in the address', () => {
  it.each([
    [`${SITE}?ticket=ST-1#/index`, 'ST-1', `${SITE}#/index`],
    [`${SITE}#/index?ticket=ST-2`, 'ST-2', `${SITE}#/index`],
    [`${SITE}#/index?tab=2&ticket=ST-3`, 'ST-3', `${SITE}#/index?tab=2`],
    [`${SITE}?lang=zh&ticket=ST-4#/`, 'ST-4', `${SITE}?lang=zh#/`],
    [`${SITE}#/index`, null, `${SITE}#/index`],
  ])('%s', (address, ticket, service) => {
    expect(casTicketOf(address)).toBe(ticket);
    expect(withoutTicket(address)).toBe(service);
  });
});

describe('recoverSession', () => {
  it('recovers the session from the cookie with try-login', async () => {
    // A browser that was given a session cookie (a sign-in in another tab).
    localStorage.setItem(SESSION_HINT_KEY, '1');
    at(`${SITE}#/index`);
    mockApi({ '/api/authc/tryLogin': () => ok(loginRecord) });
    expect(await recoverSession()).toBe('signedIn');
    expect(getLoginRecord()).toEqual(loginRecord);
  });

  it('turns a CAS ticket into a session for the service without the ticket, then drops the ticket', async () => {
    const nav = at(`${SITE}?ticket=ST-9#/index`);
    let sent: Record<string, string> = {};
    const fetchMock = mockApi({
      '/api/authc/casLogin': (init) => {
        sent = Object.fromEntries(new URLSearchParams(String(init.body)));
        return ok(loginRecord);
      },
    });
    expect(await recoverSession()).toBe('signedIn');
    expect(sent).toEqual({ ticket: 'ST-9', service: `${SITE}#/index` });
    expect(getLoginRecord()).toEqual(loginRecord);
    expect(nav.replace).toHaveBeenCalledWith(`${SITE}#/index`);
    expect(calledPaths(fetchMock)).toEqual(['/api/authc/casLogin']);
  });

  it('says why a refused ticket failed and does not go back to CAS', async () => {
    const nav = at(`${SITE}#/index?ticket=ST-bad`);
    const dialog = vi.spyOn(Modal, 'error').mockImplementation(() => ({ destroy: () => {}, update: () => {} }));
    mockApi({ '/api/authc/casLogin': () => failed(401, AUTH_MSG.casTicketInvalid) });
    expect(await recoverSession()).toBe('signedOut');
    expect(dialog).toHaveBeenCalledWith(
      expect.objectContaining({ title: WEB_MSG.loginFailedTitle, content: AUTH_MSG.casTicketInvalid }),
    );
    expect(nav.assign).not.toHaveBeenCalled();
    expect(getLoginRecord()).toBeNull();
  });

  it('leaves for the CAS entry with this address as the service when CAS is on', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1');
    const nav = at(`${SITE}#/targetTaskManagement?tab=mine`);
    mockApi({
      '/api/authc/tryLogin': () => failed(401, MSG.notSignedIn),
      '/api/authc/casConfig': () => ok({ enabled: true, loginUrl: 'https://cas.example.edu.cn/cas/login' }),
    });
    expect(await recoverSession()).toBe('leaving');
    expect(nav.assign).toHaveBeenCalledWith(
      `https://cas.example.edu.cn/cas/login?service=${encodeURIComponent(`${SITE}#/targetTaskManagement?tab=mine`)}`,
    );
  });

  it('is signed out when there is no session and CAS is off (or its setting cannot be read)', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1');
    const nav = at(`${SITE}#/index`);
    mockApi({ '/api/authc/tryLogin': () => failed(401, MSG.notSignedIn), '/api/authc/casConfig': casOff });
    expect(await recoverSession()).toBe('signedOut');
    mockApi({ '/api/authc/tryLogin': () => failed(401, MSG.notSignedIn) });
    expect(await recoverSession()).toBe('signedOut');
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it('asks nothing of a browser never given a session cookie (no 401 on a visit to sign in), and asks once after one', async () => {
    at(`${SITE}#/index`);
    let fetchMock = mockApi({ '/api/authc/tryLogin': () => ok(loginRecord), '/api/authc/casConfig': casOff });
    expect(await recoverSession()).toBe('signedOut');
    expect(calledPaths(fetchMock)).toEqual(['/api/authc/casConfig']);

    // A cookie that has expired since: one try-login finds no session, and the next load asks no more.
    localStorage.setItem(SESSION_HINT_KEY, '1');
    fetchMock = mockApi({ '/api/authc/tryLogin': () => failed(401, MSG.notSignedIn), '/api/authc/casConfig': casOff });
    expect(await recoverSession()).toBe('signedOut');
    expect(mayHoldSession()).toBe(false);
    fetchMock = mockApi({ '/api/authc/tryLogin': () => failed(401, MSG.notSignedIn), '/api/authc/casConfig': casOff });
    expect(await recoverSession()).toBe('signedOut');
    expect(calledPaths(fetchMock)).toEqual(['/api/authc/casConfig']);
  });
});
