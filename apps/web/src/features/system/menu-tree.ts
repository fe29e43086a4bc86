import { MENUS } from '@zg/contract';

/** The menu catalogue as a tree of check boxes: top menus, their sub-menus below them. */
export interface MenuNode {
  key: string;
  title: string;
  children?: MenuNode[];
}

export function menuTree(): MenuNode[] {
  const top = MENUS.filter((m) => !('parent' in m));
  return top.map((m) => {
    const children = MENUS.filter((c) => 'parent' in c && c.parent === m.key).map((c) => ({
      key: c.key,
      title: c.label,
    }));
    return children.length ? { key: m.key, title: m.label, children } : { key: m.key, title: m.label };
  });
}

/** The keys to save from the tree's checked keys: a checked sub-menu keeps its parent granted too. */
export function keysToSave(checked: readonly string[]): string[] {
  const keys = new Set(checked);
  for (const m of MENUS) if ('parent' in m && keys.has(m.key)) keys.add(m.parent);
  return MENUS.map((m) => m.key).filter((k) => keys.has(k));
}
