import { z } from 'zod';
import { endpoint, FILE } from './endpoint';
import { ArchiveDownloadQuerySchema, ArchivePageSchema, ArchiveQuerySchema, ArchiveTypeCountSchema } from './report';

const A = '/api/herm-wbs/targetTaskFileArchive';
const tags = ['文件归档'] as const;

/** The file-archive module's endpoints: every document of the tasks a user may see, by file type, as a zip. */
export const ARCHIVE_API = {
  page: endpoint({
    method: 'GET',
    path: `${A}/selectPage`,
    summary:
      '文件归档分页（file-all 可见任务的全部文件 / file-myself 我负责的任务的文件；可按文件类型） / archive, paged',
    tags,
    query: ArchiveQuerySchema,
    response: ArchivePageSchema,
  }),
  typeCount: endpoint({
    method: 'GET',
    path: `${A}/typeCount`,
    summary: '文件归档按文件类型计数（0 为未分类） / documents per file type',
    tags,
    query: ArchiveQuerySchema.omit({ current: true, size: true, lxId: true }),
    response: z.array(ArchiveTypeCountSchema),
  }),
  download: endpoint({
    method: 'GET',
    path: `${A}/download`,
    summary: '打包下载（ids 为勾选的文件，空则为当前筛选的全部文件，最多500个；流式 zip） / zip download, streamed',
    tags,
    query: ArchiveDownloadQuerySchema,
    response: FILE,
  }),
} as const;
