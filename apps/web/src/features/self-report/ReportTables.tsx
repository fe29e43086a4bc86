import {
  SELF_REPORT_TABLES,
  type SelfReportContent,
  type SelfReportRow,
  type SelfReportWarning,
  SELF_REPORT_TEXT as T,
} from '@zg/contract';
import { Typography } from 'antd';
import { ListTable } from '../../components/ListTable';

/**
 * The four tables of a report (spec-2 §2.5): 目标监测统计表 (every row), 未达标指标统计表, 未完成目标统计表 and
 * 预警信息记录表; each has an anchor the overview's counts scroll to.
 */

export type TableKey = keyof typeof SELF_REPORT_TABLES;
export const tableAnchor = (key: TableKey) => `zg-self-report-${key}`;

/** Scrolls the drawer to a table (the app routes by the URL's hash, so no `#id` link). */
export function scrollToTable(key: TableKey) {
  document.getElementById(tableAnchor(key))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

const dash = (v: string | null) => v ?? '—';

const ROW_COLUMNS = [
  {
    title: T.colLevels,
    dataIndex: 'levels',
    // The levels above the point (the last level is the point itself).
    render: (v: string[], r: SelfReportRow) => (v.at(-1) === r.zkdmc ? v.slice(0, -1) : v).join(' / ') || '—',
  },
  { title: T.colName, dataIndex: 'zkdmc' },
  { title: T.colStandard, dataIndex: 'bzz', width: 90, render: dash },
  { title: T.colTarget, dataIndex: 'mbz', width: 90, render: dash },
  { title: T.colResult, dataIndex: 'jgz', width: 90, render: dash },
  { title: T.colGrade, dataIndex: 'jgdj', width: 60, render: dash },
  { title: T.colLastResult, dataIndex: 'sljsz', width: 100, render: dash },
];
const CAUSE_COLUMNS = [
  { title: T.colCause, dataIndex: 'yyfx', render: dash },
  { title: T.colMeasure, dataIndex: 'gjcs', render: dash },
];
const WARNING_COLUMNS = [
  { title: T.colName, dataIndex: 'zkdmc' },
  { title: T.colWarnValue, dataIndex: 'yjz', width: 90, render: dash },
  { title: T.colCause, dataIndex: 'yyfx', render: dash },
  { title: T.colWarnMeasure, dataIndex: 'clcs', render: dash },
  { title: T.colWarnCount, dataIndex: 'allNum', width: 80 },
  { title: T.colDisposed, dataIndex: 'disposeNum', width: 80 },
  { title: T.colHandler, dataIndex: 'clrmc', width: 90, render: dash },
];

function Section({ k, children }: { k: TableKey; children: React.ReactNode }) {
  return (
    <section id={tableAnchor(k)} className="zg-self-report__table" aria-label={SELF_REPORT_TABLES[k]}>
      <Typography.Title level={5}>{SELF_REPORT_TABLES[k]}</Typography.Title>
      {children}
    </section>
  );
}

export function ReportTables({ content }: { content: SelfReportContent }) {
  const below = content.rows.filter((r) => r.dis);
  const unfinished = content.rows.filter((r) => r.unfin);
  return (
    <>
      <Section k="monitor">
        <ListTable<SelfReportRow> rows={content.rows} pager="local" columns={ROW_COLUMNS} />
      </Section>
      <Section k="below">
        <ListTable<SelfReportRow> rows={below} pager="local" columns={[...ROW_COLUMNS, ...CAUSE_COLUMNS]} />
      </Section>
      <Section k="unfinished">
        <ListTable<SelfReportRow> rows={unfinished} pager="local" columns={ROW_COLUMNS} />
      </Section>
      <Section k="warnings">
        <ListTable<SelfReportWarning> rows={content.warnings} pager="local" rowKey="zkdmc" columns={WARNING_COLUMNS} />
      </Section>
    </>
  );
}
