import {
  type Direction,
  GRADES,
  type Grade,
  type GradeRule,
  STANDARD_MSG as M,
  type NodeKind,
  VALUE_TYPE_NAMES,
  type ValueType,
  type WarningOperator,
  type WarningRule,
} from '@zg/contract';

/**
 * The rules of one node's values, pure: what a standard value must be for its value type, grade thresholds strictly
 * ordered by the direction, a level list for the levels type, a warning rule whose mode has what it needs. Each
 * problem is a Chinese sentence naming its field (标准值、等级规则、预警规则 …), shown as is by the form and prefixed
 * with the row by the Excel import.
 */

export interface NodeValues {
  bzz: string | null;
  zlx: ValueType | null;
  fsdl: boolean;
  calRule: number | null;
  /** 详情算法 (a detail algorithm's version id); absent counts as none. */
  detailRule?: number | null;
  direction: Direction | null;
  gradeRule: GradeRule | null;
  warningRule: WarningRule | null;
  zdbz: string | null;
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
/** A standard or warning value written as a plain decimal number (no exponent, no spaces), or null. */
export function numberOf(s: string | null | undefined): number | null {
  if (s === null || s === undefined) return null;
  const t = s.trim().replace(/%$/, '');
  if (!NUMBER.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

const hasDetail = (v: NodeValues) => v.detailRule !== undefined && v.detailRule !== null;

/** The problems of a node's values (empty when it may be saved). */
export function nodeProblems(kind: NodeKind, v: NodeValues): string[] {
  if (kind === 'dimension') {
    const any =
      v.bzz ||
      v.zlx ||
      v.fsdl ||
      v.calRule !== null ||
      hasDetail(v) ||
      v.direction ||
      v.gradeRule ||
      v.warningRule ||
      v.zdbz;
    return any ? [M.dimensionNoValues] : [];
  }
  if (v.zlx === null) {
    return v.bzz || v.calRule !== null || hasDetail(v) || v.gradeRule || v.warningRule ? [M.noTypeNoValues] : [];
  }
  const problems: string[] = [];
  const type = VALUE_TYPE_NAMES[v.zlx];
  const bzz = v.bzz?.trim() || null;
  // ---- the standard value ----
  if (v.zlx === 'have' || v.zlx === 'whether') {
    if (!bzz) problems.push(M.bzzMissing(type));
    else if (bzz !== '0' && bzz !== '1') problems.push(M.bzzZeroOne(type));
  } else if (v.zlx === 'percent') {
    if (!bzz) problems.push(M.bzzMissing(type));
    else {
      const n = numberOf(bzz);
      if (n === null || n < 0 || n > 100) problems.push(M.bzzPercent);
    }
  } else if (v.zlx === 'others') {
    if (bzz && numberOf(bzz) === null) problems.push(M.bzzNumber);
  } else if (v.zlx === 'levels') {
    if (!bzz) problems.push(M.bzzMissing(type));
    else if (v.gradeRule?.type === 'levels' && !v.gradeRule.levels.some((l) => l.value === bzz))
      problems.push(M.bzzLevel(v.gradeRule.levels.map((l) => l.value)));
  }
  // ---- the grade rule ----
  problems.push(...gradeProblems(v.zlx, v.direction, v.gradeRule));
  // ---- the warning rule ----
  if (v.warningRule) problems.push(...warningProblems(v.zlx, v.gradeRule, v.warningRule));
  return problems;
}

/** Why a grade rule does not fit the value type and direction (empty when it does). */
export function gradeProblems(zlx: ValueType, direction: Direction | null, rule: GradeRule | null): string[] {
  const type = VALUE_TYPE_NAMES[zlx];
  if (zlx === 'levels') {
    if (!rule) return [M.gradeLevelsRequired];
    if (rule.type !== 'levels') return [M.gradeThresholdsForLevels];
    const seen = new Set<string>();
    for (const l of rule.levels) {
      if (seen.has(l.value)) return [M.levelsDuplicate(l.value)];
      seen.add(l.value);
    }
    return [];
  }
  if (!rule) return [];
  if (zlx === 'have' || zlx === 'whether') return [M.gradeNoneForYesNo(type)];
  if (rule.type === 'levels') return [M.gradeLevelsOnlyForLevels];
  if (!direction) return [M.directionRequired];
  return thresholdsInOrder(direction, rule) ? [] : [direction === 'higher' ? M.gradeOrderHigher : M.gradeOrderLower];
}

/** Thresholds strictly ordered: higher is better A > B > C, lower is better A < B < C. */
export function thresholdsInOrder(direction: Direction, t: { A: number; B: number; C: number }): boolean {
  return direction === 'higher' ? t.A > t.B && t.B > t.C : t.A < t.B && t.B < t.C;
}

/** Why a warning rule is incomplete for its mode (empty when it is whole). */
export function warningProblems(zlx: ValueType, grade: GradeRule | null, w: WarningRule): string[] {
  if (w.mode === 'value') {
    if (w.value === null || w.value === undefined) return [M.warningValueRequired];
    if ((zlx === 'have' || zlx === 'whether') && w.value !== 0 && w.value !== 1)
      return [M.warningZeroOne(VALUE_TYPE_NAMES[zlx])];
    return [];
  }
  if (!w.grade) return [M.warningGradeRequired];
  if (!grade) return [M.warningLevelNeedsGrades];
  return [];
}

/** The grade of a value under thresholds (D below C). Used by diagnosis later; tested here with the order rule. */
export function gradeOf(direction: Direction, t: { A: number; B: number; C: number }, value: number): Grade {
  const meets = (limit: number) => (direction === 'higher' ? value >= limit : value <= limit);
  if (meets(t.A)) return 'A';
  if (meets(t.B)) return 'B';
  if (meets(t.C)) return 'C';
  return 'D';
}

/** Whether a value breaches a warning rule in value mode (the operator says when to warn). */
export function breaches(operator: WarningOperator, value: number, limit: number): boolean {
  switch (operator) {
    case '<':
      return value < limit;
    case '<=':
      return value <= limit;
    case '=':
      return value === limit;
    case '>=':
      return value >= limit;
    case '>':
      return value > limit;
  }
}

export const isGrade = (s: string): s is Grade => (GRADES as readonly string[]).includes(s);
