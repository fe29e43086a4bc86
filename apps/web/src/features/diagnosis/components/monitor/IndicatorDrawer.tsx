import { type QualityRow, QUALITY_VIEW_TEXT as T } from '@zg/contract';
import { Drawer } from 'antd';
import { QcpPanel, type QcpPanelSlots } from './QcpPanel';

/** 指标详情 (spec-2 §2.7): a drawer on the right, 55% wide, with a close icon, holding the QCP detail panel (§2.8). */
export function IndicatorDrawer({
  row,
  onClose,
  ...slots
}: { row: Pick<QualityRow, 'id' | 'zkdmc'> | null; onClose: () => void } & QcpPanelSlots) {
  return (
    <Drawer
      open={row !== null}
      placement="right"
      size="55%"
      title={row ? T.detailOf(row.zkdmc) : undefined}
      closable={{ 'aria-label': T.closeDrawer }}
      onClose={onClose}
      destroyOnHidden
    >
      {row && <QcpPanel id={row.id} {...slots} />}
    </Drawer>
  );
}
