import { DIMENSION_LIMITS, DIMENSION_MSG, INT32, parentTypesOf } from '@zg/contract';

/**
 * The pure rules of dimension objects: which parent an object may have, and the plan of an import (or of the demo
 * seed's bulk upsert): every row checked against the types, the objects already stored and the other rows of the file
 * (a parent may come later in the file), cycles found over stored and imported parents together, and the rows ordered
 * so that each parent is written before its children.
 */

export interface TypeInfo {
  id: number;
  code: string;
  name: string;
}

/** A stored object as the plan needs it. */
export interface StoredObject {
  id: number;
  typeId: number;
  code: string;
  parentId: number | null;
}

/** A row of the import sheet (cells as text) or of a bulk upsert. */
export interface ImportRow {
  row: number;
  type: string;
  code: string;
  name: string;
  parentType: string;
  parentCode: string;
  sort: string;
  enabled: string;
}

export type ImportColumn = 'type' | 'code' | 'name' | 'parentType' | 'parentCode' | 'sort' | 'enabled';

export interface ImportProblem {
  row: number;
  column: ImportColumn;
  rule: string;
  value?: string;
}

/** An object to write: `key` is `typeId:code`, `parentKey` its parent's (stored or written earlier). */
export interface PlannedObject {
  row: number;
  key: string;
  typeId: number;
  code: string;
  name: string;
  parentKey: string | null;
  sort: number;
  enabled: boolean;
  /** The stored object this row updates, or null for a new one. */
  storedId: number | null;
}

export const objectKey = (typeId: number, code: string) => `${typeId}:${code}`;
const codeOf = (key: string) => key.slice(key.indexOf(':') + 1);

/** The names of the types a parent may be of, joined for a message ("学院或部门"). */
const namesOf = (codes: readonly string[], types: TypeInfo[]) =>
  codes.map((c) => types.find((t) => t.code === c)?.name ?? c).join('或');

/** Why `parent` cannot be the parent of an object of `type` (by the types' rules), or null. */
export function parentTypeProblem(type: TypeInfo, parentType: TypeInfo | null, types: TypeInfo[]): string | null {
  if (!parentType) return null;
  const allowed = parentTypesOf(type.code);
  if (allowed === null) return null;
  if (allowed.length === 0) return DIMENSION_MSG.noParentAllowed(type.name);
  if (!allowed.includes(parentType.code)) return DIMENSION_MSG.parentType(type.name, namesOf(allowed, types));
  return null;
}

/**
 * Whether making `parentId` the parent of `id` closes a cycle: `ancestors` is the parent's chain (its own id first,
 * then its parent's ...), as stored.
 */
export const closesCycle = (id: number, ancestors: number[]) => ancestors.includes(id);

const YES = new Set(['是', 'Y', 'y', '1', 'true', 'TRUE', '启用']);
const NO = new Set(['否', 'N', 'n', '0', 'false', 'FALSE', '停用', '禁用']);

/** A type named by its name or code. */
function typeNamed(types: TypeInfo[], text: string) {
  return types.find((t) => t.name === text) ?? types.find((t) => t.code === text) ?? null;
}

/**
 * Checks every row and plans the writes. Problems name row, column and rule; with any problem nothing is written.
 * `levels[0]` holds the rows whose parent is stored (or none), `levels[1]` those whose parent is in `levels[0]` ...
 */
