import { type QualityRow, QUALITY_VIEW_TEXT as T } from '@zg/contract';
import { Button, Descriptions } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditIcon } from '../../../../components/icons';
import { ListTable } from '../../../../components/ListTable';
import { shownResult, valueText } from '../../diagnosis.logic';
import { gradeText, SamplingButton } from './MonitorTable';
import { highlightClass, monitorTarget } from './monitor.logic';

/**
 * 不达标质控点统计表 / 未完成目标统计表 (spec-2 §2.2): name, description, diagnosis standard, standard, target, result,
 * grade, last result and grade, sampling analysis, attachment; each row expands to its cause analysis and improvement
 * measures; an editor (isedit) has the edit icon opening 分析与改进.
 */
export function FlaggedTable({
  rows,
  loading,
  empty,
  onSampling,
  onAttachments,
  onEdit,
}: {
  rows: QualityRow[] | undefined;
  loading?: boolean;
  empty: string;
  onSampling: (row: QualityRow) => void;
  onAttachments: (row: QualityRow) => void;
  onEdit: (row: QualityRow) => void;
}) {
  const columns: ColumnsType<QualityRow> = [
    { key: 'name', title: T.name, width: 180, render: (_, r) => r.zkdmc },
    { key: 'nh', title: T.description, width: 200, render: (_, r) => r.nh ?? T.dash },
    { key: 'zdbz', title: T.diagnosisStandard, width: 200, render: (_, r) => r.zdbz ?? T.dash },
    { key: 'bzz', title: T.standardValue, width: 90, render: (_, r) => valueText(r.zlx, r.bzz) },
    { key: 'mbz', title: T.targetValue, width: 90, render: (_, r) => valueText(r.zlx, monitorTarget(r)) },
    { key: 'jgz', title: T.result, width: 90, render: (_, r) => valueText(r.zlx, shownResult(r)) },
    { key: 'jgdj', title: T.grade, width: 90, render: (_, r) => gradeText(r.jgdj) },
    { key: 'sljsz', title: T.lastResult, width: 90, render: (_, r) => valueText(r.zlx, r.sljsz) },
    { key: 'sldj', title: T.lastGrade, width: 90, render: (_, r) => gradeText(r.sldj) },
    {
      key: 'sampling',
      title: T.sampling,
      width: 80,
      align: 'center',
      render: (_, r) => <SamplingButton row={r} onClick={() => onSampling(r)} />,
    },
    {
      key: 'files',
      title: T.attachment,
      width: 80,
      align: 'center',
      render: (_, r) => (
        <Button type="link" size="small" aria-label={T.attachmentsOf(r.zkdmc)} onClick={() => onAttachments(r)}>
          {T.attachment}
        </Button>
      ),
    },
    {
      key: 'edit',
      title: T.actions,
      width: 100,
      fixed: 'right',
      render: (_, r) =>
        r.isedit ? (
          <Button type="link" size="small" aria-label={T.editOf(r.zkdmc)} onClick={() => onEdit(r)}>
            <EditIcon aria-hidden="true" />
            {T.edit}
          </Button>
        ) : null,
    },
  ];
  return (
    <ListTable<QualityRow>
      rows={rows}
      loading={loading}
      empty={empty}
      pager={false}
      bordered
      size="small"
      scroll={{ x: 1460 }}
      rowClassName={highlightClass}
      expandable={{
        expandedRowRender: (r) => (
          <Descriptions size="small" column={1} bordered styles={{ label: { width: 110 } }}>
            <Descriptions.Item label={T.cause}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{r.yyfx || T.notWritten}</span>
            </Descriptions.Item>
            <Descriptions.Item label={T.measures}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{r.gjcs || T.notWritten}</span>
            </Descriptions.Item>
          </Descriptions>
        ),
      }}
      columns={columns}
    />
  );
}
