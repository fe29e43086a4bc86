import {
  DIRECTION_NAMES,
  type Direction,
  type GRADES,
  type GradeRule,
  STANDARD_MSG as M,
  type NodeKind,
  STANDARD_EXCEL_COLUMNS,
  STANDARD_LIMITS,
  type StandardExcelKey,
  textProblem,
  VALUE_TYPE_NAMES,
  type ValueType,
  WARNING_CYCLE_NAMES,
  WARNING_MODE_NAMES,
  WARNING_OPERATORS,
  type WarningCycle,
  type WarningMode,
  type WarningOperator,
  type WarningRule,
} from '@zg/contract';
import { isGrade, type NodeValues, numberOf } from './standard-node.rules';
import { storedName } from './standard-tree.rules';

/**
 * Reading the import sheet, pure: one row per node, the deepest filled level column being the node and the columns to
 * its left naming its ancestors, which earlier rows must define. Each cell is parsed by its column's words (值类型
 * 百分比, 方向 越高越好, 等级规则 A=90;B=80;C=60 …); problems name their row and column. The calculation rule stays
 * text here (算法名称 or 算法名称/V2): the service looks the texts up all at once.
 */

export const LEVEL_KEYS = ['dimension', 'qcp', 'level1', 'level2', 'level3', 'level4'] as const;
const HEADER = Object.fromEntries(STANDARD_EXCEL_COLUMNS.map((c) => [c.key, c.header])) as Record<
  StandardExcelKey,
  string
>;

export interface SheetProblem {
  row: number;
  /** The column's header when the problem is one cell's. */
  header?: string;
  message: string;
  value?: string;
}

export interface PlannedNode {
  row: number;
  /** Names from the dimension down to this node (the dimension under its stored name). */
  path: string[];
  kind: NodeKind;
  name: string;
  sort: number;
  nh: string | null;
  zdbz: string | null;
  values: NodeValues;
  /** The calculation rule as written (null: manual). */
  calRuleText: string | null;
  /** The 详情算法 as written (null: none). */
  detailRuleText: string | null;
}

export const pathKey = (path: readonly string[]) => path.join('\u0000');
export const pathText = (path: readonly string[]) => path.join(' / ');

/** Words each choice column accepts: its Chinese names and its codes. */
function chooser<T extends string>(names: Record<T, string>, extra: Record<string, T> = {}) {
  const map = new Map<string, T>();
  for (const [code, name] of Object.entries(names) as [T, string][]) {
    map.set(code.toLowerCase(), code);
    map.set(name, code);
  }
  for (const [word, code] of Object.entries(extra)) map.set(word, code);
  return {
    pick: (s: string) => map.get(s.trim()) ?? map.get(s.trim().toLowerCase()),
    allowed: Object.values(names) as string[],
  };
}
const VALUE_TYPE = chooser<ValueType>(VALUE_TYPE_NAMES as Record<ValueType, string>, {
  有: 'have',
  是否类: 'whether',
  百分数: 'percent',
  其他: 'others',
  数字: 'others',
});
const DIRECTION = chooser<Direction>(DIRECTION_NAMES as Record<Direction, string>, {
  越大越好: 'higher',
  越小越好: 'lower',
  正向: 'higher',
  反向: 'lower',
});
const MODE = chooser<WarningMode>(WARNING_MODE_NAMES as Record<WarningMode, string>, {
  按程度: 'level',
  等级: 'level',
});
const CYCLE = chooser<WarningCycle>(WARNING_CYCLE_NAMES as Record<WarningCycle, string>, {
  月: 'month',
  周: 'week',
  天: 'day',
  日: 'day',
  每日: 'day',
  不预警: 'none',
  no: 'none',
});
const OPERATOR_WORDS: Record<string, WarningOperator> = {
  '<': '<',
  '<=': '<=',
  '=': '=',
  '>=': '>=',
  '>': '>',
  '＜': '<',
  '≤': '<=',
  '＝': '=',
  '==': '=',
  '≥': '>=',
  '＞': '>',
  小于: '<',
  小于等于: '<=',
  等于: '=',
  大于等于: '>=',
  大于: '>',
};
const YES = new Set(['是', 'Y', 'y', '1', 'true', 'TRUE', '定量']);
const NO = new Set(['否', 'N', 'n', '0', 'false', 'FALSE', '定性', '']);

