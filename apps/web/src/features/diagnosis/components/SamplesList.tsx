import { type QualityRow, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Skeleton } from 'antd';
import { ListTable } from '../../../components/ListTable';
import { LoadError } from '../../../components/LoadError';
import { useSamples } from '../diagnosis.api';
import { timeText, valueText } from '../diagnosis.logic';

/**
 * 采样记录 of a row (rest/quality/samples): every value it has had, oldest first — each computation's value with its
 * algorithm run, each hand-entered value with who entered it.
 */
export function SamplesList({ row }: { row: QualityRow }) {
  const samples = useSamples(row.id);
  if (samples.isPending) return <Skeleton active />;
  if (samples.error) return <LoadError error={samples.error} onRetry={() => void samples.refetch()} />;
  return (
    <ListTable
      rows={samples.data}
      empty={T.noSamples}
      pager="local"
      size="small"
      columns={[
        { title: T.sampleTime, width: 170, render: (_, s) => timeText(s.sj) },
        { title: T.sampleValue, width: 110, render: (_, s) => valueText(s.zlx, s.cjz) },
        { title: T.calRule, dataIndex: 'jsgz' },
        {
          title: T.sampleSource,
          width: 160,
          render: (_, s) => (s.runId !== null ? T.sampleRun(s.runId) : T.sampleManual(s.czr?.name ?? null)),
        },
      ]}
    />
  );
}
