import { LIMITS, REPORT_UI as T, TARGET_REPORT_STATUS, type TargetReport, type TargetReportStatus } from '@zg/contract';
import { Button, Card, Input, Segmented, Select, Space, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { YearPicker } from '../../components/pickers';
import { GenerateDialog } from './GenerateDialog';
import { ReportDrawer } from './ReportView';
import { type ReportListKind, useReportPage } from './report.api';
import { LEVEL_COLOR, levelLabel, STATUS_COLOR } from './report-logic';

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
        <ListTable<TargetReport>
          rowKey="id"
          size="middle"
          loading={page.isFetching}
          columns={columns}
          rows={page.data?.records}
          scroll={{ x: 1000 }}
          pager={{ current, total: page.data?.total ?? 0, pageSize: size, onChange: setCurrent }}
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
