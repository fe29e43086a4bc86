import {
  LIMITS,
  REPORT_DEFAULTS,
  REPORT_MSG,
  REPORT_SECTION,
  REPORT_SECTIONS,
  REPORT_TEMPLATE_KIND_NAMES,
  REPORT_TEMPLATE_KINDS,
  type ReportCover,
  type ReportTemplate,
  REPORT_UI as T,
} from '@zg/contract';
import {
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tabs,
  Tag,
  Tooltip,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/errors';
import { EnterSubmits } from '../../components/EnterSubmits';
import { ListTable, pagedRows, SearchBar, useSearchPaging } from '../../components/ListTable';
import { type CoverForm, type TemplateForm, useCovers, useReportActions, useTemplates } from './report.api';

const time = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');
const SECTION_OPTIONS = REPORT_SECTIONS.map((s) => ({ value: s, label: REPORT_SECTION[s] }));

/** 报告模板: the templates and covers of task reports, kept by administrators and target publishers. */
export default function ReportTemplatesPage() {
  return (
    <Card variant="borderless">
      <Tabs
        items={[
          { key: 'templates', label: T.templatesTab, children: <Templates /> },
          { key: 'covers', label: T.coversTab, children: <Covers /> },
        ]}
      />
    </Card>
  );
}

function Templates() {
  const { message, modal } = App.useApp();
  const paging = useSearchPaging();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<ReportTemplate | 'new' | null>(null);
  const size = LIMITS.defaultPageSize;
  const list = useTemplates(paging.page, size, paging.keyword);
  const actions = useReportActions();

  const remove = () =>
    modal.confirm({
      title: T.deleteSelected,
      content: T.deleteConfirm(selected.length),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await actions.deleteTemplates.mutateAsync(selected);
          message.success(T.deleted);
          setSelected([]);
        } catch (error) {
          message.error(errorText(error, T.deleteSelected));
        }
      },
    });

  const columns: TableColumnsType<ReportTemplate> = [
    { title: T.templateName, dataIndex: 'mbmc', width: 180 },
    {
      title: T.templateKind,
      dataIndex: 'mblx',
      width: 120,
      render: (v: ReportTemplate['mblx']) => REPORT_TEMPLATE_KIND_NAMES[v],
    },
    { title: T.reportTitle, dataIndex: 'bgbt', ellipsis: true },
    {
      title: T.sections,
      dataIndex: 'sections',
      render: (v: ReportTemplate['sections']) => v.map((s) => <Tag key={s}>{REPORT_SECTION[s]}</Tag>),
    },
    { title: T.creator, dataIndex: 'cjrmc', width: 100 },
    { title: T.updatedAt, dataIndex: 'gxsj', width: 150, render: time },
    {
      title: T.actions,
      key: 'actions',
      width: 80,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setEditing(r)}>
          {T.edit}
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <SearchBar label={T.searchTemplate} onSearch={paging.search}>
        <Button type="primary" onClick={() => setEditing('new')}>
          {T.addTemplate}
        </Button>
        <Button danger disabled={selected.length === 0} onClick={remove}>
          {T.deleteSelected}
        </Button>
      </SearchBar>
      <ListTable<ReportTemplate>
        size="middle"
        {...pagedRows(list, paging, size)}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
      />
      <TemplateDialog template={editing} onClose={() => setEditing(null)} />
    </Space>
  );
}

