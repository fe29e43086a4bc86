import {
  LIMITS,
  REPORT_MSG,
  REPORT_UI as T,
  TARGET_REPORT_STATUS,
  type TargetReport,
  type TargetReportStatus,
} from '@zg/contract';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Segmented,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { pagination } from '../../components/pagination';
import { YearPicker } from '../../components/pickers';
import { errorText } from '../task-extras/feedback';
import { ReportDrawer } from './ReportView';
import {
  type ReportListKind,
  useCovers,
  useMyTasks,
  useReportActions,
  useReportPage,
  useTemplates,
} from './report.api';
import { LEVEL_COLOR, levelLabel, STATUS_COLOR } from './report-logic';

/** Task states from which a report can be generated (the server checks again). */
export const REPORTABLE_STATES: readonly string[] = ['executeing', 'delayNotDone', 'hasDone', 'delayDone'];

const KINDS: { value: ReportListKind; label: string }[] = [
  { value: 'mine', label: T.kindMine },
  { value: 'review', label: T.kindReview },
  { value: 'all', label: T.kindAll },
];

/**
 * 任务报告: the reports of the user's tasks, those waiting for their audit, and all they may see; a report is
 * generated for a task, rated, submitted, audited and downloaded as Word from its drawer.
 */
export default function TaskReportsPage({ initialKind = 'mine' }: { initialKind?: ReportListKind }) {
  const [kind, setKind] = useState<ReportListKind>(initialKind);
  const [year, setYear] = useState<number | null>(null);
  const [bgzt, setBgzt] = useState<TargetReportStatus | undefined>();
  const [rwmc, setRwmc] = useState<string | undefined>();
  const [current, setCurrent] = useState<number>(LIMITS.firstPage);
  const [openId, setOpenId] = useState<number | null>(null);
  const [generating, setGenerating] = useState(false);
  const size = LIMITS.defaultPageSize;
  const page = useReportPage({ kind, year: year ?? undefined, bgzt, rwmc }, current, size);
  const reset = () => setCurrent(LIMITS.firstPage);

  const columns: TableColumnsType<TargetReport> = [
    {
      title: T.title,
      dataIndex: 'bgbt',
      ellipsis: true,
      render: (v: string, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)} className="zg-link-cell">
          {v}
        </Button>
      ),
    },
    { title: T.taskName, dataIndex: 'rwmc', ellipsis: true },
    { title: T.year, dataIndex: 'nf', width: 70 },
    { title: T.department, dataIndex: 'fbbm', width: 120 },
    { title: T.owner, dataIndex: 'fzrmc', width: 90 },
    {
      title: T.level,
      dataIndex: 'zpdj',
      width: 100,
      render: (v: TargetReport['zpdj']) => (v ? <Tag color={LEVEL_COLOR[v]}>{levelLabel(v)}</Tag> : T.unrated),
    },
    {
      title: T.status,
      dataIndex: 'bgzt',
      width: 110,
      render: (v: TargetReportStatus, r) => <Tag color={STATUS_COLOR[v]}>{r.bgztmc}</Tag>,
    },
    {
      title: T.generatedAt,
      dataIndex: 'scsj',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: T.actions,
      key: 'actions',
      width: 90,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
          {r.abilities.audit ? T.audit : r.abilities.rate ? T.rate : T.view}
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap size="middle">
          <Segmented<ReportListKind>
            options={KINDS}
            value={kind}
            onChange={(v) => {
              setKind(v);
              reset();
            }}
          />
          <YearPicker
            aria-label={T.year}
            value={year}
            defaultPanelYear={new Date().getFullYear()}
            onChange={(y) => {
              setYear(y);
              reset();
            }}
            style={{ width: 130 }}
          />
          <Select<TargetReportStatus>
            aria-label={T.statusPlaceholder}
            placeholder={T.statusPlaceholder}
            allowClear
            style={{ width: 140 }}
            value={bgzt}
            options={Object.entries(TARGET_REPORT_STATUS).map(([value, label]) => ({
              value: value as TargetReportStatus,
              label,
            }))}
            onChange={(v) => {
              setBgzt(v ?? undefined);
              reset();
            }}
          />
          <Input.Search
            aria-label={T.searchTask}
            placeholder={T.searchTask}
            allowClear
            style={{ width: 220 }}
            maxLength={LIMITS.maxLength.default}
            onSearch={(v) => {
              setRwmc(v.trim() || undefined);
              reset();
            }}
          />
          <Button type="primary" onClick={() => setGenerating(true)}>
            {T.generate}
          </Button>
        </Space>
        <Table<TargetReport>
          rowKey="id"
          size="middle"
          loading={page.isFetching}
          columns={columns}
          dataSource={page.data?.records ?? []}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <EmptyState /> }}
          pagination={pagination({ current, total: page.data?.total ?? 0, pageSize: size, onChange: setCurrent })}
        />
      </Space>
      <GenerateDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onGenerated={(id) => {
          setGenerating(false);
          setOpenId(id);
        }}
      />
      <ReportDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

interface GenerateValues {
  taskId: number;
  templateId?: number;
  coverId?: number;
}

/** 生成报告: one of the user's tasks under way or finished, with a template and a cover (or the defaults). */
export function GenerateDialog({
  open,
  onClose,
  onGenerated,
  taskId,
}: {
  open: boolean;
  onClose: () => void;
  onGenerated: (reportId: number) => void;
  /** A fixed task (from the task's own page): no task select. */
  taskId?: number;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<GenerateValues>();
  const [search, setSearch] = useState<string | undefined>();
  const tasks = useMyTasks(search, open && taskId === undefined);
  const templates = useTemplates(1, 200, undefined, open);
  const covers = useCovers(1, 200, undefined, open);
  const actions = useReportActions();
  const options = (tasks.data?.records ?? [])
    .filter((t) => REPORTABLE_STATES.includes(t.rwzt))
    .map((t) => ({ value: t.id, label: `${t.rwmc}（${t.rwztmc}）` }));

  const finish = async (values: GenerateValues) => {
    try {
      const report = await actions.generate.mutateAsync({ ...values, taskId: taskId ?? values.taskId });
      message.success(REPORT_MSG.generated);
      form.resetFields();
      onGenerated(report.id);
    } catch (error) {
      message.error(errorText(error, T.generate));
    }
  };

  return (
    <Modal
      open={open}
      title={T.generate}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={actions.generate.isPending}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" onFinish={finish}>
        {taskId === undefined && (
          <Form.Item name="taskId" label={T.task} rules={[{ required: true, message: T.taskPlaceholder }]}>
            <Select<number>
              showSearch={{ filterOption: false, onSearch: (v) => setSearch(v.trim() || undefined) }}
              placeholder={T.taskPlaceholder}
              loading={tasks.isFetching}
              options={options}
              notFoundContent={tasks.isFetching ? undefined : <EmptyState />}
            />
          </Form.Item>
        )}
        <Form.Item name="templateId" label={T.template} extra={T.templateDefault}>
          <Select<number>
            allowClear
            placeholder={T.templateDefault}
            loading={templates.isLoading}
            options={(templates.data?.records ?? []).map((t) => ({ value: t.id, label: t.mbmc }))}
          />
        </Form.Item>
        <Form.Item name="coverId" label={T.cover} extra={T.coverDefault}>
          <Select<number>
            allowClear
            placeholder={T.coverDefault}
            loading={covers.isLoading}
            options={(covers.data?.records ?? []).map((c) => ({
              value: c.id,
              label: c.sfmr ? `${c.fmmc}（${T.defaultTag}）` : c.fmmc,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
