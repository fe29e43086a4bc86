import { ARCHIVE_API as API, ARCHIVE_MSG, pageReply } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { contentDisposition } from '../files';
import { archiveFiles, archiveTypes, archiveZip } from './archive.service';

/** The task pages file-all and file-myself live in the target-task menus; documents are limited in the service. */
const WBS = { menus: ['wbs', 'annualWbs'] } as const;

/** `/api/herm-wbs/targetTaskFileArchive` (ARCHIVE_API): every document of the tasks a user may see, with zip download. */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  serve(app, API.page, WBS, async (req) => {
    const { records, total } = await archiveFiles(db(), actorOf(req), req.query);
    return ok(pageReply(records, total, req.query));
  });
  serve(app, API.typeCount, WBS, async (req) => ok(await archiveTypes(db(), actorOf(req), req.query)));
  serve(app, API.download, WBS, async (req, reply) => {
    const archive = await archiveZip(
      { db: db(), hooks: app.hooks, store: app.fileStore, config: app.config },
      actorOf(req),
      req.query,
    );
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition('attachment', `${ARCHIVE_MSG.zipName}.zip`));
    return reply.send(archive);
  });
};
