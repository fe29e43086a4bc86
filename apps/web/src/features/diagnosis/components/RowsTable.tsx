import {
  DIRECTION_NAMES,
  type QualityRow,
  RESULT_GRADE_NAMES,
  DIAGNOSIS_TEXT as T,
  VALUE_TYPE_NAMES,
} from '@zg/contract';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ListTable } from '../../../components/ListTable';
import { levelSpans, shownResult, shownTarget, valueProblem, valueText } from '../diagnosis.logic';
import type { RevisionKind } from './ReviseDialog';
import { TargetInput } from './TargetInput';

/**
 * Every row of an object task in one plain table (spec-2 §2.1, not paged): the level columns (cells of one node
 * merged), name, value type, standard, target (an input while targets may be set), result with its 数据来源, grade and
 * the unfinished / below-standard flags; flagged rows are highlighted.
 */
export function RowsTable({
  rows,
  levelCount,
  loading,
  editing,
  drafts,
  onDraft,
  onLineage,
  onSamples,
  onRevise,
}: {
  rows: QualityRow[] | undefined;
  levelCount: number;
  loading: boolean;
  editing: boolean;
  drafts: Record<number, string | null>;
  onDraft: (id: number, v: string | null) => void;
  onLineage: (row: QualityRow) => void;
  onSamples: (row: QualityRow) => void;
  onRevise: (row: QualityRow, kind: RevisionKind) => void;
}) {
  const list = rows ?? [];
  // A row's levels end with its own node, which the name column shows: the level columns show its ancestors.
  const ancestors = list.map((r) => ({ levels: r.levels.slice(0, -1) }));
  const columnsOfLevels = Math.max(0, levelCount - 1);
  const spans = Array.from({ length: columnsOfLevels }, (_, level) => levelSpans(ancestors, level));
  const levelColumns: ColumnsType<QualityRow> = spans.map((span, level) => ({
    key: `level${level + 1}`,
    title: T.level(level + 1),
    width: 130,
    render: (_: unknown, r: QualityRow) => (level < r.levels.length - 1 ? r.levels[level]?.name : null) ?? T.dash,
    onCell: (_: QualityRow, index?: number) => ({ rowSpan: span[index ?? 0] ?? 1 }),
  }));

  const columns: ColumnsType<QualityRow> = [
    ...levelColumns,
    {
      title: T.rowName,
      dataIndex: 'zkdmc',
      width: 200,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.zkdmc}</span>
          {r.cwxx && <Tag color="error">{T.computeError(r.cwxx)}</Tag>}
        </Space>
      ),
    },
    {
      title: T.valueType,
      width: 90,
      render: (_, r) => (
        <Tooltip title={r.direction ? DIRECTION_NAMES[r.direction] : undefined}>{VALUE_TYPE_NAMES[r.zlx]}</Tooltip>
      ),
    },
    {
      title: T.standardValue,
      width: 90,
      render: (_, r) => <span className="zg-diagnosis-value">{valueText(r.zlx, r.bzz)}</span>,
    },
    {
      title: T.target,
      width: 150,
      render: (_, r) => {
        if (editing && r.abilities.setTarget) {
          const value = r.id in drafts ? (drafts[r.id] ?? null) : r.mbz;
          const problem = valueProblem(r, value);
          return (
            <Tooltip title={problem} open={problem ? undefined : false}>
              <span>
                <TargetInput row={r} value={value} invalid={!!problem} onChange={(v) => onDraft(r.id, v)} />
              </span>
            </Tooltip>
          );
        }
        return (
          <Space size={4}>
            <span className="zg-diagnosis-value">{valueText(r.zlx, shownTarget(r))}</span>
            {r.xzmbzzt === 'waitaudit' && <Tag>{T.revisionPending}</Tag>}
          </Space>
        );
      },
    },
    {
      title: T.result,
      width: 130,
      render: (_, r) => {
        const result = shownResult(r);
        if (result === null) return T.dash;
        return (
          <Space size={4}>
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              aria-label={`${r.zkdmc} ${T.lineage}`}
              title={T.lineage}
              onClick={() => onLineage(r)}
            >
              {valueText(r.zlx, result)}
            </Button>
            {r.xzjgzzt === 'waitaudit' && <Tag>{T.revisionPending}</Tag>}
          </Space>
        );
      },
    },
    {
      title: T.grade,
      width: 90,
      render: (_, r) => (r.jgdj ? `${r.jgdj} ${RESULT_GRADE_NAMES[r.jgdj]}` : T.dash),
    },
    {
      title: T.flags,
      width: 130,
      render: (_, r) => (
        <Space size={4} wrap>
          {r.dis && <Tag color="red">{T.flagBelow}</Tag>}
          {r.unfin && <Tag color="orange">{T.flagUnfinished}</Tag>}
        </Space>
      ),
    },
    { title: T.lastResult, width: 90, render: (_, r) => valueText(r.zlx, r.sljsz) },
    { title: T.calRule, dataIndex: 'jsgz', width: 160 },
    {
      title: T.rowActions,
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, r) => (
        <Space orientation="vertical" size={0} align="start">
          {r.abilities.reviseTarget && <RowLink row={r} text={T.reviseTarget} onClick={() => onRevise(r, 'xzmbz')} />}
          {r.abilities.reviseResult && <RowLink row={r} text={T.reviseResult} onClick={() => onRevise(r, 'xzjgz')} />}
          <RowLink row={r} text={T.samples} onClick={() => onSamples(r)} />
        </Space>
      ),
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
      scroll={{ x: 1410 + columnsOfLevels * 130, y: 600 }}
      rowClassName={(r) => (r.dis ? 'zg-diagnosis-row--dis' : r.unfin ? 'zg-diagnosis-row--unfin' : '')}
      columns={columns}
    />
  );
}

/** A row's action as a small link named by the row (「质控点 修正结果值」) for screen readers and tests. */
function RowLink({ row, text, onClick }: { row: QualityRow; text: string; onClick: () => void }) {
  return (
    <Button type="link" size="small" style={{ padding: 0 }} aria-label={`${row.zkdmc} ${text}`} onClick={onClick}>
      {text}
    </Button>
  );
}
