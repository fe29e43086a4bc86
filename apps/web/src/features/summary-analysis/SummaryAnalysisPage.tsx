import type { AnalysisTaskType } from '@zg/contract';
import {
  ANALYSIS_FIGURES,
  ANALYSIS_MSG,
  type AnalysisFigure,
  type DepartmentRateSchema,
  ANALYSIS_UI as T,
} from '@zg/contract';
import { Alert, Button, Card, Col, Progress, Row, Select, Space, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import './analysis.css';
import type { z } from 'zod';
import { BarChart, PieChart } from '../../components/charts';
import { EmptyState } from '../../components/EmptyState';
import { ListTable } from '../../components/ListTable';
import { currentYear } from '../../components/pickers';
import {
  type DrillDown,
  type SummaryFilter,
  type SummaryKind,
  useChargeDepartments,
  useDepartmentRates,
  useFinishRanking,
  useStatusAnalysis,
  useSummaryTaskTypes,
  useSummaryYears,
} from './analysis.api';
import { FIGURE_ORDER, type Figures, figuresOf, statusOfSlice, statusSlices } from './figures';
import { TasksDrawer } from './TasksDrawer';

type Rate = z.infer<typeof DepartmentRateSchema>;

const FIGURE_LABEL: Record<AnalysisFigure, string> = {
  all: T.figureAll,
  issued: T.figureIssued,
  finished: T.figureFinished,
  unfinished: T.figureUnfinished,
};

/**
 * 汇总分析 (spec-1 sections 1 and 2): the status distribution, the finish rate per department and the finish
 * ranking of the last-level tasks of the page's scope (mine, a department I head, or every task), for a task year
 * and type. Every number and chart item opens the tasks behind it.
 */
export default function SummaryAnalysisPage({ kind }: { kind: SummaryKind }) {
  const department = kind === 'departmentSummaryAnalysis';
  const chargeDepartments = useChargeDepartments(department);
  const [chosenDepartment, setChosenDepartment] = useState<string | undefined>();
  // The department page defaults to the first department the user heads, and cannot be cleared.
  const bmid = department ? (chosenDepartment ?? chargeDepartments.data?.[0]?.bmid) : undefined;
  const head = chargeDepartments.data?.find((d) => d.bmid === bmid)?.fzrmc;
  const scopeReady = !department || bmid !== undefined;

  const years = useSummaryYears(kind, bmid, scopeReady);
  const types = useSummaryTaskTypes(kind, bmid, scopeReady);
  // This year until the user picks one (as on every analysis page), listed even before it has tasks; null is 全部年份.
  const [chosenYear, setChosenYear] = useState<number | null | undefined>(undefined);
  const thisYear = currentYear();
  const year = chosenYear === undefined ? thisYear : (chosenYear ?? undefined);
  const yearOptions = [...new Set([thisYear, ...(years.data ?? []).map((y) => y.nf)])].sort((a, b) => b - a);
  const [rwlx, setRwlx] = useState<AnalysisTaskType>();

  const filter: SummaryFilter = useMemo(() => ({ scope: kind, year, rwlx, bmid }), [kind, year, rwlx, bmid]);
  const ready = scopeReady;
  const status = useStatusAnalysis(filter, ready);
  const rates = useDepartmentRates(filter, ready);
  const ranking = useFinishRanking(filter, ready);
  const [drill, setDrill] = useState<DrillDown | null>(null);

  if (department && chargeDepartments.isSuccess && chargeDepartments.data.length === 0) {
    return (
      <Card variant="borderless">
        <EmptyState description={ANALYSIS_MSG.noChargeDepartment} />
      </Card>
    );
  }

  const figures = figuresOf(status.data?.list ?? []);
  const open = (figure: AnalysisFigure, extra: Partial<DrillDown> = {}, title = FIGURE_LABEL[figure]) =>
    setDrill({ figure, title, ...extra });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} className="zg-analysis">
      <Card variant="borderless" size="small">
        <Space wrap size="middle">
          {department && (
            <>
              <Space>
                <span>{T.chargeDepartment}</span>
                <Select
                  aria-label={T.chargeDepartment}
                  style={{ width: 200 }}
                  value={bmid}
                  allowClear={false}
                  loading={chargeDepartments.isLoading}
                  options={chargeDepartments.data?.map((d) => ({ value: d.bmid, label: d.bmmc }))}
                  onChange={(v: string) => {
                    setChosenDepartment(v);
                    setChosenYear(undefined);
                    setRwlx(undefined);
                  }}
                />
              </Space>
              {chargeDepartments.data && (
                <Typography.Text type="secondary" data-testid="department-head">
                  {T.departmentHead}：{head ?? ANALYSIS_MSG.unknownHead}
                </Typography.Text>
              )}
            </>
          )}
          <Select<number | 'all'>
            aria-label={T.yearPlaceholder}
            placeholder={T.yearPlaceholder}
            style={{ width: 140 }}
            loading={years.isLoading}
            value={year ?? 'all'}
            options={[
              { value: 'all', label: T.allYears },
              ...yearOptions.map((nf) => ({ value: nf, label: String(nf) })),
            ]}
            onChange={(v) => setChosenYear(v === 'all' ? null : v)}
          />
          <Select<string>
            aria-label={T.typePlaceholder}
            placeholder={T.typePlaceholder}
            style={{ width: 180 }}
            allowClear
            value={rwlx}
            loading={types.isLoading}
            options={[
              { value: '', label: T.all },
              ...(types.data ?? []).map((t) => ({ value: t.code, label: `${t.rwlxmc}（${t.count}）` })),
            ]}
            onChange={(v) => setRwlx((v as AnalysisTaskType) || undefined)}
          />
        </Space>
      </Card>

      <FigureCards figures={figures} loading={!status.data} onOpen={(f) => open(f)} />
      {status.data && <Alert type="info" showIcon title={`${status.data.note}。${T.clickHint}`} />}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={T.statusTitle} size="small" loading={!status.data}>
            <PieChart
              label={T.statusTitle}
              data={statusSlices(status.data?.list ?? [])}
              onClick={(item) => {
                const rwzt = statusOfSlice(item.data);
                if (rwzt) open('all', { rwzt }, item.name);
              }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={T.rateTitle} size="small" loading={!rates.data}>
            <BarChart
              label={T.rateTitle}
              yMax={100}
              data={{
                categories: (rates.data ?? []).map((r) => r.bmmc),
                series: [{ name: T.rateSeries, data: (rates.data ?? []).map((r) => r.rate) }],
              }}
              onClick={(item) => {
                const row = rates.data?.[item.dataIndex];
                if (row) open('issued', { departmentId: row.bmid }, `${row.bmmc} · ${T.figureIssued}`);
              }}
            />
          </Card>
        </Col>
      </Row>

      <Card title={T.rankTitle} size="small">
        <RankingTable
          rows={ranking.data ?? []}
          loading={ranking.isLoading}
          onOpen={(row, figure) => open(figure, { departmentId: row.bmid }, `${row.bmmc} · ${FIGURE_LABEL[figure]}`)}
        />
      </Card>

      <TasksDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} />
    </Space>
  );
}

