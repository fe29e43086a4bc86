import { type QualityRow, RESULT_GRADE_NAMES, type ResultGrade, QUALITY_VIEW_TEXT as T } from '@zg/contract';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { RiseIcon } from '../../../../components/icons';
import { ListTable } from '../../../../components/ListTable';
import { shownResult, valueText } from '../../diagnosis.logic';
import { highlightClass, levelColumnsOf, monitorTarget } from './monitor.logic';

export const gradeText = (g: ResultGrade | null) => (g ? `${g} ${RESULT_GRADE_NAMES[g]}` : T.dash);

/** The sampling icon of a row, named for screen readers. */
export function SamplingButton({ row, onClick }: { row: QualityRow; onClick: () => void }) {
  return (
    <Button
      type="link"
      size="small"
      aria-label={`${row.zkdmc} ${T.sampling}`}
      title={T.sampling}
      onClick={onClick}
      icon={<RiseIcon aria-hidden="true" />}
    />
  );
}

/** The legend of the highlights (spec-2 §2.1). */
export function HighlightLegend() {
  return (
    <span className="zg-diagnosis-legend">
      {T.legend}
      <Tag color="orange">{T.unfinished}</Tag>
      <Tag color="red">{T.belowStandard}</Tag>
    </span>
  );
}

/**
 * 目标监测统计表 (spec-2 §2.1): the level columns (维度, 质控点, N级指标; cells of one parent merged), the indicator
 * name (opens its detail), description, standard, target (revised if present, else target, else a dash), this
 * result (revised if present), grade, last result and grade, the sampling icon. Not paged; scrolls within 1700×600;
 * unfinished and below-standard rows highlighted.
 */
export function MonitorTable({
  rows,
  loading,
  onDetail,
  onSampling,
  hideScroll,
}: {
  rows: QualityRow[] | undefined;
  loading?: boolean;
  onDetail: (row: QualityRow) => void;
  onSampling: (row: QualityRow) => void;
  /** Shows the whole table without its scroll area. */
  hideScroll?: boolean;
}) {
  const levels = levelColumnsOf(rows ?? []);
  const columns: ColumnsType<QualityRow> = [
    ...levels.map((c, level) => ({
      key: `level${level + 1}`,
      title: c.title,
      width: 130,
      render: (_: unknown, __: QualityRow, index: number) => c.names[index] ?? T.dash,
      onCell: (_: QualityRow, index?: number) => ({
        rowSpan: c.spans[index ?? 0] ?? 1,
        className: 'zg-diagnosis-level',
      }),
    })),
    {
      key: 'name',
      title: T.indicatorName,
      width: 200,
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => onDetail(r)}
        >
          {r.zkdmc}
        </Button>
      ),
    },
    { key: 'nh', title: T.description, width: 240, render: (_, r) => r.nh ?? T.dash },
    { key: 'bzz', title: T.standardValue, width: 100, render: (_, r) => valueText(r.zlx, r.bzz) },
    { key: 'mbz', title: T.targetValue, width: 100, render: (_, r) => valueText(r.zlx, monitorTarget(r)) },
    { key: 'jgz', title: T.result, width: 100, render: (_, r) => valueText(r.zlx, shownResult(r)) },
    { key: 'jgdj', title: T.grade, width: 100, render: (_, r) => gradeText(r.jgdj) },
    { key: 'sljsz', title: T.lastResult, width: 100, render: (_, r) => valueText(r.zlx, r.sljsz) },
    { key: 'sldj', title: T.lastGrade, width: 100, render: (_, r) => gradeText(r.sldj) },
    {
      key: 'sampling',
      title: T.sampling,
      width: 90,
      align: 'center',
      render: (_, r) => <SamplingButton row={r} onClick={() => onSampling(r)} />,
    },
  ];
  return (
    <ListTable<QualityRow>
      rows={rows}
      loading={loading}
      empty={T.noRows}
      pager={false}
      bordered
      size="small"
      scroll={hideScroll ? undefined : { x: 1700, y: 600 }}
      rowClassName={highlightClass}
      columns={columns}
    />
  );
}
