import { useQuery } from '@tanstack/react-query';
import { FILE_MSG, splitFileName } from '@zg/contract';
import { Modal, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { fetchPreview } from '../attachments/files.api';

const IMAGE_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png'];

/** The kind of preview a file gets: PDF, image, or none. */
export function previewKind(fileName: string): 'pdf' | 'image' | null {
  const { ext } = splitFileName(fileName);
  if (ext === 'pdf') return 'pdf';
  return IMAGE_EXTENSIONS.includes(ext) ? 'image' : null;
}

export interface PreviewFile {
  fileId: string;
  fileName: string;
}

/** PDF and image preview modals (spec-2 section 2.12); closed while `file` is null. */
export function PreviewModal({ file, onClose }: { file: PreviewFile | null; onClose: () => void }) {
  const kind = file ? previewKind(file.fileName) : null;
  const blob = useQuery({
    queryKey: ['file-preview', file?.fileId],
    queryFn: () => fetchPreview(file?.fileId ?? ''),
    enabled: file !== null && kind !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  return (
    <Modal
      open={file !== null}
      title={`${kind === 'pdf' ? FILE_MSG.pdfPreview : FILE_MSG.imagePreview}：${file?.fileName ?? ''}`}
      width={kind === 'pdf' ? '80%' : 800}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {!url ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin spinning={blob.isLoading} />
        </div>
      ) : kind === 'pdf' ? (
        <iframe title={file?.fileName} src={url} style={{ width: '100%', height: '70vh', border: 0 }}>
          {FILE_MSG.iframeUnsupported}
        </iframe>
      ) : (
        <img alt={file?.fileName} src={url} style={{ display: 'block', maxWidth: '100%', margin: '0 auto' }} />
      )}
    </Modal>
  );
}
