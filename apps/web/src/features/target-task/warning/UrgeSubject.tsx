import { PROGRESS_TEXT as T, URGE_CURRENT_STATUS, type Urge } from '@zg/contract';
import { Space, Tag } from 'antd';

/**
 * What an urge is about: the year target's status (1 not set, 2 not decomposed), or a warned task. Its own module: the
 * home page's urge card shows it without loading 督办管理's page (its tables, forms and pickers).
 */
export function UrgeSubject({ urge }: { urge: Pick<Urge, 'currentStatus' | 'rwmc' | 'yearTargetName'> }) {
  if (urge.currentStatus === null)
    return (
      <Space size={4}>
        <Tag color="red">{T.warningUrgeTag}</Tag>
        {urge.rwmc}
      </Space>
    );
  return (
    <Space size={4}>
      <Tag color="orange">{URGE_CURRENT_STATUS[urge.currentStatus as 1 | 2]}</Tag>
      {urge.yearTargetName}
    </Space>
  );
}
