import { formatDateTime, type Urge } from '@zg/contract';
import type { pageUrges } from './urge.query';

export type UrgeJoin = Awaited<ReturnType<typeof pageUrges>>['records'][number];

export const presentUrge = ({ urge: u, yearTargetName, rwmc, bmmc, urgerName, accepterName }: UrgeJoin): Urge => ({
  id: u.id,
  yearTargetId: u.yearTargetId,
  yearTargetName,
  taskId: u.taskId,
  rwmc,
  bmid: u.departmentId,
  bmmc,
  currentStatus: u.currentStatus,
  type: u.type,
  state: u.state as 'urge' | 'acceptUrge',
  content: u.content,
  urgerName,
  urgedAt: formatDateTime(u.urgedAt),
  accepterName,
  acceptedAt: u.acceptedAt ? formatDateTime(u.acceptedAt) : null,
});
