import { ARCHIVE_MSG, FILES_API, formatDateTime } from '@zg/contract';
import type { ArchiveRow } from './archive.query';

const SOURCE = { yearTarget: ARCHIVE_MSG.sourceYearTarget, task: ARCHIVE_MSG.sourceTask } as const;

export function presentArchive(r: ArchiveRow) {
  return {
    fileId: r.id,
    fileName: r.name,
    lxId: r.type_id === null ? null : Number(r.type_id),
    fileType: r.type_name ?? ARCHIVE_MSG.untyped,
    source: r.source,
    sourceName:
      r.source === 'progress'
        ? `${ARCHIVE_MSG.sourceProgress}${r.period_key && r.period_key !== 'final' ? ` ${r.period_key}` : ''}`
        : SOURCE[r.source],
    size: Number(r.size),
    taskId: r.task_id === null ? null : Number(r.task_id),
    rwmc: r.task_name,
    yearTargetName: r.yt_name,
    nf: Number(r.nf),
    bmmc: r.bmmc,
    uploaderName: r.uploader_name,
    createTime: formatDateTime(new Date(r.created_at)),
    url: `${FILES_API.download.path}?id=${r.id}`,
  };
}
