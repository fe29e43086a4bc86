import { useMutation } from '@tanstack/react-query';
import { MSG, WEB_MSG } from '@zg/contract';
import { App } from 'antd';
import { useNavigate } from 'react-router-dom';
import { clearSession, forgetSessionCookie } from '../../api/session';
import { logout } from '../auth/auth.api';

/** Signs out: to /login with 已退出登录, or the 退出失败 dialog with the server's message. */
export function useSignOut() {
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Leave the signed-in route first, so clearing the record does not start a try-login here.
      navigate('/login', { replace: true });
      clearSession();
      forgetSessionCookie();
      message.success(MSG.logoutSuccess);
    },
    onError: (error) => modal.error({ title: WEB_MSG.logoutFailedTitle, content: error.message }),
  });
}
