import { type AdminUser, SYSTEM_ADMIN_API as API, SYSTEM_TEXT as T } from '@zg/contract';
import { Button, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { call, downloadFrom } from '../../api/endpoint';
import { FormDialog } from '../../components/FormDialog';
import { ListTable } from '../../components/ListTable';
import { useDepartments, useRoles, useSystemWrite, useUsers, useUserTypes } from './system.api';
import { UserImportDialog } from './UserImportDialog';

type Filter = {
  keyword?: string;
  departmentId?: string;
  roleId?: string;
  userTypeId?: string;
  enabled?: 'true' | 'false';
};
type UserForm = {
  userId: string;
  userName: string;
  sex?: number;
  departmentId?: string;
  userTypeId?: string;
  roleIds: string[];
  phone?: string;
  email?: string;
  password?: string;
};

/** 用户: search and filters, add, edit (roles too), disable / enable, reset a password, import and export. */
export function UsersPanel() {
  const [filter, setFilter] = useState<Filter>({});
  const [pageNum, setPageNum] = useState(1);
  const users = useUsers({ ...filter, pageNum });
  const roles = useRoles();
  const deps = useDepartments();
  const types = useUserTypes();
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [importing, setImporting] = useState(false);
  const [form] = Form.useForm<UserForm>();
  const [resetForm] = Form.useForm<{ password: string; passwordCopy: string }>();
  const [search] = Form.useForm<Filter>();

  const save = useSystemWrite((v: UserForm) =>
    editing === 'new'
      ? call(API.userCreate, { body: { ...v, password: v.password ?? '' } })
      : call(API.userUpdate, { params: { userId: (editing as AdminUser).userId }, body: v }),
  );
  const toggle = useSystemWrite((u: AdminUser) =>
    call(u.enabled ? API.userDisable : API.userEnable, { params: { userId: u.userId } }),
  );
  const reset = useSystemWrite((v: { password: string; passwordCopy: string }) =>
    call(API.userResetPassword, { params: { userId: resetting!.userId }, body: v }),
  );

  const depOptions = (deps.data ?? [])
    .filter((d) => d.enabled)
    .map((d) => ({ value: d.departmentId, label: d.departmentName }));
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName }));
  const typeOptions = (types.data?.list ?? []).map((t) => ({ value: t.userTypeId, label: t.userTypeName }));
  const data = users.data;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form
        form={search}
        layout="inline"
        onFinish={(v) => {
          setFilter(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')));
          setPageNum(1);
        }}
      >
        <Form.Item name="keyword">
          <Input placeholder={T.keyword} aria-label={T.keyword} allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="departmentId">
          <Select
            placeholder={T.department}
            aria-label={T.department}
            allowClear
            options={depOptions}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item name="roleId">
          <Select placeholder={T.role} aria-label={T.role} allowClear options={roleOptions} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="userTypeId">
          <Select
            placeholder={T.userType}
            aria-label={T.userType}
            allowClear
            options={typeOptions}
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item name="enabled">
          <Select
            placeholder={T.state}
            aria-label={T.state}
            allowClear
            style={{ width: 100 }}
            options={[
              { value: 'true', label: T.enabled },
              { value: 'false', label: T.disabled },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {T.search}
        </Button>
      </Form>
      <Space wrap>
        <Button type="primary" onClick={() => setEditing('new')}>
          {T.addUser}
        </Button>
        <Button onClick={() => setImporting(true)}>{T.importUsers}</Button>
        <Button onClick={() => downloadFrom(API.userExport, { query: filter }).catch(() => {})}>{T.exportUsers}</Button>
        <Button onClick={() => downloadFrom(API.userTemplate, {}).catch(() => {})}>{T.template}</Button>
      </Space>
      <ListTable<AdminUser>
        rowKey="userId"
        loading={users.isFetching}
        error={users.error}
        rows={data?.list}
        // Below this width the table scrolls (操作 pinned on the right) instead of squeezing the roles column to one
        // character a line.
        scroll={{ x: 1110 }}
        pager={{ current: pageNum, total: data?.total ?? 0, pageSize: 10, onChange: setPageNum }}
        columns={[
          { title: T.userId, dataIndex: 'userId', width: 110 },
          { title: T.userName, dataIndex: 'userName', width: 100 },
          { title: T.department, dataIndex: 'departmentName', width: 130 },
          { title: T.userType, dataIndex: 'userTypeName', width: 90 },
          {
            title: T.role,
            dataIndex: 'roles',
            width: 180,
            render: (rs: AdminUser['roles']) => rs.map((r) => <Tag key={r.roleId}>{r.roleName}</Tag>),
          },
          {
            title: T.state,
            dataIndex: 'enabled',
            width: 110,
            render: (on: boolean, u) => (
              <Space size={4}>
                <Tag color={on ? 'green' : 'default'}>{on ? T.enabled : T.disabled}</Tag>
                {u.mustChangePassword && <Tag color="orange">{T.mustChange}</Tag>}
              </Space>
            ),
          },
          { title: T.lastAccess, dataIndex: 'lastAccessAt', width: 150 },
          {
            title: T.actions,
            width: 230,
            fixed: 'right',
            render: (_, u) => (
              <Space size={0}>
                <Button type="link" onClick={() => setEditing(u)}>
                  {T.edit}
                </Button>
                <Button type="link" onClick={() => setResetting(u)}>
                  {T.resetPassword}
                </Button>
                {u.enabled ? (
                  <Popconfirm title={T.confirmDisable(u.userName)} onConfirm={() => toggle.mutateAsync(u)}>
                    <Button type="link" danger>
                      {T.disable}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button type="link" onClick={() => toggle.mutate(u)}>
                    {T.enable}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <FormDialog<UserForm>
        open={editing !== null}
        title={editing === 'new' ? T.addUser : T.editUser}
        form={form}
        pending={save.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(v) => save.mutateAsync(v)}
        success={editing === 'new' ? '新增成功' : '保存成功'}
        initialValues={
          editing && editing !== 'new'
            ? {
                ...editing,
                sex: editing.sex ?? undefined,
                departmentId: editing.departmentId ?? undefined,
                userTypeId: editing.userTypeId ?? undefined,
                phone: editing.phone ?? undefined,
                email: editing.email ?? undefined,
                roleIds: editing.roles.map((r) => r.roleId),
              }
            : { roleIds: [] }
        }
      >
        <Form.Item name="userId" label={T.userId} rules={[{ required: true, message: '请输入工号' }]}>
          <Input disabled={editing !== 'new'} />
        </Form.Item>
        <Form.Item name="userName" label={T.userName} rules={[{ required: true, message: '请输入姓名' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="sex" label={T.sex}>
          <Select
            allowClear
            options={[
              { value: 1, label: T.male },
              { value: 2, label: T.female },
            ]}
          />
        </Form.Item>
        <Form.Item name="departmentId" label={T.department}>
          <Select allowClear showSearch optionFilterProp="label" options={depOptions} />
        </Form.Item>
        <Form.Item name="userTypeId" label={T.userType}>
          <Select allowClear options={typeOptions} />
        </Form.Item>
        <Form.Item name="roleIds" label={T.role}>
          <Select mode="multiple" options={roleOptions} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="phone" label={T.phone}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={T.email}>
          <Input />
        </Form.Item>
        {editing === 'new' && (
          <Form.Item name="password" label={T.password} rules={[{ required: true, message: '请输入初始密码' }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </FormDialog>
      <FormDialog<{ password: string; passwordCopy: string }>
        open={resetting !== null}
        title={resetting ? T.resetTitle(resetting.userName) : ''}
        form={resetForm}
        pending={reset.isPending}
        onClose={() => setResetting(null)}
        onSubmit={(v) => reset.mutateAsync(v)}
        success="密码已重置"
      >
        <Form.Item name="password" label={T.newPassword} rules={[{ required: true, message: '请输入新密码！' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="passwordCopy"
          label={T.passwordCopy}
          rules={[{ required: true, message: '请输入确认新密码！' }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </FormDialog>
      <UserImportDialog open={importing} onClose={() => setImporting(false)} />
    </Space>
  );
}
