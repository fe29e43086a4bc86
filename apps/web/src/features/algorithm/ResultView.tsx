import type { AlgorithmResult } from '@zg/contract';
import { Descriptions, Table, Tag, Typography } from 'antd';

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
      v === null || v === undefined ? <Typography.Text type="secondary">空</Typography.Text> : String(v),
  }));
  return (
    <div className="zg-algorithm-result" data-testid="algorithm-result">
      <Descriptions
        size="small"
        column={4}
        items={[
          ...(result.value !== undefined
            ? [{ key: 'value', label: '结果值', children: result.value === null ? '空' : String(result.value) }]
            : []),
          { key: 'rows', label: '行数', children: `${result.rowCount} 行` },
          { key: 'ms', label: '耗时', children: `${result.ms} 毫秒` },
          {
            key: 'flags',
            label: '说明',
            children: (
              <>
                {result.truncated ? <Tag color="orange">结果超过行数上限，已截断</Tag> : <Tag>完整结果</Tag>}
                {result.cached ? <Tag color="blue">来自缓存</Tag> : null}
                {result.runId && !rerun ? <Tag color="green">已记录（执行记录 {result.runId}）</Tag> : null}
              </>
            ),
          },
        ]}
      />
      <Table
        size="small"
        rowKey={ROW_KEY}
        columns={columns}
        dataSource={result.rows.map((r, i) => ({ ...r, [ROW_KEY]: i }))}
        pagination={result.rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '查询没有返回数据' }}
      />
      {result.plan?.length ? (
        <>
          <Typography.Title level={5}>执行计划</Typography.Title>
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
