import { useQuery } from '@tanstack/react-query';
import { type AdminRole, SYSTEM_ADMIN_API as API, MENUS, SYSTEM_TEXT as T } from '@zg/contract';
import { Button, Form, Input, Modal, Popconfirm, Space, Tag, Tree } from 'antd';
import { useState } from 'react';
import { call } from '../../api/endpoint';
import { FormDialog } from '../../components/FormDialog';
import { ListTable } from '../../components/ListTable';
import { keysToSave, menuTree } from './menu-tree';
import { useRoles, useSystemWrite } from './system.api';

const LABEL = new Map<string, string>(MENUS.map((m) => [m.key, m.label]));

/** 角色与菜单: the roles (built-in ones kept), each one's menu map as a tree of check boxes, and its holders. */
export function RolesPanel() {
  const roles = useRoles();
  const [naming, setNaming] = useState<AdminRole | 'new' | null>(null);
  const [menusOf, setMenusOf] = useState<AdminRole | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [holdersOf, setHoldersOf] = useState<AdminRole | null>(null);
  const [form] = Form.useForm<{ roleName: string }>();
  const name = useSystemWrite((v: { roleName: string }) =>
    naming === 'new'
      ? call(API.roleCreate, { body: v })
      : call(API.roleUpdate, { params: { roleId: (naming as AdminRole).roleId }, body: v }),
  );
  const remove = useSystemWrite((r: AdminRole) => call(API.roleDelete, { params: { roleId: r.roleId } }), '删除成功');
  const saveMenus = useSystemWrite(
    (keys: string[]) => call(API.roleMenus, { params: { roleId: menusOf!.roleId }, body: { menuKeys: keys } }),
    '保存成功',
  );
  // A role may be held by thousands (教师): its holders are paged by the server, ten a page.
  const [holdersPage, setHoldersPage] = useState(1);
  const holders = useQuery({
    queryKey: ['system', 'roleUsers', holdersOf?.roleId, holdersPage],
    queryFn: ({ signal }) =>
      call(
        API.roleUsers,
        { params: { roleId: holdersOf!.roleId }, query: { pageNum: holdersPage, pageSize: 10 } },
        { signal },
      ),
    enabled: holdersOf !== null,
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setNaming('new')}>
        {T.addRole}
      </Button>
      <ListTable<AdminRole>
        rowKey="roleId"
        loading={roles.isFetching}
        error={roles.error}
        rows={roles.data}
        pager="local"
        columns={[
          {
            title: T.roleName,
            dataIndex: 'roleName',
            width: 180,
            render: (n: string, r) => (
              <Space size={4}>
                {n}
                {r.builtIn && <Tag>{T.builtIn}</Tag>}
              </Space>
            ),
          },
          {
            title: T.holders,
            dataIndex: 'userCount',
            width: 90,
            render: (n: number, r) => (
              <Button
                type="link"
                onClick={() => {
                  setHoldersPage(1);
                  setHoldersOf(r);
                }}
              >
                {n}
              </Button>
            ),
          },
          {
            title: T.menus,
            dataIndex: 'menuKeys',
            render: (keys: string[]) => keys.map((k) => <Tag key={k}>{LABEL.get(k) ?? k}</Tag>),
          },
          {
            title: T.actions,
            width: 230,
            render: (_, r) => (
              <Space size={0}>
                <Button
                  type="link"
                  onClick={() => {
                    setChecked(r.menuKeys);
                    setMenusOf(r);
                  }}
                >
                  {T.editMenus}
                </Button>
                <Button type="link" onClick={() => setNaming(r)}>
                  {T.renameRole}
                </Button>
                {!r.builtIn && (
                  <Popconfirm title={T.confirmDelete(r.roleName)} onConfirm={() => remove.mutateAsync(r)}>
                    <Button type="link" danger>
                      {T.delete}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <FormDialog<{ roleName: string }>
        open={naming !== null}
        title={naming === 'new' ? T.addRole : T.renameRole}
        form={form}
        pending={name.isPending}
        onClose={() => setNaming(null)}
        onSubmit={(v) => name.mutateAsync(v)}
        success="保存成功"
        initialValues={naming && naming !== 'new' ? { roleName: naming.roleName } : {}}
      >
        <Form.Item name="roleName" label={T.roleName} rules={[{ required: true, message: '请输入角色名称' }]}>
          <Input />
        </Form.Item>
      </FormDialog>
      <Modal
        open={menusOf !== null}
        title={menusOf ? T.menuTitle(menusOf.roleName) : ''}
        okText={T.save}
        confirmLoading={saveMenus.isPending}
        onCancel={() => setMenusOf(null)}
        onOk={async () => {
          await saveMenus.mutateAsync(keysToSave(checked));
          setMenusOf(null);
        }}
      >
        <Tree
          checkable
          defaultExpandAll
          checkStrictly
          treeData={menuTree()}
          checkedKeys={checked}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
        />
      </Modal>
      <Modal
        open={holdersOf !== null}
        title={holdersOf ? T.holdersTitle(holdersOf.roleName) : ''}
        footer={null}
        onCancel={() => setHoldersOf(null)}
      >
        <ListTable
          size="small"
          rowKey="userId"
          loading={holders.isFetching}
          error={holders.error}
          rows={holders.data?.list}
          pager={{ current: holdersPage, total: holders.data?.total ?? 0, pageSize: 10, onChange: setHoldersPage }}
          columns={[
            { title: T.userId, dataIndex: 'userId' },
            { title: T.userName, dataIndex: 'userName' },
            { title: T.department, dataIndex: 'departmentName' },
          ]}
        />
      </Modal>
    </Space>
  );
}
