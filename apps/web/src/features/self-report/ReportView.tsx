import {
  overviewSentences,
  SELF_REPORT_TABLES,
  type SelfReportContent,
  type SelfReportDetail,
  type SelfReportReviewVo,
  SELF_REPORT_TEXT as T,
} from '@zg/contract';
import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import { ListTable } from '../../components/ListTable';
import { ExplainButton, ReportActions } from './ReportActions';
import { OverviewCharts } from './ReportCharts';
import { ReportDiscussion } from './ReportDiscussion';
import { ReportTables, scrollToTable, type TableKey } from './ReportTables';
import './self-report.css';

type Change = SelfReportDetail['changes'][number];

/** A review's stamp as the page shows it: the result, the score when shown, the opinion. */
function review(r: SelfReportReviewVo | null) {
  if (!r) return T.notReviewed;
  return (
    <>
      <Tag color={r.fhjg === 'effective' ? 'green' : r.fhjg === 'local' ? 'gold' : 'red'}>{r.fhjgmc}</Tag>
      {r.isChecked ? `${T.score} ${r.score}` : null}
      {r.opinion ? T.opinion(r.opinion) : null}
    </>
  );
}

/** The counts of an overview item, each a link that scrolls to its table. */
function TableLinks({ content, item }: { content: SelfReportContent; item: 1 | 2 | 3 }) {
  const o = content.overview;
  const links: [TableKey, number][] =
    item === 1
      ? [
          ['monitor', o.item1.zkdzsl],
          ['below', o.item1.wdbzkdsl],
        ]
      : item === 2
        ? [['unfinished', o.item2.wwczkdsl]]
        : [['warnings', content.warnings.length]];
  return (
    <Space className="zg-self-report__links" size="middle" wrap>
      <Typography.Text type="secondary">{T.linksLead}</Typography.Text>
      {links.map(([k, n]) => (
        <Typography.Link key={k} data-table-link={k} onClick={() => scrollToTable(k)}>
          {T.linkCount(SELF_REPORT_TABLES[k], n)}
        </Typography.Link>
      ))}
    </Space>
  );
}

/**
 * One self-diagnosis report: its header and reviews, the overview entries with their paragraphs, counts linked to the
 * tables and charts, the changes since submission, the four tables, and the discussion with the sharing.
 */
export function ReportView({ report }: { report: SelfReportDetail }) {
  const h = report.content.header;
  const sentences = overviewSentences(report.content.overview);
  return (
    <div className="zg-self-report">
      <ReportActions report={report} />
      <Descriptions bordered size="small" column={2} title={T.header}>
        <Descriptions.Item label={T.reportName} span={2}>
          {h.reportName}
        </Descriptions.Item>
        <Descriptions.Item label={T.items}>{h.reportHeaderVos.map((x) => x.cjname).join('、')}</Descriptions.Item>
        <Descriptions.Item label={T.principal}>{h.principal || '—'}</Descriptions.Item>
        <Descriptions.Item label={T.time}>{h.createTimeFmt}</Descriptions.Item>
        <Descriptions.Item label={T.colState}>{report.ztmc}</Descriptions.Item>
        <Descriptions.Item label={T.expertReview}>{review(report.expertReviewVo)}</Descriptions.Item>
        <Descriptions.Item label={T.schoolReview}>{review(report.schoolReviewVo)}</Descriptions.Item>
        {report.rejectReason ? (
          <Descriptions.Item label={T.rejectReason} span={2}>
            {report.rejectReason}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Typography.Title level={5}>{T.overview}</Typography.Title>
      {report.entries.map((e) => (
        <div key={e.id} className="zg-self-report__entry">
          <Typography.Text strong>
            {e.num} {e.name}
            {e.isChecked ? null : T.notIncluded}
          </Typography.Text>
          {report.abilities.explain && <ExplainButton bgid={report.id} entry={e} />}
          <Typography.Paragraph>{sentences[e.id as 1 | 2 | 3]}</Typography.Paragraph>
          <TableLinks content={report.content} item={e.id as 1 | 2 | 3} />
          <OverviewCharts overview={report.content.overview} item={e.id as 1 | 2 | 3} />
          {e.nr ? <Typography.Paragraph>{T.explained(e.nr)}</Typography.Paragraph> : null}
        </div>
      ))}
      {report.changes.length ? (
        <>
          <Alert type="warning" showIcon title={T.changed} />
          <ListTable<Change>
            rows={report.changes}
            pager={false}
            rowKey="field"
            columns={[
              { title: T.colFigure, dataIndex: 'label' },
              { title: T.colSubmitted, dataIndex: 'submitted' },
              { title: T.colToday, dataIndex: 'today' },
            ]}
          />
        </>
      ) : null}
      <ReportTables content={report.content} />
      <ReportDiscussion report={report} />
    </div>
  );
}
