import type { TaskQcp } from '@zg/contract';

/** A node of the 服务的质控点 tree: a standard system (not selectable) and its QCPs. */
export interface QcpTreeNode {
  value: string;
  title: string;
  selectable?: boolean;
  disabled?: boolean;
  checkable?: boolean;
  /** What the search matches: the QCP, its dimension and system. */
  search: string;
  children?: QcpTreeNode[];
}

/** The QCPs grouped under their systems, in the order given; a QCP is titled with its dimension. */
export function qcpTree(options: readonly TaskQcp[]): QcpTreeNode[] {
  const bySystem = new Map<number, QcpTreeNode>();
  for (const q of options) {
    let sys = bySystem.get(q.systemId);
    if (!sys) {
      sys = {
        value: `system-${q.systemId}`,
        title: q.systemName,
        selectable: false,
        checkable: false,
        search: q.systemName,
        children: [],
      };
      bySystem.set(q.systemId, sys);
    }
    const title = q.dimensionName ? `${q.dimensionName} / ${q.name}` : q.name;
    sys.children!.push({ value: String(q.id), title, search: `${q.systemName} ${title}` });
  }
  return [...bySystem.values()];
}

/** The label a linked QCP is shown with: its name, dimension and system. */
export const qcpLabel = (q: Pick<TaskQcp, 'name' | 'dimensionName' | 'systemName'>) =>
  `${q.systemName} · ${q.dimensionName ? `${q.dimensionName} / ` : ''}${q.name}`;

/** The form's value (strings of the tree) as the task input's ids. */
export const qcpIds = (values: readonly (string | number)[] | undefined) =>
  (values ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0);
