import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FILE_MSG } from '@zg/contract';
import { App, Button, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { ItemList } from '../ItemList';
import { LoadError } from '../LoadError';
import { type PreviewFile, PreviewModal, previewKind } from '../preview/PreviewModal';
import { FileUpload } from '../upload/FileUpload';
import { DownloadLink } from './DownloadLink';
import {
  type AttachmentOwner,
  downloadAll,
  fetchAttachments,
  fetchSupportFileTypeId,
  saveAttachments,
} from './files.api';

/** A file of the dialog's list: saved ones come from the server, new ones from the upload. */
interface ListedFile {
  fileId: string;
  fileName: string;
  canDelete: boolean;
}

export interface AttachmentDialogProps {
  open: boolean;
  onClose: () => void;
  owner: AttachmentOwner;
  /** Names the bulk download: `<name>支撑附件.zip`. */
  name: string;
  /** Edit mode shows the picker, removal, and cancel/confirm; otherwise view and download only. */
  editable: boolean;
  title?: string;
  onSaved?: () => void;
}

/** Attachment dialog (spec-2 section 2.9): picker, list, 下载全部; cancel and confirm in edit mode only. */
export function AttachmentDialog({ open, onClose, owner, name, editable, title, onSaved }: AttachmentDialogProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<ListedFile[]>([]);
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  // A dialog draws its failed load in place (the list's LoadError), never in place of the page under it.
  const saved = useQuery({
    queryKey: ['attachments', owner],
    queryFn: () => fetchAttachments(owner),
    enabled: open,
    throwOnError: false,
  });
  const supportType = useQuery({
    queryKey: ['file-types', 'support'],
    queryFn: fetchSupportFileTypeId,
    enabled: open && editable,
    throwOnError: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (open && saved.data) setFiles(saved.data);
  }, [open, saved.data]);

  const save = useMutation({
    mutationFn: () =>
      saveAttachments(
        owner,
        files.map((f) => ({ fileId: f.fileId, fileName: f.fileName })),
        supportType.data ?? undefined,
      ),
    onSuccess: async () => {
      message.success(FILE_MSG.importSuccess);
      await queryClient.invalidateQueries({ queryKey: ['attachments', owner] });
      onSaved?.();
      onClose();
    },
  });
  const zip = useMutation({
    mutationFn: () => downloadAll(savedIds(saved.data), name),
    onError: () => message.error(FILE_MSG.downloadFailed),
  });

  return (
    <Modal
      open={open}
      title={title ?? FILE_MSG.attachments}
      width={640}
      onCancel={onClose}
      destroyOnHidden
      footer={
        editable ? (
          <Space>
            <Button onClick={onClose}>{FILE_MSG.cancel}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
              {FILE_MSG.confirm}
            </Button>
          </Space>
        ) : null
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {editable && (
          <FileUpload
            existingCount={files.length}
            onUploaded={(file) =>
              setFiles((list) => [...list, { fileId: file.fileId, fileName: file.fileName, canDelete: true }])
            }
            uploadOptions={{ merge: { lxId: supportType.data ?? undefined, lxmc: FILE_MSG.supportFileType } }}
          />
        )}
        <Button disabled={savedIds(saved.data).length === 0} loading={zip.isPending} onClick={() => zip.mutate()}>
          {FILE_MSG.downloadAll}
        </Button>
        {saved.isError && files.length === 0 ? (
          <LoadError error={saved.error} onRetry={() => void saved.refetch()} />
        ) : (
          <ItemList
            size="small"
            bordered
            loading={saved.isLoading}
            empty={FILE_MSG.noFiles}
            items={files.map((file) => ({
              key: file.fileId,
              title: file.fileName,
              actions: [
                <DownloadLink key="download" file={file} />,
                previewKind(file.fileName) ? (
                  <Button key="preview" type="link" size="small" onClick={() => setPreview(file)}>
                    {FILE_MSG.preview}
                  </Button>
                ) : null,
                editable && file.canDelete ? (
                  <Button
                    key="remove"
                    type="link"
                    size="small"
                    danger
                    onClick={() => setFiles((list) => list.filter((f) => f.fileId !== file.fileId))}
                  >
                    {FILE_MSG.delete}
                  </Button>
                ) : null,
              ],
            }))}
          />
        )}
      </Space>
      <PreviewModal file={preview} onClose={() => setPreview(null)} />
    </Modal>
  );
}

function savedIds(list: { fileId: string }[] | undefined): string[] {
  return (list ?? []).map((f) => f.fileId);
}
