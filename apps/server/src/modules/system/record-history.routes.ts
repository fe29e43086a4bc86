import { SYSTEM_ADMIN_API as API, SYSTEM_MSG as M, RECORD_HISTORY_MAX } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { RECORD_HISTORY } from '../../platform/audit';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import { presentAudit } from './audit-log.presenter';
import { auditPage } from './audit-log.query';

/**
 * 操作记录 (`GET /api/recordHistory`): one record's own history, for whoever may read the record, not only the
 * administrators of /api/system. The record's module says who may (RECORD_HISTORY); the same 404 for a record that is
 * not there, one the caller may not read and a type without a history.
 */
export const recordHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, API.recordHistory, { session: true }, async (req) => {
    const { entityType, entityId } = req.query;
    const readable = app.hooks.get(RECORD_HISTORY, entityType);
    if (!readable || !(await readable(app.database.db, actorOf(req), entityId))) throw notFound(M.historyNotFound);
    const { rows } = await auditPage(app.database.db, { entityType, entityId }, null, RECORD_HISTORY_MAX);
    return ok(rows.map(presentAudit));
  });
};
