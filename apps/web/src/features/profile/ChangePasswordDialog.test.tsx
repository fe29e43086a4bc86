import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_MSG } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { setLoginRecord } from '../../api/session';
import { failed, loginRecord, mockApi, ok } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '确认修改' }));

describe('ChangePasswordDialog', () => {
  it('shows every rule of spec-2 section 5 before calling the server', async () => {
    const fetchMock = mockApi({});
    renderPage(<ChangePasswordDialog open onClose={() => {}} />, '/index');
    submit();
    expect(await screen.findByText(AUTH_MSG.oldPasswordRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_MSG.newPasswordRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_MSG.confirmPasswordRequired)).toBeTruthy();

    type('新密码', '   ');
    expect(await screen.findByText(AUTH_MSG.notBlank)).toBeTruthy();
    type('新密码', 'abcdefgh');
    expect(await screen.findByText(AUTH_MSG.passwordRule)).toBeTruthy();
    type('新密码', 'abcd1234');
    type('确认新密码', 'abcd12345');
    expect(await screen.findByText(AUTH_MSG.passwordMismatchNew)).toBeTruthy();
    type('新密码', 'abcd123456');
    expect(await screen.findByText(AUTH_MSG.passwordMismatchConfirm)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server message on failure, and goes to /login with the session cleared on success', async () => {
    setLoginRecord(loginRecord);
    let answer: { status: number; body: unknown } = failed(400, AUTH_MSG.oldPasswordWrong);
    const fetchMock = mockApi({ '/api/user/password/update': () => answer });
    const onClose = vi.fn();
    renderPage(<ChangePasswordDialog open onClose={onClose} />, '/index', ['/login']);
    type('旧密码', 'Old@2026');
    type('新密码', 'New@20260');
    type('确认新密码', 'New@20260');
    submit();
    expect(await screen.findByText(AUTH_MSG.oldPasswordWrong)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    answer = ok(null, AUTH_MSG.passwordChanged);
    submit();
    expect(await screen.findByText(AUTH_MSG.passwordChanged)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(sessionStorage.getItem('loginRecord')).toBeNull();
    const body = String(fetchMock.mock.calls.at(-1)?.[1]?.body);
    expect(new URLSearchParams(body).get('newPasswordCopy')).toBe('New@20260');
  });
});
