import { Button, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../api/errors';
import { ItemList } from '../ItemList';
import { type ImportProblems, importProblems } from './import-problems';
import { ImportDialog } from './SingleFileModal';

export interface ExcelImportControlProps {
  /** The button's text. */
  label: ReactNode;
  /** The import dialog's title. */
  title: string;
  /** Sends the file; resolves with the number of rows imported. */
  send: (file: File, onProgress: (p: number) => void) => Promise<{ count: number }>;
  /** After a good sheet: say how many rows came in and refresh what they changed. */
  onImported: (count: number) => unknown;
  /** The report's title (导入失败), which also names its list of rows. */
  reportTitle: string;
  /** The report's one button (关闭). */
  closeText: string;
  disabled?: boolean;
}

/**
 * 导入 of an .xlsx (spec-2 §5 import dialog): the server imports all rows or none; a refused sheet opens a report of
 * every row problem it found, one per line.
 */
export function ExcelImportControl({
  label,
  title,
  send,
  onImported,
  reportTitle,
  closeText,
  disabled,
}: ExcelImportControlProps) {
  const [open, setOpen] = useState(false);
  const [problems, setProblems] = useState<ImportProblems | null>(null);

  const submit = async (file: File, onProgress: (p: number) => void) => {
    try {
      const { count } = await send(file, onProgress);
      await onImported(count);
    } catch (error) {
      // The report shows the server's refusal, so nothing else tells of it; the dialog still hears of the failure.
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
        {label}
      </Button>
      <ImportDialog open={open} title={title} onClose={() => setOpen(false)} onSubmit={submit} accept={['xlsx']} />
      <ImportReport problems={problems} title={reportTitle} closeText={closeText} onClose={() => setProblems(null)} />
    </>
  );
}

/** The refusal of an import: its summary in red, then its row problems in a list that scrolls when long. */
export function ImportReport({
  problems,
  title,
  closeText,
  onClose,
}: {
  problems: ImportProblems | null;
  title: string;
  closeText: string;
  onClose: () => void;
}) {
  return (
    <Modal
      open={problems !== null}
      title={title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{closeText}</Button>}
      width={640}
    >
      <Typography.Paragraph type="danger">{problems?.summary}</Typography.Paragraph>
      {problems && problems.rows.length > 0 && (
        <ItemList
          size="small"
          bordered
          maxHeight={360}
          aria-label={title}
          items={problems.rows.map((row, i) => ({ key: i, title: row }))}
        />
      )}
    </Modal>
  );
}
