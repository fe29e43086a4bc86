import { FILE_MSG } from '@zg/contract';
import { App, Button } from 'antd';
import { downloadAttachment } from './files.api';

/** 下载 on a file's line: saves it under its own name; a failure is toasted with the server's reason or 下载失败. */
export function DownloadLink({ file }: { file: Parameters<typeof downloadAttachment>[0] }) {
  const { message } = App.useApp();
  return (
    <Button
      type="link"
      size="small"
      onClick={() =>
        downloadAttachment(file).catch((e: unknown) =>
          message.error(e instanceof Error && e.message ? e.message : FILE_MSG.downloadFailed),
        )
      }
    >
      {FILE_MSG.download}
    </Button>
  );
}
