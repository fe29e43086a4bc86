import { type AlgorithmResult, ALGORITHM_TEXT as T } from '@zg/contract';
import { Alert, Descriptions, Tag, Typography } from 'antd';
import { ListTable } from '../../components/ListTable';

/** The key of a result row in the table: no column of a query is named so. */
const ROW_KEY = '__zg_row__';

/** A run's answer: the value (value algorithms), row count, time, cut or cached, the rows and, when asked, the plan. */
export function ResultView({ result, rerun = false }: { result: AlgorithmResult; rerun?: boolean }) {
  const columns = result.columns.map((c) => ({
    key: c.name,
    title: c.name,
    dataIndex: c.name,
    align: c.type === 'number' ? ('right' as const) : undefined,
    render: (v: unknown) =>
      v === null || v === undefined ? <Typography.Text type="secondary">{T.empty}</Typography.Text> : String(v),
  }));
  return (
    <div className="zg-algorithm-result" data-testid="algorithm-result">
      <Descriptions
        size="small"
        column={4}
        items={[
          ...(result.value !== undefined
            ? [{ key: 'value', label: T.value, children: result.value === null ? T.empty : String(result.value) }]
            : []),
          { key: 'rows', label: T.rowCount, children: T.rows(result.rowCount) },
          { key: 'ms', label: T.time, children: T.ms(result.ms) },
          {
            key: 'flags',
            label: T.notes,
            children: (
              <>
                {result.truncated ? <Tag color="orange">{T.truncated}</Tag> : <Tag>{T.complete}</Tag>}
                {result.cached ? <Tag color="blue">{T.cached}</Tag> : null}
                {result.runId && !rerun ? <Tag color="green">{T.recorded(result.runId)}</Tag> : null}
              </>
            ),
          },
        ]}
      />
      {result.truncated && result.note ? (
        <Alert type="warning" showIcon title={result.note} style={{ marginBottom: 8 }} />
      ) : null}
      <ListTable
        size="small"
        rowKey={ROW_KEY}
        columns={columns}
        rows={result.rows.map((r, i) => ({ ...r, [ROW_KEY]: i }))}
        pager="local"
        scroll={{ x: 'max-content' }}
        empty={T.noRows}
      />
      {result.plan?.length ? (
        <>
          <Typography.Title level={5}>{T.plan}</Typography.Title>
          <pre
            className="zg-algorithm-plan"
            style={{ fontSize: 12, background: '#fafafa', padding: 8, overflow: 'auto' }}
          >
            {result.plan.join('\n')}
          </pre>
        </>
      ) : null}
    </div>
  );
}
