import { type Mover, INDICATOR_TEXT as T } from '@zg/contract';
import { Button, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { LoadError } from '../../components/LoadError';
import { LIST_PAGE, useAnalysisObjects, useMovers } from './indicator-analysis.api';
import { moveColor, shown, signed } from './indicator-analysis.logic';
import { SourceDrawer } from './SourceDrawer';

/** 指标异动: the chosen object's rows that moved most against last round; each opens its data source. */
export function MoversTab({ rwid }: { rwid: number }) {
  const [keyword, setKeyword] = useState('');
  const objects = useAnalysisObjects(rwid, keyword);
  const [picked, setPicked] = useState<number | undefined>();
  const dxrwid = picked ?? objects.data?.list[0]?.dxrwid;
  const [sort, setSort] = useState<'relative' | 'absolute'>('relative');
  const [page, setPage] = useState(1);
  const movers = useMovers(dxrwid, sort, page);
  const [source, setSource] = useState<Mover | null>(null);
  const o = movers.data?.object;
  return (
    <>
      <Space wrap className="zg-indicator__bar">
        <span id="zg-indicator-object">{T.object}</span>
        <Select
          aria-labelledby="zg-indicator-object"
          style={{ width: 260 }}
          showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
          placeholder={T.pickObject}
          loading={objects.isFetching}
          value={dxrwid}
          onChange={(v) => {
            setPicked(v);
            setPage(1);
          }}
          options={(objects.data?.list ?? []).map((x) => ({ value: x.dxrwid, label: `${x.dxmc}（${x.dxbm}）` }))}
        />
        <span id="zg-indicator-sort">{T.sortBy}</span>
        <Select
          aria-labelledby="zg-indicator-sort"
          style={{ width: 140 }}
          value={sort}
          onChange={(v) => {
            setSort(v);
            setPage(1);
          }}
          options={[
            { value: 'relative', label: T.sortRelative },
            { value: 'absolute', label: T.sortAbsolute },
          ]}
        />
        {o && <Tag>{T.round(o.lc)}</Tag>}
        {o?.bmmc && <Tag>{o.bmmc}</Tag>}
      </Space>
      {objects.error && <LoadError error={objects.error} onRetry={() => void objects.refetch()} />}
      <ListTable<Mover>
        aria-label={T.tabMovers}
        rows={dxrwid === undefined ? [] : movers.data?.list}
        loading={movers.isFetching}
        error={movers.error}
        empty={T.noMovers}
        scroll={{ x: 'max-content' }}
        pager={{ current: page, total: movers.data?.total ?? 0, pageSize: LIST_PAGE, onChange: setPage }}
        columns={[
          { title: T.row, dataIndex: 'zkdmc', fixed: 'left' },
          { title: T.levels, dataIndex: 'cj' },
          { title: T.last, key: 'last', align: 'right', render: (_, r) => shown(r.zlx, r.sljsz) },
          { title: T.current, key: 'current', align: 'right', render: (_, r) => shown(r.zlx, r.jgz) },
          { title: T.change, key: 'bh', align: 'right', render: (_, r) => signed(r.bh) },
          { title: T.relative, key: 'bhl', align: 'right', render: (_, r) => signed(r.bhl, '%') },
          {
            title: T.gradeMove,
            key: 'grade',
            render: (_, r) =>
              r.sldj || r.jgdj ? (
                <Tag color={moveColor(r)}>
                  {`${r.sldj ?? '-'} → ${r.jgdj ?? '-'}`}
                  {r.djbh ? ` ${T.moves[r.djbh]}` : ''}
                </Tag>
              ) : (
                '-'
              ),
          },
          {
            title: T.source,
            key: 'source',
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setSource(r)}>
                {T.source}
              </Button>
            ),
          },
        ]}
      />
      <SourceDrawer row={source} onClose={() => setSource(null)} />
    </>
  );
}
