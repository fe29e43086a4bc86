import { useMutation, useQuery } from '@tanstack/react-query';
import { type Attachment, FILE_MSG, STAGE_GROUPS } from '@zg/contract';
import { App, Button, Modal, Spin, Typography } from 'antd';
import { ItemList } from '../ItemList';
import { LoadError } from '../LoadError';
import { DownloadLink } from './DownloadLink';
import { type AttachmentOwner, downloadAll, fetchAttachments } from './files.api';

/** Groups attachments by the four stages; unfinished and disqualified files count under the last. */
export function groupByStage(files: readonly Attachment[]) {
  return STAGE_GROUPS.map((group) => ({
    ...group,
    files: files.filter((f) => (group.stages as readonly string[]).includes(f.stage ?? '')),
  }));
}

export interface FileDownloadDialogProps {
  open: boolean;
  onClose: () => void;
  /** The record (a quality control point); every stage is listed. */
  owner: Omit<AttachmentOwner, 'stage'>;
  /** The indicator name the zip is named after. */
  name: string;
}

/** 文件下载 (spec-2 section 2.8): a record's files by stage, each downloadable, and 下载全部 as a zip. */
export function FileDownloadDialog({ open, onClose, owner, name }: FileDownloadDialogProps) {
  const { message } = App.useApp();
  // A dialog draws its failed load in place (LoadError), never in place of the page under it.
  const files = useQuery({
    queryKey: ['attachments', owner],
    queryFn: () => fetchAttachments(owner),
    enabled: open,
    throwOnError: false,
  });
  const all = files.data ?? [];
  const zip = useMutation({
    mutationFn: () =>
      downloadAll(
        all.map((f) => f.fileId),
        name,
      ),
    onError: () => message.error(FILE_MSG.downloadFailed),
  });

  return (
    <Modal
      open={open}
      title={FILE_MSG.fileDownload}
      width={640}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" disabled={all.length === 0} loading={zip.isPending} onClick={() => zip.mutate()}>
          {FILE_MSG.downloadAll}
        </Button>
      }
    >
      <Spin spinning={files.isLoading}>
        {files.isError && <LoadError error={files.error} onRetry={() => void files.refetch()} />}
        {groupByStage(all).map((group) => (
          <section key={group.key} style={{ marginBottom: 12 }}>
            <Typography.Title level={5}>{group.label}</Typography.Title>
            <ItemList
              size="small"
              bordered
              empty={FILE_MSG.noFiles}
              items={group.files.map((file) => ({
                key: file.fileId,
                title: file.fileName,
                actions: [<DownloadLink key="download" file={file} />],
              }))}
            />
          </section>
        ))}
      </Spin>
    </Modal>
  );
}
