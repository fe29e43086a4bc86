import { FILE_MSG, LIMITS, uploadFailed } from '@zg/contract';
import { App, Button, Progress, Space, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { choiceProblem, type UploadedFile, type UploadFileOptions, uploadFile } from './upload-file';

/** One file on its way: name and percent (-1 failed). */
interface Pending {
  key: string;
  name: string;
  percent: number;
}

export interface FileUploadProps {
  /** Called for each stored file, in the order chosen. */
  onUploaded: (file: UploadedFile) => void | Promise<void>;
  /** Files already in the list, counted against the maximum (50). */
  existingCount?: number;
  maxCount?: number;
  maxMb?: number;
  /** Where a small file goes and what the merge of a chunked one carries. */
  uploadOptions?: Pick<UploadFileOptions, 'smallEndpoint' | 'smallFields' | 'merge'>;
  disabled?: boolean;
  buttonText?: ReactNode;
  /** Uploads finished (each success or failure). */
  onSettled?: () => void;
}

const ACCEPT = LIMITS.allowedFileExtensions.map((e) => `.${e}`).join(',');

/** Upload picker with per-file progress: small files in one request, larger ones in checked chunks. */
export function FileUpload({
  onUploaded,
  existingCount = 0,
  maxCount,
  maxMb,
  uploadOptions,
  disabled,
  buttonText = FILE_MSG.upload,
  onSettled,
}: FileUploadProps) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const busy = pending.some((p) => p.percent >= 0 && p.percent < 100);

  const setPercent = (key: string, percent: number) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, percent } : p)));

  const start = async (files: File[]) => {
    const problem = choiceProblem(files, existingCount, { maxMb, maxCount });
    if (problem) {
      message.warning(problem);
      return;
    }
    const batch = files.map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, name: file.name, percent: 0 }));
    setPending((list) => [...list.filter((p) => p.percent === -1), ...batch]);
    // One file at a time: a chunked file already sends three chunks at once.
    for (const [i, file] of files.entries()) {
      const key = batch[i]?.key ?? '';
      try {
        const stored = await uploadFile(file, { ...uploadOptions, onProgress: (p) => setPercent(key, p) });
        await onUploaded(stored);
        setPending((list) => list.filter((p) => p.key !== key));
      } catch (error) {
        setPercent(key, -1);
        const reason = error instanceof Error && error.message ? ` ${error.message}` : '';
        message.error(`${uploadFailed(file.name)}${reason}`);
      }
    }
    onSettled?.();
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Button disabled={disabled || busy} loading={busy} onClick={() => input.current?.click()}>
          {buttonText}
        </Button>
        <Typography.Text type="secondary">{FILE_MSG.allowedHint}</Typography.Text>
      </Space>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        data-testid="file-upload-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Let the same file be chosen again after a failure.
          event.target.value = '';
          if (files.length > 0) void start(files);
        }}
      />
      {pending.map((p) => (
        <div key={p.key} data-testid="upload-progress">
          <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
            {p.name}
          </Typography.Text>
          <Progress
            size="small"
            percent={p.percent < 0 ? 100 : p.percent}
            status={p.percent < 0 ? 'exception' : p.percent >= 100 ? 'success' : 'active'}
          />
        </div>
      ))}
    </Space>
  );
}
