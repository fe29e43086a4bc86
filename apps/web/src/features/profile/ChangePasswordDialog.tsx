import { AUTH_MSG, isStrongPassword, SHELL_TEXT as T, UI_TEXT } from '@zg/contract';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { clearSession, forgetSessionCookie } from '../../api/session';
import { EnterSubmits } from '../../components/EnterSubmits';
import { useSignOut } from '../shell/use-sign-out';
import { changePassword, type PasswordInput } from './profile.api';

const notBlank = {
  validator: (_: RuleObject, value: string | undefined) =>
    !value || value.trim() ? Promise.resolve() : Promise.reject(new Error(AUTH_MSG.notBlank)),
};

/**
 * Spec-2 section 2.11 and 5: change password (508px, 修改密码, 确认修改 / 取消); success ends every session.
 * `forced` (a reset or new account, the login record's `mustChangePassword`): it cannot be closed, says why, and
 * offers 退出登录 instead of 取消.
 */
export function ChangePasswordDialog({
  open,
  onClose,
  forced = false,
}: {
  open: boolean;
  onClose: () => void;
  forced?: boolean;
}) {
  const { message } = App.useApp();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordInput>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (saving) return;
    let values: PasswordInput;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await changePassword(values);
      message.success(AUTH_MSG.passwordChanged);
      onClose();
      // The server has ended every session of the user: sign in again with the new password.
      navigate('/login', { replace: true });
      clearSession();
      forgetSessionCookie();
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : AUTH_MSG.passwordChangeFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={forced ? T.forcedPasswordTitle : T.changePassword}
      width={508}
      okText={T.confirmChange}
      cancelText={T.cancel}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      mask={{ closable: false }}
      closable={!forced}
      keyboard={!forced}
      footer={
        forced
          ? [
              <Button key="out" onClick={() => signOut.mutate()} loading={signOut.isPending}>
                {UI_TEXT.logoutButton}
              </Button>,
              <Button key="ok" type="primary" onClick={() => void submit()} loading={saving}>
                {T.confirmChange}
              </Button>,
            ]
          : undefined
      }
    >
      {forced && <Alert type="warning" showIcon title={T.forcedPasswordNotice} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '100px' }}
        preserve={false}
        className="zg-password"
        onFinish={() => void submit()}
      >
        <Form.Item
          name="oldPassword"
          label={T.oldPasswordLabel}
          rules={[{ required: true, message: AUTH_MSG.oldPasswordRequired }]}
        >
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={T.newPasswordLabel}
          extra={T.passwordHint}
          dependencies={['newPasswordCopy']}
          rules={[
            { required: true, message: AUTH_MSG.newPasswordRequired },
            notBlank,
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                if (!value?.trim()) return Promise.resolve();
                if (!isStrongPassword(value)) return Promise.reject(new Error(AUTH_MSG.passwordRule));
                const copy: string | undefined = getFieldValue('newPasswordCopy');
                if (copy && copy !== value) return Promise.reject(new Error(AUTH_MSG.passwordMismatchConfirm));
                return Promise.resolve();
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="newPasswordCopy"
          label={T.confirmPasswordLabel}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: AUTH_MSG.confirmPasswordRequired },
            notBlank,
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value?.trim() || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(AUTH_MSG.passwordMismatchNew)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
