import { z } from 'zod';
import { pageOf } from './envelope';
import { DateTimeSchema, IdSchema, int32, pageSize } from './primitives';

/**
 * Notifications (消息通知, issue 32 item 6): items per user, raised inside the transaction of what they are about (a
 * warning raised, an urge sent, a record waiting for the user's audit), read in the centre behind the header's bell,
 * and summarised once a day by e-mail when the school turns the digest on.
 */

/** What a notification is about; a later module adds its kind here (the quality warnings add qualityWarning ...). */
export const NOTIFICATION_KINDS = [
  'taskWarning',
  'urge',
  'reportAudit',
  'delayAudit',
  'fillAudit',
  'diagnosisAudit',
  'qualityWarning',
  'caseOverdue',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds as the centre names them. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  taskWarning: '任务预警',
  urge: '督办',
  reportAudit: '进度报告待审核',
  delayAudit: '延期申请待审核',
  fillAudit: '填报待审核',
  diagnosisAudit: '诊断目标待审核',
  qualityWarning: '质量预警',
  caseOverdue: '改进逾期',
};

/** Limits of an item (the columns' widths). */
export const NOTIFICATION_LIMITS = { title: 200, body: 1000, link: 500, pageMax: 50, digestItems: 20 } as const;

export const NotificationSchema = z.object({
  id: z.number().int().describe('消息编号 / notification id'),
  kind: z.enum(NOTIFICATION_KINDS).describe('消息类型 / kind'),
  kindName: z.string().describe('消息类型名称 / kind name'),
  title: z.string().describe('标题 / title'),
  body: z.string().nullable().describe('内容 / body'),
  link: z.string().nullable().describe('所涉记录的页面（#/ 之后的路径） / the page of the record, a hash path'),
  createdAt: DateTimeSchema.describe('通知时间 / when'),
  readAt: DateTimeSchema.nullable().describe('已读时间，未读为空 / read at, null when unread'),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = pageOf(NotificationSchema);

export const NotificationQuerySchema = z.object({
  current: int32().min(1).default(1).describe('页码 / page'),
  size: pageSize(10, NOTIFICATION_LIMITS.pageMax),
  unread: z.enum(['true', 'false']).default('false').describe('true：只看未读 / unread only'),
});

export const UnreadCountSchema = z.object({ unread: z.number().int().describe('未读条数 / unread count') });

export const NotificationIdBodySchema = z.object({ id: IdSchema.describe('消息编号 / notification id') });

export const ReadAllSchema = z.object({ count: z.number().int().describe('标为已读的条数 / items marked read') });

export const NOTIFICATION_MSG = {
  notFound: '该消息不存在或已删除',
  markedRead: '已标为已读',
  allRead: (n: number) => (n ? `已将 ${n} 条消息标为已读` : '没有未读消息'),
  digestSubject: (n: number) => `您有 ${n} 条未读消息`,
  digestMore: (n: number) => `……另有 ${n} 条，请登录平台查看`,
  digestFooter: '此邮件由系统每日发送一次，汇总您的未读消息；请勿直接回复。',
  // The items' titles, by kind.
  taskWarningTitle: (task: string) => `任务预警：${task}`,
  urgeTargetTitle: (target: string) => `督办：年度目标“${target}”`,
  urgeTaskTitle: (task: string) => `督办：预警任务“${task}”`,
  urgeBody: (from: string, content: string | null | undefined) => `${from}督办${content ? `：${content}` : ''}`,
  reportAuditTitle: (task: string) => `进度报告待审核：${task}`,
  finalReportAuditTitle: (task: string) => `完成报告待审核：${task}`,
  delayAuditTitle: (task: string) => `延期申请待审核：${task}`,
  submittedBy: (who: string) => `提交人：${who}`,
  qualityWarningTitle: (task: string, object: string, row: string) => `质量预警：${task} · ${object} · ${row}`,
  caseOverdueTitle: (task: string, object: string, row: string) => `逾期预警：${task} · ${object} · ${row}`,
  qualityWarningBody: (value: string | null, warning: string | null) =>
    `监测值 ${value ?? '—'}${warning ? `，预警值 ${warning}` : ''}`,
  fillAuditTitle: (task: string, filler: string) => `填报待审核：${task} · ${filler}`,
  diagnosisTargetAuditTitle: (task: string, object: string) => `诊断目标待审核：${task} · ${object}`,
  diagnosisRevisionAuditTitle: (task: string, object: string, row: string, what: string) =>
    `${what}待审核：${task} · ${object} · ${row}`,
} as const;

/** The pages an item opens (hash paths of the web's route table), by what it is about. */
export const NOTIFICATION_LINKS = {
  taskWarning: '/targetTaskManagement/warningTask',
  urge: '/targetTaskManagement/urge',
  reportAudit: '/targetTaskManagement/progressAudit?tab=reports&status=reviewing',
  delayAudit: '/targetTaskManagement/progressAudit?tab=delays&status=reviewing',
  qualityWarning: '/improvement/warnings',
  caseOverdue: '/improvement/cases',
  fillAudit: '/dataCollection/audit',
  diagnosisAudit: '/improvement/audit',
} as const;
