import { type BelowRow, INDICATOR_TEXT as T } from '@zg/contract';
import { Card, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { LIST_PAGE, useBelow } from './indicator-analysis.api';
import { shown } from './indicator-analysis.logic';

type Summary = NonNullable<ReturnType<typeof useBelow>['data']>['summary'][number];

/** 新增未达标: rows that met the standard last round and do not now, counted by college and listed by object. */
export function BelowTab({ rwid }: { rwid: number }) {
  const [bmid, setBmid] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const all = useBelow(rwid, undefined, 1);
  const q = useBelow(rwid, bmid, page);
  const summary = all.data?.summary ?? [];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={<h2 className="zg-card-title">{T.summaryTitle}</h2>} size="small">
        <ListTable<Summary>
          aria-label={T.summaryTitle}
          size="small"
          rowKey={(r) => r.bmid ?? ''}
          rows={all.data?.summary}
          loading={all.isFetching}
          error={all.error}
          empty={T.noBelow}
          pager={false}
          columns={[
            { title: T.college, dataIndex: 'bmmc' },
            { title: T.objectCount, dataIndex: 'dxsl', align: 'right' },
            { title: T.rowCount, dataIndex: 'hs', align: 'right' },
          ]}
        />
      </Card>
      <Space wrap>
        <span id="zg-indicator-college">{T.college}</span>
        <Select
          aria-labelledby="zg-indicator-college"
          style={{ width: 220 }}
          allowClear
          placeholder={T.allColleges}
          value={bmid}
          onChange={(v) => {
            setBmid(v);
            setPage(1);
          }}
          options={summary.filter((s) => s.bmid !== null).map((s) => ({ value: s.bmid!, label: s.bmmc }))}
        />
      </Space>
      <ListTable<BelowRow>
        aria-label={T.tabBelow}
        rows={q.data?.list}
        loading={q.isFetching}
        error={q.error}
        empty={T.noBelow}
        scroll={{ x: 'max-content' }}
        pager={{ current: page, total: q.data?.total ?? 0, pageSize: LIST_PAGE, onChange: setPage }}
        columns={[
          { title: T.college, dataIndex: 'bmmc', render: (v: string | null) => v ?? '-' },
          { title: T.objectCol, dataIndex: 'dxmc' },
          { title: T.row, dataIndex: 'zkdmc' },
          { title: T.standard, key: 'bzz', align: 'right', render: (_, r) => shown(r.zlx, r.bzz) },
          { title: T.last, key: 'sljsz', align: 'right', render: (_, r) => shown(r.zlx, r.sljsz) },
          { title: T.current, key: 'jgz', align: 'right', render: (_, r) => shown(r.zlx, r.jgz) },
          {
            title: T.gradeMove,
            key: 'grade',
            render: (_, r) =>
              r.sldj || r.jgdj ? <Tag color="error">{`${r.sldj ?? '-'} → ${r.jgdj ?? '-'}`}</Tag> : '-',
          },
        ]}
      />
    </Space>
  );
}
