import { MSG, TASK_UI as T } from '@zg/contract';
import { App, Button, Card, Form, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { EnterSubmits } from '../../../components/EnterSubmits';
import { UserPicker } from '../../../components/pickers';
import { useLoginRecord } from '../../../session/login-record';
import { ExcelImport } from '../components/ExcelImport';
import {
  type DepartManage,
  exportChargers,
  importChargers,
  useAddCharger,
  useDepartManage,
  useRemoveCharger,
} from '../target-task.api';
import { viewerOf } from '../task-logic';
import '../target-task.css';
import { ListTable } from '../../../components/ListTable';

const PER_PAGE = 10;

/**
 * 部门负责人: each department with its head and the chargers registered to act for it (fzrid/bmid); publishers add,
 * remove, import and export them.
 */
export default function ChargersPage() {
  const { message } = App.useApp();
  const viewer = viewerOf(useLoginRecord());
  const departments = useDepartManage();
  const add = useAddCharger();
  const remove = useRemoveCharger();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<{ bmid: string; fzrid: string }>();
  const rows = departments.data ?? [];
  const editable = viewer.publisher;

  return (
    <Card variant="borderless" className="zg-task-page">
      <div className="zg-task-page__head">
        <Typography.Title level={5}>{T.pageChargers}</Typography.Title>
        <Space>
          {editable && (
            <Button
              type="primary"
              onClick={() => {
                form.resetFields();
                setAdding(true);
              }}
            >
              {T.addCharger}
            </Button>
          )}
          {editable && <ExcelImport title={T.importChargersTitle} send={importChargers} />}
          <Button onClick={() => exportChargers().catch(() => undefined)}>{T.export}</Button>
        </Space>
      </div>
      <ListTable<DepartManage>
        rowKey="bmid"
        loading={departments.isLoading}
        rows={rows}
        pager={{ current: page, total: rows.length, pageSize: PER_PAGE, onChange: setPage }}
        columns={[
          { title: T.departmentName, dataIndex: 'bmmc' },
          { title: T.departmentHead, dataIndex: 'fzrmc', render: (name: string | null) => name ?? T.unknown },
          {
            title: T.registeredChargers,
            key: 'chargers',
            render: (_: unknown, d) => (
              <Space wrap size={[4, 4]}>
                {d.chargers.map((c) =>
                  editable ? (
                    <Popconfirm
                      key={c.fzrid}
                      title={T.removeChargerConfirm}
                      onConfirm={() =>
                        remove
                          .mutateAsync({ bmid: d.bmid, fzrid: c.fzrid })
                          .then(() => message.success(T.deleted))
                          .catch(() => undefined)
                      }
                    >
                      <Tag closable onClose={(e) => e.preventDefault()} className="zg-charger-tag">
                        {c.fzrid} {c.fzrmc}
                      </Tag>
                    </Popconfirm>
                  ) : (
                    <Tag key={c.fzrid}>
                      {c.fzrid} {c.fzrmc}
                    </Tag>
                  ),
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={adding}
        title={T.addCharger}
        onCancel={() => setAdding(false)}
        onOk={() => form.submit()}
        okText={T.save}
        cancelText={T.cancel}
        confirmLoading={add.isPending}
        destroyOnHidden
        forceRender
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) =>
            add
              .mutateAsync(v)
              .then(() => {
                message.success(T.created);
                setAdding(false);
              })
              .catch(() => undefined)
          }
        >
          <Form.Item name="bmid" label={T.departmentName} rules={[{ required: true, message: MSG.pleaseSelect }]}>
            <Select
              aria-label={T.departmentName}
              placeholder={MSG.pleaseSelect}
              options={rows.map((d) => ({ value: d.bmid, label: d.bmmc }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item name="fzrid" label={T.chargerUser} rules={[{ required: true, message: MSG.pleaseSelect }]}>
            <UserPicker aria-label={T.chargerUser} />
          </Form.Item>
          <EnterSubmits />
        </Form>
      </Modal>
    </Card>
  );
}
