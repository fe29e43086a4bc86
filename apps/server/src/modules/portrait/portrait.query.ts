import { PORTRAIT_KINDS, type PortraitKind, type PortraitObject } from '@zg/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The portraits' read model of the dimension objects (data-manage's dimension_objects and dimensions, read here
 * only; named in docs/ARCHITECTURE.md "Module boundaries"): an object with its ancestors, its children, the majors
 * under it, and the objects of a user's portrayal grants (portrait_grants, this module's).
 */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const KIND_SET = new Set<string>(PORTRAIT_KINDS);
const asKind = (k: string) => (KIND_SET.has(k) ? (k as PortraitKind) : null);

export interface ObjectChain {
  /** The object, then its parent, up to the school. */
  chain: (PortraitObject & { id: number })[];
}

/** An object of a kind by code with its ancestors (the object first), or null. One statement. */
export async function objectChain(db: Db, kind: PortraitKind, code: string): Promise<ObjectChain | null> {
  const res = await db.execute(sql`
    with recursive chain as (
      select o.id, o.parent_id, o.code, o.name, d.code as kind, 0 as depth
      from dimension_objects o join dimensions d on d.id = o.dimension_id
      where d.code = ${kind} and o.code = ${code} and o.enabled
      union all
      select p.id, p.parent_id, p.code, p.name, d.code, c.depth + 1
      from chain c join dimension_objects p on p.id = c.parent_id join dimensions d on d.id = p.dimension_id
      where c.depth < 8
    )
    select id, code, name, kind from chain order by depth`);
  const rows = rowsOf<{ id: number; code: string; name: string; kind: string }>(res);
  if (!rows.length) return null;
  return {
    chain: rows.flatMap((r) => {
      const k = asKind(r.kind);
      return k ? [{ id: Number(r.id), kind: k, code: r.code, name: r.name }] : [];
    }),
  };
}

/** The enabled children of an object, in their type's and their own order. */
export async function childrenOf(db: Db, objectId: number): Promise<PortraitObject[]> {
  const res = await db.execute(sql`
    select o.code, o.name, d.code as kind
    from dimension_objects o join dimensions d on d.id = o.dimension_id
    where o.parent_id = ${objectId} and o.enabled
    order by d.sort_order, o.sort_order, o.code`);
  return rowsOf<{ code: string; name: string; kind: string }>(res).flatMap((r) => {
    const k = asKind(r.kind);
    return k ? [{ kind: k, code: r.code, name: r.name }] : [];
  });
}

/** The codes of the majors under an object (itself when a major), for the radar over their diagnosis. */
export async function majorCodesUnder(db: Db, objectId: number): Promise<string[]> {
  const res = await db.execute(sql`
    with recursive tree as (
      select o.id, o.code, d.code as kind, 0 as depth
      from dimension_objects o join dimensions d on d.id = o.dimension_id where o.id = ${objectId}
      union all
      select c.id, c.code, d.code, t.depth + 1
      from tree t join dimension_objects c on c.parent_id = t.id join dimensions d on d.id = c.dimension_id
      where t.kind in ('school', 'college') and d.code in ('college', 'major') and t.depth < 3
    )
    select code from tree where kind = 'major'`);
  return rowsOf<{ code: string }>(res).map((r) => r.code);
}

/** The objects granted to a user (portrait_grants), with their kinds. */
export async function grantedObjects(db: Db, userId: string): Promise<(PortraitObject & { id: number })[]> {
  const res = await db.execute(sql`
    select o.id, o.code, o.name, d.code as kind
    from portrait_grants g
    join dimension_objects o on o.id = g.object_id
    join dimensions d on d.id = o.dimension_id
    where g.user_id = ${userId} and o.enabled
    order by d.sort_order, o.sort_order, o.code`);
  return rowsOf<{ id: number; code: string; name: string; kind: string }>(res).flatMap((r) => {
    const k = asKind(r.kind);
    return k ? [{ id: Number(r.id), kind: k, code: r.code, name: r.name }] : [];
  });
}

/** The code of the school (the one object of the school dimension), or null. */
export async function schoolCode(db: Db): Promise<string | null> {
  const res = await db.execute(sql`
    select o.code from dimension_objects o join dimensions d on d.id = o.dimension_id
    where d.code = 'school' and o.enabled order by o.sort_order, o.id limit 1`);
  return rowsOf<{ code: string }>(res)[0]?.code ?? null;
}
