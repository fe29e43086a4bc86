import { type ImprovementCase, LIMITS, QUALITY_WARNING_TEXT as T } from '@zg/contract';
import { Card, Drawer, Segmented, Space, Statistic, Tag } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { RowWarningPanel } from './components/RowWarningPanel';
import { useCases } from './quality-warning.api';
import './quality-warning.css';

type Line = Omit<ImprovementCase, 'steps'>;

/**
 * 改进案例 (/improvement/cases): the school's improvement cases — how many are open, for how long on average, which
 * closed — each at its step of the spiral; a case opens its row's history, trend and spiral.
 */
export default function CasesPage() {
  const [zt, setZt] = useState<'all' | 'open' | 'closed'>('all');
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const [open, setOpen] = useState<Line | null>(null);
  const cases = useCases({ zt: zt === 'all' ? undefined : zt, pageNum: page, pageSize: LIMITS.defaultPageSize });
  const d = cases.data;
  return (
    <Card variant="borderless" title={T.pageCases}>
      <Space size="large" className="zg-qw__stats">
        <Statistic title={T.caseOpen} value={d?.openNum ?? 0} />
        <Statistic title={T.caseClosed} value={d?.closedNum ?? 0} />
        <span>{T.caseAvg(d?.avgOpenDays ?? 0)}</span>
        <Segmented
          value={zt}
          onChange={(v) => {
            setZt(v as typeof zt);
            setPage(LIMITS.firstPage);
          }}
          options={[
            { value: 'all', label: '全部' },
            { value: 'open', label: T.caseOpen },
            { value: 'closed', label: T.caseClosed },
          ]}
        />
      </Space>
      <ListTable<Line>
        rows={d?.list}
        loading={cases.isFetching}
        error={cases.error}
        empty={T.spiralNoCase}
        pager={{ current: page, total: d?.total ?? 0, onChange: setPage }}
        scroll={{ x: 1000 }}
        onRow={(l) => ({ onClick: () => setOpen(l), style: { cursor: 'pointer' } })}
        columns={[
          { title: T.colRow, dataIndex: 'zkdmc', width: 150 },
          { title: T.colTask, dataIndex: 'rwmc', width: 180 },
          { title: T.colObject, dataIndex: 'gzdxmc', width: 140 },
          { title: T.caseStep, dataIndex: 'stepName', width: 90 },
          {
            title: T.caseState,
            dataIndex: 'zt',
            width: 90,
            render: (v: string) =>
              v === 'open' ? <Tag color="orange">{T.caseOpen}</Tag> : <Tag color="green">{T.caseClosed}</Tag>,
          },
          { title: T.caseAge, dataIndex: 'days', width: 80, render: (v: number) => T.days(v) },
          { title: T.caseOpened, dataIndex: 'kssj', width: 170 },
          { title: T.caseClosedAt, dataIndex: 'gbsj', width: 170, render: (v: string | null) => v ?? '—' },
        ]}
      />
      <Drawer
        open={open !== null}
        width={960}
        title={open ? T.detailTitle(open.zkdmc, open.gzdxmc) : ''}
        onClose={() => setOpen(null)}
        destroyOnHidden
      >
        {open && <RowWarningPanel rowId={open.zkdid} />}
      </Drawer>
    </Card>
  );
}
