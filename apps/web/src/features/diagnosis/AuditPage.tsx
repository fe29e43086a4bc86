import { LIMITS, type ObjectTask, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { AuditButtons } from './components/AuditButtons';
import { OBJECT_AND_TASK_COLUMNS } from './components/object-task-columns';
import { useAuditQueue } from './diagnosis.api';
import './diagnosis.css';

/**
 * 目标值审核 (/improvement/audit): the object tasks whose targets wait for the user as the task's auditor
 * (selectbyshjd); each opens its rows, and passes or is refused with a reason here.
 */
export default function AuditPage() {
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const queue = useAuditQueue({ pageNum: page, pageSize: LIMITS.defaultPageSize });
  return (
    <Card variant="borderless" title={T.pageAudit}>
      <ListTable<ObjectTask>
        rows={queue.data?.list}
        loading={queue.isFetching}
        error={queue.error}
        empty={T.noAudits}
        pager={{ current: page, total: queue.data?.total ?? 0, onChange: setPage }}
        scroll={{ x: 900 }}
        columns={[
          ...OBJECT_AND_TASK_COLUMNS,
          { title: T.charger, width: 100, render: (_, o) => o.fzr?.name ?? T.dash },
          { title: T.department, width: 140, render: (_, o) => o.bmmc ?? T.dash },
          {
            title: T.waiting,
            width: 220,
            render: (_, o) => (
              <Space size={4} wrap>
                {o.dshsl.mbz && <Tag color="processing">{T.target}</Tag>}
                {(o.dshsl.xzmbz > 0 || o.dshsl.xzjgz > 0) && (
                  <Tag>{T.waitingRevisions(o.dshsl.xzmbz, o.dshsl.xzjgz)}</Tag>
                )}
              </Space>
            ),
          },
          {
            title: T.actions,
            width: 200,
            fixed: 'right',
            render: (_, o) => <AuditButtons object={o} link />,
          },
        ]}
      />
    </Card>
  );
}