/** The headline numbers; each is a button opening its tasks. */
function FigureCards({
  figures,
  loading,
  onOpen,
}: {
  figures: Figures;
  loading: boolean;
  onOpen: (figure: AnalysisFigure) => void;
}) {
  return (
    <Row gutter={[16, 16]}>
      {FIGURE_ORDER.map((f) => (
        <Col key={f} xs={12} md={6} lg={5}>
          <Card size="small" loading={loading} className="zg-analysis__figure">
            <button
              type="button"
              className="zg-analysis__figure-button"
              title={ANALYSIS_FIGURES[f]}
              aria-label={`${FIGURE_LABEL[f]} ${figures[f]}`}
              onClick={() => onOpen(f)}
            >
              <span className="zg-analysis__figure-label">{FIGURE_LABEL[f]}</span>
              <span className="zg-analysis__figure-value" data-testid={`figure-${f}`}>
                {figures[f]}
              </span>
            </button>
          </Card>
        </Col>
      ))}
      <Col xs={24} md={24} lg={4}>
        <Card size="small" loading={loading} className="zg-analysis__figure">
          <div className="zg-analysis__figure-static">
            <span className="zg-analysis__figure-label">{T.figureRate}</span>
            <span className="zg-analysis__figure-value" data-testid="figure-rate">
              {figures.rate.toFixed(2)}%
            </span>
          </div>
        </Card>
      </Col>
    </Row>
  );
}

/** The ranking: best finish rate first; the counts open the department's tasks. */
function RankingTable({
  rows,
  loading,
  onOpen,
}: {
  rows: Rate[];
  loading: boolean;
  onOpen: (row: Rate, figure: AnalysisFigure) => void;
}) {
  const columns: TableColumnsType<Rate> = [
    { title: T.rank, dataIndex: 'rank', width: 70, render: (v: number) => <span className="zg-rank">{v}</span> },
    { title: T.department, dataIndex: 'bmmc' },
    {
      title: T.figureFinished,
      dataIndex: 'finished',
      width: 100,
      render: (v: number, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => onOpen(r, 'finished')}
          aria-label={`${r.bmmc} ${T.figureFinished} ${v}`}
        >
          {v}
        </Button>
      ),
    },
    {
      title: T.figureIssued,
      dataIndex: 'issued',
      width: 100,
      render: (v: number, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => onOpen(r, 'issued')}
          aria-label={`${r.bmmc} ${T.figureIssued} ${v}`}
        >
          {v}
        </Button>
      ),
    },
    {
      title: T.figureRate,
      dataIndex: 'rate',
      width: 260,
      render: (v: number) => <Progress percent={v} size="small" format={(p) => `${(p ?? 0).toFixed(2)}%`} />,
    },
  ];
  return <ListTable<Rate> rowKey="bmid" size="small" loading={loading} columns={columns} rows={rows} pager="local" />;
}
