import { useQueryClient } from '@tanstack/react-query';
import { EXCEL_MSG, TASK_UI as T } from '@zg/contract';
import { App, Button, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/errors';
import { ImportDialog } from '../../../components/upload/SingleFileModal';
import { TT_KEY } from '../target-task.api';
import { importProblems } from '../task-logic';
import '../target-task.css';

export interface ExcelImportProps {
  title: string;
  /** Sends the file; resolves with the number of rows imported. */
  send: (file: File, onProgress: (p: number) => void) => Promise<{ count: number }>;
  /** The template, when there is one to download. */
  onTemplate?: () => Promise<unknown>;
  disabled?: boolean;
}

/**
 * 导入 with its template: a refused sheet (nothing imported) shows every row problem the server found, one per
 * line, in Chinese; a good one reports how many rows came in.
 */
export function ExcelImport({ title, send, onTemplate, disabled }: ExcelImportProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [problems, setProblems] = useState<{ summary: string; rows: string[] } | null>(null);

  const submit = async (file: File, onProgress: (p: number) => void) => {
    try {
      const { count } = await send(file, onProgress);
      message.success(EXCEL_MSG.imported(count));
      await queryClient.invalidateQueries({ queryKey: TT_KEY });
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
        {T.import}
      </Button>
      {onTemplate && (
        <Button type="link" onClick={() => onTemplate().catch(() => undefined)}>
          {T.template}
        </Button>
      )}
      <ImportDialog open={open} title={title} onClose={() => setOpen(false)} onSubmit={submit} accept={['xlsx']} />
      <Modal
        open={problems !== null}
        title={T.importFailedTitle}
        onCancel={() => setProblems(null)}
        footer={<Button onClick={() => setProblems(null)}>{T.close}</Button>}
        width={640}
      >
        <Typography.Paragraph type="danger">{problems?.summary}</Typography.Paragraph>
        {problems && problems.rows.length > 0 && (
          <List
            size="small"
            bordered
            className="zg-import-problems"
            dataSource={problems.rows}
            renderItem={(row) => <List.Item>{row}</List.Item>}
          />
        )}
      </Modal>
    </>
  );
}
