import { type AdminDepartment, SYSTEM_ADMIN_API as API, SYSTEM_TEXT as T } from '@zg/contract';
import { Alert, Button, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../api/endpoint';
import { FormDialog } from '../../components/FormDialog';
import { ListTable } from '../../components/ListTable';
import { UserPicker } from '../../components/pickers';
import { departmentTree } from './department-tree';
import { useDepartments, useSystemWrite } from './system.api';

type DepForm = {
  departmentId: string;
  departmentName: string;
  parentId?: string;
  shortNameZh?: string;
  chargeUserId?: string;
};

/** 部门: the tree (add, rename, move, head, disable); a change shows in the next department version. */
export function DepartmentsPanel() {
  const deps = useDepartments();
  const [editing, setEditing] = useState<AdminDepartment | 'new' | null>(null);
  const [form] = Form.useForm<DepForm>();
  const save = useSystemWrite((v: DepForm) =>
    editing === 'new'
      ? call(API.departmentCreate, { body: v })
      : call(API.departmentUpdate, {
          params: { departmentId: (editing as AdminDepartment).departmentId },
          body: { ...v, parentId: v.parentId ?? null, chargeUserId: v.chargeUserId ?? null },
        }),
  );
  const toggle = useSystemWrite((d: AdminDepartment) =>
    call(d.enabled ? API.departmentDisable : API.departmentEnable, { params: { departmentId: d.departmentId } }),
  );
  const all = deps.data ?? [];
  const parents = all
    .filter((d) => d.enabled && (editing === 'new' || d.departmentId !== editing?.departmentId))
    .map((d) => ({ value: d.departmentId, label: d.departmentName }));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={T.versionHint} />
      <Button type="primary" onClick={() => setEditing('new')}>
        {T.addDepartment}
      </Button>
      <ListTable<AdminDepartment & { children?: AdminDepartment[] }>
        rowKey="departmentId"
        loading={deps.isFetching}
        error={deps.error}
        rows={departmentTree(all)}
        pager="local"
        expandable={{ defaultExpandAllRows: true }}
        columns={[
          { title: T.departmentName, dataIndex: 'departmentName' },
          { title: T.departmentId, dataIndex: 'departmentId', width: 110 },
          { title: T.head, dataIndex: 'chargeUserName', width: 110 },
          { title: T.users_, dataIndex: 'userCount', width: 90 },
          {
            title: T.state,
            dataIndex: 'enabled',
            width: 80,
            render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? T.enabled : T.disabled}</Tag>,
          },
          {
            title: T.actions,
            width: 150,
            render: (_, d) => (
              <Space size={0}>
                <Button type="link" onClick={() => setEditing(d)}>
                  {T.edit}
                </Button>
                {d.enabled ? (
                  <Popconfirm title={`${T.disable} ${d.departmentName}？`} onConfirm={() => toggle.mutateAsync(d)}>
                    <Button type="link" danger>
                      {T.disable}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button type="link" onClick={() => toggle.mutate(d)}>
                    {T.enable}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <FormDialog<DepForm>
        open={editing !== null}
        title={editing === 'new' ? T.addDepartment : T.editDepartment}
        form={form}
        pending={save.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(v) => save.mutateAsync(v)}
        success="保存成功"
        initialValues={
          editing && editing !== 'new'
            ? {
                departmentId: editing.departmentId,
                departmentName: editing.departmentName,
                parentId: editing.parentId ?? undefined,
                shortNameZh: editing.shortNameZh,
                chargeUserId: editing.chargeUserId ?? undefined,
              }
            : {}
        }
      >
        <Form.Item name="departmentId" label={T.departmentId} rules={[{ required: true, message: '请输入部门编码' }]}>
          <Input disabled={editing !== 'new'} />
        </Form.Item>
        <Form.Item
          name="departmentName"
          label={T.departmentName}
          rules={[{ required: true, message: '请输入部门名称' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="parentId" label={T.parent}>
          <Select allowClear showSearch optionFilterProp="label" options={parents} />
        </Form.Item>
        <Form.Item name="shortNameZh" label={T.shortNameZh}>
          <Input />
        </Form.Item>
        <Form.Item name="chargeUserId" label={T.head}>
          <UserPicker
            users={
              editing && editing !== 'new' && editing.chargeUserId
                ? [{ userId: editing.chargeUserId, userName: editing.chargeUserName ?? editing.chargeUserId }]
                : []
            }
          />
        </Form.Item>
      </FormDialog>
    </Space>
  );
}
