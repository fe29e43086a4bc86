import {
  type DepartmentVersion,
  DEPARTMENT_VERSION_LIMITS as L,
  DEPARTMENT_VERSION_MSG as M,
  SHELL_TEXT as T,
  type VersionDepartment,
  DEPARTMENT_VERSION_TEXT as X,
} from '@zg/contract';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  type TableColumnsType,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { FormDialog } from '../../components/FormDialog';
import { ListTable } from '../../components/ListTable';
import { useDataManageAbilities } from './data-manage.api';
import {
  useDeleteVersion,
  useEnableVersion,
  useSaveVersion,
  useVersionDepartments,
  useVersionPage,
} from './department-version.api';

interface VersionForm {
  bbmc?: string;
  sxrq?: Dayjs | null;
  bz?: string;
}

/**
 * 部门版本: the organisation as dated versions, one enabled. A new version copies the current departments; enabling
 * one (after a confirmation) disables the others; the enabled one cannot be deleted.
 */
export function DepartmentVersionsPanel() {
  const { message, modal } = App.useApp();
  const keeps = useDataManageAbilities().abilities.departmentVersions;
  const [current, setCurrent] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<DepartmentVersion | null>(null);
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<DepartmentVersion | null>(null);
  const [form] = Form.useForm<VersionForm>();
  const page = useVersionPage({ current, keyword });
  const departments = useVersionDepartments(viewing?.id ?? null);
  const save = useSaveVersion();
  const enable = useEnableVersion();
  const remove = useDeleteVersion();
  const fail = (error: Error) => {
    if (!(error instanceof ApiError && error.handled)) message.error(error.message);
  };

  const openDialog = (row: DepartmentVersion | null) => {
    setEditing(row);
    setOpen(true);
  };
  const submit = async (values: VersionForm) => {
    const body = {
      bbmc: (values.bbmc ?? '').trim(),
      sxrq: values.sxrq ? values.sxrq.format('YYYY-MM-DD') : '',
      bz: values.bz?.trim() || null,
      ...(editing ? { id: editing.id } : {}),
    };
    const v = await save.mutateAsync(body);
    message.success(editing ? M.saved : M.created(v.bms));
  };

  const confirmEnable = (row: DepartmentVersion) =>
    modal.confirm({
      title: X.confirmEnable(row.bbmc),
      okText: T.confirm,
      cancelText: T.cancel,
      onOk: () => enable.mutateAsync(row.id).then((v) => message.success(M.enabled(v.bbmc)), fail),
    });

  const columns: TableColumnsType<DepartmentVersion> = [
    { title: X.name, dataIndex: 'bbmc', ellipsis: true },
    { title: X.effectiveDate, dataIndex: 'sxrq', width: 120 },
    {
      title: X.state,
      dataIndex: 'sfqy',
      width: 90,
      render: (on: boolean) => (on ? <Tag color="green">{X.enabled}</Tag> : <Tag>{X.disabled}</Tag>),
    },
    { title: X.departments, dataIndex: 'bms', width: 80 },
    { title: X.note, dataIndex: 'bz', ellipsis: true, render: (n: string | null) => n || '—' },
    {
      title: X.createdAt,
      dataIndex: 'cjsj',
      width: 170,
      render: (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: X.actions,
      key: 'actions',
      width: keeps ? 260 : 100,
      render: (_v, row) => (
        <Space size={0}>
          <Button type="link" onClick={() => setViewing(row)}>
            {X.view}
          </Button>
          {keeps && (
            <>
              {!row.sfqy && (
                <Button type="link" onClick={() => confirmEnable(row)}>
                  {X.enable}
                </Button>
              )}
              <Button type="link" onClick={() => openDialog(row)}>
                {X.editAction}
              </Button>
              {!row.sfqy && (
                <Popconfirm
                  title={X.confirmDelete}
                  okText={T.confirm}
                  cancelText={T.cancel}
                  onConfirm={() =>
                    remove.mutate(row.id, { onSuccess: () => message.success(M.deleted), onError: fail })
                  }
                >
                  <Button type="link" danger>
                    {X.deleteAction}
                  </Button>
                </Popconfirm>
              )}
            </>
          )}
        </Space>
      ),
    },
  ];

  const departmentColumns: TableColumnsType<VersionDepartment> = [
    { title: X.deptName, dataIndex: 'bmmc' },
    { title: X.deptParent, dataIndex: 'sjbmmc', render: (n: string | null) => n ?? '—' },
    { title: X.deptHead, dataIndex: 'fzrmc', render: (n: string | null) => n ?? '—' },
  ];

  return (
    <div className="zg-department-versions">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={X.search}
          style={{ width: 220 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setCurrent(1);
          }}
        />
        {keeps && (
          <Button type="primary" onClick={() => openDialog(null)}>
            {X.add}
          </Button>
        )}
      </Space>
      <ListTable<DepartmentVersion>
        rowKey="id"
        size="middle"
        columns={columns}
        rows={page.data?.records}
        loading={page.isFetching}
        empty={page.error?.message ?? X.empty}
        pager={{ current, total: page.data?.total ?? 0, onChange: setCurrent }}
      />
      <FormDialog<VersionForm>
        open={open}
        title={editing ? X.edit : X.add}
        form={form}
        pending={save.isPending}
        onClose={() => setOpen(false)}
        onSubmit={submit}
        initialValues={
          editing
            ? { bbmc: editing.bbmc, sxrq: dayjs(editing.sxrq), bz: editing.bz ?? '' }
            : { bbmc: '', sxrq: dayjs(), bz: '' }
        }
      >
        {!editing && <Alert type="info" showIcon message={X.addHint} style={{ marginBottom: 16 }} />}
        <Form.Item name="bbmc" label={X.name} rules={[{ required: true, whitespace: true, message: M.nameRequired }]}>
          <Input maxLength={L.nameMax} />
        </Form.Item>
        <Form.Item name="sxrq" label={X.effectiveDate} rules={[{ required: true, message: M.dateRequired }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="bz" label={X.note}>
          <Input.TextArea maxLength={L.noteMax} rows={3} />
        </Form.Item>
      </FormDialog>
      <Modal
        open={viewing !== null}
        title={viewing ? X.departmentsOf(viewing.bbmc) : ''}
        footer={<Button onClick={() => setViewing(null)}>{X.close}</Button>}
        onCancel={() => setViewing(null)}
        width={640}
      >
        <ListTable<VersionDepartment>
          rowKey="bmid"
          size="small"
          columns={departmentColumns}
          rows={departments.data}
          loading={departments.isFetching}
          empty={departments.error?.message}
          pager="local"
          scroll={{ y: 400 }}
        />
      </Modal>
    </div>
  );
}
