import { type CycleInput, type CycleUpdate, CYCLE_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import type { Hooks } from '../../platform/hooks';
import { presentCycleOption, presentCycleValue } from './cycle.presenter';
import {
  clearDefault,
  deleteCycleValues,
  findCycleType,
  findCycleValue,
  insertCycleValue,
  listCycleTypes,
  lockCycleValues,
  lockTypeValues,
  pageCycleValues,
  shiftOrders,
  updateCycleValue,
  valueNamed,
  valuesOfTypes,
} from './cycle.repository';
import { type FlagRefusal, placement, toggleDefault, toggleHidden, typeMatches } from './cycle.rules';
import { cycleUse } from './cycle-users';
import { keepsWarehouse } from './data-manage.policy';

/** Cycles (周期): the presentCycleOption lists every cycle picker reads, and the values kept by the administrators and the data office. */

const mustKeep = (actor: Actor) => {
  if (!keepsWarehouse(actor)) throw forbidden();
};

const audit = (db: Db, actor: Actor, action: string, id: number | string, detail?: unknown) =>
  writeAudit(db, { actorId: actor.userId, action, entityType: 'cycleValue', entityId: String(id), detail });

// ---- presentCycleOption lists ----

/** The cycle types (getCycleType), each with how many values it has. */
export async function cycleTypeList(db: Db) {
  return (await listCycleTypes(db)).map(({ type, values }) => ({
    id: type.id,
    lxmc: type.name,
    code: type.code,
    px: type.sortOrder,
    zqzs: Number(values),
  }));
}

/**
 * Cycle types with their visible values in order (id, lxmc; cycleId, cycleNumber, defaultsStatus): what every cycle
 * picker of the product reads, the target tasks' included (their GET /api/herm-wbs/cycleType/list answers this).
 */
export async function cycleTypeOptions(db: Db) {
  const [types, values] = await Promise.all([listCycleTypes(db), valuesOfTypes(db, { withHidden: false })]);
  return types.map(({ type }) => ({
    id: type.id,
    lxmc: type.name,
    values: values.filter((v) => v.cycleTypeId === type.id).map(presentCycleOption),
  }));
}

/** The visible values of the type named `typeName` (its name, 年 / 学年 ..., or its code); an unknown type is a 404. */
export async function cyclesByTypeName(db: Db, typeName: string) {
  const type = (await listCycleTypes(db)).find((t) => typeMatches(t.type, typeName));
  if (!type) throw notFound(M.typeNotFound);
  return (await valuesOfTypes(db, { typeIds: [type.type.id], withHidden: false })).map(presentCycleOption);
}

// ---- keeping the values ----

export async function cyclePage(
  db: Db,
  hooks: Hooks,
  q: { current: number; size: number; cycleTypeId?: number; keyword?: string },
) {
  const { records, total } = await pageCycleValues(db, q);
  const use = await cycleUse(
    db,
    hooks,
    records.map((r) => r.value.id),
  );
  return { records: records.map((r) => presentCycleValue(r, use.get(r.value.id)?.n)), total };
}

async function cycleValueById(db: Db, hooks: Hooks, id: number) {
  const r = await findCycleValue(db, id);
  if (!r) throw notFound(M.valueNotFound);
  return presentCycleValue(r, (await cycleUse(db, hooks, [id])).get(id)?.n);
}

/** The answer to a duplicate that slipped past the check (two adds at once): the same message, never a 500. */
async function uniqueGuard<T>(typeName: string, value: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.valueTaken(typeName, value));
    throw err;
  }
}

export async function createCycleValue(db: Db, hooks: Hooks, actor: Actor, input: CycleInput) {
  mustKeep(actor);
  const type = await findCycleType(db, input.cycleTypeId);
  if (!type) throw badRequest(M.typeNotFound);
  return uniqueGuard(type.name, input.cycleNumber, () =>
    db.transaction(async (tx) => {
      await lockTypeValues(tx, type.id);
      if (await valueNamed(tx, type.id, input.cycleNumber)) throw conflict(M.valueTaken(type.name, input.cycleNumber));
      let sortOrder = input.px;
      if (sortOrder === undefined) {
        const existing = await valuesOfTypes(tx, { typeIds: [type.id], withHidden: true });
        const place = placement(
          existing.map((v) => ({ id: v.id, value: v.value, sortOrder: v.sortOrder })),
          input.cycleNumber,
        );
        if (place.shiftFrom !== null) await shiftOrders(tx, type.id, place.shiftFrom);
        sortOrder = place.sortOrder;
      }
      const id = await insertCycleValue(tx, { cycleTypeId: type.id, value: input.cycleNumber, sortOrder });
      await audit(tx, actor, 'cycleValue.create', id, { type: type.code, value: input.cycleNumber });
      return cycleValueById(tx, hooks, id);
    }),
  );
}

