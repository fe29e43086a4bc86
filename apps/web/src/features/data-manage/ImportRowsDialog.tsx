import { useQuery } from '@tanstack/react-query';
import { DATA_MANAGE_API as API, type ImportProblem, WAREHOUSE_TEXT as W } from '@zg/contract';
import { Alert, Button, Modal, Progress, Space, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call, downloadFrom, uploadTo } from '../../api/endpoint';
import { ListTable } from '../../components/ListTable';
import { XlsxPickButton } from '../../components/upload/XlsxPickButton';
import { useWarehouseActions } from './warehouse.api';
import { jobProgress, jobRunning } from './warehouse.logic';

/** How often a running import is asked for its progress. */
export const POLL_MS = 1000;

const reportColumns: TableColumnsType<ImportProblem & { key: number }> = [
  { title: W.reportRow, dataIndex: 'row', width: 80, render: (r: number) => W.rowNumber(r) },
  { title: W.reportColumn, dataIndex: 'column', width: 140, render: (c: string) => c || W.wholeRow },
  { title: W.reportReason, dataIndex: 'reason' },
  { title: W.reportValue, dataIndex: 'value', width: 160, ellipsis: true, render: (v: string | null) => v ?? '—' },
];

/**
 * 导入数据: the file goes up, the server imports it in the background (drsj/task, a job in PostgreSQL that any worker
 * runs and answers) and the dialog asks for its progress each second (getFutureTaskResult), showing a progress bar,
 * then the count imported, the row-by-row report of a refused file (nothing of which was imported), or that the job
 * was interrupted (its server process stopped: nothing imported, import again).
 */
export function ImportRowsDialog({ ckbid, open, onClose }: { ckbid: number; open: boolean; onClose: () => void }) {
  const { refresh, fail } = useWarehouseActions();
  const [jobId, setJobId] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);

  useEffect(() => {
    if (!open) {
      setJobId(null);
      setUploading(null);
    }
  }, [open]);

  const job = useQuery({
    queryKey: ['warehouse-import-job', jobId],
    queryFn: ({ signal }) => call(API.importTaskResult, { query: { id: jobId! } }, { signal }),
    enabled: jobId !== null,
    refetchInterval: (q) => (jobRunning(q.state.data) ? POLL_MS : false),
    retry: false,
  });
  const state = job.data?.state;
  useEffect(() => {
    if (state === 'done') void refresh();
  }, [state, refresh]);

  const start = async (file: File) => {
    setJobId(null);
    setUploading(0);
    try {
      const started = await uploadTo(
        API.importRowsTask,
        { query: { id: ckbid } },
        { file, quiet: true, onProgress: (p) => setUploading(p) },
      );
      setJobId(started.id);
    } catch (error) {
      fail(error);
    } finally {
      setUploading(null);
    }
  };

  const running = uploading !== null || (jobId !== null && jobRunning(job.data));
  const progress = jobProgress(jobId ? (job.data ?? null) : null);
  const data = job.data;
  const errors = data?.report?.errors ?? [];
  const errorCount = data?.report?.errorCount ?? 0;

  return (
    <Modal
      open={open}
      title={W.importData}
      width={760}
      onCancel={onClose}
      mask={{ closable: !running }}
      footer={
        <Button onClick={onClose} disabled={running}>
          {running ? W.importing : W.close}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={W.importHint} />
        <Space wrap>
          <XlsxPickButton onPick={start} disabled={running}>
            {W.chooseFile}
          </XlsxPickButton>
          <Button onClick={() => downloadFrom(API.template, { query: { id: ckbid, type: 'data' } }).catch(fail)}>
            {W.dataTemplate}
          </Button>
        </Space>
        {(uploading !== null || jobId !== null) && (
          <div>
            <Typography.Text>{uploading !== null ? W.uploading(uploading) : progress.text}</Typography.Text>
            <Progress
              percent={uploading !== null ? 0 : progress.percent}
              status={progress.status}
              aria-label={W.importProgress}
            />
          </div>
        )}
        {job.error && <Alert type="error" showIcon message={job.error.message} />}
        {data?.state === 'done' && <Alert type="success" showIcon message={data.message ?? W.importDone} />}
        {(data?.state === 'failed' || data?.state === 'interrupted') && (
          <Space orientation="vertical" size="small" style={{ width: '100%' }}>
            <Alert
              type="error"
              showIcon
              message={errorCount > 0 ? W.importRefused(errorCount) : (data.message ?? W.importFailed)}
              description={errorCount > errors.length ? W.reportCut(errors.length) : undefined}
            />
            {errors.length > 0 && (
              <ListTable
                size="small"
                aria-label={W.importReport}
                rowKey="key"
                columns={reportColumns}
                rows={errors.map((e, key) => ({ ...e, key }))}
                pager="local"
              />
            )}
          </Space>
        )}
      </Space>
    </Modal>
  );
}
