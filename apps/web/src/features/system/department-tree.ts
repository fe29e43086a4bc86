/** Departments as a tree for the table: each under its parent, roots where the parent is none or unknown. */
export function departmentTree<D extends { departmentId: string; parentId: string | null }>(
  rows: readonly D[],
): (D & { children?: D[] })[] {
  const ids = new Set(rows.map((r) => r.departmentId));
  const byParent = new Map<string | null, D[]>();
  for (const r of rows) {
    const p = r.parentId && ids.has(r.parentId) && r.parentId !== r.departmentId ? r.parentId : null;
    byParent.set(p, [...(byParent.get(p) ?? []), r]);
  }
  const seen = new Set<string>();
  const build = (p: string | null): (D & { children?: D[] })[] =>
    (byParent.get(p) ?? [])
      .filter((r) => !seen.has(r.departmentId) && seen.add(r.departmentId))
      .map((r) => {
        const children = build(r.departmentId);
        return children.length ? { ...r, children } : { ...r };
      });
  return build(null);
}
