import type { FormDirectoryNode } from '@zg/contract';

/** The directory of that id anywhere in the tree, or null. */
export function findDirectory(nodes: readonly FormDirectoryNode[], id: number): FormDirectoryNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findDirectory(n.children, id);
    if (found) return found;
  }
  return null;
}

/** The ids of a directory and everything below it (what cannot be its own parent). */
export function subtreeIds(nodes: readonly FormDirectoryNode[], id: number): number[] {
  const root = findDirectory(nodes, id);
  if (!root) return [];
  const out: number[] = [];
  const walk = (n: FormDirectoryNode) => {
    out.push(n.id);
    n.children.forEach(walk);
  };
  walk(root);
  return out;
}

export interface DirectoryOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: DirectoryOption[];
}

/** The tree as TreeSelect options; the excluded ids (a directory and its subtree when moving it) are disabled. */
export function directoryOptions(
  nodes: readonly FormDirectoryNode[],
  excluded: readonly number[] = [],
): DirectoryOption[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.name,
    ...(excluded.includes(n.id) ? { disabled: true } : {}),
    children: directoryOptions(n.children, excluded),
  }));
}

/** The directory's name with its ancestors (教学 / 专业), or '' when it is not in the tree. */
export function directoryPath(nodes: readonly FormDirectoryNode[], id: number): string {
  const walk = (list: readonly FormDirectoryNode[], trail: string[]): string[] | null => {
    for (const n of list) {
      const here = [...trail, n.name];
      if (n.id === id) return here;
      const found = walk(n.children, here);
      if (found) return found;
    }
    return null;
  };
  return walk(nodes, [])?.join(' / ') ?? '';
}
