import { NOTIFICATION_LINKS, NOTIFICATION_MSG, warningLabel } from '@zg/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { targetTasks, taskWarnings, warningTypes } from '../db/schema';
import { type NotifyItem, notify } from '../modules/notification';

/**
 * The demo's notification centre: unread items for zyfzr01, zgfb01 and xld01 (and a read one each), about real records
 * of the story where it has them (the newest open task warnings), so the bell shows a number and each item opens a
 * page with its record.
 */
export async function seedDemoNotifications(tx: Db, now: Date) {
  const ago = (hours: number) => new Date(now.getTime() - hours * 3600_000);
  const warned = await tx
    .select({ id: taskWarnings.id, key: taskWarnings.warningKey, typeName: warningTypes.name, task: targetTasks.name })
    .from(taskWarnings)
    .innerJoin(targetTasks, eq(targetTasks.id, taskWarnings.taskId))
    .innerJoin(warningTypes, eq(warningTypes.id, taskWarnings.warningTypeId))
    .where(and(eq(taskWarnings.open, true)))
    .orderBy(desc(taskWarnings.raisedAt), desc(taskWarnings.id))
    .limit(3);
  const items: NotifyItem[] = warned.map((w, i) => ({
    userIds: ['zyfzr01', 'xld01'],
    kind: 'taskWarning',
    title: NOTIFICATION_MSG.taskWarningTitle(w.task),
    body: `${w.typeName}：${warningLabel(w.key)}`,
    link: NOTIFICATION_LINKS.taskWarning,
    dedupeKey: `demo:taskWarning:${w.id}`,
    at: ago(2 + i * 5),
  }));
  items.push(
    {
      userIds: ['zyfzr01'],
      kind: 'urge',
      title: NOTIFICATION_MSG.urgeTargetTitle('专业群建设水平提升'),
      body: NOTIFICATION_MSG.urgeBody('质量管理办公室', '请于本周五前完成年度目标分解'),
      link: NOTIFICATION_LINKS.urge,
      dedupeKey: 'demo:urge:1',
      at: ago(1),
    },
    {
      userIds: ['zgfb01'],
      kind: 'fillAudit',
      title: '填报待审核：2026年专任教师基本情况采集',
      body: NOTIFICATION_MSG.submittedBy('任务负责人01'),
      link: '/dataCollection',
      dedupeKey: 'demo:fillAudit:1',
      at: ago(3),
    },
    {
      userIds: ['zgfb01'],
      kind: 'diagnosisAudit',
      title: '诊断目标待审核：专业诊断改进（2026）',
      body: NOTIFICATION_MSG.submittedBy('专业负责人01'),
      link: '/improvement/audit',
      dedupeKey: 'demo:diagnosisAudit:1',
      at: ago(6),
    },
    {
      userIds: ['zgfb01', 'xld01'],
      kind: 'reportAudit',
      title: NOTIFICATION_MSG.reportAuditTitle('课程思政示范课建设'),
      body: NOTIFICATION_MSG.submittedBy('任务负责人02'),
      link: NOTIFICATION_LINKS.reportAudit,
      dedupeKey: 'demo:reportAudit:1',
      at: ago(26),
    },
  );
  await notify(tx, items);
}
