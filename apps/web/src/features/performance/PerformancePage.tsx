import {
  ANALYSIS_UI,
  LIMITS,
  type PerformanceRow,
  type PerformSituationRow,
  REPORT_UI,
  type ReportLevel,
  PERFORMANCE_UI as T,
  TARGET_REPORT_STATUS,
  type TargetReportStatus,
} from '@zg/contract';
import { App, Button, Card, Input, Select, Space, type TableColumnsType, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/errors';
import { BarChart, type CategoryData } from '../../components/charts';
import { ListTable } from '../../components/ListTable';
import { YearPicker } from '../../components/pickers';
import { taskTypeName } from '../summary-analysis/figures';
import { ReportDrawer } from '../task-report/ReportView';
import { LEVEL_COLOR, LEVEL_OPTIONS, levelLabel, STATUS_COLOR } from '../task-report/report-logic';
import {
  exportPerformance,
  type PerformanceFilter,
  useDepartmentOptions,
  usePerformancePage,
  usePerformSituation,
} from './performance.api';

/** The level distribution per department, for the chart: one series per level, unrated last. */
export function levelChartData(rows: PerformSituationRow[]): CategoryData {
  return {
    categories: rows.map((r) => r.name),
    series: [
      { name: T.levelA, data: rows.map((r) => r.levelA) },
      { name: T.levelB, data: rows.map((r) => r.levelB) },
      { name: T.levelC, data: rows.map((r) => r.levelC) },
      { name: T.levelD, data: rows.map((r) => r.levelD) },
      { name: T.unrated, data: rows.map((r) => r.unrated) },
    ],
  };
}

/**
 * 绩效中心 (/performance, spec-2 section 7.7): the finished last-level tasks the user appraises, with the owner's
 * self level and the audit result of the task report; per task, per department and per person; by year; to Excel.
 */
export default function PerformancePage() {
  const { message } = App.useApp();
  const [year, setYear] = useState<number | null>(null);
  const [bmid, setBmid] = useState<string | undefined>();
  const [zpdj, setZpdj] = useState<ReportLevel | undefined>();
  const [bgzt, setBgzt] = useState<TargetReportStatus | undefined>();
  const [rwmc, setRwmc] = useState<string | undefined>();
  const [tab, setTab] = useState('detail');
  const [exporting, setExporting] = useState(false);
  const [pageNum, setPageNum] = useState<number>(LIMITS.firstPage);
  const [reportId, setReportId] = useState<number | null>(null);
  const filter: PerformanceFilter = useMemo(
    () => ({ year: year ?? undefined, bmid, zpdj, bgzt, rwmc }),
    [year, bmid, zpdj, bgzt, rwmc],
  );
  const departments = useDepartmentOptions();
  const changed =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPageNum(LIMITS.firstPage);
    };

  const runExport = async () => {
    setExporting(true);
    try {
      await exportPerformance(filter);
      message.success(T.exported);
    } catch (error) {
      message.error(errorText(error, T.export));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card variant="borderless">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap size="middle">
          <YearPicker
            aria-label={T.year}
            placeholder={T.year}
            value={year}
            defaultPanelYear={new Date().getFullYear()}
            onChange={changed(setYear)}
            style={{ width: 130 }}
          />
          <Select<string>
            aria-label={T.department}
            placeholder={T.department}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            value={bmid}
            loading={departments.isLoading}
            options={departments.data?.map((d) => ({ value: d.departmentId, label: d.departmentName }))}
            onChange={changed((v: string | undefined) => setBmid(v ?? undefined))}
          />
          <Select<ReportLevel>
            aria-label={T.level}
            placeholder={T.level}
            allowClear
            style={{ width: 120 }}
            value={zpdj}
            options={LEVEL_OPTIONS}
            onChange={changed((v: ReportLevel | undefined) => setZpdj(v ?? undefined))}
          />
          <Select<TargetReportStatus>
            aria-label={T.status}
            placeholder={T.status}
            allowClear
            style={{ width: 130 }}
            value={bgzt}
            options={Object.entries(TARGET_REPORT_STATUS).map(([value, label]) => ({
              value: value as TargetReportStatus,
              label,
            }))}
            onChange={changed((v: TargetReportStatus | undefined) => setBgzt(v ?? undefined))}
          />
          <Input.Search
            aria-label={T.searchTask}
            placeholder={T.searchTask}
            allowClear
            maxLength={LIMITS.maxLength.default}
            style={{ width: 200 }}
            onSearch={changed((v: string) => setRwmc(v.trim() || undefined))}
          />
          <Button type="primary" loading={exporting} onClick={runExport}>
            {T.export}
          </Button>
        </Space>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'detail',
              label: T.detailTab,
              children: <DetailTable filter={filter} pageNum={pageNum} onPage={setPageNum} onReport={setReportId} />,
            },
            {
              key: 'department',
              label: T.departmentTab,
              children: <SituationPanel filter={filter} groupBy="department" enabled={tab === 'department'} />,
            },
            {
              key: 'person',
              label: T.personTab,
              children: <SituationPanel filter={filter} groupBy="person" enabled={tab === 'person'} />,
            },
          ]}
        />
      </Space>
      <ReportDrawer id={reportId} onClose={() => setReportId(null)} />
    </Card>
  );
}

