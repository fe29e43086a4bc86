import {
  AUTHORITY_ACCESS_NAMES,
  type Authority,
  type AuthorityAccess,
  type AuthoritySubject,
  type StandardSystem,
} from '@zg/contract';
import { Alert, App, Button, Form, Modal, Radio, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
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
    message.success('授权成功');
    form.setFieldValue('subjectId', undefined);
    setPickerKey((k) => k + 1);
  };

  const columns: TableColumnsType<Authority> = [
    {
      title: '类型',
      dataIndex: 'subjectKind',
      width: 80,
      render: (k: AuthoritySubject) => (k === 'role' ? '角色' : '用户'),
    },
    { title: '名称', dataIndex: 'subjectName' },
    {
      title: '权限',
      dataIndex: 'access',
      width: 130,
      render: (access: AuthorityAccess, row) => (
        <Select
          size="small"
          aria-label={`${row.subjectName}的权限`}
          value={access}
          options={ACCESS_OPTIONS}
          style={{ width: 100 }}
          onChange={(a) =>
            regrant.mutate({ id: row.id, access: a }, { onSuccess: () => message.success('权限已修改') })
          }
        />
      ),
    },
    {
      title: '操作',
      width: 80,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          danger
          onClick={() =>
            modal.confirm({
              title: `取消“${row.subjectName}”的授权？`,
              okText: '取消授权',
              okButtonProps: { danger: true },
              cancelText: '返回',
              onOk: async () => {
                await revoke.mutateAsync(row.id);
                message.success('已取消授权');
              },
            })
          }
        >
          删除
        </Button>
      ),
    },
  ];

  return (
    <Modal
      open={system !== null}
      title={system ? `权限：${system.name}` : '权限'}
      width={720}
      footer={<Button onClick={onClose}>关闭</Button>}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">系统管理员和创建人始终可以编辑；编辑权限包含查看权限。</Typography.Text>
        <Form<Grant>
          name="standard-grant"
          form={form}
          layout="inline"
          initialValues={{ subjectKind: 'role', access: 'read' }}
          onFinish={(v) => void add(v).catch(() => undefined)}
          aria-label="新增授权"
        >
          <Form.Item name="subjectKind">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'role', label: '角色' },
                { value: 'user', label: '用户' },
              ]}
              onChange={() => form.setFieldValue('subjectId', undefined)}
            />
          </Form.Item>
          <Form.Item name="subjectId" rules={[{ required: true, message: '请选择角色或用户' }]}>
            {kind === 'role' ? (
              <Select
                aria-label="角色"
                placeholder="选择角色"
                style={{ width: 200 }}
                showSearch
                optionFilterProp="label"
                options={roles.map((r) => ({ value: r.roleId, label: r.roleName }))}
              />
            ) : (
              <UserPicker key={pickerKey} aria-label="用户" placeholder="输入工号或姓名" style={{ width: 200 }} />
            )}
          </Form.Item>
          <Form.Item name="access">
            <Select aria-label="授予的权限" options={ACCESS_OPTIONS} style={{ width: 90 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={grant.isPending}>
            授权
          </Button>
        </Form>
        {rows.isError ? (
          <Alert type="error" showIcon title={errorText(rows.error, '权限加载失败')} />
        ) : (
          <Table<Authority>
            size="small"
            rowKey="id"
            aria-label="已授权的角色和用户"
            loading={rows.isPending}
            columns={columns}
            dataSource={rows.data ?? []}
            pagination={false}
            locale={{ emptyText: '尚未授权其他角色或用户' }}
          />
        )}
      </Space>
    </Modal>
  );
}
