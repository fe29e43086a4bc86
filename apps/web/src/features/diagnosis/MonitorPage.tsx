import { DIAGNOSIS_TEXT as D, type QualityRow, QUALITY_VIEW_TEXT as T } from '@zg/contract';
import { Card, Skeleton, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AttachmentDialog } from '../../components/attachments/AttachmentDialog';
import { EmptyState } from '../../components/EmptyState';
import { ImprovementSpiral, WarningHistory, WarningTrend } from '../quality-warning';
import { AnalysisDialog } from './components/monitor/AnalysisDialog';
import { FlaggedTable } from './components/monitor/FlaggedTable';
import { IndicatorDrawer } from './components/monitor/IndicatorDrawer';
import { HighlightLegend, MonitorTable } from './components/monitor/MonitorTable';
import { SamplingDialog } from './components/monitor/SamplingDialog';
import { useRows } from './diagnosis.api';
import { objectPath } from './diagnosis.logic';
import './diagnosis.css';

type Tab = 'all' | 'dis' | 'unfin';

/**
 * 监测统计 (/improvement/monitor?id=, issue 31): an object task's 目标监测统计表, 不达标质控点统计表 and 未完成目标统计表,
 * with the indicator drawer (the QCP detail panel), the sampling dialog, 分析与改进 and the attachments of a row.
 */
export default function MonitorPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const rows = useRows(id);
  const [tab, setTab] = useState<Tab>('all');
  const [detail, setDetail] = useState<QualityRow | null>(null);
  const [sampling, setSampling] = useState<QualityRow | null>(null);
  const [editing, setEditing] = useState<QualityRow | null>(null);
  const [filesOf, setFilesOf] = useState<{ row: QualityRow; stage: 'disqualified' | 'unfinish' } | null>(null);

  if (!id) return <EmptyState description={D.noObjects} />;
  if (rows.isPending)
    return (
      <Card variant="borderless">
        <Skeleton active />
      </Card>
    );
  const data = rows.data;
  if (!data) return <EmptyState description={D.noObjects} />;
  const o = data.objectTask;
  const dis = data.list.filter((r) => r.dis);
  const unfin = data.list.filter((r) => r.unfin);
  const flagged = (list: QualityRow[], empty: string, stage: 'disqualified' | 'unfinish') => (
    <FlaggedTable
      rows={list}
      loading={rows.isFetching}
      empty={empty}
      onSampling={setSampling}
      onAttachments={(row) => setFilesOf({ row, stage })}
      onEdit={setEditing}
    />
  );

  return (
    <Card
      variant="borderless"
      title={
        <Space wrap>
          <Link to={objectPath(o.id)}>{o.gzdxmc}</Link>
          <span>{T.pageMonitor}</span>
          <Tag>{o.rwmc}</Tag>
        </Space>
      }
      extra={<HighlightLegend />}
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        items={[
          {
            key: 'all',
            label: T.tabMonitor,
            children: (
              <MonitorTable rows={data.list} loading={rows.isFetching} onDetail={setDetail} onSampling={setSampling} />
            ),
          },
          { key: 'dis', label: `${T.tabBelow}（${dis.length}）`, children: flagged(dis, T.noBelow, 'disqualified') },
          {
            key: 'unfin',
            label: `${T.tabUnfinished}（${unfin.length}）`,
            children: flagged(unfin, T.noUnfinished, 'unfinish'),
          },
        ]}
      />
      <IndicatorDrawer
        row={detail}
        onClose={() => setDetail(null)}
        warningHistory={
          detail && (
            <>
              <ImprovementSpiral rowId={detail.id} />
              <WarningHistory rowId={detail.id} />
            </>
          )
        }
        warningTrend={detail && <WarningTrend rowId={detail.id} />}
      />
      <SamplingDialog row={sampling} onClose={() => setSampling(null)} />
      <AnalysisDialog row={editing} onClose={() => setEditing(null)} />
      {filesOf && (
        <AttachmentDialog
          open
          onClose={() => setFilesOf(null)}
          owner={{ ownerType: 'Quality', zgzkdid: String(filesOf.row.id), stage: filesOf.stage }}
          name={filesOf.row.zkdmc}
          editable={filesOf.row.isedit}
          title={T.attachmentsOf(filesOf.row.zkdmc)}
          onSaved={() => void rows.refetch()}
        />
      )}
    </Card>
  );
}