function DetailTable({
  filter,
  pageNum,
  onPage,
  onReport,
}: {
  filter: PerformanceFilter;
  pageNum: number;
  onPage: (page: number) => void;
  onReport: (id: number) => void;
}) {
  const pageSize = LIMITS.defaultPageSize;
  const page = usePerformancePage(filter, pageNum, pageSize);
  // The appraisal first (task, department, owner, level, audit result), the details after the scroll.
  const columns: TableColumnsType<PerformanceRow> = [
    { title: T.taskName, dataIndex: 'rwmc', ellipsis: true, width: 200, fixed: 'left' },
    { title: T.department, dataIndex: 'bmmc', width: 110 },
    { title: T.owner, dataIndex: 'fzrmc', width: 80 },
    {
      title: T.level,
      dataIndex: 'zpdj',
      width: 100,
      render: (v: ReportLevel | null) => (v ? <Tag color={LEVEL_COLOR[v]}>{levelLabel(v)}</Tag> : T.unrated),
    },
    {
      title: T.status,
      dataIndex: 'bgztmc',
      width: 110,
      render: (v: string, r) => (r.bgzt ? <Tag color={STATUS_COLOR[r.bgzt]}>{v}</Tag> : v),
    },
    {
      title: T.timeliness,
      dataIndex: 'asq',
      width: 90,
      render: (v: boolean) => <Tag color={v ? 'green' : 'orange'}>{v ? T.onTime : T.late}</Tag>,
    },
    {
      title: T.finishedAt,
      dataIndex: 'wcsj',
      width: 110,
      render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '-'),
    },
    { title: T.auditor, dataIndex: 'shrmc', width: 80, render: (v: string | null) => v ?? '-' },
    { title: T.reason, dataIndex: 'shyj', ellipsis: true, width: 160, render: (v: string | null) => v ?? '-' },
    { title: T.year, dataIndex: 'nf', width: 80 },
    { title: ANALYSIS_UI.taskType, dataIndex: 'rwlx', width: 90, render: (v: string) => taskTypeName(v) },
    { title: T.yearTarget, dataIndex: 'yearTargetName', ellipsis: true, width: 180 },
    { title: T.plannedEnd, dataIndex: 'jssj', width: 110 },
    {
      title: REPORT_UI.actions,
      key: 'report',
      width: 90,
      fixed: 'right',
      render: (_, r) =>
        r.reportId !== null && (
          <Button type="link" size="small" onClick={() => onReport(r.reportId as number)}>
            {T.viewReport}
          </Button>
        ),
    },
  ];
  return (
    <ListTable<PerformanceRow>
      rowKey="taskId"
      size="middle"
      loading={page.isFetching}
      columns={columns}
      rows={page.data?.list}
      scroll={{ x: 1600 }}
      pager={{ current: pageNum, total: page.data?.total ?? 0, pageSize, onChange: onPage }}
    />
  );
}

function SituationPanel({
  filter,
  groupBy,
  enabled,
}: {
  filter: PerformanceFilter;
  groupBy: 'department' | 'person';
  enabled: boolean;
}) {
  const rows = usePerformSituation(filter, groupBy, enabled);
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const person = groupBy === 'person';
  const columns: TableColumnsType<PerformSituationRow> = [
    { title: person ? T.person : T.department, dataIndex: 'name', width: 140, fixed: 'left' },
    ...(person ? [{ title: T.department, dataIndex: 'bmmc', width: 120 }] : []),
    { title: T.finished, dataIndex: 'finished', width: 80 },
    { title: T.onTime, dataIndex: 'onTime', width: 70 },
    { title: T.late, dataIndex: 'late', width: 70 },
    { title: T.levelA, dataIndex: 'levelA', width: 70 },
    { title: T.levelB, dataIndex: 'levelB', width: 70 },
    { title: T.levelC, dataIndex: 'levelC', width: 70 },
    { title: T.levelD, dataIndex: 'levelD', width: 70 },
    { title: T.unrated, dataIndex: 'unrated', width: 80 },
    { title: T.passed, dataIndex: 'passed', width: 90 },
    { title: T.reviewing, dataIndex: 'reviewing', width: 80 },
    { title: T.refused, dataIndex: 'refused', width: 100 },
    { title: T.excellentRate, dataIndex: 'excellentRate', width: 90, render: (v: number) => `${v.toFixed(2)}%` },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {!person && (
        <Card size="small" title={T.levelChart}>
          <BarChart label={T.levelChart} height={260} barWidth={14} data={levelChartData(rows.data ?? [])} />
        </Card>
      )}
      <ListTable<PerformSituationRow>
        rowKey="id"
        size="middle"
        loading={rows.isLoading}
        columns={columns}
        rows={rows.data}
        scroll={{ x: 1200 }}
        pager={{ current: page, total: rows.data?.length ?? 0, onChange: setPage }}
      />
    </Space>
  );
}