/** A grade rule as written: thresholds `A=90;B=80;C=60`, or a level list `优秀=A;良好=B`. Null when empty. */
export function parseGradeRule(s: string): GradeRule | null | 'bad' {
  const t = s.trim();
  if (!t) return null;
  const pairs = t
    .split(/[;；,，\n]+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.split(/[=＝:：]/).map((x) => x.trim()));
  if (pairs.some((p) => p.length !== 2 || !p[0] || !p[1])) return 'bad';
  const keys = pairs.map((p) => p[0]!);
  if (keys.length === 3 && ['A', 'B', 'C'].every((k) => keys.includes(k))) {
    const n = Object.fromEntries(pairs.map(([k, v]) => [k, numberOf(v)]));
    if ([n.A, n.B, n.C].some((x) => x === null || x === undefined)) return 'bad';
    return { type: 'thresholds', A: n.A!, B: n.B!, C: n.C! };
  }
  if (pairs.every((p) => isGrade(p[1]!.toUpperCase()))) {
    if (pairs.length > STANDARD_LIMITS.levelsMax || pairs.some((p) => p[0]!.length > 40)) return 'bad';
    return {
      type: 'levels',
      levels: pairs.map(([value, grade]) => ({
        value: value!,
        dxLevel: grade!.toUpperCase() as (typeof GRADES)[number],
      })),
    };
  }
  return 'bad';
}

/** A grade rule as the sheet writes it (the reader's inverse). */
export function gradeRuleText(rule: GradeRule | null): string {
  if (!rule) return '';
  if (rule.type === 'thresholds') return `A=${rule.A};B=${rule.B};C=${rule.C}`;
  return rule.levels.map((l) => `${l.value}=${l.dxLevel}`).join(';');
}

/**
 * The nodes the sheet plans, in row order, and the problems found. Rows come from the platform's readSheet (keys of
 * STANDARD_EXCEL_COLUMNS, trimmed text).
 */
export function planSheet(rows: readonly { row: number; values: Record<string, string> }[]): {
  nodes: PlannedNode[];
  problems: SheetProblem[];
} {
  const problems: SheetProblem[] = [];
  const nodes: PlannedNode[] = [];
  const defined = new Set<string>();
  const siblingsCount = new Map<string, number>();
  for (const { row, values } of rows) {
    const v = (k: StandardExcelKey) => (values[k] ?? '').trim();
    const before = problems.length;
    const cell = (k: StandardExcelKey, message: string) =>
      problems.push({ row, header: HEADER[k], message, value: v(k) });
    // ---- where the node is ----
    const levels = LEVEL_KEYS.map((k) => v(k));
    const last = levels.reduce((at, name, i) => (name ? i : at), -1);
    if (last < 0) {
      problems.push({ row, message: M.excelNoName });
      continue;
    }
    if (levels.slice(0, last).some((name) => !name)) {
      problems.push({ row, message: M.excelLevelGap });
      continue;
    }
    let bad = false;
    for (const [i, name] of levels.slice(0, last + 1).entries()) {
      const k = LEVEL_KEYS[i]!;
      const p = textProblem(name);
      if (p) cell(k, p);
      else if (name.length > STANDARD_LIMITS.nameMax) cell(k, `不能超过 ${STANDARD_LIMITS.nameMax} 个字符`);
      else continue;
      bad = true;
    }
    if (bad) continue;
    const kind: NodeKind = last === 0 ? 'dimension' : last === 1 ? 'qcp' : 'indicator';
    const path = levels.slice(0, last + 1).map((name, i) => (i === 0 ? storedName('dimension', name) : name));
    const parent = path.slice(0, -1);
    if (parent.length && !defined.has(pathKey(parent))) {
      problems.push({ row, message: M.excelUnknownParent(pathText(parent)) });
      continue;
    }
    if (defined.has(pathKey(path))) {
      problems.push({ row, message: M.excelDuplicate(pathText(path)) });
      continue;
    }
    defined.add(pathKey(path));
    // ---- texts ----
    const longText = (k: 'nh' | 'zdbz') => {
      const t = v(k);
      const p = textProblem(t);
      if (p) cell(k, p);
      else if (t.length > STANDARD_LIMITS.textMax) cell(k, `不能超过 ${STANDARD_LIMITS.textMax} 个字符`);
      return t || null;
    };
    const nh = longText('nh');
    const zdbz = longText('zdbz');
    const bzz = v('bzz') || null;
    if (bzz && (bzz.length > STANDARD_LIMITS.bzzMax || textProblem(bzz)))
      cell('bzz', `不能超过 ${STANDARD_LIMITS.bzzMax} 个字符`);
    // ---- choices ----
    let zlx: ValueType | null = null;
    if (v('zlx')) {
      zlx = VALUE_TYPE.pick(v('zlx')) ?? null;
      if (!zlx) cell('zlx', M.excelBadChoice(VALUE_TYPE.allowed));
    }
    let fsdl = false;
    if (YES.has(v('fsdl'))) fsdl = true;
    else if (!NO.has(v('fsdl'))) cell('fsdl', M.excelBadChoice(['是', '否']));
    let direction: Direction | null = null;
    if (v('direction')) {
      direction = DIRECTION.pick(v('direction')) ?? null;
      if (!direction) cell('direction', M.excelBadChoice(DIRECTION.allowed));
    }
    let gradeRule: GradeRule | null = null;
    const g = parseGradeRule(v('gradeRule'));
    if (g === 'bad') cell('gradeRule', M.gradeFormat);
    else gradeRule = g;
    const warningRule = parseWarning(v, cell);
    const calRuleText = v('calRule') || null;
    if (calRuleText && (calRuleText.length > 100 || textProblem(calRuleText))) cell('calRule', '不能超过 100 个字符');
    const detailRuleText = v('detailRule') || null;
    if (detailRuleText && (detailRuleText.length > 100 || textProblem(detailRuleText)))
      cell('detailRule', '不能超过 100 个字符');
    if (problems.length > before) continue;
    const parentKey = pathKey(parent);
    const sort = siblingsCount.get(parentKey) ?? 0;
    siblingsCount.set(parentKey, sort + 1);
    nodes.push({
      row,
      path,
      kind,
      name: path[path.length - 1]!,
      sort,
      nh,
      zdbz,
      calRuleText,
      detailRuleText,
      values: { bzz, zlx, fsdl, calRule: null, detailRule: null, direction, gradeRule, warningRule, zdbz },
    });
  }
  return { nodes, problems };
}