export function planImport(
  rows: ImportRow[],
  types: TypeInfo[],
  stored: StoredObject[],
): { problems: ImportProblem[]; levels: PlannedObject[][] } {
  const R = DIMENSION_MSG.rule;
  const problems: ImportProblem[] = [];
  const problem = (row: number, column: ImportColumn, rule: string, value?: string) =>
    problems.push({ row, column, rule, ...(value ? { value } : {}) });

  const storedByKey = new Map<string, StoredObject>();
  const keyOfId = new Map<number, string>();
  for (const o of stored) {
    const key = objectKey(o.typeId, o.code);
    storedByKey.set(key, o);
    keyOfId.set(o.id, key);
  }

  const planned = new Map<string, PlannedObject>();
  /** Rows already refused: kept in `planned` (so duplicates and parents are found) but not checked further. */
  const refused = new Set<string>();
  for (const r of rows) {
    let ok = true;
    const bad = (column: ImportColumn, rule: string, value?: string) => {
      ok = false;
      problem(r.row, column, rule, value);
    };
    const type = r.type ? typeNamed(types, r.type) : null;
    if (!r.type) bad('type', R.required);
    else if (!type) bad('type', R.unknownType, r.type);
    if (!r.code) bad('code', R.required);
    else if (r.code.length > DIMENSION_LIMITS.codeMax) bad('code', R.tooLong(DIMENSION_LIMITS.codeMax), r.code);
    if (!r.name) bad('name', R.required);
    else if (r.name.length > DIMENSION_LIMITS.nameMax) bad('name', R.tooLong(DIMENSION_LIMITS.nameMax), r.name);

    let sort = 0;
    if (r.sort) {
      const n = Number(r.sort);
      if (!/^\d+$/.test(r.sort) || !Number.isSafeInteger(n) || n > INT32.max) bad('sort', R.sort, r.sort);
      else sort = n;
    }
    let enabled = true;
    if (r.enabled) {
      if (YES.has(r.enabled)) enabled = true;
      else if (NO.has(r.enabled)) enabled = false;
      else bad('enabled', R.yesNo, r.enabled);
    }

    let parentKey: string | null = null;
    if (r.parentType && !r.parentCode) bad('parentCode', R.parentTypeWithoutCode);
    else if (r.parentCode && type) {
      const allowed = parentTypesOf(type.code);
      let parentType: TypeInfo | null = null;
      if (r.parentType) {
        parentType = typeNamed(types, r.parentType);
        if (!parentType) bad('parentType', R.unknownType, r.parentType);
      } else if (allowed === null) {
        bad('parentType', R.required);
      } else if (allowed.length === 0) {
        bad('parentCode', R.noParent, r.parentCode);
      } else {
        parentType = types.find((t) => t.code === allowed[0]) ?? null;
      }
      if (parentType) {
        const typeProblem = parentTypeProblem(type, parentType, types);
        if (typeProblem) {
          if (allowed?.length === 0) bad('parentCode', R.noParent, r.parentCode);
          else bad('parentType', R.parentType(namesOf(allowed ?? [], types)), r.parentType);
        } else parentKey = objectKey(parentType.id, r.parentCode);
      }
    }

    if (!type || !r.code) continue;
    const key = objectKey(type.id, r.code);
    const first = planned.get(key);
    if (first) {
      problem(r.row, 'code', R.duplicateInFile(first.row), r.code);
      continue;
    }
    planned.set(key, {
      row: r.row,
      key,
      typeId: type.id,
      code: r.code,
      name: r.name,
      parentKey: ok ? parentKey : null,
      sort,
      enabled,
      storedId: storedByKey.get(key)?.id ?? null,
    });
    if (!ok) refused.add(key);
  }

  // Parents must exist, in the file or stored.
  for (const p of planned.values()) {
    if (refused.has(p.key) || !p.parentKey) continue;
    if (!planned.has(p.parentKey) && !storedByKey.has(p.parentKey)) {
      problem(p.row, 'parentCode', R.unknownParent, codeOf(p.parentKey));
      p.parentKey = null;
      refused.add(p.key);
    }
  }

  // Cycles, over the file's parents where it sets them and the stored ones elsewhere.
  const parentOf = (key: string): string | null => {
    const p = planned.get(key);
    if (p) return p.parentKey;
    const s = storedByKey.get(key);
    return s?.parentId ? (keyOfId.get(s.parentId) ?? null) : null;
  };
  const state = new Map<string, 'walking' | 'done'>();
  const onCycle = new Set<string>();
  for (const start of planned.keys()) {
    const path: string[] = [];
    let key: string | null = start;
    while (key && !state.has(key)) {
      state.set(key, 'walking');
      path.push(key);
      key = parentOf(key);
    }
    if (key && state.get(key) === 'walking') {
      // The walk came back to a key of its own path: from there on, the path is a cycle.
      for (const k of path.slice(path.indexOf(key))) onCycle.add(k);
    }
    for (const k of path) state.set(k, 'done');
  }
  for (const key of onCycle) {
    const p = planned.get(key);
    if (p && !refused.has(key)) problem(p.row, 'parentCode', R.cycle, p.parentKey ? codeOf(p.parentKey) : undefined);
  }

  // Depth: a chain (root to object) of at most DIMENSION_LIMITS.depthMax objects; measured only without cycles.
  if (onCycle.size === 0) {
    const lengthOf = new Map<string, number>();
    for (const p of planned.values()) {
      const path: string[] = [];
      let k: string | null = p.key;
      while (k && !lengthOf.has(k)) {
        path.push(k);
        k = parentOf(k);
      }
      let length = k ? lengthOf.get(k)! : 0;
      for (let i = path.length - 1; i >= 0; i--) lengthOf.set(path[i]!, ++length);
      if (!refused.has(p.key) && lengthOf.get(p.key)! > DIMENSION_LIMITS.depthMax)
        problem(
          p.row,
          'parentCode',
          R.tooDeep(DIMENSION_LIMITS.depthMax),
          p.parentKey ? codeOf(p.parentKey) : undefined,
        );
    }
  }

  problems.sort((a, b) => a.row - b.row || COLUMN_ORDER.indexOf(a.column) - COLUMN_ORDER.indexOf(b.column));
  if (problems.length) return { problems, levels: [] };

  // Levels: a row's depth among the file's rows (a stored parent is written already).
  const depth = new Map<string, number>();
  const depthOf = (key: string): number => {
    const known = depth.get(key);
    if (known !== undefined) return known;
    const chain: string[] = [];
    let k: string | null = key;
    let base = -1;
    while (k && planned.has(k)) {
      const d = depth.get(k);
      if (d !== undefined) {
        base = d;
        break;
      }
      chain.push(k);
      k = planned.get(k)!.parentKey;
    }
    for (let i = chain.length - 1; i >= 0; i--) depth.set(chain[i]!, ++base);
    return depth.get(key)!;
  };
  const levels: PlannedObject[][] = [];
  for (const p of planned.values()) {
    const d = depthOf(p.key);
    const level = levels[d] ?? [];
    levels[d] = level;
    level.push(p);
  }
  return { problems, levels };
}

const COLUMN_ORDER: ImportColumn[] = ['type', 'code', 'name', 'parentType', 'parentCode', 'sort', 'enabled'];
