import { useQuery } from '@tanstack/react-query';
import { SYSTEM_ADMIN_API as API, jobUnderWay, SYSTEM_TEXT as T } from '@zg/contract';
import { Alert, Button, Form, Input, Modal, Progress, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { call, downloadFrom, uploadTo } from '../../api/endpoint';
import { ListTable } from '../../components/ListTable';
import { XlsxPickButton } from '../../components/upload/XlsxPickButton';
import { useSystemWrite } from './system.api';

/**
 * 导入用户: the file and the new users' initial password go up, the server checks and imports in the background (a
 * tracked job) and the dialog polls it each second: a progress bar, then the count, or every bad row (nothing
 * imported).
 */
export function UserImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [mode, setMode] = useState<'create' | 'upsert'>('create');
  const [sending, setSending] = useState(false);
  const refresh = useSystemWrite(async () => null);
  useEffect(() => {
    if (!open) setJobId(null);
  }, [open]);
  const job = useQuery({
    queryKey: ['system-user-import', jobId],
    queryFn: ({ signal }) => call(API.userImportJob, { query: { id: jobId! } }, { signal }),
    enabled: jobId !== null,
    refetchInterval: (q) => (jobUnderWay(q.state.data) ? 1000 : false),
    retry: false,
  });
  const state = job.data?.state;
  useEffect(() => {
    if (state === 'done') refresh.mutate(undefined);
  }, [state, refresh.mutate]);

  const start = async (file: File) => {
    setJobId(null);
    setSending(true);
    try {
      const started = await uploadTo(API.userImport, {}, { file, fields: { password, mode } });
      setJobId(started.id);
    } catch {
      // The request client told the refusal (a weak password, not an .xlsx).
    } finally {
      setSending(false);
    }
  };
  const running = sending || (jobId !== null && jobUnderWay(job.data));
  const errors = job.data?.report?.errors ?? [];
  return (
    <Modal
      open={open}
      title={T.importTitle}
      width={760}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} disabled={running}>
          {T.close}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={T.importHint} />
        <Form layout="vertical">
          <Form.Item label={T.password} required>
            <Input.Password
              aria-label={T.password}
              value={password}
              autoComplete="new-password"
              onChange={(e) => setPassword(e.target.value)}
            />
          </Form.Item>
          <Form.Item label={T.importMode}>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)}>
              <Radio value="create">{T.modeCreate}</Radio>
              <Radio value="upsert">{T.modeUpsert}</Radio>
            </Radio.Group>
          </Form.Item>
        </Form>
        <Space wrap>
          <XlsxPickButton onPick={start} disabled={running}>
            {T.chooseFile}
          </XlsxPickButton>
          <Button onClick={() => downloadFrom(API.userTemplate, {}).catch(() => {})}>{T.template}</Button>
        </Space>
        {job.data && <Progress percent={job.data.percent} aria-label={T.importTitle} />}
        {job.data?.state === 'done' && <Alert type="success" showIcon message={job.data.message} />}
        {(job.data?.state === 'failed' || job.data?.state === 'interrupted') && (
          <>
            <Alert type="error" showIcon message={job.data.message} />
            <ListTable
              size="small"
              rowKey={(r) => `${r.row}-${r.column}-${r.reason}`}
              rows={errors}
              pager="local"
              columns={[
                { title: T.reportRow, dataIndex: 'row', width: 70 },
                { title: T.reportColumn, dataIndex: 'column', width: 120, render: (c: string) => c || T.wholeRow },
                { title: T.reportReason, dataIndex: 'reason' },
                { title: T.reportValue, dataIndex: 'value', width: 140, render: (v: string | null) => v ?? '—' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
