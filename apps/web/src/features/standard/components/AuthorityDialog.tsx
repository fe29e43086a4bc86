import {
  AUTHORITY_ACCESS_NAMES,
  type Authority,
  type AuthorityAccess,
  type AuthoritySubject,
  type StandardSystem,
  STANDARD_TEXT as T,
} from '@zg/contract';
import { Alert, App, Button, Form, Modal, Radio, Select, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { ListTable } from '../../../components/ListTable';
import { UserPicker } from '../../../components/pickers';
import { useSessionData } from '../../../session/session-data';
import { useAuthorities, useStandardActions } from '../standard.api';

const ACCESS_OPTIONS = (Object.entries(AUTHORITY_ACCESS_NAMES) as [AuthorityAccess, string][]).map(
  ([value, label]) => ({
    value,
    label,
  }),
);

interface Grant {
  subjectKind: AuthoritySubject;
  subjectId?: string;
  access: AuthorityAccess;
}

/**
 * 权限: which roles and users may read (查看) or edit (编辑) a system; the administrator and its creator always may.
 */
export function AuthorityDialog({ system, onClose }: { system: StandardSystem | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const rows = useAuthorities(system?.id ?? null);
  const { grant, regrant, revoke } = useStandardActions();
  const roles = useSessionData()?.roleList ?? [];
  const [form] = Form.useForm<Grant>();
  const kind = Form.useWatch('subjectKind', form) ?? 'role';
  const [pickerKey, setPickerKey] = useState(0);

  const add = async (v: Grant) => {
    if (!system || !v.subjectId) return;
    await grant.mutateAsync({
      systemId: system.id,
      subjectKind: v.subjectKind,
      subjectId: v.subjectId,
      access: v.access,
    });
    message.success(T.granted);
    form.setFieldValue('subjectId', undefined);
    setPickerKey((k) => k + 1);
  };

  const columns: TableColumnsType<Authority> = [
    {
      title: T.subjectKind,
      dataIndex: 'subjectKind',
      width: 80,
      render: (k: AuthoritySubject) => (k === 'role' ? T.role : T.user),
    },
    { title: T.name, dataIndex: 'subjectName' },
    {
      title: T.access,
      dataIndex: 'access',
      width: 130,
      render: (access: AuthorityAccess, row) => (
        <Select
          size="small"
          aria-label={T.accessOf(row.subjectName)}
          value={access}
          options={ACCESS_OPTIONS}
          style={{ width: 100 }}
          onChange={(a) =>
            regrant.mutate({ id: row.id, access: a }, { onSuccess: () => message.success(T.accessChanged) })
          }
        />
      ),
    },
    {
      title: T.actions,
      width: 80,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          danger
          onClick={() =>
            modal.confirm({
              title: T.revokeTitle(row.subjectName),
              okText: T.revoke,
              okButtonProps: { danger: true },
              cancelText: T.back,
              onOk: async () => {
                await revoke.mutateAsync(row.id);
                message.success(T.revoked);
              },
            })
          }
        >
          {T.delete}
        </Button>
      ),
    },
  ];

  return (
    <Modal
      open={system !== null}
      title={system ? T.authorityTitle(system.name) : T.access}
      width={720}
      footer={<Button onClick={onClose}>{T.close}</Button>}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{T.authorityNote}</Typography.Text>
        <Form<Grant>
          name="standard-grant"
          form={form}
          layout="inline"
          initialValues={{ subjectKind: 'role', access: 'read' }}
          onFinish={(v) => void add(v).catch(() => undefined)}
          aria-label={T.addGrant}
        >
          <Form.Item name="subjectKind">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'role', label: T.role },
                { value: 'user', label: T.user },
              ]}
              onChange={() => form.setFieldValue('subjectId', undefined)}
            />
          </Form.Item>
          <Form.Item name="subjectId" rules={[{ required: true, message: T.subjectRequired }]}>
            {kind === 'role' ? (
              <Select
                aria-label={T.role}
                placeholder={T.chooseRole}
                style={{ width: 200 }}
                showSearch
                optionFilterProp="label"
                options={roles.map((r) => ({ value: r.roleId, label: r.roleName }))}
              />
            ) : (
              <UserPicker key={pickerKey} aria-label={T.user} placeholder={T.userPlaceholder} style={{ width: 200 }} />
            )}
          </Form.Item>
          <Form.Item name="access">
            <Select aria-label={T.accessToGrant} options={ACCESS_OPTIONS} style={{ width: 90 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={grant.isPending}>
            {T.grant}
          </Button>
        </Form>
        {rows.isError ? (
          <Alert type="error" showIcon title={errorText(rows.error, T.authorityFailed)} />
        ) : (
          <ListTable<Authority>
            size="small"
            rowKey="id"
            aria-label={T.grants}
            loading={rows.isPending}
            columns={columns}
            rows={rows.data}
            pager="local"
            empty={T.noGrants}
          />
        )}
      </Space>
    </Modal>
  );
}
