import { QCP_STATE_NAMES, type QcpState, ZNFX_TEXT as T, type ZnfxHeat } from '@zg/contract';
import { Button, type TableColumnsType } from 'antd';
import { ListTable } from '../../../components/ListTable';
import { byCell, cellClass, type HeatRow } from '../analysis.logic';

/** Rows a page: a school of 1 200 courses pages through, sorted over all of them. */
export const HEAT_PAGE_SIZE = 50;

export function HeatCell({ state }: { state: QcpState | null }) {
  return <span className={`zg-heat-cell ${cellClass(state)}`}>{state ? QCP_STATE_NAMES[state] : T.dash}</span>;
}

/** The legend: each attainment's colour with its name (the cells carry the name too, not the colour alone). */
export function HeatLegend() {
  return (
    <span className="zg-heat-legend">
      {T.legend}
      {(['dis', 'unfin', 'ok', 'none'] as const).map((s) => (
        <HeatCell key={s} state={s} />
      ))}
    </span>
  );
}

/**
 * The school-wide heat table: a row per object (most below standard first), its figures, then a column per QCP whose
 * cell is its attainment, coloured; every column sorts (a QCP column worst first).
 */
export function HeatTable({
  heat,
  rows,
  loading,
  onOpen,
}: {
  heat: ZnfxHeat;
  rows: HeatRow[];
  loading: boolean;
  onOpen: (row: HeatRow) => void;
}) {
  const columns: TableColumnsType<HeatRow> = [
    { title: T.code, dataIndex: 'dxbm', width: 100, fixed: 'left', sorter: (a, b) => a.dxbm.localeCompare(b.dxbm) },
    {
      title: T.name,
      dataIndex: 'gzdxmc',
      width: 180,
      fixed: 'left',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onOpen(r)} style={{ padding: 0, color: '#0958d9' }}>
          {r.gzdxmc}
        </Button>
      ),
    },
    { title: T.department, width: 140, render: (_, r) => r.bmmc ?? T.dash },
    { title: T.below, dataIndex: 'bdb', width: 90, sorter: (a, b) => a.bdb - b.bdb },
    { title: T.unfinished, dataIndex: 'wwc', width: 90, sorter: (a, b) => a.wwc - b.wwc },
    {
      title: T.rateColumn,
      dataIndex: 'dbl',
      width: 90,
      sorter: (a, b) => a.dbl - b.dbl,
      render: (v: number) => `${v.toFixed(2)}%`,
    },
    ...heat.columns.map((c, i) => ({
      key: `q${c.key}`,
      title: (
        <span title={c.cj ? `${c.cj} / ${c.zkdmc}` : c.zkdmc}>
          {c.zkdmc}
          <br />
          <small>{`${T.below} ${c.bdb}`}</small>
        </span>
      ),
      width: 110,
      sorter: byCell(i),
      render: (_: unknown, r: HeatRow) => <HeatCell state={r.cells[i] ?? null} />,
    })),
  ];
  return (
    <section aria-label={T.tableLabel} className="zg-heat">
      <ListTable<HeatRow>
        rowKey="dxrwid"
        rows={rows}
        loading={loading}
        empty={T.noTasks}
        pager="local"
        pageSize={HEAT_PAGE_SIZE}
        size="small"
        bordered
        scroll={{ x: 700 + heat.columns.length * 110, y: 600 }}
        columns={columns}
      />
    </section>
  );
}
