import { TABLE_CONFIG_MSG, type TableConfigUpdate, type TableType } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { mayChangeTableConfig } from './table-config.policy';
import { presentTableConfig, presentTableConfigItem } from './table-config.presenter';
import {
  deleteTableConfig,
  findTableConfig,
  insertTableConfig,
  pageTableConfigs,
  updateTableConfig,
} from './table-config.repository';

const STARTER_COLUMNS = 3;
const STARTER_ROWS = 3;

/** A new table starts with three titled columns, and a fixed one with three empty rows. */
export function starterLayout(tableType: TableType): { head: string[]; rows: string[][] } {
  const head = Array.from({ length: STARTER_COLUMNS }, (_, i) => `列${i + 1}`);
  const rows = tableType === 'fixed' ? Array.from({ length: STARTER_ROWS }, () => head.map(() => '')) : [];
  return { head, rows };
}

export async function listTableConfigs(db: Db, actor: Actor, q: { pageNum: number; pageSize: number }) {
  const { list, total } = await pageTableConfigs(db, q);
  return { list: list.map((r) => presentTableConfigItem(r, actor)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function getTableConfig(db: Db, actor: Actor, id: number) {
  const row = await findTableConfig(db, id);
  if (!row) throw notFound(TABLE_CONFIG_MSG.notFound);
  return presentTableConfig(row, actor);
}

/** The configuration, when it exists and the actor may change it (its creator or an administrator). */
async function changeableBy(db: Db, actor: Actor, id: number) {
  const row = await findTableConfig(db, id);
  if (!row) throw notFound(TABLE_CONFIG_MSG.notFound);
  // Readable by the whole menu, so its existence is no secret: someone else's configuration answers 403.
  if (!mayChangeTableConfig(actor, row)) throw forbidden();
  return row;
}

export async function createTableConfig(db: Db, actor: Actor, input: { name: string; tableType: TableType }) {
  const id = await db.transaction(async (tx) => {
    const newId = await insertTableConfig(tx, { ...input, ...starterLayout(input.tableType), userId: actor.userId });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'tableConfig.create',
      entityType: 'tableConfig',
      entityId: String(newId),
      detail: input,
    });
    return newId;
  });
  return getTableConfig(db, actor, id);
}

/** Saves the whole layout against the version read (its creator or an administrator); a newer save is a 409. */
export async function saveTableConfig(db: Db, actor: Actor, input: TableConfigUpdate) {
  await db.transaction(async (tx) => {
    await changeableBy(tx, actor, input.id);
    const saved = await updateTableConfig(tx, { ...input, userId: actor.userId });
    if (!saved) {
      if (!(await findTableConfig(tx, input.id))) throw notFound(TABLE_CONFIG_MSG.notFound);
      throw conflict(TABLE_CONFIG_MSG.stale);
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'tableConfig.update',
      entityType: 'tableConfig',
      entityId: String(input.id),
      detail: { name: input.name, tableType: input.tableType, columns: input.head.length, rows: input.rows.length },
    });
  });
  return getTableConfig(db, actor, input.id);
}

/** Deletes a configuration (its creator or an administrator). */
export async function removeTableConfig(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    await changeableBy(tx, actor, id);
    if (!(await deleteTableConfig(tx, id))) throw notFound(TABLE_CONFIG_MSG.notFound);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'tableConfig.delete',
      entityType: 'tableConfig',
      entityId: String(id),
    });
  });
}
