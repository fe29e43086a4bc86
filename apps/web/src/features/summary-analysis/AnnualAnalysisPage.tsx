import type { AnalysisTaskType } from '@zg/contract';
import {
  ANALYSIS_NOTE,
  type FindAnalyseDepartmentRowSchema,
  type FindAnalyseRowSchema,
  type GatherAnalyse,
  type GridRowSchema,
  LIMITS,
  ANALYSIS_UI as T,
  TASK_TYPE,
} from '@zg/contract';
import { Alert, App, Button, Card, Col, Row, Select, Space, Statistic, type TableColumnsType, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { BarChart, CircularGauge } from '../../components/charts';
import { currentYear, YearPicker } from '../../components/pickers';
import {
  type AnnualFilter,
  exportAnnualAnalysis,
  useAnalysisGrid,
  useFindAnalyse,
  useFindAnalyseDepartment,
  useGatherAnalyse,
  useYearTargetOptions,
} from './analysis.api';
import './analysis.css';
import { ListTable } from '../../components/ListTable';

type TargetRow = z.infer<typeof FindAnalyseRowSchema>;
type DepartmentRow = z.infer<typeof FindAnalyseDepartmentRowSchema>;
type GridRow = z.infer<typeof GridRowSchema>;

const rateText = (v: number) => `${v.toFixed(2)}%`;

/** The count columns shared by the per-target and per-department tables. */
function countColumns<
  R extends { taskCount: number; issued: number; finished: number; executing: number; overdue: number; rate: number },
>(): TableColumnsType<R> {
  return [
    { title: T.taskCount, dataIndex: 'taskCount', width: 90 },
    { title: T.issued, dataIndex: 'issued', width: 90 },
    { title: T.finished, dataIndex: 'finished', width: 90 },
    { title: T.executing, dataIndex: 'executing', width: 90 },
    { title: T.overdue, dataIndex: 'overdue', width: 100 },
    { title: T.figureRate, dataIndex: 'rate', width: 100, render: rateText },
  ];
}

/**
 * 年度目标分解分析 (herm-ndwbs analysis): the gathered figures, the figures per year target and per department (with
 * the rank), the department by year-target grid, and the export of all four to Excel.
 */
export default function AnnualAnalysisPage() {
  const { message } = App.useApp();
  // This year until the user picks another (as on every analysis page); cleared, it is every year.
  const [year, setYear] = useState<number | null>(currentYear);
  const [yearTargetId, setYearTargetId] = useState<number | undefined>();
  const [rwlx, setRwlx] = useState<AnalysisTaskType>();
  const [tab, setTab] = useState('gather');
  const [exporting, setExporting] = useState(false);
  const filter: AnnualFilter = useMemo(
    () => ({ year: year ?? undefined, yearTargetId, rwlx }),
    [year, yearTargetId, rwlx],
  );
  const targets = useYearTargetOptions();
  const targetOptions = (targets.data ?? []).filter((t) => year === null || t.cycleYear === year);

  const runExport = async () => {
    setExporting(true);
    try {
      await exportAnnualAnalysis(filter);
      message.success(T.exported);
    } catch (error) {
      message.error(error instanceof Error && error.message ? error.message : T.export);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} className="zg-analysis">
      <Card variant="borderless" size="small">
        <Space wrap size="middle">
          <YearPicker
            aria-label={T.yearPlaceholder}
            placeholder={T.allYears}
            value={year}
            defaultPanelYear={currentYear()}
            onChange={(y) => {
              setYear(y);
              setYearTargetId(undefined);
            }}
            style={{ width: 140 }}
          />
          <Select<number>
            aria-label={T.yearTargetPlaceholder}
            placeholder={T.yearTargetPlaceholder}
            style={{ width: 240 }}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={yearTargetId}
            loading={targets.isLoading}
            options={targetOptions.map((t) => ({ value: t.id, label: t.name }))}
            onChange={(v) => setYearTargetId(v ?? undefined)}
          />
          <Select<string>
            aria-label={T.typePlaceholder}
            placeholder={T.typePlaceholder}
            style={{ width: 160 }}
            allowClear
            value={rwlx}
            options={TASK_TYPE.map((t) => ({ value: t.code, label: t.name }))}
            onChange={(v) => setRwlx((v as AnalysisTaskType) ?? undefined)}
          />
          <Button type="primary" loading={exporting} onClick={runExport}>
            {T.export}
          </Button>
        </Space>
      </Card>
      <Alert type="info" showIcon title={ANALYSIS_NOTE} />
      <Card variant="borderless" size="small">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'gather', label: T.gatherTab, children: <GatherPanel filter={filter} /> },
            {
              key: 'targets',
              label: T.targetTab,
              children: <TargetPanel filter={filter} enabled={tab === 'targets'} />,
            },
            {
              key: 'departments',
              label: T.departmentTab,
              children: <DepartmentPanel filter={filter} enabled={tab === 'departments'} />,
            },
            { key: 'grid', label: T.gridTab, children: <GridPanel filter={filter} enabled={tab === 'grid'} /> },
          ]}
        />
      </Card>
    </Space>
  );
}

