import { useQueryClient } from '@tanstack/react-query';
import { DIAGNOSIS_BULK_MSG as B, type ImportProblem, BULK_TEXT as T } from '@zg/contract';
import { Alert, App, Button, Modal, Space, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { toastFailure } from '../../../api/feedback';
import { ListTable } from '../../../components/ListTable';
import { XlsxPickButton } from '../../../components/upload/XlsxPickButton';
import { checkTargets, importTargets } from '../bulk.api';

const columns: TableColumnsType<ImportProblem & { key: number }> = [
  { title: T.reportRow, dataIndex: 'row', width: 80, render: (r: number) => T.rowNumber(r) },
  { title: T.reportColumn, dataIndex: 'column', width: 120, render: (c: string) => c || T.wholeRow },
  { title: T.reportReason, dataIndex: 'reason' },
  { title: T.reportValue, dataIndex: 'value', width: 140, ellipsis: true, render: (v: string | null) => v ?? '—' },
];

type Checked = Awaited<ReturnType<typeof checkTargets>>;

/**
 * 导入目标值 (rest/obj uploadCheckout → uploadSynchronization): the file is checked first and every bad row and cell is
 * listed; only a file without problems can be imported, and the server imports all its targets or none.
 */
export function TargetsImportDialog({ rwid, open, onClose }: { rwid: number; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      setFile(null);
      setChecked(null);
    }
  }, [open]);

  const check = async (f: File) => {
    setFile(f);
    setChecked(null);
    setBusy(true);
    try {
      setChecked(await checkTargets(rwid, f));
    } catch (e) {
      toastFailure(message, e);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!file) return void message.warning(T.selectFirst);
    setBusy(true);
    try {
      const done = await importTargets(rwid, file);
      message.success(B.synchronized(done.count, done.changed));
      await client.invalidateQueries({ queryKey: ['diagnosis'] });
      onClose();
    } catch (e) {
      toastFailure(message, e);
    } finally {
      setBusy(false);
    }
  };

  const ready = checked !== null && checked.errorCount === 0;
  return (
    <Modal
      open={open}
      title={T.importTitle}
      width={780}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button type="primary" disabled={!ready} loading={busy && ready} onClick={confirm}>
            {T.confirmImport}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{T.importHint}</Typography.Paragraph>
        <Space>
          <XlsxPickButton onPick={check} disabled={busy}>
            {T.pick}
          </XlsxPickButton>
          {file && <Typography.Text>{file.name}</Typography.Text>}
          {busy && !checked && <Typography.Text>{T.checking}</Typography.Text>}
        </Space>
        {checked && ready && <Alert type="success" showIcon title={checked.message} />}
        {checked && !ready && (
          <>
            <Alert type="error" showIcon title={T.errorsTitle(checked.errorCount)} />
            <ListTable<ImportProblem & { key: number }>
              aria-label={T.errorsTitle(checked.errorCount)}
              rows={checked.errors.map((e, i) => ({ ...e, key: i }))}
              columns={columns}
              rowKey="key"
              pager={false}
              scroll={{ y: 320 }}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
