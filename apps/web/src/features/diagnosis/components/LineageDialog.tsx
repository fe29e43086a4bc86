import { type QualityRow, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Alert, Descriptions, Modal, Skeleton, Tag } from 'antd';
import { LoadError } from '../../../components/LoadError';
import { useLineage } from '../diagnosis.api';
import { timeText, valueText } from '../diagnosis.logic';

/**
 * 数据来源 of a row's value (issue 30 item 6): the algorithm's name and version, its SQL text, the parameters, who
 * ran it and when, and the warehouse tables it read; or who entered it by hand. Readable by whoever may read the row.
 */
export function LineageDialog({ row, onClose }: { row: QualityRow | null; onClose: () => void }) {
  const lineage = useLineage(row?.id ?? null);
  const l = lineage.data;
  return (
    <Modal
      open={row !== null}
      title={row ? T.lineageOf(row.zkdmc) : T.lineage}
      width={760}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {lineage.isPending && <Skeleton active />}
      {lineage.error && <LoadError error={lineage.error} onRetry={() => void lineage.refetch()} />}
      {l && row && (
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
    </Modal>
  );
}
