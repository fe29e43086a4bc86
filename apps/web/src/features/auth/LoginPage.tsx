import { useMutation } from '@tanstack/react-query';
import { APP, type LoginInput, MSG, UI_TEXT as TEXT, WEB_MSG } from '@zg/contract';
import { App, Button, Form } from 'antd';
// The two inputs by themselves: antd's Input also carries TextArea, Search and OTP, which this first page never shows.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { clearSession, setLoginRecord } from '../../api/session';
import { LockIcon, UserIcon } from '../../components/icon';
import { SystemLogo } from '../../components/SystemLogo';
import { useSystemSetting } from '../../session/system-setting';
import { login } from './auth.api';

/**
 * Sign-in screen (`/login`): 工号 and 密码. On success the login record is stored and the user goes back to the page
 * named by `from` (set when a signed-in page sent them here), else to /index.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('from'));
  const { modal } = App.useApp();
  const { systemName, logoUrl } = useSystemSetting();
  const [form] = Form.useForm<LoginInput>();

  const signIn = useMutation({
    mutationFn: login,
    // Spec-1 section 8: a failed sign-in leaves no session behind, so start from none.
    onMutate: () => clearSession(),
    onSuccess: (record) => {
      setLoginRecord(record);
      navigate(returnTo, { replace: true });
    },
    onError: (error) => {
      clearSession();
      // The request client has already warned about a time-out.
      if (error instanceof ApiError && error.reason === 'timeout') return;
      modal.error({ title: WEB_MSG.loginFailedTitle, content: error.message });
    },
  });

  const handleFinish = (values: LoginInput) => {
    if (signIn.isPending) return;
    signIn.mutate({ userId: values.userId.trim(), password: values.password });
  };

  return (
    <div className="zg-login">
      <main className="zg-login__panel">
        <section className="zg-login__brand">
          <SystemLogo url={logoUrl} size={56} />
          <h1 className="zg-login__name">{systemName}</h1>
          <p className="zg-login__tagline">{TEXT.loginTagline}</p>
          <p className="zg-login__intro">{TEXT.loginIntro}</p>
        </section>

        {/* Plain markup, not antd's Card and Typography: those bring Tabs, Tooltip and their styles to the first page. */}
        <section className="zg-login__card" aria-labelledby="zg-login-card-title">
          <h2 id="zg-login-card-title" className="zg-login__card-title">
            {TEXT.loginCardTitle}
          </h2>
          <Form<LoginInput>
            form={form}
            name="login"
            layout="vertical"
            size="large"
            requiredMark={false}
            autoComplete="on"
            onFinish={handleFinish}
          >
            <Form.Item
              label={TEXT.userIdLabel}
              name="userId"
              rules={[{ required: true, whitespace: true, message: MSG.loginUserIdRequired }]}
            >
              <Input
                prefix={<UserIcon className="zg-input-icon" />}
                placeholder={MSG.loginUserIdRequired}
                autoComplete="username"
                maxLength={64}
                autoFocus
              />
            </Form.Item>
            <Form.Item
              label={TEXT.passwordLabel}
              name="password"
              rules={[{ required: true, message: MSG.loginPasswordRequired }]}
            >
              <Password
                prefix={<LockIcon className="zg-input-icon" />}
                placeholder={MSG.loginPasswordRequired}
                autoComplete="current-password"
                maxLength={128}
              />
            </Form.Item>
            <Form.Item className="zg-login__submit">
              <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
                {TEXT.loginButton}
              </Button>
            </Form.Item>
          </Form>
        </section>
      </main>
      <footer className="zg-login__footer">
        {systemName} · {TEXT.versionLabel} {APP.version}
      </footer>
    </div>
  );
}

/** Only a path inside this app (never another site, nor the sign-in screen itself); else /index. */
export function safeReturnPath(from: string | null): string {
  if (!from?.startsWith('/') || /^\/[/\\]/.test(from) || /^\/login(?:[/?]|$)/.test(from)) return '/index';
  return from;
}
