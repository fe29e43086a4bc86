import { QCP_STATE_NAMES, ZNFX_TEXT as T, type ZnfxQualitySchema } from '@zg/contract';
import { Modal, Space, Tag } from 'antd';
import type { z } from 'zod';
import { ListTable } from '../../../components/ListTable';
import { useObjectQuality } from '../bulk.api';
import { HeatCell } from './HeatTable';

type Quality = z.infer<typeof ZnfxQualitySchema>;

/** selectQuality: one object's QCPs with their standard, target, result, grade and attainment. */
export function ObjectQualityDialog({ id, name, onClose }: { id: number | null; name: string; onClose: () => void }) {
  const q = useObjectQuality(id);
  const d = q.data;
  return (
    <Modal open={id !== null} title={T.qualityTitle(name)} width="50%" footer={null} onCancel={onClose}>
      {d && (
        <Space wrap style={{ marginBottom: 8 }}>
          <Tag color="red">{`${QCP_STATE_NAMES.dis} ${d.bdb}`}</Tag>
          <Tag color="orange">{`${QCP_STATE_NAMES.unfin} ${d.wwc}`}</Tag>
          <Tag color="green">{T.rate(d.dbl)}</Tag>
        </Space>
      )}
      <ListTable<Quality>
        aria-label={T.qualityTitle(name)}
        rows={d?.list}
        loading={q.isFetching}
        error={q.error}
        pager={false}
        size="small"
        scroll={{ y: 420 }}
        columns={[
          { title: T.level, dataIndex: 'cj', width: 160 },
          { title: T.qcp, dataIndex: 'zkdmc' },
          { title: T.standard, width: 80, render: (_, r) => r.bzz ?? T.dash },
          { title: T.target, width: 80, render: (_, r) => r.mbz ?? T.dash },
          { title: T.result, width: 80, render: (_, r) => r.jgz ?? T.dash },
          { title: T.grade, width: 60, render: (_, r) => r.jgdj ?? T.dash },
          { title: T.state, width: 90, render: (_, r) => <HeatCell state={r.zt} /> },
        ]}
      />
    </Modal>
  );
}
