import { AUDIT_ACTION_NAMES, type AuditRecordSchema, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Card } from 'antd';
import type { z } from 'zod';
import { ListTable } from '../../../components/ListTable';
import { useAuditTrail } from '../diagnosis.api';

type AuditRecord = z.infer<typeof AuditRecordSchema>;

/** 审核动态 of an object task: stage, action, who, when and the reason, newest first. */
export function AuditTrail({ dxrwid }: { dxrwid: number }) {
  const trail = useAuditTrail(dxrwid);
  return (
    <Card variant="borderless" title={T.auditTrail}>
      <ListTable<AuditRecord>
        rows={trail.data}
        loading={trail.isFetching}
        error={trail.error}
        empty={T.noTrail}
        pager="local"
        size="small"
        columns={[
          { title: T.auditStage, dataIndex: 'shjdmc', width: 140 },
          { title: T.trailAction, width: 110, render: (_, a) => a.dzmc || AUDIT_ACTION_NAMES[a.dz] },
          { title: T.trailWho, width: 100, render: (_, a) => a.czr.name },
          { title: T.trailWhen, dataIndex: 'sj', width: 170 },
          { title: T.trailReason, render: (_, a) => a.yj ?? T.dash },
        ]}
      />
    </Card>
  );
}