/** The figures of the gathered analysis, in the order they are shown. */
export function gatherStats(g: GatherAnalyse): { label: string; value: number }[] {
  return [
    { label: T.yearTargetCount, value: g.yearTargetCount },
    { label: T.taskCount, value: g.taskCount },
    { label: T.issued, value: g.issued },
    { label: T.notIssued, value: g.notIssued },
    { label: T.finished, value: g.finished },
    { label: T.onTime, value: g.onTime },
    { label: T.late, value: g.late },
    { label: T.executing, value: g.executing },
    { label: T.overdue, value: g.overdue },
    { label: T.processWarnings, value: g.processWarningCount },
    { label: T.expiredWarnings, value: g.expiredWarningCount },
  ];
}

function GatherPanel({ filter }: { filter: AnnualFilter }) {
  const gather = useGatherAnalyse(filter);
  const g = gather.data;
  if (gather.isLoading || !g) return <Card loading variant="borderless" />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6} className="zg-analysis__gauge">
        <CircularGauge percent={g.rate} label={T.rateGauge} />
      </Col>
      <Col xs={24} lg={18}>
        <Row gutter={[16, 16]} className="zg-analysis__stats">
          {gatherStats(g).map((s) => (
            <Col key={s.label} xs={12} md={6} lg={4}>
              <Statistic title={s.label} value={s.value} />
            </Col>
          ))}
        </Row>
      </Col>
      <Col span={24}>
        <Card size="small" title={T.byTypeTitle}>
          <BarChart
            label={T.byTypeTitle}
            height={260}
            data={{
              categories: g.byType.map((t) => t.rwlxmc),
              series: [
                { name: T.typeSeriesTask, data: g.byType.map((t) => t.taskCount) },
                { name: T.typeSeriesFinished, data: g.byType.map((t) => t.finished) },
              ],
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}

/** A client-paged table of rows the server sends whole. */
function LocalTable<R extends object>({
  rows,
  columns,
  rowKey,
  loading,
}: {
  rows: R[];
  columns: TableColumnsType<R>;
  rowKey: keyof R & string;
  loading: boolean;
}) {
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  return (
    <ListTable<R>
      rowKey={rowKey}
      size="small"
      loading={loading}
      columns={columns}
      rows={rows}
      scroll={{ x: 900 }}
      pager={{ current: page, total: rows.length, onChange: setPage }}
    />
  );
}

function TargetPanel({ filter, enabled }: { filter: AnnualFilter; enabled: boolean }) {
  const rows = useFindAnalyse(filter, enabled);
  const columns: TableColumnsType<TargetRow> = [
    { title: T.yearTarget, dataIndex: 'mbmc', ellipsis: true },
    { title: T.year, dataIndex: 'nf', width: 70 },
    { title: T.fzbm, dataIndex: 'fzbm', width: 140 },
    ...countColumns<TargetRow>(),
    { title: T.warnings, dataIndex: 'warningCount', width: 100 },
  ];
  return <LocalTable rows={rows.data ?? []} columns={columns} rowKey="yearTargetId" loading={rows.isLoading} />;
}

function DepartmentPanel({ filter, enabled }: { filter: AnnualFilter; enabled: boolean }) {
  const rows = useFindAnalyseDepartment(filter, enabled);
  const columns: TableColumnsType<DepartmentRow> = [
    { title: T.rank, dataIndex: 'rank', width: 70, render: (v: number) => <span className="zg-rank">{v}</span> },
    { title: T.department, dataIndex: 'bmmc', ellipsis: true },
    { title: T.departmentHead, dataIndex: 'fzrmc', width: 100 },
    ...countColumns<DepartmentRow>(),
    { title: T.processWarnings, dataIndex: 'processWarningCount', width: 90 },
    { title: T.expiredWarnings, dataIndex: 'expiredWarningCount', width: 90 },
  ];
  return <LocalTable rows={rows.data ?? []} columns={columns} rowKey="bmid" loading={rows.isLoading} />;
}

function GridPanel({ filter, enabled }: { filter: AnnualFilter; enabled: boolean }) {
  const [pageNum, setPageNum] = useState<number>(LIMITS.firstPage);
  const pageSize = LIMITS.defaultPageSize;
  const grid = useAnalysisGrid(filter, pageNum, pageSize, enabled);
  const columns: TableColumnsType<GridRow> = [
    { title: T.department, dataIndex: 'bmmc', fixed: 'left', width: 160 },
    ...(grid.data?.columns ?? []).map((c, i) => ({
      title: c.mbmc,
      key: `target-${c.yearTargetId}`,
      width: 150,
      render: (_: unknown, r: GridRow) => {
        const cell = r.cells[i];
        return cell && cell.taskCount > 0 ? T.cell(cell.finished, cell.taskCount, cell.rate) : '-';
      },
    })),
    {
      title: T.total,
      key: 'total',
      fixed: 'right',
      width: 150,
      render: (_: unknown, r: GridRow) => T.cell(r.finished, r.taskCount, r.rate),
    },
  ];
  return (
    <ListTable<GridRow>
      rowKey="bmid"
      size="small"
      bordered
      loading={grid.isFetching}
      columns={columns}
      rows={grid.data?.list}
      scroll={{ x: 160 + 150 * ((grid.data?.columns.length ?? 0) + 1) }}
      pager={{ current: pageNum, total: grid.data?.total ?? 0, pageSize, onChange: setPageNum }}
    />
  );
}
