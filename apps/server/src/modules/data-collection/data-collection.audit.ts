import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';

/** The module's audit-log row, in the caller's transaction. */
export const audit = (
  db: Db,
  actor: Actor,
  action: string,
  entityType: string,
  entityId: number | string,
  detail?: unknown,
) => writeAudit(db, { actorId: actor.userId, action, entityType, entityId: String(entityId), detail });
