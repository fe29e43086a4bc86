import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Attachment, FILE_MSG, FILE_NORMAL_LEN, FILES_API, LIMITS, type LoginRecord, ROLE } from '@zg/contract';
import { Alert, App, Button, Popconfirm, Select, Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  deleteAttachment,
  downloadAll,
  downloadAttachment,
  fetchAttachments,
  fetchDepartmentOptions,
  saveAttachments,
} from '../../components/attachments/files.api';
import { ListTable } from '../../components/ListTable';
import { type PreviewFile, PreviewModal, previewKind } from '../../components/preview/PreviewModal';
import { FileUpload } from '../../components/upload/FileUpload';
import type { UploadedFile } from '../../components/upload/upload-file';
import { useLoginRecord } from '../../session/login-record';

/** Whether the user may add to a department's library (the server decides; this only hides the buttons). */
export function canWriteLibrary(record: LoginRecord | null, departmentId: string | undefined): boolean {
  if (!record || !departmentId) return false;
  return (
    record.roleIdList.includes(ROLE.admin) ||
    record.orgId === departmentId ||
    record.chargeDeparmentIdList.includes(departmentId)
  );
}

/** 文件库: one department's files; its members add and delete, everyone reads. */
export function FileLibrary() {
  const record = useLoginRecord();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string | undefined>();
  const [selected, setSelected] = useState<string[]>([]);
  const [page, setPage] = useState<number>(LIMITS.firstPage);

  const departments = useQuery({ queryKey: ['departments', 'all'], queryFn: fetchDepartmentOptions });
  const departmentId = chosen ?? record?.orgId ?? departments.data?.[0]?.departmentId;
  const departmentName = departments.data?.find((d) => d.departmentId === departmentId)?.departmentName ?? '';
  const owner = { ownerType: 'DocRepo' as const, ownerId: departmentId };
  const files = useQuery({
    queryKey: ['attachments', owner],
    queryFn: () => fetchAttachments(owner),
    enabled: departmentId !== undefined,
  });

  const writable = canWriteLibrary(record, departmentId);
  const [preview, setPreview] = useState<PreviewFile | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['attachments', owner] });
  // Small files go straight into the library; a chunked one is merged unattached, then joins the library's list.
  const attach = async (file: UploadedFile) => {
    if (file.size > FILE_NORMAL_LEN) {
      const current = await fetchAttachments(owner);
      await saveAttachments(owner, [...current.map((f) => ({ fileId: f.fileId })), { fileId: file.fileId }]);
    }
    message.success(`${file.fileName} ${FILE_MSG.uploadSuccess}`);
    await refresh();
  };

  const remove = useMutation({
    mutationFn: (file: Attachment) => deleteAttachment(file.fileId),
    onSuccess: async () => {
      message.success(FILE_MSG.deleted);
      await refresh();
    },
  });
  const zip = useMutation({
    mutationFn: () => downloadAll(selected, departmentName),
    onError: () => message.error(FILE_MSG.downloadFailed),
  });
  const downloadOne = (file: Attachment) =>
    downloadAttachment(file).catch((error: unknown) =>
      message.error(error instanceof Error && error.message ? error.message : FILE_MSG.downloadFailed),
    );

  const columns: TableColumnsType<Attachment> = [
    { title: FILE_MSG.colName, dataIndex: 'fileName', ellipsis: true },
    { title: FILE_MSG.colSize, dataIndex: 'size', width: 110, render: (v: number) => formatSize(v) },
    { title: FILE_MSG.colUploader, dataIndex: 'uploaderName', width: 120 },
    {
      title: FILE_MSG.colTime,
      dataIndex: 'createTime',
      width: 180,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: FILE_MSG.colActions,
      key: 'actions',
      width: 200,
      render: (_, file) => (
        <Space>
          <Button type="link" size="small" onClick={() => downloadOne(file)}>
            {FILE_MSG.download}
          </Button>
          {previewKind(file.fileName) && (
            <Button type="link" size="small" onClick={() => setPreview(file)}>
              {FILE_MSG.preview}
            </Button>
          )}
          {writable && file.canDelete && (
            <Popconfirm title={FILE_MSG.confirmDelete} onConfirm={() => remove.mutateAsync(file)}>
              <Button type="link" size="small" danger>
                {FILE_MSG.delete}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <span id="zg-file-library-department">{FILE_MSG.department}</span>
        <Select
          aria-labelledby="zg-file-library-department"
          style={{ width: 240 }}
          loading={departments.isLoading}
          value={departmentId}
          showSearch
          optionFilterProp="label"
          options={departments.data?.map((d) => ({ value: d.departmentId, label: d.departmentName }))}
          onChange={(v: string) => {
            setChosen(v);
            setSelected([]);
            setPage(LIMITS.firstPage);
          }}
        />
        <Button disabled={selected.length === 0} loading={zip.isPending} onClick={() => zip.mutate()}>
          {FILE_MSG.downloadAll}
        </Button>
      </Space>
      {departmentId !== undefined &&
        (writable ? (
          <FileUpload
            key={departmentId}
            existingCount={files.data?.length ?? 0}
            uploadOptions={{ smallEndpoint: FILES_API.libraryUpload, smallFields: { bmid: departmentId } }}
            onUploaded={attach}
          />
        ) : (
          <Alert type="info" showIcon message={FILE_MSG.readOnly} />
        ))}
      <ListTable<Attachment>
        rowKey="fileId"
        size="middle"
        loading={files.isFetching}
        columns={columns}
        rows={files.data}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        empty={FILE_MSG.noData}
        pager={{ current: page, total: files.data?.length ?? 0, onChange: setPage }}
      />
      <PreviewModal file={preview} onClose={() => setPreview(null)} />
    </Space>
  );
}

/** Bytes as B, KB or MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
