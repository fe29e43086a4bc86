import { type QualityRow, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Alert, Descriptions, Modal, Skeleton, Tabs, Tag } from 'antd';
import { LoadError } from '../../../components/LoadError';
import { useLineage } from '../diagnosis.api';
import { timeText, valueText } from '../diagnosis.logic';
import { SamplesList } from './SamplesList';

export type RowDialogTab = 'lineage' | 'samples';
export interface RowDialogTarget {
  row: QualityRow;
  tab: RowDialogTab;
}

/**
 * A row's value and its history in one dialog: 数据来源 (issue 30 item 6: the algorithm's name and version, its SQL
 * text, the parameters, who ran it and when, the warehouse tables it read; or who entered it by hand) and 采样记录
 * (every value it has had). Readable by whoever may read the row; opened on either tab.
 */
export function LineageDialog({
  target,
  onTab,
  onClose,
}: {
  target: RowDialogTarget | null;
  onTab: (tab: RowDialogTab) => void;
  onClose: () => void;
}) {
  const row = target?.row ?? null;
  return (
    <Modal
      open={target !== null}
      title={row ? (target?.tab === 'samples' ? T.samplesOf(row.zkdmc) : T.lineageOf(row.zkdmc)) : T.lineage}
      width={760}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {row && (
        <Tabs
          activeKey={target?.tab}
          onChange={(k) => onTab(k as RowDialogTab)}
          items={[
            { key: 'lineage', label: T.lineage, children: <LineageContent row={row} /> },
            { key: 'samples', label: T.samples, children: <SamplesList row={row} /> },
          ]}
        />
      )}
    </Modal>
  );
}

/** 数据来源 of the row's current value (also the QCP panel's 明细数据, monitor/QcpPanel.tsx). */
export function LineageContent({ row }: { row: QualityRow }) {
  const lineage = useLineage(row.id);
  const l = lineage.data;
  return (
    <>
      {lineage.isPending && <Skeleton active />}
      {lineage.error && <LoadError error={lineage.error} onRetry={() => void lineage.refetch()} />}
      {l && (
        <Descriptions size="small" column={1} bordered styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label={T.objectName}>{l.gzdxmc}</Descriptions.Item>
          <Descriptions.Item label={T.lineageObject}>{l.dxbm}</Descriptions.Item>
          <Descriptions.Item label={T.lineageValue}>{valueText(row.zlx, l.value)}</Descriptions.Item>
          {l.manual && (
            <Descriptions.Item label={T.lineageManualBy}>
              {T.lineageManualLine(l.czr?.name ?? null, l.sj ? timeText(l.sj) : null)}
            </Descriptions.Item>
          )}
          {l.run && (
            <>
              <Descriptions.Item label={T.lineageAlgorithm}>{l.run.sfmc}</Descriptions.Item>
              <Descriptions.Item label={T.lineageVersion}>{`V${l.run.bbh}`}</Descriptions.Item>
              <Descriptions.Item label={T.lineageSource}>{l.run.sjymc ?? T.lineageWarehouse}</Descriptions.Item>
              <Descriptions.Item label={T.lineageTables}>
                {l.run.tables.length ? l.run.tables.map((t) => <Tag key={t}>{t}</Tag>) : T.dash}
              </Descriptions.Item>
              <Descriptions.Item label={T.lineageParams}>
                {Object.entries(l.run.params)
                  .map(([k, v]) => `:${k} = ${JSON.stringify(v)}`)
                  .join(T.listSeparator) || T.dash}
              </Descriptions.Item>
              <Descriptions.Item label={T.lineageRunBy}>{l.run.zxr ?? T.lineageBackground}</Descriptions.Item>
              <Descriptions.Item label={T.lineageRunAt}>{timeText(l.run.zxsj)}</Descriptions.Item>
              <Descriptions.Item label={T.lineageRows}>{l.run.rows}</Descriptions.Item>
              <Descriptions.Item label={T.lineageSql}>
                <pre className="zg-diagnosis-sql">{l.run.sql}</pre>
              </Descriptions.Item>
            </>
          )}
          {!l.manual && !l.run && (
            <Descriptions.Item label={T.lineage}>
              <Alert type="info" showIcon title={T.lineageNone} />
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </>
  );
}