function TemplateDialog({ template, onClose }: { template: ReportTemplate | 'new' | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TemplateForm>();
  const actions = useReportActions();
  const existing = template && template !== 'new' ? template : null;
  // The dialog is reused for every row: fill it from the row (or the defaults) each time it opens, since a form
  // keeps what it last held and `initialValues` applies to a form's first mount only.
  useEffect(() => {
    if (template === null) return;
    form.resetFields();
    form.setFieldsValue(
      existing
        ? {
            mbmc: existing.mbmc,
            bgbt: existing.bgbt,
            bgsm: existing.bgsm ?? undefined,
            sections: existing.sections,
            mblx: existing.mblx,
          }
        : {
            mbmc: undefined,
            bgbt: REPORT_DEFAULTS.reportTitle,
            bgsm: undefined,
            sections: [...REPORT_SECTIONS],
            mblx: 'targetTask',
          },
    );
  }, [template, existing, form]);
  const finish = async (values: TemplateForm) => {
    try {
      await actions.saveTemplate.mutateAsync({ ...values, ...(existing ? { id: existing.id } : {}) });
      message.success(T.saved);
      onClose();
    } catch (error) {
      message.error(errorText(error, T.saved));
    }
  };
  return (
    <Modal
      open={template !== null}
      title={existing ? T.editTemplate : T.addTemplate}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={actions.saveTemplate.isPending}
      destroyOnHidden
      width={600}
    >
      <Form<TemplateForm> form={form} layout="vertical" preserve={false} onFinish={finish}>
        <Form.Item
          name="mbmc"
          label={T.templateName}
          rules={[{ required: true, whitespace: true, message: T.nameRequired }]}
        >
          <Input maxLength={LIMITS.maxLength.default} />
        </Form.Item>
        <Form.Item name="mblx" label={T.templateKind}>
          <Select
            aria-label={T.templateKind}
            options={REPORT_TEMPLATE_KINDS.map((k) => ({ value: k, label: REPORT_TEMPLATE_KIND_NAMES[k] }))}
          />
        </Form.Item>
        <Form.Item
          name="bgbt"
          label={T.reportTitle}
          extra={T.reportTitleHint}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="bgsm" label={T.preface}>
          <Input.TextArea rows={3} maxLength={LIMITS.maxLength.longContent} showCount />
        </Form.Item>
        <Form.Item
          name="sections"
          label={T.sections}
          rules={[{ required: true, message: REPORT_MSG.sectionsRequired }]}
        >
          <Checkbox.Group options={SECTION_OPTIONS} />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}

function Covers() {
  const { message } = App.useApp();
  const paging = useSearchPaging();
  const [adding, setAdding] = useState(false);
  const size = LIMITS.defaultPageSize;
  const list = useCovers(paging.page, size, paging.keyword);
  const actions = useReportActions();
  const run = async (what: Promise<unknown>, done: string) => {
    try {
      await what;
      message.success(done);
    } catch (error) {
      message.error(errorText(error, done));
    }
  };

  const columns: TableColumnsType<ReportCover> = [
    {
      title: T.coverName,
      dataIndex: 'fmmc',
      width: 200,
      render: (v: string, r) => (
        <Space>
          {v}
          {r.sfmr && <Tag color="blue">{T.defaultTag}</Tag>}
        </Space>
      ),
    },
    { title: T.coverTitle, dataIndex: 'fmbt', ellipsis: true },
    { title: T.school, dataIndex: 'xxmc', width: 180, render: (v: string | null) => v ?? '-' },
    { title: T.subtitle, dataIndex: 'fbt', width: 160, render: (v: string | null) => v ?? '-' },
    { title: T.createdAt, dataIndex: 'cjsj', width: 150, render: time },
    {
      title: T.actions,
      key: 'actions',
      width: 160,
      render: (_, r) => (
        <Space size={0}>
          {!r.sfmr && (
            <Button
              type="link"
              size="small"
              onClick={() => run(actions.defaultCover.mutateAsync(r.id), REPORT_MSG.defaultSet)}
            >
              {T.makeDefault}
            </Button>
          )}
          {r.sfmr ? (
            <Tooltip title={REPORT_MSG.defaultCoverDelete}>
              <Button type="link" size="small" danger disabled>
                {T.delete}
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={T.coverDeleteConfirm}
              onConfirm={() => run(actions.deleteCover.mutateAsync(r.id), T.deleted)}
            >
              <Button type="link" size="small" danger>
                {T.delete}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <SearchBar label={T.searchCover} onSearch={paging.search}>
        <Button type="primary" onClick={() => setAdding(true)}>
          {T.addCover}
        </Button>
      </SearchBar>
      <ListTable<ReportCover> size="middle" {...pagedRows(list, paging, size)} columns={columns} />
      <CoverDialog open={adding} onClose={() => setAdding(false)} />
    </Space>
  );
}

function CoverDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CoverForm>();
  const actions = useReportActions();
  const finish = async (values: CoverForm) => {
    try {
      await actions.addCover.mutateAsync(values);
      message.success(T.saved);
      onClose();
    } catch (error) {
      message.error(errorText(error, T.saved));
    }
  };
  return (
    <Modal
      open={open}
      title={T.addCover}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={actions.addCover.isPending}
      destroyOnHidden
    >
      <Form<CoverForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ fmbt: REPORT_DEFAULTS.coverTitle, sfmr: false }}
        onFinish={finish}
      >
        <Form.Item
          name="fmmc"
          label={T.coverName}
          rules={[{ required: true, whitespace: true, message: T.nameRequired }]}
        >
          <Input maxLength={LIMITS.maxLength.default} />
        </Form.Item>
        <Form.Item name="fmbt" label={T.coverTitle} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="xxmc" label={T.school} extra={T.schoolHint}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="fbt" label={T.subtitle}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="sfmr" label={T.isDefault} valuePropName="checked">
          <Switch />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
