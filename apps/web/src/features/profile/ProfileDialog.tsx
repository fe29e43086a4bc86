import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MSG, AVATAR_EXTENSIONS, LIMITS, PHONE, SHELL_TEXT as T } from '@zg/contract';
import { App, Avatar, Button, Form, Input, Modal, Radio, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { getLoginRecord, setLoginRecord } from '../../api/session';
import { EnterSubmits } from '../../components/EnterSubmits';
import { EditIcon, FemaleIcon, MaleIcon, ReloadIcon, UserIcon } from '../../components/icons';
import { LoadError } from '../../components/LoadError';
import { compressImage } from './compress-image';
import { type Profile, profileQueryKey, updateProfile, uploadPortrait, useProfile } from './profile.api';
import { useAvatarSrc } from './use-avatar-src';

// The contract's formats (packages/contract user.ts), checked here before the server checks them again.
const EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;
const QQ = /^[1-9]\d{4,11}$/;
const AVATAR_ACCEPT = AVATAR_EXTENSIONS.map((e) => `.${e}`).join(',');

interface Fields {
  email: string;
  phone: string;
  qq: string;
}

/** A rule: empty passes, anything else must match once trimmed. */
const format = (re: RegExp, message: string) => ({
  validator: (_: unknown, value: string | undefined) =>
    !value?.trim() || re.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** Spec-2 section 2.10: the personal centre (508px, 个人中心, 保存修改). */
export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const profile = useProfile(open);
  if (!open) return null;
  if (!profile.data) {
    return (
      <Modal open title={T.personalCenter} width={508} footer={null} onCancel={onClose}>
        <div className="zg-profile__loading">
          {profile.isError ? <LoadError error={profile.error} onRetry={() => void profile.refetch()} /> : <Spin />}
        </div>
      </Modal>
    );
  }
  return <ProfileForm profile={profile.data} onClose={onClose} />;
}

function ProfileForm({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [sex, setSex] = useState<number | null>(profile.sex);
  const [sexOpen, setSexOpen] = useState(false);
  const [sexChoice, setSexChoice] = useState<number | null>(profile.sex);
  const [avatarFile, setAvatarFile] = useState<Blob | null>(null);
  const [restoreDefault, setRestoreDefault] = useState(false);
  const [fieldsChanged, setFieldsChanged] = useState(false);
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const currentAvatar = useAvatarSrc(restoreDefault ? null : profile.headPortrait);
  const [preview, setPreview] = useState<string | undefined>();
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const changed = fieldsChanged || sex !== profile.sex || avatarFile !== null || restoreDefault;

  const close = () => {
    if (!changed) return onClose();
    modal.confirm({ title: T.discardTitle, content: T.discardContent, okText: T.discardOk, onOk: onClose });
  };

  const chooseAvatar = async (file: File | undefined) => {
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext)) {
      message.error(AUTH_MSG.avatarTypeInvalid);
      return;
    }
    let chosen: Blob = file;
    if (file.size > LIMITS.avatarSizeLimit * 1024) {
      try {
        chosen = await compressImage(file, LIMITS.avatarSizeLimit);
      } catch (error) {
        message.error(error instanceof Error ? error.message : T.compressFailed);
        return;
      }
    }
    setAvatarFile(chosen);
    setRestoreDefault(false);
    setPreview(URL.createObjectURL(chosen));
  };

  const save = async () => {
    if (saving) return;
    let values: Fields;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (avatarFile) {
        try {
          await uploadPortrait(avatarFile, avatarFile instanceof File ? avatarFile.name : 'avatar.jpg');
          message.success(AUTH_MSG.avatarUpdated);
        } catch (error) {
          message.error(error instanceof ApiError ? error.message : AUTH_MSG.avatarUpdateFailed);
          return;
        }
      }
      try {
        const updated = await updateProfile({
          email: values.email?.trim() ?? '',
          phone: values.phone?.trim() ?? '',
          qq: values.qq?.trim() ?? '',
          sex,
          isUseDefaultAvatar: restoreDefault,
        });
        queryClient.setQueryData(profileQueryKey, updated);
        const record = getLoginRecord();
        if (record) {
          setLoginRecord({ ...record, qq: updated.qq, phone: updated.phone, displayPhoto: updated.headPortrait });
        }
        message.success(AUTH_MSG.userInfoUpdated);
        onClose();
      } catch (error) {
        message.error(error instanceof ApiError ? error.message : AUTH_MSG.userInfoUpdateFailed);
      }
    } finally {
      setSaving(false);
    }
  };

  const SexIcon = sex === 2 ? FemaleIcon : MaleIcon;
  const sexText = sex === 1 ? T.male : sex === 2 ? T.female : T.sexUnknown;

  return (
    <Modal
      open
      title={T.personalCenter}
      width={508}
      okText={T.saveChanges}
      cancelText={T.cancel}
      onOk={save}
      onCancel={close}
      confirmLoading={saving}
      mask={{ closable: false }}
    >
      <div className="zg-profile">
        <div className="zg-profile__avatar">
          <Avatar size={88} src={preview ?? currentAvatar} icon={<UserIcon />} />
          <div className="zg-profile__avatar-actions">
            <Button size="small" icon={<EditIcon />} onClick={() => fileInput.current?.click()}>
              {T.editAvatar}
            </Button>
            <Button
              size="small"
              icon={<ReloadIcon />}
              disabled={restoreDefault || (!profile.headPortrait && !avatarFile)}
              onClick={() => {
                setAvatarFile(null);
                setPreview(undefined);
                setRestoreDefault(true);
              }}
            >
              {T.restoreAvatar}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={AVATAR_ACCEPT}
              hidden
              data-testid="avatar-input"
              onChange={(e) => {
                void chooseAvatar(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </div>
          {(avatarFile || restoreDefault) && <div className="zg-profile__pending">{T.avatarPending}</div>}
        </div>
        <div className="zg-profile__name">
          <span className="zg-profile__username">{profile.userName}</span>
          <Button
            type="text"
            size="small"
            className={`zg-profile__sex zg-profile__sex--${sex === 2 ? 'female' : 'male'}`}
            aria-label={`${T.sexLabel}：${sexText}`}
            title={T.selectSex}
            icon={<SexIcon />}
            onClick={() => {
              setSexChoice(sex);
              setSexOpen(true);
            }}
          />
        </div>
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ flex: '88px' }}
          initialValues={{ email: profile.email ?? '', phone: profile.phone ?? '', qq: profile.qq ?? '' }}
          onValuesChange={() => setFieldsChanged(true)}
          onFinish={() => void save()}
          className="zg-profile__form"
        >
          <Form.Item label={T.userIdLabel}>
            <span>{profile.userId}</span>
          </Form.Item>
          <Form.Item label={T.departmentLabel} htmlFor="profile-department">
            <Input id="profile-department" value={profile.departmentName ?? ''} disabled />
          </Form.Item>
          <Form.Item name="email" label={T.emailLabel} rules={[format(EMAIL, AUTH_MSG.emailInvalid)]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="phone" label={T.phoneLabel} rules={[format(PHONE, AUTH_MSG.phoneInvalid)]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="qq" label={T.qqLabel} rules={[format(QQ, AUTH_MSG.qqInvalid)]}>
            <Input maxLength={12} />
          </Form.Item>
          <EnterSubmits />
        </Form>
      </div>
      <Modal
        open={sexOpen}
        title={T.selectSex}
        width={320}
        okText={T.confirm}
        cancelText={T.cancel}
        onCancel={() => setSexOpen(false)}
        onOk={() => {
          setSex(sexChoice);
          setSexOpen(false);
        }}
      >
        <Radio.Group
          value={sexChoice}
          onChange={(e) => setSexChoice(e.target.value)}
          options={[
            { value: 1, label: T.male },
            { value: 2, label: T.female },
          ]}
        />
      </Modal>
    </Modal>
  );
}
