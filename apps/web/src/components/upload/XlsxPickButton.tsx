import { Button, Upload } from 'antd';
import type { ReactNode } from 'react';

/**
 * The primary button that picks one .xlsx and hands it over at once (no upload list): the start of an import that
 * runs as a tracked job, whose dialog shows the progress and the row report itself.
 */
export function XlsxPickButton({
  onPick,
  disabled,
  children,
}: {
  onPick: (file: File) => unknown;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Upload
      accept=".xlsx"
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        void onPick(file);
        return false;
      }}
    >
      <Button type="primary" disabled={disabled}>
        {children}
      </Button>
    </Upload>
  );
}
