import { App, Button, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/errors';
import { ImportDialog } from '../../../components/upload/SingleFileModal';
import { importProblems } from '../../target-task/task-logic';
import { C } from '../collection-text';

export interface ExcelImportButtonProps {
  /** The button's and the dialog's title (导入常量). */
  title: string;
  /** Sends the file; resolves with the number of rows imported. */
  send: (file: File, onProgress: (p: number) => void) => Promise<{ count: number }>;
  /** What a good sheet reports (已导入 n 个常量). */
  done: (count: number) => string;
  /** After a good sheet: refresh what it changed. */
  onDone?: () => unknown;
  disabled?: boolean;
}

/**
 * 导入 (spec-2 §5 import dialog): one .xlsx at a time; the server imports all rows or none, and a refused sheet shows
 * every row problem it found, one per line (第 3 行“常量值”：不能为空 ...).
 */
export function ExcelImportButton({ title, send, done, onDone, disabled }: ExcelImportButtonProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [problems, setProblems] = useState<{ summary: string; rows: string[] } | null>(null);

  const submit = async (file: File, onProgress: (p: number) => void) => {
    try {
      const { count } = await send(file, onProgress);
      message.success(done(count));
      await onDone?.();
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'server') {
        error.handled = true;
        setProblems(importProblems(error.message));
      }
      throw error;
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={disabled}>
        {title}
      </Button>
      <ImportDialog open={open} title={title} onClose={() => setOpen(false)} onSubmit={submit} accept={['xlsx']} />
      <Modal
        open={problems !== null}
        title={C.importFailedTitle}
        onCancel={() => setProblems(null)}
        footer={<Button onClick={() => setProblems(null)}>{C.close}</Button>}
        width={640}
      >
        <Typography.Paragraph type="danger">{problems?.summary}</Typography.Paragraph>
        {problems && problems.rows.length > 0 && (
          <List
            size="small"
            bordered
            aria-label={C.importFailedTitle}
            dataSource={problems.rows}
            renderItem={(row) => <List.Item>{row}</List.Item>}
          />
        )}
      </Modal>
    </>
  );
}
