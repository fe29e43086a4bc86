import {
  JOB_STATE_NAMES,
  ROLE,
  type SelfReportSummary,
  SUMMARY_ROLE_IDS,
  type SummaryObject,
  SELF_REPORT_SUMMARY_TEXT as T,
} from '@zg/contract';
import { Alert, App, Button, Modal, Progress, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { toastFailure } from '../../api/feedback';
import { ListTable } from '../../components/ListTable';
import { hasRole, useLoginRecord } from '../../session/login-record';
import { downloadSummaryWord, useStartSummary, useSummaryJob, useSummaryTasks } from './self-report.api';

/**
 * 全校汇总报告 (issue 33 item 4): the school's readers choose a diagnosis task and start the summary as a background job;
 * its progress bar moves while any worker sums the objects; the ranking, the grade distribution and the QCPs below
 * standard in the most objects are shown, and downloaded as Word.
 */
export function SummaryButton() {
  const record = useLoginRecord();
  const [open, setOpen] = useState(false);
  if (!hasRole(record, ROLE.admin, ...SUMMARY_ROLE_IDS)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{T.open}</Button>
      {open && <SummaryDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function SummaryDialog({ onClose }: { onClose: () => void }) {
  const tasks = useSummaryTasks(true);
  const start = useStartSummary();
  const [rwid, setRwid] = useState<number | undefined>(undefined);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useSummaryJob(jobId);
  const [downloading, setDownloading] = useState(false);
  const { message } = App.useApp();
  const j = job.data;
  const running = jobId !== null && (!j || j.state === 'queued' || j.state === 'running');
  return (
    <Modal open title={T.title} width={860} onCancel={onClose} footer={null} destroyOnHidden>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={T.task}
          placeholder={T.taskPlaceholder}
          style={{ width: 320 }}
          loading={tasks.isLoading}
          value={rwid}
          onChange={(v) => setRwid(v)}
          options={(tasks.data ?? []).map((t) => ({ value: t.id, label: t.rwmc }))}
        />
        <Button
          type="primary"
          disabled={rwid === undefined || running}
          loading={start.isPending}
          onClick={() =>
            rwid !== undefined &&
            start.mutate(rwid, { onSuccess: (r) => setJobId(r.id), onError: (e) => toastFailure(message, e) })
          }
        >
          {T.generate}
        </Button>
        {j?.state === 'done' && j.result && (
          <Button
            loading={downloading}
            onClick={() => {
              setDownloading(true);
              downloadSummaryWord(j.id)
                .catch((e) => toastFailure(message, e))
                .finally(() => setDownloading(false));
            }}
          >
            {T.download}
          </Button>
        )}
      </Space>
      {tasks.error && <Alert type="error" showIcon title={tasks.error.message} style={{ marginBottom: 16 }} />}
      {jobId !== null && (
        <div aria-live="polite" style={{ marginBottom: 16 }}>
          <Progress
            percent={j?.percent ?? 0}
            status={
              j?.state === 'done'
                ? 'success'
                : j && j.state !== 'running' && j.state !== 'queued'
                  ? 'exception'
                  : 'active'
            }
            aria-label={T.progress}
          />
          <Typography.Text>{j?.message ?? (j ? JOB_STATE_NAMES[j.state] : JOB_STATE_NAMES.queued)}</Typography.Text>
          {job.error && <Alert type="error" showIcon title={job.error.message} />}
        </div>
      )}
      {j?.state === 'done' && j.result && <SummaryView summary={j.result} />}
    </Modal>
  );
}

function SummaryView({ summary: s }: { summary: SelfReportSummary }) {
  return (
    <div className="zg-self-report-summary">
      <Typography.Paragraph type="secondary">{T.head(s.dxsl, s.zkdsl, s.scsj)}</Typography.Paragraph>
      <Typography.Title level={5}>{T.ranking}</Typography.Title>
      <ListTable<SummaryObject>
        size="small"
        rowKey="dxmc"
        rows={s.objects}
        pager="local"
        empty={T.none}
        columns={[
          { title: T.colRank, dataIndex: 'pm', width: 70 },
          { title: T.colObject, dataIndex: 'dxmc' },
          { title: T.colCharger, dataIndex: 'fzrmc', width: 100, render: (v: string | null) => v ?? '—' },
          { title: T.colRows, dataIndex: 'zkdsl', width: 90 },
          { title: T.colReached, dataIndex: 'dbsl', width: 80 },
          { title: T.colBelow, dataIndex: 'wdbsl', width: 90 },
          { title: T.colRate, dataIndex: 'dbl', width: 100, render: (v: number) => v.toFixed(2) },
        ]}
      />
      <Typography.Title level={5}>{T.grades}</Typography.Title>
      <Space wrap>
        {s.gradeDistribution.map((g) => (
          <Tag key={g.name}>{`${g.name}：${g.value}（${g.zb.toFixed(2)}%）`}</Tag>
        ))}
      </Space>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {T.frequent}
      </Typography.Title>
      {s.frequentBelow.length ? (
        <ol>
          {s.frequentBelow.map((q) => (
            <li key={q.name}>{`${q.name}：${T.colObjects} ${q.value}（${q.zb.toFixed(2)}%）`}</li>
          ))}
        </ol>
      ) : (
        <Typography.Text type="secondary">{T.none}</Typography.Text>
      )}
    </div>
  );
}
