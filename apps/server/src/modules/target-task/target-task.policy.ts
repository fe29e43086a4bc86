import { ROLE } from '@zg/contract';
import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { targetTasks, yearTargets } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { registerOwnerPolicy } from '../files/files.policy';
import { visibleTaskWhere, visibleYearTargetWhere } from './target-task.repository';
import { viewOf } from './target-task.service';

const toInts = (ids: string[]) => ids.map(Number).filter(Number.isInteger);

/** Documents of a year target: read by whoever sees the target, written by its creator and publishers. */
registerOwnerPolicy('YearTask', {
  readable: async (db: Db, actor: Actor, ids: string[]) => {
    const rows = await db
      .select({ id: yearTargets.id })
      .from(yearTargets)
      .where(and(inArray(yearTargets.id, toInts(ids)), visibleYearTargetWhere(viewOf(actor))));
    return new Set(rows.map((r) => String(r.id)));
  },
  writable: async (db: Db, actor: Actor, id: string) => {
    if (actor.roles.has(ROLE.targetPublisher)) return true;
    const rows = await db
      .select({ id: yearTargets.id })
      .from(yearTargets)
      .where(sql`${yearTargets.id} = ${Number(id)} and ${yearTargets.creatorId} = ${actor.userId}`);
    return rows.length === 1;
  },
});

/** Documents of a task: read by whoever sees the task, written by its owner, its department's head and publishers. */
registerOwnerPolicy('NodeTask', {
  readable: async (db: Db, actor: Actor, ids: string[]) => {
    const rows = await db
      .select({ id: targetTasks.id })
      .from(targetTasks)
      .innerJoin(yearTargets, sql`${yearTargets.id} = ${targetTasks.yearTargetId}`)
      .where(and(inArray(targetTasks.id, toInts(ids)), visibleTaskWhere(viewOf(actor))));
    return new Set(rows.map((r) => String(r.id)));
  },
  writable: async (db: Db, actor: Actor, id: string) => {
    if (actor.roles.has(ROLE.targetPublisher)) return true;
    const charge = actor.chargeDepartmentIds.length
      ? sql`${targetTasks.departmentId} in ${actor.chargeDepartmentIds}`
      : sql`false`;
    const rows = await db
      .select({ id: targetTasks.id })
      .from(targetTasks)
      .where(sql`${targetTasks.id} = ${Number(id)} and (${targetTasks.ownerId} = ${actor.userId} or ${charge})`);
    return rows.length === 1;
  },
});
