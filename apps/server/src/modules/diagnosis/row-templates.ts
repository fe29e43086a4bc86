import type { SystemVersionTree } from '../standard';
import type { RowInsert } from './quality-row.repository';

/**
 * The rows a system version gives each object task: one per node that carries a value type (zlx), in tree order, with
 * its ancestors' names and ids as level columns (dimension first, the node itself last) and its fields copied (the
 * 计算规则 and the 详情算法 versions among them).
 */
export type RowTemplate = Omit<RowInsert, 'objectTaskId'>;

export function rowTemplates(tree: SystemVersionTree): RowTemplate[] {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  const out: RowTemplate[] = [];
  tree.nodes.forEach((n, i) => {
    if (n.zlx === null) return;
    const levels: { id: number; name: string }[] = [];
    for (let at: typeof n | undefined = n; at; at = at.parentId === null ? undefined : byId.get(at.parentId))
      levels.unshift({ id: at.id, name: at.name });
    out.push({
      nodeId: n.id,
      nodeSourceKey: n.source ?? n.id,
      sort: i,
      levels,
      name: n.name,
      nh: n.nh,
      zdbz: n.zdbz,
      zlx: n.zlx,
      bzz: n.bzz,
      fsdl: n.fsdl,
      calRule: n.calRule,
      detailRule: n.detailRule,
      direction: n.direction,
      gradeRule: n.gradeRule,
      warningRule: n.warningRule,
    });
  });
  return out;
}

/** Every object task's rows. */
export function rowsFor(objectTaskIds: number[], templates: RowTemplate[]): RowInsert[] {
  return objectTaskIds.flatMap((objectTaskId) => templates.map((t) => ({ ...t, objectTaskId })));
}
