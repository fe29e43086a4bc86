/** Pure rules of the department versions: the snapshot a new version takes and how its departments are shown. */

export interface CurrentDepartment {
  id: string;
  name: string;
  parentId?: string | null;
  headId: string | null;
  headName: string | null;
}

export interface SnapshotItem {
  departmentId: string;
  name: string;
  parentId: string | null;
  headId: string | null;
  headName: string | null;
  sortOrder: number;
}

/**
 * The departments a new version holds: each as it is now, in the order given (1, 2, ...); a parent that is not among
 * them is dropped (the snapshot never points outside itself), and so is one that would make a department its own
 * ancestor.
 */
export function snapshotOf(deps: readonly CurrentDepartment[]): SnapshotItem[] {
  const ids = new Set(deps.map((d) => d.id));
  const parentOf = new Map(deps.map((d) => [d.id, d.parentId && ids.has(d.parentId) ? d.parentId : null]));
  const cyclic = (id: string) => {
    const seen = new Set<string>([id]);
    for (let p = parentOf.get(id); p; p = parentOf.get(p) ?? null) {
      if (seen.has(p)) return true;
      seen.add(p);
    }
    return false;
  };
  return deps.map((d, i) => ({
    departmentId: d.id,
    name: d.name,
    parentId: cyclic(d.id) ? null : (parentOf.get(d.id) ?? null),
    headId: d.headId,
    headName: d.headName,
    sortOrder: i + 1,
  }));
}

/** The departments of a version as the page lists them, each with its parent's name from the same version. */
export function presentItems(items: readonly SnapshotItem[]) {
  const names = new Map(items.map((i) => [i.departmentId, i.name]));
  return items.map((i) => ({
    bmid: i.departmentId,
    bmmc: i.name,
    sjbmid: i.parentId,
    sjbmmc: i.parentId ? (names.get(i.parentId) ?? null) : null,
    fzrid: i.headId,
    fzrmc: i.headName,
    px: i.sortOrder,
  }));
}
