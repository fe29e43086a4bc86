import { STANDARD_MSG as M, type NodeKind, renamedCategory, STANDARD_LIMITS } from '@zg/contract';

/**
 * The catalogue's shape, pure: which kind goes under which, how deep it may go, no cycle, sibling names, the category
 * renamings of spec-2 §9, and nesting flat rows into the tree (one query's rows, no query per node).
 */

/** Depth of a node: 1 a dimension, 2 a QCP, 3 一级指标 … */
export const MAX_DEPTH = 2 + STANDARD_LIMITS.indicatorLevelsMax;

/** The kind a node under this parent must be, or why none may go there. */
export function kindUnder(parentKind: NodeKind | null): NodeKind {
  if (parentKind === null) return 'dimension';
  return parentKind === 'dimension' ? 'qcp' : 'indicator';
}

/** Why a node of `kind` may not go under a parent of `parentKind` (null: it may). */
export function placementProblem(kind: NodeKind, parentKind: NodeKind | null): string | null {
  const want = kindUnder(parentKind);
  if (kind === want) return null;
  if (parentKind === null) return M.kindTop;
  if (parentKind === 'dimension') return M.kindUnderDimension;
  return kind === 'dimension' ? M.kindTop : M.kindUnderQcp;
}

export interface FlatNode {
  id: number;
  parentId: number | null;
}

/** The ids of a node and all its descendants (the node first). */
export function subtreeIds(nodes: readonly FlatNode[], rootId: number): number[] {
  const children = childrenIndex(nodes);
  const out: number[] = [];
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    out.push(id);
    for (const c of children.get(id) ?? []) stack.push(c.id);
  }
  return out;
}

/** Levels below a node (0 for a leaf). */
export function heightOf(nodes: readonly FlatNode[], rootId: number): number {
  const children = childrenIndex(nodes);
  const walk = (id: number): number => {
    const kids = children.get(id) ?? [];
    return kids.length ? 1 + Math.max(...kids.map((k) => walk(k.id))) : 0;
  };
  return walk(rootId);
}

/** Depth of a node (1 at the top), following parents. */
export function depthOf(nodes: readonly FlatNode[], id: number | null): number {
  if (id === null) return 0;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  let d = 0;
  let cur: number | null = id;
  const seen = new Set<number>();
  while (cur !== null && !seen.has(cur)) {
    seen.add(cur);
    d++;
    cur = byId.get(cur)?.parentId ?? null;
  }
  return d;
}

/**
 * Why moving `id` (with its subtree) under `newParentId` is refused: a cycle (under itself or a descendant), or the
 * subtree would go deeper than MAX_DEPTH. Null when it may move.
 */
export function moveProblem(nodes: readonly FlatNode[], id: number, newParentId: number | null): string | null {
  if (newParentId !== null && subtreeIds(nodes, id).includes(newParentId)) return M.cycle;
  if (depthOf(nodes, newParentId) + 1 + heightOf(nodes, id) > MAX_DEPTH) return M.tooDeep;
  return null;
}

/** The name a node is stored under: a dimension under its new category name (spec-2 §9), any name trimmed. */
export function storedName(kind: NodeKind, name: string): string {
  return kind === 'dimension' ? renamedCategory(name) : name.trim();
}

/** The order of siblings after moving one to `position` (0 first): ids in their new order. */
export function reorder(siblingIds: readonly number[], movedId: number, position: number): number[] {
  const rest = siblingIds.filter((s) => s !== movedId);
  const at = Math.max(0, Math.min(position, rest.length));
  return [...rest.slice(0, at), movedId, ...rest.slice(at)];
}

function childrenIndex<T extends FlatNode>(nodes: readonly T[]) {
  const children = new Map<number, T[]>();
  for (const n of nodes) {
    if (n.parentId === null) continue;
    const list = children.get(n.parentId);
    if (list) list.push(n);
    else children.set(n.parentId, [n]);
  }
  return children;
}

/**
 * Nests flat rows (ordered by sort, then id) into trees; a row whose parent is missing is dropped with its subtree.
 * `depth` is filled in (1 at the top).
 */
export function nestNodes<T extends FlatNode>(rows: readonly T[]): (T & { depth: number; children: unknown[] })[] {
  type N = T & { depth: number; children: N[] };
  const byId = new Map<number, N>();
  for (const r of rows) byId.set(r.id, { ...r, depth: 0, children: [] });
  const roots: N[] = [];
  for (const n of byId.values()) {
    if (n.parentId === null) roots.push(n);
    else byId.get(n.parentId)?.children.push(n);
  }
  const stack: [N, number][] = roots.map((r) => [r, 1]);
  while (stack.length) {
    const [n, d] = stack.pop()!;
    n.depth = d;
    for (const c of n.children) stack.push([c, d + 1]);
  }
  return roots;
}

/** Nodes grouped by depth, the top level first (parents always before their children), each in the given order. */
export function byLevels<T extends FlatNode>(nodes: readonly T[]): T[][] {
  const ids = new Set(nodes.map((n) => n.id));
  const levels: T[][] = [];
  let current = nodes.filter((n) => n.parentId === null || !ids.has(n.parentId));
  const children = childrenIndex(nodes);
  while (current.length) {
    levels.push(current);
    current = current.flatMap((n) => children.get(n.id) ?? []);
  }
  return levels;
}

/** A name for next year's copy: the years in it moved on by one, or the new years added. */
export function nextYearName(name: string, startYear: number, endYear: number) {
  let moved = false;
  const renamed = name.replace(/\d{4}/g, (y) => {
    const n = Number(y);
    if (n < startYear || n > endYear) return y;
    moved = true;
    return String(n + 1);
  });
  const out = moved ? renamed : `${name}（${startYear + 1}${endYear > startYear ? `-${endYear + 1}` : ''}）`;
  return Array.from(out).slice(0, STANDARD_LIMITS.nameMax).join('');
}
