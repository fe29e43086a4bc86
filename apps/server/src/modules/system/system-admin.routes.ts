import {
  SYSTEM_ADMIN_API as API,
  AUDIT_ENTITY_NAMES,
  AUDIT_EXPORT_MAX,
  auditActionName,
  formatDateTime,
  listReply,
  SYSTEM_MSG as M,
  ROLE,
} from '@zg/contract';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { sendXlsx } from '../../platform/download';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { conflict, notFound } from '../../platform/errors';
import { endSessionByHash, pageLiveSessions } from '../../platform/session';
import { presentAudit } from './audit-log.presenter';
import { auditOptions, auditPage, auditRows } from './audit-log.query';

/** 系统管理's audit-log viewer and sessions (`/api/system`, SYSTEM_ADMIN_API): administrators only. */
export const systemAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const ADMIN = { roles: [ROLE.admin] };

  serve(app, API.auditLog, ADMIN, async (req) => {
    const { before, pageSize, ...filter } = req.query;
    const { rows, more } = await auditPage(db(), filter, before ? Number(before) : null, pageSize);
    const list = rows.map(presentAudit);
    return ok({ list, next: more ? (list[list.length - 1]?.id ?? null) : null });
  });

  serve(app, API.auditOptions, ADMIN, async () => ok(await auditOptions(db())));

  serve(app, API.auditExport, ADMIN, async (req, reply) => {
    const rows = (await auditRows(db(), req.query, AUDIT_EXPORT_MAX)).map(presentAudit);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('操作日志');
    ws.columns = [
      { header: '时间', key: 'at', width: 20 },
      { header: '操作人工号', key: 'actorId', width: 14 },
      { header: '操作人', key: 'actorName', width: 12 },
      { header: '模块', key: 'entity', width: 14 },
      { header: '操作', key: 'action', width: 30 },
      { header: '对象id', key: 'entityId', width: 16 },
      { header: '详情', key: 'detail', width: 80 },
    ];
    ws.getRow(1).font = { bold: true };
    for (const r of rows) {
      ws.addRow({
        ...r,
        entity: AUDIT_ENTITY_NAMES[r.entityType] ?? r.entityType,
        action: auditActionName(r.action),
        detail: r.detail && r.detail.length > 32_000 ? `${r.detail.slice(0, 32_000)}…` : r.detail,
      });
    }
    const stamp = formatDateTime(app.clock.now()).replace(/[-: ]/g, '').slice(0, 12);
    return sendXlsx(reply, { name: `操作日志_${stamp}.xlsx`, buffer: Buffer.from(await wb.xlsx.writeBuffer()) });
  });

  serve(app, API.sessions, ADMIN, async (req) => {
    const { list, total } = await pageLiveSessions(db(), req.query);
    const own = req.session?.idHash;
    return ok(
      listReply(
        list.map((s) => ({
          sessionId: s.idHash,
          userId: s.userId,
          userName: s.userName,
          ip: s.ip,
          userAgent: s.userAgent,
          createdAt: formatDateTime(s.createdAt),
          lastSeenAt: formatDateTime(s.lastSeenAt),
          current: s.idHash === own,
        })),
        total,
        req.query,
      ),
    );
  });

  serve(app, API.sessionEnd, ADMIN, async (req) => {
    const actor = actorOf(req);
    if (req.params.sessionId === req.session?.idHash) throw conflict(M.endOwnSession);
    await db().transaction(async (tx) => {
      const userId = await endSessionByHash(tx, req.params.sessionId);
      if (!userId) throw notFound(M.sessionNotFound);
      await writeAudit(tx, { actorId: actor.userId, action: 'user.endSession', entityType: 'user', entityId: userId });
    });
    return ok(null, M.sessionEnded);
  });
};
