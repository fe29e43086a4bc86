import { FILE_MSG, LIMITS, simpleUploadFailed, splitFileName } from '@zg/contract';
import { App, Button, Modal, Progress, Space, Typography } from 'antd';
import { useRef, useState } from 'react';

export interface SingleFileModalProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  /** Extensions accepted (lower case, no dot); any other gives 文件类型错误. */
  accept?: readonly string[];
  /** Sends the file, reporting percent (-1 on failure); resolves when done. */
  onSubmit: (file: File, onProgress: (percent: number) => void) => Promise<void>;
}

interface Variant {
  title: string;
  selectFirst: string;
}

/**
 * One file at a time (a new choice replaces the previous one): no file, chosen, uploading with progress, failed
 * (spec-2 section 4). Shared by the simple upload modal and the import dialog, which differ in their messages.
 */
function SingleFileModal({
  open,
  onClose,
  title,
  accept = LIMITS.allowedFileExtensions,
  onSubmit,
  variant,
}: SingleFileModalProps & { variant: Variant }) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const uploading = percent !== null && percent >= 0 && percent < 100;

  const close = () => {
    setFile(null);
    setPercent(null);
    onClose();
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!accept.includes(splitFileName(chosen.name).ext)) {
      message.error(FILE_MSG.fileTypeError);
      return;
    }
    setFile(chosen);
    setPercent(null);
  };

  const submit = async () => {
    if (!file) {
      message.warning(variant.selectFirst);
      return;
    }
    setPercent(0);
    try {
      await onSubmit(file, setPercent);
      setPercent(100);
      close();
    } catch {
      setPercent(-1);
      message.error(simpleUploadFailed(file.name));
    }
  };

  return (
    <Modal
      open={open}
      title={title ?? variant.title}
      onCancel={close}
      onOk={submit}
      okText={FILE_MSG.confirm}
      cancelText={FILE_MSG.cancel}
      confirmLoading={uploading}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button disabled={uploading} onClick={() => input.current?.click()}>
          {FILE_MSG.choose}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={accept.map((e) => `.${e}`).join(',')}
          data-testid="single-file-input"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {file && <Typography.Text>{file.name}</Typography.Text>}
        {percent !== null && (
          <Progress
            size="small"
            percent={percent < 0 ? 100 : percent}
            status={percent < 0 ? 'exception' : percent >= 100 ? 'success' : 'active'}
          />
        )}
      </Space>
    </Modal>
  );
}

/** Simple upload modal: confirming without a file warns 请先选取文件!. */
export function SimpleUploadModal(props: SingleFileModalProps) {
  return <SingleFileModal {...props} variant={{ title: FILE_MSG.uploadTitle, selectFirst: FILE_MSG.selectFirst }} />;
}

/** Import dialog (spreadsheets by default): confirming without a file warns 请先选择文件!. */
export function ImportDialog({ accept = ['xls', 'xlsx'], ...props }: SingleFileModalProps) {
  return (
    <SingleFileModal
      {...props}
      accept={accept}
      variant={{ title: FILE_MSG.importTitle, selectFirst: FILE_MSG.selectFirstImport }}
    />
  );
}
