import { formatDateTime } from '@zg/contract';
import type { listWarningTypes } from './warning.repository';

export const presentWarningType = (t: Awaited<ReturnType<typeof listWarningTypes>>[number]) => ({
  id: t.id,
  yjlxmc: t.name,
  yjlxms: t.description,
  kind: t.kind as 'process' | 'final',
  date: t.days,
  yjzq: t.period as 'month' | 'week' | 'day' | 'no',
  weekday: t.periodWeekday,
  day: t.periodDay,
  months: t.periodMonths,
  hour: t.periodHour,
  px: t.sortOrder,
  cjr: t.createdBy,
  cjsj: formatDateTime(t.createdAt),
  gxr: t.updatedBy,
  gxsj: formatDateTime(t.updatedAt),
});