/** Changes a value; one that target tasks name keeps its name and type (their periods are read from it). */
export async function editCycleValue(db: Db, hooks: Hooks, actor: Actor, input: CycleUpdate) {
  mustKeep(actor);
  const type = await findCycleType(db, input.cycleTypeId);
  if (!type) throw badRequest(M.typeNotFound);
  return uniqueGuard(type.name, input.cycleNumber, () =>
    db.transaction(async (tx) => {
      const [row] = await lockCycleValues(tx, [input.id]);
      if (!row) throw notFound(M.valueNotFound);
      const moved = row.cycleTypeId !== type.id;
      if (moved || row.value !== input.cycleNumber) {
        const use = (await cycleUse(tx, hooks, [row.id])).get(row.id);
        if (use) throw conflict(M.inUseChange(row.value, use.n, use.example));
      }
      if (await valueNamed(tx, type.id, input.cycleNumber, row.id))
        throw conflict(M.valueTaken(type.name, input.cycleNumber));
      await updateCycleValue(tx, row.id, {
        cycleTypeId: type.id,
        value: input.cycleNumber,
        sortOrder: input.px ?? row.sortOrder,
        // A value moved to another type does not take that type's default with it.
        isDefault: moved ? false : row.isDefault,
      });
      await audit(tx, actor, 'cycleValue.update', row.id, {
        from: { type: row.cycleTypeId, value: row.value },
        to: { type: type.id, value: input.cycleNumber },
      });
      return cycleValueById(tx, hooks, row.id);
    }),
  );
}

/** Deletes values, all or none: one that a target task names refuses the whole delete, naming the value and a task. */
export async function removeCycleValues(db: Db, hooks: Hooks, actor: Actor, ids: number[]) {
  mustKeep(actor);
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await lockCycleValues(tx, unique);
    if (rows.length !== unique.length) throw notFound(M.valueNotFound);
    const use = await cycleUse(tx, hooks, unique);
    const busy = rows.find((r) => use.has(r.id));
    if (busy) {
      const u = use.get(busy.id)!;
      throw conflict(M.inUse(busy.value, u.n, u.example));
    }
    await deleteCycleValues(tx, unique);
    await audit(tx, actor, 'cycleValue.delete', unique.join(',').slice(0, 64), {
      values: rows.map((r) => ({ id: r.id, type: r.cycleTypeId, value: r.value })),
    });
  });
}

const refusal = (r: FlagRefusal) => (r.kind === 'hiddenDefault' ? M.hiddenDefault(r.value) : M.defaultHidden(r.value));

/** defaultStatusChange: makes the value its type's only default, or clears it when it is the default. */
export async function changeDefault(db: Db, hooks: Hooks, actor: Actor, id: number) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const current = await findCycleValue(tx, id);
    if (!current) throw notFound(M.valueNotFound);
    await lockTypeValues(tx, current.value.cycleTypeId);
    const [row] = await lockCycleValues(tx, [id]);
    if (!row) throw notFound(M.valueNotFound);
    const next = toggleDefault(row);
    if ('kind' in next) throw conflict(refusal(next));
    if (next.clearOthers) await clearDefault(tx, row.cycleTypeId);
    await updateCycleValue(tx, id, { isDefault: next.isDefault });
    await audit(tx, actor, next.isDefault ? 'cycleValue.default' : 'cycleValue.undefault', id);
    return cycleValueById(tx, hooks, id);
  });
}

/** hideStatusChange: hides the value from every picker, or shows it again. */
export async function changeHidden(db: Db, hooks: Hooks, actor: Actor, id: number) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const [row] = await lockCycleValues(tx, [id]);
    if (!row) throw notFound(M.valueNotFound);
    const next = toggleHidden(row);
    if ('kind' in next) throw conflict(refusal(next));
    await updateCycleValue(tx, id, { hidden: next.hidden });
    await audit(tx, actor, next.hidden ? 'cycleValue.hide' : 'cycleValue.show', id);
    return cycleValueById(tx, hooks, id);
  });
}
