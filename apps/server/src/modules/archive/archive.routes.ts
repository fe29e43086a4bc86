import {
  ARCHIVE_MSG,
  ArchiveDownloadQuerySchema,
  ArchivePageSchema,
  ArchiveQuerySchema,
  ArchiveTypeCountSchema,
  envelope,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { contentDisposition } from '../files';
import { archiveFiles, archiveTypes, archiveZip } from './archive.service';

const TAGS = ['文件归档'];
/** The task pages file-all and file-myself live in the target-task menus; documents are limited in the service. */
const WBS = { access: { menus: ['wbs', 'annualWbs'] } } as const;

/** `/api/herm-wbs/targetTaskFileArchive`: every document of the tasks a user may see, by file type, with zip download. */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.get(
    '/selectPage',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary:
          '文件归档分页（file-all 可见任务的全部文件 / file-myself 我负责的任务的文件；可按文件类型） / archive, paged',
        querystring: ArchiveQuerySchema,
        response: { 200: envelope(ArchivePageSchema) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await archiveFiles(db(), actorOf(req), q);
      return ok({ records, total, current: q.current, size: q.size, pages: Math.ceil(total / q.size) });
    },
  );
  app.get(
    '/typeCount',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '文件归档按文件类型计数（0 为未分类） / documents per file type',
        querystring: ArchiveQuerySchema.omit({ current: true, size: true, lxId: true }),
        response: { 200: envelope(z.array(ArchiveTypeCountSchema)) },
      },
    },
    async (req) => ok(await archiveTypes(db(), actorOf(req), req.query)),
  );
  app.get(
    '/download',
    {
      config: WBS,
      schema: {
        tags: TAGS,
        summary: '打包下载（ids 为勾选的文件，空则为当前筛选的全部文件，最多500个；流式 zip） / zip download, streamed',
        querystring: ArchiveDownloadQuerySchema,
      },
    },
    async (req, reply) => {
      const archive = await archiveZip({ db: db(), store: app.fileStore, config: app.config }, actorOf(req), req.query);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', `${ARCHIVE_MSG.zipName}.zip`));
      return reply.send(archive);
    },
  );
};
