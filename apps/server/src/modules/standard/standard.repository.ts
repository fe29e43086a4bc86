import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, standardAuthorities, standardDepot, standardNodes, standardSystems, users } from '../../db/schema';

/** The only part of the standard module that touches drizzle: systems, nodes, authority rows, the depot. */

export type SystemRow = typeof standardSystems.$inferSelect;
export type NodeRow = typeof standardNodes.$inferSelect;
export type NodeInsert = typeof standardNodes.$inferInsert;
export type AuthorityRow = typeof standardAuthorities.$inferSelect;

/** Who asks: to compute read and write in SQL. */
export interface Viewer {
  userId: string;
  roles: string[];
  admin: boolean;
  /** Keeps the task depot (standard.policy.ts `mayCreate`): reads the depot items of no known system. */
  keepsDepot?: boolean;
}

/**
 * The outer system's id inside a correlated subquery, always qualified (drizzle leaves a column unqualified in a
 * single-table query, where it would name the subquery's own id).
 */
const SYSTEM_ID = sql.raw('"standard_systems"."id"');

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function granted(v: Viewer, access: 'read' | 'write'): SQL {
  const roleList = v.roles.length ? v.roles : ['\u0000'];
  return sql`exists (select 1 from ${standardAuthorities} a where a.system_id = ${SYSTEM_ID}
    and ((a.subject_kind = 'user' and a.subject_id = ${v.userId})
      or (a.subject_kind = 'role' and a.subject_id in (${sql.join(
        roleList.map((r) => sql`${r}`),
        sql`, `,
      )})))
    ${access === 'write' ? sql`and a.access = 'write'` : sql``})`;
}
const canReadSql = (v: Viewer): SQL =>
  v.admin ? sql`true` : sql`(${standardSystems.createdBy} = ${v.userId} or ${granted(v, 'read')})`;
const canWriteSql = (v: Viewer): SQL =>
  v.admin ? sql`true` : sql`(${standardSystems.createdBy} = ${v.userId} or ${granted(v, 'write')})`;

const nodeCounts = sql<number>`(select count(*)::int from ${standardNodes} n where n.system_id = ${SYSTEM_ID} and n.deleted_at is null)`;
const qcpCounts = sql<number>`(select count(*)::int from ${standardNodes} n where n.system_id = ${SYSTEM_ID} and n.deleted_at is null and n.kind = 'qcp')`;

function selectSystems(db: Db, v: Viewer) {
  return db
    .select({
      system: standardSystems,
      creatorName: users.name,
      nodeCount: nodeCounts,
      qcpCount: qcpCounts,
      canRead: sql<boolean>`${canReadSql(v)}`,
      canWrite: sql<boolean>`${canWriteSql(v)}`,
    })
    .from(standardSystems)
    .leftJoin(users, eq(users.id, standardSystems.createdBy));
}
export type SystemView = Awaited<ReturnType<ReturnType<typeof selectSystems>['execute']>>[number];

// ---- systems ----

