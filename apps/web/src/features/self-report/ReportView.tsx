import { overviewSentences, type SelfReportDetail, type SelfReportReviewVo, SELF_REPORT_TEXT as T } from '@zg/contract';
import { Alert, Descriptions, Tag, Typography } from 'antd';
import { ListTable } from '../../components/ListTable';
import { ExplainButton, ReportActions } from './ReportActions';

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

/** One self-diagnosis report: its header and reviews, the overview entries with their paragraphs, the changes. */
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
    </div>
  );
}
