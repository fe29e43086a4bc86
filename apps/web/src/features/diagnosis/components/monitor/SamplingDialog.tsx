import { type QualityRow, QUALITY_VIEW_TEXT as T } from '@zg/contract';
import { Alert, DatePicker, Modal, Space, Spin, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { ListTable } from '../../../../components/ListTable';
import { timeText, valueText } from '../../diagnosis.logic';
import { useSampleRange } from './monitor.api';
import { trendPoints } from './monitor.logic';
import { TrendChart } from './TrendChart';

type Row = Pick<QualityRow, 'id' | 'zkdmc' | 'zlx' | 'levelOptions'>;

/**
 * 采样分析 (spec-2 §2.6): half the window wide, a date range, 值趋势分析 (a line chart of the monitored value) and
 * 采样记录 (time and value). A failure shows the server's message in place.
 */
export function SamplingDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const query = {
    start: range?.[0]?.format('YYYY-MM-DD'),
    end: range?.[1]?.format('YYYY-MM-DD'),
  };
  const samples = useSampleRange(row?.id ?? null, query);
  const list = samples.data ?? [];
  const points = useMemo(() => trendPoints(samples.data ?? [], row?.levelOptions ?? []), [samples.data, row]);
  const series = useMemo(() => [{ name: T.monitoredValue, data: points.values }], [points]);

  return (
    <Modal
      open={row !== null}
      title={row ? T.samplingOf(row.zkdmc) : T.sampling}
      width="50%"
      footer={null}
      onCancel={() => {
        setRange(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space>
          <span id="zg-sampling-range">{T.dateRange}</span>
          <DatePicker.RangePicker
            aria-labelledby="zg-sampling-range"
            value={range}
            onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)}
            allowEmpty={[true, true]}
          />
        </Space>
        {samples.error ? (
          <Alert type="error" showIcon title={samples.error.message} />
        ) : (
          <Spin spinning={samples.isFetching}>
            <Tabs
              items={[
                {
                  key: 'trend',
                  label: T.valueTrend,
                  children: (
                    <TrendChart
                      label={row ? T.trendOf(row.zkdmc) : T.valueTrend}
                      categories={points.categories}
                      series={series}
                    />
                  ),
                },
                {
                  key: 'records',
                  label: T.samplingRecords,
                  children: (
                    <ListTable
                      rows={list}
                      empty={T.noData}
                      pager="local"
                      size="small"
                      columns={[
                        { title: T.sampleTime, width: 200, render: (_, s) => timeText(s.sj) },
                        { title: T.sampleValue, render: (_, s) => (row ? valueText(row.zlx, s.cjz) : s.cjz) },
                      ]}
                    />
                  ),
                },
              ]}
            />
          </Spin>
        )}
      </Space>
    </Modal>
  );
}
