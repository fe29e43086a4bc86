import { useQueryClient } from '@tanstack/react-query';
import { EXCEL_MSG, TASK_UI as T } from '@zg/contract';
import { App, Button } from 'antd';
import { ExcelImportControl } from '../../../components/upload/ExcelImportControl';
import { TT_KEY } from '../target-task.api';

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

  return (
    <>
      <ExcelImportControl
        label={T.import}
        title={title}
        send={send}
        onImported={async (count) => {
          message.success(EXCEL_MSG.imported(count));
          await queryClient.invalidateQueries({ queryKey: TT_KEY });
        }}
        reportTitle={T.importFailedTitle}
        closeText={T.close}
        disabled={disabled}
      />
      {onTemplate && (
        <Button type="link" onClick={() => onTemplate().catch(() => undefined)}>
          {T.template}
        </Button>
      )}
    </>
  );
}
