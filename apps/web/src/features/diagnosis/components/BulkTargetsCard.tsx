import { type BulkAction, type DiagnosisTask, BULK_TEXT as T } from '@zg/contract';
import { Alert, App, Button, Card, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { toastFailure } from '../../../api/feedback';
import { bulkView } from '../analysis.logic';
import { downloadTargets, downloadTemplate, objectIdsOf, startBulk, useBulkJob } from '../bulk.api';
import { useRefreshDiagnosis } from '../diagnosis.api';
import { TargetsImportDialog } from './TargetsImportDialog';
import { useConfirm } from './use-confirm';

/**
 * 批量操作 of a task (issue 31 item 5): the publisher issues every object task's targets down, a person in charge
 * reports all their object tasks waiting for submission up — each a background job with its progress bar, any refusal
 * listing every object task refused (none changed) — and the targets' Excel round trip (export, template, import).
 */
export function BulkTargetsCard({ task }: { task: DiagnosisTask }) {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [jobId, setJobId] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const under = task.rwzt === 'normal';
  const mayDown = under && task.isFbr;
  const mayUp = under && task.userTypes.includes('fzr');
  const mayImport = under && (task.isFbr || task.userTypes.includes('fzr'));

  const run = async (action: BulkAction) => {
    try {
      const ids =
        action === 'down' ? await objectIdsOf(task.id) : await objectIdsOf(task.id, { state: 'tosubmit', mine: true });
      if (!ids.length) return void message.info(T.noneToUp);
      confirm({
        title: action === 'down' ? T.downAllTitle(ids.length) : T.upAllTitle(ids.length),
        content: action === 'down' ? T.downAllContent : T.upAllContent,
        ok: T.confirm,
        run: async () => setJobId((await startBulk(action, ids)).id),
        done: T.started,
      });
    } catch (e) {
      toastFailure(message, e);
    }
  };

  return (
    <Card variant="borderless" title={T.card} className="zg-bulk-card">
      <Space wrap>
        {mayDown && (
          <Button type="primary" onClick={() => run('down')}>
            {T.downAll}
          </Button>
        )}
        {mayUp && <Button onClick={() => run('up')}>{T.upAll}</Button>}
        <Button onClick={() => downloadTargets(task.id).catch((e) => toastFailure(message, e))}>
          {T.exportTargets}
        </Button>
        {mayImport && (
          <>
            <Button onClick={() => downloadTemplate().catch((e) => toastFailure(message, e))}>{T.template}</Button>
            <Button onClick={() => setImporting(true)}>{T.importTargets}</Button>
          </>
        )}
      </Space>
      {jobId && <BulkProgress key={jobId} jobId={jobId} />}
      {mayImport && <TargetsImportDialog rwid={task.id} open={importing} onClose={() => setImporting(false)} />}
    </Card>
  );
}

/** A bulk job's progress bar (polled each second), its outcome and the object tasks it refused. */
export function BulkProgress({ jobId }: { jobId: string }) {
  const job = useBulkJob(jobId);
  const refresh = useRefreshDiagnosis();
  const view = bulkView(job.data ?? null);
  const state = job.data?.state;
  const told = useRef(false);
  useEffect(() => {
    if ((state === 'done' || state === 'failed') && !told.current) {
      told.current = true;
      void refresh();
    }
  }, [state, refresh]);
  const refused = job.data?.report?.refused ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%', marginTop: 12 }} aria-live="polite">
      <Progress percent={view.percent} status={view.status} aria-label={T.progress} />
      <Typography.Text>{view.text}</Typography.Text>
      {job.error && <Alert type="error" showIcon title={job.error.message} />}
      {refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={T.refusedTitle}
          description={
            <ul className="zg-bulk-refused">
              {refused.map((r) => (
                <li key={r.id}>{`${r.gzdxmc}：${r.reason}`}</li>
              ))}
            </ul>
          }
        />
      )}
    </Space>
  );
}
