import {
  DIRECTION_NAMES,
  type Direction,
  GRADES,
  type Grade,
  type GradeRule,
  NODE_KIND_NAMES,
  type NodeKind,
  STANDARD_LIMITS,
  STANDARD_MSG,
  STANDARD_TEXT as T,
  VALUE_TYPE_NAMES,
  type ValueType,
  WARNING_CYCLE_NAMES,
  WARNING_MODE_NAMES,
  type WarningCycle,
  type WarningMode,
  type WarningOperator,
  type WarningRule,
} from '@zg/contract';

/**
 * The pure parts of 目标标准: the catalogue tree (search, drag and drop), the rule forms and the labels, computed
 * without a server or a DOM.
 */

export type { Direction, Grade, GradeRule, NodeKind, ValueType, WarningMode, WarningRule } from '@zg/contract';
export type Operator = WarningOperator;

/** What the tree helpers need of a catalogue node. */
export interface TreeNode<T> {
  id: number;
  kind: NodeKind;
  name: string;
  children: T[];
}

export const KIND_NAMES = NODE_KIND_NAMES;
export { DIRECTION_NAMES, GRADES, VALUE_TYPE_NAMES, WARNING_MODE_NAMES };
export const CYCLE_NAMES = WARNING_CYCLE_NAMES;

export const OPERATOR_NAMES: Record<Operator, string> = T.operators;

/** The two choices of a have / whether standard value, value first. */
export const BINARY_CHOICES: Partial<Record<ValueType, { value: string; label: string }[]>> = {
  have: [
    { value: '0', label: T.have.no },
    { value: '1', label: T.have.yes },
  ],
  whether: [
    { value: '0', label: T.whether.no },
    { value: '1', label: T.whether.yes },
  ],
};

/** The level a node of `kind` under a parent of `parentKind` (null: top) may have; null when none may. */
export function childKindUnder(parentKind: NodeKind | null): NodeKind | null {
  if (parentKind === null) return 'dimension';
  return parentKind === 'dimension' ? 'qcp' : 'indicator';
}

/** Whether a node of `kind` may sit under a parent of `parentKind` (null: the top level). */
export function fitsUnder(kind: NodeKind, parentKind: NodeKind | null): boolean {
  if (kind === 'dimension') return parentKind === null;
  if (kind === 'qcp') return parentKind === 'dimension';
  return parentKind === 'qcp' || parentKind === 'indicator';
}

