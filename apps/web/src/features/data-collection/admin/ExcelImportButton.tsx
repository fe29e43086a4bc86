import { COLLECTION_TEXT as C } from '@zg/contract';
import { App } from 'antd';
import { ExcelImportControl } from '../../../components/upload/ExcelImportControl';

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
  return (
    <ExcelImportControl
      label={title}
      title={title}
      send={send}
      onImported={async (count) => {
        message.success(done(count));
        await onDone?.();
      }}
      reportTitle={C.importFailedTitle}
      closeText={C.close}
      disabled={disabled}
    />
  );
}
