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
import { App, Button, Card, Popconfirm, Space, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { toastFailure } from '../../../api/feedback';
import { AttachmentDialog } from '../../../components/attachments/AttachmentDialog';
import { useLoginRecord } from '../../../session/login-record';
import { useDelays, usePeriods, useReports, useWithdrawReport } from './progress.api';
import { AuditDialog, DelayAuditDialog, DelayDialog, ReportDialog } from './ReportDialogs';
import { ScheduleCircles } from './ScheduleCircles';
import { mayReport } from './schedule';
import './progress.css';
import { ListTable } from '../../../components/ListTable';

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

  const columns: TableColumnsType<Report> = [
    {
      title: T.period,
      dataIndex: 'periodKey',
      width: 100,
      render: (key: string, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.kind === 'final' ? T.finalPeriod : (periodLabel.get(key) ?? key)}</span>
          <Typography.Text type="secondary" className="zg-progress__sub">
            {REPORT_KIND[r.kind]}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: T.content,
      dataIndex: 'content',
      width: 240,
      render: (text: string, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} className="zg-progress__content">
            {text}
          </Typography.Paragraph>
          {r.fileCount > 0 ? (
            <Button type="link" size="small" className="zg-link-cell" onClick={() => setFiles(r)}>
              {T.fileCount(r.fileCount)}
            </Button>
          ) : (
            <Typography.Text type="secondary" className="zg-progress__sub">
              {T.noAttachments}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: T.progress, dataIndex: 'progress', width: 90, render: (p: number | null) => (p === null ? '' : `${p}%`) },
    {
      title: T.submitter,
      dataIndex: 'submitterName',
      width: 140,
      render: (name: string | null, r) => (
        <Space orientation="vertical" size={0}>
          <span>{name}</span>
          <Typography.Text type="secondary" className="zg-progress__sub">
            {time(r.submittedAt)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: T.status,
      dataIndex: 'status',
      width: 180,
      render: (s: Report['status'], r) => (
        <Space orientation="vertical" size={2}>
          <Tag color={STATUS_COLOR[s]}>{REPORT_STATUS[s]}</Tag>
          {r.reason && (
            <Typography.Text type="danger" className="zg-progress__sub">
              {`${T.reason}：${r.reason}`}
            </Typography.Text>
          )}
          {r.auditorName && (
            <Typography.Text type="secondary" className="zg-progress__sub">
              {`${r.auditorName} ${time(r.auditedAt)}`}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: T.actions,
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={0} orientation="vertical" align="start">
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
          {r.abilities.resubmit && (
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
      <ScheduleCircles periods={periods.data ?? []} />

      <Typography.Title level={5} className="zg-progress__heading">
        {T.reports}
      </Typography.Title>
      <ListTable<Report>
        rowKey="id"
        size="small"
        loading={reports.isPending}
        columns={columns}
        rows={reports.data}
        pager={false}
        scroll={{ x: 'max-content' }}
        empty={T.noReports}
      />

      <Typography.Title level={5} className="zg-progress__heading">
        {T.delays}
      </Typography.Title>
      <ListTable
        rowKey="id"
        size="small"
        loading={delays.isPending}
        rows={delays.data}
        pager={false}
        scroll={{ x: 'max-content' }}
        empty={T.noDelays}
        columns={[
          { title: T.taskEnd, dataIndex: 'oldEndDate', width: 110 },
          { title: T.newEndDate, dataIndex: 'newEndDate', width: 110 },
          { title: T.delayReason, dataIndex: 'reason', width: 200 },
          {
            title: T.submitter,
            dataIndex: 'requesterName',
            width: 140,
            render: (name: string | null, d) => (
              <Space orientation="vertical" size={0}>
                <span>{name}</span>
                <Typography.Text type="secondary" className="zg-progress__sub">
                  {time(d.requestedAt)}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: T.status,
            dataIndex: 'status',
            width: 90,
            render: (s: keyof typeof DELAY_STATUS) => <Tag color={DELAY_COLOR[s]}>{DELAY_STATUS[s]}</Tag>,
          },
          { title: T.auditReason, dataIndex: 'auditReason', width: 140 },
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