/** Every node of the tree, depth first (a parent before its children). */
export function flatten<T extends TreeNode<T>>(nodes: readonly T[]): T[] {
  const out: T[] = [];
  const walk = (list: readonly T[]) => {
    for (const n of list) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** The node with `id`, or undefined. */
export function findNode<T extends TreeNode<T>>(nodes: readonly T[], id: number): T | undefined {
  return flatten(nodes).find((n) => n.id === id);
}

/** The chain from the top down to the node with `id` (the node last); empty when there is none. */
export function pathTo<T extends TreeNode<T>>(nodes: readonly T[], id: number): T[] {
  for (const n of nodes) {
    if (n.id === id) return [n];
    const below = pathTo(n.children, id);
    if (below.length > 0) return [n, ...below];
  }
  return [];
}

/** The parent of the node with `id`: null at the top level, undefined when there is no such node. */
export function parentOf<T extends TreeNode<T>>(nodes: readonly T[], id: number): T | null | undefined {
  const path = pathTo(nodes, id);
  if (path.length === 0) return undefined;
  return path.length > 1 ? (path[path.length - 2] as T) : null;
}

/** Whether `id` is `ancestorId` or lies below it. */
export function isWithin<T extends TreeNode<T>>(nodes: readonly T[], id: number, ancestorId: number): boolean {
  return pathTo(nodes, id).some((n) => n.id === ancestorId);
}

/** The nodes whose name holds `keyword` (case and surrounding blanks ignored), with their ancestors. */
export function filterTree<T extends TreeNode<T>>(nodes: readonly T[], keyword: string): T[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...nodes];
  const keep = (list: readonly T[]): T[] =>
    list.flatMap((n) => {
      const children = keep(n.children);
      return n.name.toLowerCase().includes(k) || children.length > 0 ? [{ ...n, children }] : [];
    });
  return keep(nodes);
}

/** The ids to expand so every match of `keyword` shows: the ancestors of each match. */
export function expandedForSearch<T extends TreeNode<T>>(nodes: readonly T[], keyword: string): number[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const ids = new Set<number>();
  for (const n of flatten(nodes)) {
    if (!n.name.toLowerCase().includes(k)) continue;
    for (const a of pathTo(nodes, n.id).slice(0, -1)) ids.add(a.id);
  }
  return [...ids];
}

/** How many QCPs and indicators the tree holds. */
export function countKinds<T extends TreeNode<T>>(nodes: readonly T[]): Record<NodeKind, number> {
  const counts: Record<NodeKind, number> = { dimension: 0, qcp: 0, indicator: 0 };
  for (const n of flatten(nodes)) counts[n.kind]++;
  return counts;
}

/** Where a dragged node lands relative to the node dropped on. */
export type DropPlace = 'before' | 'inside' | 'after';

/**
 * antd Tree's drop, as a place: `dropToGap` false drops inside the node; otherwise `dropPosition` (an index among
 * the siblings) minus the node's own index (the last segment of its `pos`) says before (-1) or after (1).
 */
export function dropPlaceOf(info: { dropToGap: boolean; dropPosition: number; pos: string }): DropPlace {
  if (!info.dropToGap) return 'inside';
  const own = Number(info.pos.split('-').at(-1));
  return info.dropPosition - own < 0 ? 'before' : 'after';
}

export type MoveResult =
  | {
      ok: true;
      /** The new parent (null: the top level). */
      parentId: number | null;
      /** The node's 0-based index among its new siblings. */
      index: number;
      /** The ids of the new siblings in their new order, the moved node among them. */
      order: number[];
    }
  | { ok: false; reason: string };

/**
 * Where a drop puts the dragged node: its new parent and place among the siblings. Refused (with the reason shown to
 * the user) when it would put the node under itself or a descendant, or a node at a level its kind may not take.
 */
export function computeMove<T extends TreeNode<T>>(
  nodes: readonly T[],
  dragId: number,
  targetId: number,
  place: DropPlace,
): MoveResult {
  const dragged = findNode(nodes, dragId);
  const target = findNode(nodes, targetId);
  if (!dragged || !target) return { ok: false, reason: T.nodeMissing };
  if (dragId === targetId) return { ok: false, reason: T.notOntoItself };
  if (isWithin(nodes, targetId, dragId)) return { ok: false, reason: T.notIntoDescendant };
  const parent = place === 'inside' ? target : (parentOf(nodes, targetId) ?? null);
  const parentKind = parent ? parent.kind : null;
  if (!fitsUnder(dragged.kind, parentKind)) return { ok: false, reason: misplaced(dragged.kind) };
  const parentDepth = parent ? pathTo(nodes, parent.id).length : 0;
  if (parentDepth + heightOf(dragged) > 2 + STANDARD_LIMITS.indicatorLevelsMax)
    return { ok: false, reason: STANDARD_MSG.tooDeep };
  const siblings = (parent ? parent.children : nodes).map((n) => n.id).filter((id) => id !== dragId);
  let index: number;
  // Inside: the first child, as antd's tree shows it (a drop on the upper edge of a first child reads as inside
  // its parent).
  if (place === 'inside') index = 0;
  else {
    const at = siblings.indexOf(targetId);
    index = place === 'before' ? at : at + 1;
  }
  const order = [...siblings.slice(0, index), dragId, ...siblings.slice(index)];
  return { ok: true, parentId: parent ? parent.id : null, index, order };
}

/** Levels of a subtree: 1 for a leaf. */
function heightOf<T extends TreeNode<T>>(node: T): number {
  return 1 + Math.max(0, ...node.children.map((c) => heightOf(c)));
}

function misplaced(kind: NodeKind): string {
  if (kind === 'dimension') return T.dimensionTopOnly;
  if (kind === 'qcp') return T.qcpUnderDimension;
  return T.indicatorUnderQcp;
}

/** What the rule form edits: thresholds as loose inputs, the level list as rows. */
export interface GradeForm {
  gradeA?: number | null;
  gradeB?: number | null;
  gradeC?: number | null;
  levels?: { value?: string; dxLevel?: Grade }[];
}

/** The form's fields of a stored grade rule. */
export function gradeToForm(rule: GradeRule | null | undefined): GradeForm {
  if (!rule) return { gradeA: null, gradeB: null, gradeC: null, levels: [] };
  if (rule.type === 'levels')
    return { gradeA: null, gradeB: null, gradeC: null, levels: rule.levels.map((l) => ({ ...l })) };
  return { gradeA: rule.A, gradeB: rule.B, gradeC: rule.C, levels: [] };
}

const blank = (v: number | null | undefined): v is null | undefined => v === null || v === undefined;

/** Which grade rule a value type takes: thresholds (numbers), a level list (levels), none (有无, 是否, a grouping). */
export function gradeKindOf(zlx: ValueType | null | undefined): 'thresholds' | 'levels' | null {
  if (zlx === 'percent' || zlx === 'others') return 'thresholds';
  return zlx === 'levels' ? 'levels' : null;
}

/**
 * The grade rule the form describes, or null when it describes none; a message in Chinese when it is incomplete or
 * its thresholds are out of order (higher is better: A > B > C; lower is better: A < B < C).
 */
export function formToGrade(
  form: GradeForm,
  zlx: ValueType | null | undefined,
  direction: Direction | null | undefined,
): { rule: GradeRule | null } | { error: string } {
  const kind = gradeKindOf(zlx);
  if (kind === null) return { rule: null };
  if (kind === 'levels') {
    const rows = (form.levels ?? []).filter((l) => (l.value ?? '').trim() || l.dxLevel);
    if (rows.length === 0) return { error: T.oneLevelAtLeast };
    const seen = new Set<string>();
    const out: { value: string; dxLevel: Grade }[] = [];
    for (const [i, l] of rows.entries()) {
      const value = (l.value ?? '').trim();
      const dxLevel = l.dxLevel;
      if (!value || !dxLevel) return { error: T.levelIncomplete(i + 1) };
      if (seen.has(value)) return { error: T.levelTwice(value) };
      seen.add(value);
      out.push({ value, dxLevel });
    }
    return { rule: { type: 'levels', levels: out } };
  }
  const { gradeA: a, gradeB: b, gradeC: c } = form;
  if (blank(a) && blank(b) && blank(c)) return { rule: null };
  if (blank(a) || blank(b) || blank(c)) return { error: T.thresholdsIncomplete };
  if (!direction) return { error: T.directionRequired };
  const ordered = direction === 'higher' ? a > b && b > c : a < b && b < c;
  if (!ordered) return { error: direction === 'higher' ? T.higherOrder : T.lowerOrder };
  return { rule: { type: 'thresholds', A: a, B: b, C: c } };
}

/** What the warning form edits; mode 'off' means no warning rule. */
export interface WarningForm {
  warningMode: WarningMode | 'off';
  warningOperator?: Operator;
  warningValue?: number | null;
  warningGrade?: Grade | null;
  warningCycle?: WarningCycle;
}

export function warningToForm(rule: WarningRule | null | undefined): WarningForm {
  if (!rule)
    return { warningMode: 'off', warningOperator: '<', warningValue: null, warningGrade: null, warningCycle: 'month' };
  return {
    warningMode: rule.mode,
    warningOperator: rule.operator,
    warningValue: rule.mode === 'value' ? (rule.value ?? null) : null,
    warningGrade: rule.mode === 'level' ? (rule.grade ?? null) : null,
    warningCycle: rule.cycle,
  };
}

/** The warning rule the form describes (null: none), or a Chinese message naming what is missing. */
export function formToWarning(form: WarningForm): { rule: WarningRule | null } | { error: string } {
  if (form.warningMode === 'off') return { rule: null };
  const operator = form.warningOperator;
  const cycle = form.warningCycle;
  if (!operator) return { error: T.operatorRequired };
  if (!cycle) return { error: T.cycleRequired };
  if (form.warningMode === 'value') {
    if (blank(form.warningValue)) return { error: T.valueRequired };
    return { rule: { mode: 'value', operator, value: form.warningValue, cycle } };
  }
  if (!form.warningGrade) return { error: T.gradeRequired };
  return { rule: { mode: 'level', operator, grade: form.warningGrade, cycle } };
}

/** A warning rule in words: 按数值 小于 60（每月）. */
export function warningText(rule: WarningRule | null | undefined): string {
  if (!rule) return T.noWarning;
  const what = rule.mode === 'value' ? String(rule.value ?? '') : T.warningGradeOption(rule.grade ?? '');
  return T.warningLine(WARNING_MODE_NAMES[rule.mode], OPERATOR_NAMES[rule.operator], what, CYCLE_NAMES[rule.cycle]);
}

/** A standard value as the user reads it: 有 / 无, 是 / 否, 85%, or the text itself; '—' when empty. */
export function standardValueText(bzz: string | null | undefined, zlx: ValueType | null | undefined): string {
  if (bzz === null || bzz === undefined || bzz === '') return T.dash;
  const choice = zlx ? BINARY_CHOICES[zlx]?.find((c) => c.value === bzz) : undefined;
  if (choice) return choice.label;
  return zlx === 'percent' ? `${bzz}%` : bzz;
}

/**
 * Whether `bzz` fits the value type (the server checks again): have / whether 0 or 1, percent and others a number,
 * levels one of the level values; a Chinese message when not, null when it fits.
 */
export function standardValueProblem(
  bzz: string | null | undefined,
  zlx: ValueType | null | undefined,
  levels: readonly { value?: string }[] = [],
): string | null {
  const v = (bzz ?? '').trim();
  if (!zlx) return v ? T.noTypeNoValue : null;
  if (!v) return T.valueRequiredFor(VALUE_TYPE_NAMES[zlx]);
  if (zlx === 'have' || zlx === 'whether') return v === '0' || v === '1' ? null : T.zeroOrOne;
  const n = Number(v);
  if (zlx === 'percent') return Number.isFinite(n) && n >= 0 && n <= 100 ? null : T.percentRange;
  if (zlx === 'others') return Number.isFinite(n) ? null : T.numberRequired;
  const values = levels.map((l) => (l.value ?? '').trim()).filter(Boolean);
  return values.includes(v) ? null : T.oneOfLevels;
}

/** A dimension node's name as the web shows it: the new name of a category renamed by spec-2 §9. */
export function displayCategory(name: string, renames: Readonly<Record<string, string>>): string {
  return renames[name] ?? name;
}

/** The years a system is in force: 2026—2028, or one year alone. */
export function yearsText(startYear: number, endYear: number): string {
  return startYear === endYear ? T.oneYear(startYear) : T.yearRange(startYear, endYear);
}

/**
 * A refused import's message as a summary and its row-by-row lines: the server joins the rows' problems
 * (第5行：标准值应为数值) with '；' or new lines after a summary ending in '：'.
 */
export function importReport(message: string): { summary: string; lines: string[] } {
  const first = message.search(/第\s*\d+\s*行/);
  if (first < 0) return { summary: message, lines: [] };
  const summary = message
    .slice(0, first)
    .replace(/[：:；;\s]+$/, '')
    .trim();
  const lines = message
    .slice(first)
    .split(/[；;\n]+(?=\s*(?:第\s*\d+\s*行|…))|\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
  return { summary: summary || T.importFailedCount(lines.length), lines };
}
