import {
  DELAY_STATUS,
  PROGRESS_MSG,
  REPORT_KIND,
  REPORT_STATUS,
  type Report,
  type ReportKind,
  PROGRESS_TEXT as T,
  type TaskCard,
} from '@zg/contract';
import { App, Button, Card, Popconfirm, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLoginRecord } from '../../../app/use-login-record';
import { AttachmentDialog } from '../../../components/attachments/AttachmentDialog';
import { EmptyState } from '../../../components/EmptyState';
import { toastFailure } from './feedback';
import { useDelays, usePeriods, useReports, useWithdrawReport } from './progress.api';
import { AuditDialog, DelayAuditDialog, DelayDialog, ReportDialog } from './ReportDialogs';
import { ScheduleCircles } from './ScheduleCircles';
import { mayReport } from './schedule';
import './progress.css';

const STATUS_COLOR: Record<Report['status'], string> = {
  reviewing: 'processing',
  pass: 'success',
  childPass: 'cyan',
  reject: 'error',
};
const DELAY_COLOR = { reviewing: 'processing', pass: 'success', reject: 'error' } as const;
const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** The progress panel of a task (任务详情): periods with their circles, reports and their audit, delay requests. */
export function ProgressPanel({ task }: { task: Pick<TaskCard, 'id' | 'rwmc' | 'rwzt' | 'ownerId' | 'jssj'> }) {
  const record = useLoginRecord();
  const { message } = App.useApp();
  const periods = usePeriods(task.id);
  const reports = useReports(task.id);
  const delays = useDelays(task.id);
  const withdraw = useWithdrawReport();
  const [dialog, setDialog] = useState<{ kind: ReportKind; periodKey?: string; editing?: Report } | null>(null);
  const [auditing, setAuditing] = useState<Report | null>(null);
  const [files, setFiles] = useState<Report | null>(null);
  const [delayOpen, setDelayOpen] = useState(false);
  const [delayAudit, setDelayAudit] = useState<number | null>(null);
  const canReport = record ? mayReport(task, record.userId, record.roleIdList) : false;
  const periodLabel = new Map((periods.data ?? []).map((p) => [p.key, p.label]));
  const rejectedPeriods = new Set(
    (periods.data ?? []).filter((p) => p.reportStatus === 'reject' || p.reportStatus === 'childPass').map((p) => p.key),
  );

  const columns: TableColumnsType<Report> = [
    {
      title: T.period,
      dataIndex: 'periodKey',
      width: 110,
      render: (key: string, r) => (r.kind === 'final' ? T.finalPeriod : (periodLabel.get(key) ?? key)),
    },
    { title: T.reportKind, dataIndex: 'kind', width: 90, render: (k: ReportKind) => REPORT_KIND[k] },
    { title: T.content, dataIndex: 'content', ellipsis: true },
    { title: T.progress, dataIndex: 'progress', width: 100, render: (p: number | null) => (p === null ? '' : `${p}%`) },
    {
      title: T.attachments,
      dataIndex: 'fileCount',
      width: 100,
      render: (n: number, r) =>
        n > 0 ? (
          <Button type="link" size="small" onClick={() => setFiles(r)}>
            {T.fileCount(n)}
          </Button>
        ) : (
          <Typography.Text type="secondary">{T.noAttachments}</Typography.Text>
        ),
    },
    { title: T.submitter, dataIndex: 'submitterName', width: 90 },
    { title: T.submittedAt, dataIndex: 'submittedAt', width: 140, render: time },
    {
      title: T.status,
      dataIndex: 'status',
      width: 100,
      render: (s: Report['status']) => <Tag color={STATUS_COLOR[s]}>{REPORT_STATUS[s]}</Tag>,
    },
    { title: T.reason, dataIndex: 'reason', width: 140, ellipsis: true },
    {
      title: T.actions,
      key: 'actions',
      width: 170,
      render: (_v, r) => (
        <Space size={0} wrap>
          {r.abilities.audit && (
            <Button type="link" size="small" onClick={() => setAuditing(r)}>
              {T.audit}
            </Button>
          )}
          {r.abilities.edit && (
            <Button type="link" size="small" onClick={() => setDialog({ kind: r.kind, editing: r })}>
              {T.edit}
            </Button>
          )}
          {r.abilities.withdraw && (
            <Popconfirm
              title={T.withdrawConfirm}
              okText={T.confirm}
              cancelText={T.cancel}
              onConfirm={() =>
                withdraw.mutateAsync(r.id).then(
                  () => message.success(PROGRESS_MSG.withdrawn),
                  (e) => toastFailure(message, e),
                )
              }
            >
              <Button type="link" size="small">
                {T.withdraw}
              </Button>
            </Popconfirm>
          )}
          {canReport &&
            r.kind === 'process' &&
            r.status !== 'reviewing' &&
            isLatest(r, reports.data) &&
            rejectedPeriods.has(r.periodKey) && (
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'process', periodKey: r.periodKey })}>
                {T.resubmit}
              </Button>
            )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      className="zg-progress"
      variant="borderless"
      title={T.panelTitle}
      extra={
        canReport && (
          <Space wrap>
            <Button type="primary" onClick={() => setDialog({ kind: 'process' })}>
              {T.submitProcess}
            </Button>
            <Button onClick={() => setDialog({ kind: 'final' })}>{T.submitFinal}</Button>
            <Button onClick={() => setDelayOpen(true)}>{T.requestDelay}</Button>
          </Space>
        )
      }
    >
      <Typography.Title level={5}>{T.periods}</Typography.Title>
      {periods.isError ? (
        <EmptyState description={periods.error.message} />
      ) : (
        <ScheduleCircles periods={periods.data ?? []} />
      )}

      <Typography.Title level={5} className="zg-progress__heading">
        {T.reports}
      </Typography.Title>
      <Table<Report>
        rowKey="id"
        size="small"
        loading={reports.isPending}
        columns={columns}
        dataSource={reports.data ?? []}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <EmptyState description={T.noReports} /> }}
      />

      <Typography.Title level={5} className="zg-progress__heading">
        {T.delays}
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        loading={delays.isPending}
        dataSource={delays.data ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState description={T.noDelays} /> }}
        columns={[
          { title: T.taskEnd, dataIndex: 'oldEndDate', width: 110 },
          { title: T.newEndDate, dataIndex: 'newEndDate', width: 110 },
          { title: T.delayReason, dataIndex: 'reason', ellipsis: true },
          { title: T.submitter, dataIndex: 'requesterName', width: 90 },
          { title: T.submittedAt, dataIndex: 'requestedAt', width: 140, render: time },
          {
            title: T.status,
            dataIndex: 'status',
            width: 90,
            render: (s: keyof typeof DELAY_STATUS) => <Tag color={DELAY_COLOR[s]}>{DELAY_STATUS[s]}</Tag>,
          },
          { title: T.auditReason, dataIndex: 'auditReason', width: 140, ellipsis: true },
          {
            title: T.actions,
            key: 'actions',
            width: 80,
            render: (_v, d) =>
              d.canAudit && (
                <Button type="link" size="small" onClick={() => setDelayAudit(d.id)}>
                  {T.audit}
                </Button>
              ),
          },
        ]}
      />

      {dialog && (
        <ReportDialog
          open
          onClose={() => setDialog(null)}
          taskId={task.id}
          kind={dialog.kind}
          periods={periods.data ?? []}
          periodKey={dialog.periodKey}
          editing={dialog.editing}
        />
      )}
      <AuditDialog report={auditing} onClose={() => setAuditing(null)} />
      <DelayDialog open={delayOpen} onClose={() => setDelayOpen(false)} taskId={task.id} endDate={task.jssj} />
      <DelayAuditDialog delayId={delayAudit} onClose={() => setDelayAudit(null)} />
      {files && (
        <AttachmentDialog
          open
          onClose={() => setFiles(null)}
          owner={{ ownerType: 'TaskProgress', ownerId: String(files.id) }}
          name={`${task.rwmc}${periodLabel.get(files.periodKey) ?? T.finalPeriod}`}
          editable={false}
          title={T.attachments}
        />
      )}
    </Card>
  );
}

/** Whether the report is the newest of its period (only that one may be resubmitted). */
function isLatest(report: Report, all: Report[] | undefined) {
  const same = (all ?? []).filter((r) => r.kind === report.kind && r.periodKey === report.periodKey);
  return same[0]?.id === report.id;
}