function parseWarning(
  v: (k: StandardExcelKey) => string,
  cell: (k: StandardExcelKey, message: string) => void,
): WarningRule | null {
  const [modeText, opText, valueText, cycleText] = [
    v('warningMode'),
    v('warningOperator'),
    v('warningValue'),
    v('warningCycle'),
  ];
  if (!modeText && !opText && !valueText && !cycleText) return null;
  const mode = MODE.pick(modeText);
  if (!mode) {
    cell('warningMode', M.excelBadChoice(MODE.allowed));
    return null;
  }
  const operator = OPERATOR_WORDS[opText.replace(/\s+/g, '')];
  if (!operator) {
    cell('warningOperator', M.excelBadChoice([...WARNING_OPERATORS]));
    return null;
  }
  const cycle = cycleText ? CYCLE.pick(cycleText) : 'none';
  if (!cycle) {
    cell('warningCycle', M.excelBadChoice(CYCLE.allowed));
    return null;
  }
  if (mode === 'value') {
    const n = valueText ? numberOf(valueText) : null;
    if (valueText && n === null) {
      cell('warningValue', M.warningValueRequired);
      return null;
    }
    return { mode, operator, value: n, grade: null, cycle };
  }
  const grade = valueText.toUpperCase();
  if (valueText && !isGrade(grade)) {
    cell('warningValue', M.warningGradeRequired);
    return null;
  }
  return { mode, operator, value: null, grade: valueText ? (grade as (typeof GRADES)[number]) : null, cycle };
}

/** The row the sheet writes for a node (the reader's inverse), by column key. */
export function rowOfNode(
  path: readonly string[],
  n: {
    nh: string | null;
    zdbz: string | null;
    bzz: string | null;
    zlx: ValueType | null;
    fsdl: boolean;
    direction: Direction | null;
    gradeRule: GradeRule | null;
    warningRule: WarningRule | null;
  },
  calRuleName: string | null,
  detailRuleName: string | null = null,
): Record<StandardExcelKey, string> {
  const w = n.warningRule;
  const levels = Object.fromEntries(LEVEL_KEYS.map((k, i) => [k, path[i] ?? '']));
  return {
    ...(levels as Record<(typeof LEVEL_KEYS)[number], string>),
    nh: n.nh ?? '',
    zdbz: n.zdbz ?? '',
    bzz: n.bzz ?? '',
    zlx: n.zlx ? VALUE_TYPE_NAMES[n.zlx] : '',
    fsdl: path.length > 1 ? (n.fsdl ? '是' : '否') : '',
    calRule: calRuleName ?? '',
    detailRule: detailRuleName ?? '',
    direction: n.direction ? DIRECTION_NAMES[n.direction] : '',
    gradeRule: gradeRuleText(n.gradeRule),
    warningMode: w ? WARNING_MODE_NAMES[w.mode] : '',
    warningOperator: w ? w.operator : '',
    warningValue: w
      ? w.mode === 'value'
        ? w.value === null || w.value === undefined
          ? ''
          : String(w.value)
        : (w.grade ?? '')
      : '',
    warningCycle: w ? WARNING_CYCLE_NAMES[w.cycle] : '',
  };
}