export async function pageSystems(
  db: Db,
  v: Viewer,
  q: { current: number; size: number; name?: string; dimension?: string; state?: string },
) {
  const where = and(
    isNull(standardSystems.deletedAt),
    canReadSql(v),
    q.name ? ilike(standardSystems.name, `%${escapeLike(q.name)}%`) : undefined,
    q.dimension ? eq(standardSystems.dimension, q.dimension) : undefined,
    q.state ? eq(standardSystems.state, q.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectSystems(db, v)
      .where(where)
      .orderBy(desc(standardSystems.startYear), asc(standardSystems.name), desc(standardSystems.version))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(standardSystems).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A system (a deleted one too when asked) with the viewer's read and write. */
export async function viewSystem(db: Db, v: Viewer, id: number, opts: { deleted?: boolean } = {}) {
  const rows = await selectSystems(db, v)
    .where(and(eq(standardSystems.id, id), opts.deleted ? undefined : isNull(standardSystems.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function lockSystem(db: Db, id: number) {
  const rows = await db.select().from(standardSystems).where(eq(standardSystems.id, id)).for('update');
  return rows[0] ?? null;
}

export async function insertSystem(db: Db, row: typeof standardSystems.$inferInsert) {
  const [r] = await db.insert(standardSystems).values(row).returning();
  return r!;
}

export async function updateSystem(db: Db, id: number, set: Partial<typeof standardSystems.$inferInsert>) {
  await db
    .update(standardSystems)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(standardSystems.id, id));
}

/** A live (not deleted) system's row, with no reader check (the module's reads for other modules). */
export async function liveSystem(db: Db, id: number) {
  const rows = await db
    .select()
    .from(standardSystems)
    .where(and(eq(standardSystems.id, id), isNull(standardSystems.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** The live (not deleted) version made from this system, if one was. */
export async function successorOf(db: Db, id: number) {
  const rows = await db
    .select()
    .from(standardSystems)
    .where(and(eq(standardSystems.previousVersionId, id), isNull(standardSystems.deletedAt)))
    .orderBy(desc(standardSystems.version))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteSystemsOfBatch(db: Db, batch: string) {
  await db.delete(standardSystems).where(eq(standardSystems.deleteBatch, batch));
}

// ---- nodes ----

/** The live nodes of a system, in sibling order (one query). */
export async function liveNodes(db: Db, systemId: number) {
  return db
    .select()
    .from(standardNodes)
    .where(and(eq(standardNodes.systemId, systemId), isNull(standardNodes.deletedAt)))
    .orderBy(asc(standardNodes.sortOrder), asc(standardNodes.id));
}

export async function findNode(db: Db, id: number, opts: { deleted?: boolean } = {}) {
  const rows = await db
    .select()
    .from(standardNodes)
    .where(and(eq(standardNodes.id, id), opts.deleted ? undefined : isNull(standardNodes.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertNode(db: Db, row: NodeInsert) {
  const [r] = await db.insert(standardNodes).values(row).returning();
  return r!;
}

/** Inserts rows in one statement, answering their ids in the same order. */
export async function insertNodes(db: Db, rows: NodeInsert[]): Promise<number[]> {
  if (!rows.length) return [];
  const out: number[] = [];
  // A bounded statement size (PostgreSQL takes at most 65 535 parameters).
  for (let i = 0; i < rows.length; i += 1000) {
    const part = await db
      .insert(standardNodes)
      .values(rows.slice(i, i + 1000))
      .returning({ id: standardNodes.id });
    out.push(...part.map((r) => r.id));
  }
  return out;
}

export async function updateNode(db: Db, id: number, set: Partial<NodeInsert>) {
  await db.update(standardNodes).set(set).where(eq(standardNodes.id, id));
}

export async function setSortOrders(db: Db, ids: number[]) {
  if (!ids.length) return;
  await db.execute(sql`update ${standardNodes} set sort_order = v.sort
    from (select unnest(${sql`array[${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )}]`}) as id, generate_series(0, ${ids.length - 1}) as sort) v
    where ${standardNodes.id} = v.id`);
}

export async function markNodesDeleted(db: Db, ids: number[], batch: string, by: string) {
  if (!ids.length) return;
  await db
    .update(standardNodes)
    .set({ deletedAt: new Date(), deleteBatch: batch, deletedBy: by })
    .where(and(inArray(standardNodes.id, ids), isNull(standardNodes.deletedAt)));
}

export async function nodesOfBatch(db: Db, batch: string) {
  return db.select().from(standardNodes).where(eq(standardNodes.deleteBatch, batch));
}

export async function restoreNodes(db: Db, batch: string) {
  await db
    .update(standardNodes)
    .set({ deletedAt: null, deleteBatch: null, deletedBy: null })
    .where(eq(standardNodes.deleteBatch, batch));
}

export async function purgeNodes(db: Db, batch: string) {
  await db.delete(standardNodes).where(eq(standardNodes.deleteBatch, batch));
}

/** The live children names of a parent (null: the system's top level). */
export async function siblings(db: Db, systemId: number, parentId: number | null) {
  return db
    .select({ id: standardNodes.id, name: standardNodes.name, sortOrder: standardNodes.sortOrder })
    .from(standardNodes)
    .where(
      and(
        eq(standardNodes.systemId, systemId),
        parentId === null ? isNull(standardNodes.parentId) : eq(standardNodes.parentId, parentId),
        isNull(standardNodes.deletedAt),
      ),
    )
    .orderBy(asc(standardNodes.sortOrder), asc(standardNodes.id));
}

/** The copy of a node in another system (copied nodes keep their source's id). */
export async function copyOfNode(db: Db, systemId: number, sourceId: number) {
  const rows = await db
    .select()
    .from(standardNodes)
    .where(
      and(eq(standardNodes.systemId, systemId), eq(standardNodes.sourceId, sourceId), isNull(standardNodes.deletedAt)),
    )
    .limit(1);
  return rows[0] ?? null;
}

// ---- authority ----

export async function authorityRows(db: Db, systemId: number) {
  return db
    .select({
      row: standardAuthorities,
      roleName: roles.name,
      userName: users.name,
    })
    .from(standardAuthorities)
    .leftJoin(roles, and(eq(standardAuthorities.subjectKind, 'role'), eq(roles.id, standardAuthorities.subjectId)))
    .leftJoin(users, and(eq(standardAuthorities.subjectKind, 'user'), eq(users.id, standardAuthorities.subjectId)))
    .where(eq(standardAuthorities.systemId, systemId))
    .orderBy(asc(standardAuthorities.id));
}

export async function findAuthority(db: Db, id: number) {
  const rows = await db.select().from(standardAuthorities).where(eq(standardAuthorities.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function upsertAuthority(db: Db, row: typeof standardAuthorities.$inferInsert) {
  const [r] = await db
    .insert(standardAuthorities)
    .values(row)
    .onConflictDoUpdate({
      target: [standardAuthorities.systemId, standardAuthorities.subjectKind, standardAuthorities.subjectId],
      set: { access: row.access },
    })
    .returning();
  return r!;
}

export async function insertAuthorities(db: Db, rows: (typeof standardAuthorities.$inferInsert)[]) {
  if (rows.length) await db.insert(standardAuthorities).values(rows).onConflictDoNothing();
}

export async function updateAuthority(db: Db, id: number, access: string) {
  await db.update(standardAuthorities).set({ access }).where(eq(standardAuthorities.id, id));
}

export async function deleteAuthority(db: Db, id: number) {
  await db.delete(standardAuthorities).where(eq(standardAuthorities.id, id));
}

export async function subjectName(db: Db, kind: string, id: string) {
  if (kind === 'role') {
    const r = await db.select({ name: roles.name }).from(roles).where(eq(roles.id, id)).limit(1);
    return r[0]?.name ?? null;
  }
  const r = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return r[0]?.name ?? null;
}

// ---- depot ----

const DEPOT_SOURCE = sql.raw('"standard_depot"."source_system_id"');

/**
 * A depot item is read by those who may read the system it was saved from (standard.policy.ts): the administrators,
 * that system's creator and the holders of a read or write grant on it; an item of no known system (saved before the
 * rule, or its system purged) by the depot's keepers only.
 */
function canReadDepotSql(v: Viewer): SQL {
  if (v.admin) return sql`true`;
  return sql`(case when ${DEPOT_SOURCE} is null then ${Boolean(v.keepsDepot)}
    else exists (select 1 from ${standardSystems} where ${SYSTEM_ID} = ${DEPOT_SOURCE}
      and (${sql.raw('"standard_systems"."created_by"')} = ${v.userId} or ${granted(v, 'read')})) end)`;
}

export async function depotList(db: Db, v: Viewer, q: { dimension?: string; name?: string }) {
  return db
    .select({
      id: standardDepot.id,
      name: standardDepot.name,
      dimension: standardDepot.dimension,
      nodeCount: standardDepot.nodeCount,
      createdBy: standardDepot.createdBy,
      createdAt: standardDepot.createdAt,
      creatorName: users.name,
    })
    .from(standardDepot)
    .leftJoin(users, eq(users.id, standardDepot.createdBy))
    .where(
      and(
        canReadDepotSql(v),
        q.dimension ? eq(standardDepot.dimension, q.dimension) : undefined,
        q.name ? ilike(standardDepot.name, `%${escapeLike(q.name)}%`) : undefined,
      ),
    )
    .orderBy(desc(standardDepot.createdAt), desc(standardDepot.id));
}

/** A depot item the viewer may read (null when there is none, or it is hidden: the same answer). */
export async function findDepot(db: Db, id: number, v: Viewer) {
  const rows = await db
    .select({ item: standardDepot, creatorName: users.name })
    .from(standardDepot)
    .leftJoin(users, eq(users.id, standardDepot.createdBy))
    .where(and(eq(standardDepot.id, id), canReadDepotSql(v)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertDepot(db: Db, row: typeof standardDepot.$inferInsert) {
  const [r] = await db.insert(standardDepot).values(row).returning({ id: standardDepot.id });
  return r!.id;
}

export async function deleteDepot(db: Db, id: number) {
  await db.delete(standardDepot).where(eq(standardDepot.id, id));
}

// ---- recycle bin ----

/** Deletion batches of the systems the viewer may write: deleted systems, and deleted subtrees of live ones. */
export async function recycleEntries(db: Db, v: Viewer, systemId?: number) {
  const systems = await db
    .select({
      batch: standardSystems.deleteBatch,
      systemId: standardSystems.id,
      systemName: standardSystems.name,
      deletedAt: standardSystems.deletedAt,
      deletedBy: standardSystems.deletedBy,
      deletedByName: sql<string | null>`(select u.name from ${users} u where u.id = ${standardSystems.deletedBy})`,
      nodeCount: nodeCounts,
    })
    .from(standardSystems)
    .where(
      and(
        isNotNull(standardSystems.deletedAt),
        canWriteSql(v),
        systemId ? eq(standardSystems.id, systemId) : undefined,
      ),
    );
  const nodes = await db
    .select({
      batch: standardNodes.deleteBatch,
      systemId: standardSystems.id,
      systemName: standardSystems.name,
      deletedAt: sql<Date>`max(${standardNodes.deletedAt})`,
      deletedBy: sql<string | null>`max(${standardNodes.deletedBy})`,
      deletedByName: sql<string | null>`(select u.name from ${users} u where u.id = max(${standardNodes.deletedBy}))`,
      nodeCount: sql<number>`count(*)::int`,
      name: sql<string>`(array_agg(${standardNodes.name} order by ${standardNodes.id}))[1]`,
    })
    .from(standardNodes)
    .innerJoin(standardSystems, eq(standardSystems.id, standardNodes.systemId))
    .where(
      and(
        isNotNull(standardNodes.deleteBatch),
        isNull(standardSystems.deletedAt),
        canWriteSql(v),
        systemId ? eq(standardSystems.id, systemId) : undefined,
      ),
    )
    .groupBy(standardNodes.deleteBatch, standardSystems.id, standardSystems.name);
  return { systems, nodes };
}

/** Which system a deletion batch belongs to and what it holds. */
export async function batchOwner(db: Db, batch: string) {
  const sys = await db
    .select({ id: standardSystems.id })
    .from(standardSystems)
    .where(eq(standardSystems.deleteBatch, batch))
    .limit(1);
  if (sys[0]) return { kind: 'system' as const, systemId: sys[0].id };
  const node = await db
    .select({ systemId: standardNodes.systemId })
    .from(standardNodes)
    .where(eq(standardNodes.deleteBatch, batch))
    .limit(1);
  if (node[0]) return { kind: 'nodes' as const, systemId: node[0].systemId };
  return null;
}

/** A live system of this name, dimension and first year (the seed's identity), if any. */
export async function systemNamed(db: Db, name: string, dimension: string, startYear: number) {
  const rows = await db
    .select({ id: standardSystems.id })
    .from(standardSystems)
    .where(
      and(
        eq(standardSystems.name, name),
        eq(standardSystems.dimension, dimension),
        eq(standardSystems.startYear, startYear),
        isNull(standardSystems.deletedAt),
      ),
    )
    .limit(1);
  return rows[0]?.id ?? null;
}
