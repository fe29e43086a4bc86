import { confirmDelete, TASK_UI as T } from '@zg/contract';
import { App, Button, Modal, Popconfirm, Space, Spin, Tabs, Typography } from 'antd';
import { downloadAttachment } from '../../../components/attachments/files.api';
import { ItemList } from '../../../components/ItemList';
import { FileUpload } from '../../../components/upload/FileUpload';
import { useDocuments, useSaveDocuments } from '../target-task.api';

export interface DocumentOwner {
  ownerType: 'YearTask' | 'NodeTask';
  ownerId: number;
  name: string;
}

/**
 * The documents of a year target (年度目标文件, 目标支撑文件, 任务分解文件) or a task, one tab per file type; its editors
 * upload and remove, everyone who sees the record downloads.
 */
export function DocumentsDialog({ owner, onClose }: { owner: DocumentOwner | null; onClose: () => void }) {
  const { message } = App.useApp();
  const docs = useDocuments(owner ? { ownerType: owner.ownerType, ownerId: owner.ownerId } : null);
  const save = useSaveDocuments();
  const data = docs.data;

  const saveType = async (fileTypeId: number, fileIds: string[]) => {
    if (!owner) return;
    await save.mutateAsync({ ownerType: owner.ownerType, ownerId: owner.ownerId, fileTypeId, fileIds });
  };

  return (
    <Modal
      open={owner !== null}
      title={`${T.documents}${owner ? `：${owner.name}` : ''}`}
      width={720}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{T.close}</Button>}
      destroyOnHidden
    >
      {docs.isLoading || !data ? (
        <Spin />
      ) : (
        <Tabs
          items={data.groups.map((g) => ({
            key: String(g.fileTypeId),
            label: `${g.fileTypeName}（${g.files.length}）`,
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {data.canEdit && (
                  <FileUpload
                    existingCount={g.files.length}
                    onUploaded={(f) => saveType(g.fileTypeId, [...g.files.map((x) => x.fileId), f.fileId])}
                  />
                )}
                <ItemList
                  size="small"
                  empty={T.noDocuments}
                  items={g.files.map((f) => ({
                    key: f.fileId,
                    title: (
                      <>
                        <Typography.Text>{f.fileName}</Typography.Text>
                        <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                          {f.uploaderName ?? ''}
                        </Typography.Text>
                      </>
                    ),
                    actions: [
                      <Button
                        key="download"
                        type="link"
                        size="small"
                        onClick={() => downloadAttachment(f).catch((e: Error) => message.error(e.message))}
                      >
                        {T.download}
                      </Button>,
                      ...(data.canEdit
                        ? [
                            <Popconfirm
                              key="remove"
                              title={confirmDelete('', f.fileName)}
                              onConfirm={() =>
                                saveType(
                                  g.fileTypeId,
                                  g.files.filter((x) => x.fileId !== f.fileId).map((x) => x.fileId),
                                ).then(() => message.success(T.deleted))
                              }
                            >
                              <Button type="link" size="small" danger>
                                {T.delete}
                              </Button>
                            </Popconfirm>,
                          ]
                        : []),
                    ],
                  }))}
                />
              </Space>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
