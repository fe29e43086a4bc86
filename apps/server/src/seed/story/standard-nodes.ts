import { allDemoIndicators } from './indicators';

/** The builders of the demo standards' nodes (story/standards.ts): indicators by value type, with their grade and warning rules. */

export interface DemoStandardNode {
  name: string;
  nh?: string;
  zdbz?: string;
  bzz?: string;
  zlx?: 'have' | 'whether' | 'percent' | 'others' | 'levels';
  fsdl?: boolean;
  /** Name of a demo indicator of story/indicators.ts (its algorithm's current version is the calRule); absent = manual. */
  indicator?: string;
  /** Name of a demo detail algorithm (seed/detail-algorithms.ts): the QCP panel's 明细数据. */
  detail?: string;
  direction?: 'higher' | 'lower';
  grades?: { A: number; B: number; C: number } | { value: string; dxLevel: string }[];
  warning?: {
    mode: 'value' | 'level';
    operator: '<' | '<=' | '=' | '>=' | '>';
    value?: number;
    grade?: string;
    cycle: 'month' | 'week' | 'day' | 'none';
  };
  children?: DemoStandardNode[];
}

export interface DemoStandardSystem {
  name: string;
  dimension: 'school' | 'major' | 'course' | 'teacher' | 'student' | 'class';
  startYear: number;
  endYear: number;
  /** Top-level nodes are dimension nodes (诊断维度), their children QCPs, then indicators. */
  items: DemoStandardNode[];
  /** Extra authority: user ids / role ids granted read. */
  readers?: { users?: string[]; roles?: string[] };
}

export type Opts = Partial<
  Pick<DemoStandardNode, 'nh' | 'zdbz' | 'warning' | 'children' | 'indicator' | 'detail' | 'direction'>
>;

export const unitOf = (indicator: string | undefined) =>
  indicator ? (allDemoIndicators().find((i) => i.name === indicator)?.unit ?? '') : '';

/** A percent indicator; A/B/C thresholds (D below C); higher is better unless said. */
export function percent(name: string, bzz: number, grades: [number, number, number], o: Opts = {}): DemoStandardNode {
  const lower = o.direction === 'lower';
  return {
    name,
    zlx: 'percent',
    fsdl: true,
    bzz: String(bzz),
    direction: o.direction ?? 'higher',
    zdbz: o.zdbz ?? `${lower ? '不高于' : '不低于'}${bzz}%为达标`,
    grades: { A: grades[0], B: grades[1], C: grades[2] },
    ...o,
  };
}

/** A number indicator (a count, an amount): unit from the demo indicator when computed. */
export function amount(name: string, bzz: number, grades: [number, number, number], o: Opts & { unit?: string } = {}) {
  const { unit = unitOf(o.indicator), ...rest } = o;
  const lower = rest.direction === 'lower';
  return {
    name,
    zlx: 'others',
    fsdl: true,
    bzz: String(bzz),
    direction: rest.direction ?? 'higher',
    zdbz: rest.zdbz ?? `${lower ? '不高于' : '不低于'}${bzz}${unit}为达标`,
    grades: { A: grades[0], B: grades[1], C: grades[2] },
    ...rest,
  } satisfies DemoStandardNode;
}

/** A yes/no point filled in by hand: 是(1) is the standard unless `lower` (then 否(0) is). */
export function whether(name: string, zdbz: string, lower = false, nh?: string): DemoStandardNode {
  return {
    name,
    zlx: 'whether',
    fsdl: false,
    bzz: lower ? '0' : '1',
    direction: lower ? 'lower' : 'higher',
    zdbz,
    ...(nh ? { nh } : {}),
    warning: { mode: 'value', operator: lower ? '=' : '<', value: 1, cycle: 'month' },
  };
}

/** A have/not point filled in by hand: 有(1) is the standard. */
export function have(name: string, zdbz: string, nh?: string): DemoStandardNode {
  return { name, zlx: 'have', fsdl: false, bzz: '1', direction: 'higher', zdbz, ...(nh ? { nh } : {}) };
}

export const FOUR_LEVELS = (a: string, b: string, c: string, d: string) => [
  { value: a, dxLevel: 'A' },
  { value: b, dxLevel: 'B' },
  { value: c, dxLevel: 'C' },
  { value: d, dxLevel: 'D' },
];

/** A graded point filled in by hand (优秀/良好/合格/不合格 ...): the third level is the standard. */
export function levels(name: string, list: ReturnType<typeof FOUR_LEVELS>, nh?: string): DemoStandardNode {
  return {
    name,
    zlx: 'levels',
    fsdl: false,
    bzz: list[2]!.value,
    direction: 'higher',
    zdbz: `达到“${list[2]!.value}”及以上为达标`,
    grades: list,
    ...(nh ? { nh } : {}),
    warning: { mode: 'level', operator: '=', grade: 'D', cycle: 'month' },
  };
}

export const monthlyBelow = (value: number) => ({ mode: 'value', operator: '<', value, cycle: 'month' }) as const;
export const monthlyAbove = (value: number) => ({ mode: 'value', operator: '>', value, cycle: 'month' }) as const;
export const weeklyD = { mode: 'level', operator: '=', grade: 'D', cycle: 'week' } as const;
