import {
  type DiagnosisTaskState,
  JOB_STATE_NAMES,
  type JobStateName,
  DIAGNOSIS_MSG as M,
  type QualityRow,
  RESULT_GRADE_NAMES,
  RESULT_GRADES,
  type ResultGrade,
  DIAGNOSIS_TEXT as T,
  type ValueType,
} from '@zg/contract';
import dayjs from 'dayjs';

/**
 * The pure logic of 诊断改进's pages (no React, no fetch): how a value of each value type reads and is typed, which
 * value a row shows, the merged level columns, the progress bar of a computation and the targets a save sends. What a
 * user may do is never decided here: it comes with each record's abilities.
 */

/** A value as the tables show it: percent with %, have 无/有, whether 否/是, a dash when empty (spec-2 §5, §9). */
export function valueText(zlx: ValueType, v: string | null | undefined): string {
  if (v === null || v === undefined || v === '') return T.dash;
  if (zlx === 'percent') return `${v}%`;
  if ((zlx === 'have' || zlx === 'whether') && (v === '0' || v === '1')) {
    return (zlx === 'have' ? T.haveText : T.whetherText)[Number(v)] as string;
  }
  return v;
}

/**
 * The target shown (spec-2 §2.1): the revised target if present, else the target. A revision waiting for audit is
 * apart (xzmbzdsh) and not shown as the value.
 */
export function shownTarget(row: Pick<QualityRow, 'mbz' | 'xzmbz'>): string | null {
  return row.xzmbz ?? row.mbz;
}

/** The result shown: the revised result if present (approved), else the result. */
export function shownResult(row: Pick<QualityRow, 'jgz' | 'xzjgz'>): string | null {
  return row.xzjgz ?? row.jgz;
}

/** How a value of the type is typed: a number box (percent with a % suffix), or a choice. */
export type ValueInput =
  | { kind: 'number'; suffix?: '%'; min?: number; max?: number }
  | { kind: 'choice'; options: { value: string; label: string }[] };

/** The input of a row's value type (spec-2 §5): % suffix, 无(0)/有(1), 否(0)/是(1), the level list. */
export function valueInput(row: Pick<QualityRow, 'zlx' | 'levelOptions'>): ValueInput {
  switch (row.zlx) {
    case 'percent':
      return { kind: 'number', suffix: '%', min: 0, max: 100 };
    case 'have':
      return { kind: 'choice', options: T.havePick.map((label, i) => ({ value: String(i), label })) };
    case 'whether':
      return { kind: 'choice', options: T.whetherPick.map((label, i) => ({ value: String(i), label })) };
    case 'levels':
      return { kind: 'choice', options: row.levelOptions.map((v) => ({ value: v, label: v })) };
    default:
      return { kind: 'number' };
  }
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * What is wrong with a value as typed for the row, in the server's words (DIAGNOSIS_MSG), or null: the page says it
 * beside the field before anything is sent; the server checks again (and the target against the standard).
 */
export function valueProblem(
  row: Pick<QualityRow, 'zlx' | 'levelOptions'>,
  raw: string | null | undefined,
  label: string = T.target,
): string | null {
  const v = (raw ?? '').trim();
  if (!v) return null;
  switch (row.zlx) {
    case 'levels':
      return row.levelOptions.includes(v) ? null : M.levelValue(label, v, row.levelOptions.join('、'));
    case 'have':
      return v === '0' || v === '1' ? null : M.haveValue(label, v);
    case 'whether':
      return v === '0' || v === '1' ? null : M.whetherValue(label, v);
    default: {
      if (!NUMBER.test(v) || !Number.isFinite(Number(v))) return M.notNumber(label, v);
      if ((v.split('.')[1] ?? '').length > 2) return M.tooManyDecimals(label, v);
      const n = Number(v);
      if (row.zlx === 'percent' && (n < 0 || n > 100)) return M.percentRange(label, v);
      return null;
    }
  }
}

/**
 * The targets a save sends: each row whose draft differs from its saved target (an emptied field sends null), only
 * rows the user may set. Drafts are by row id.
 */
export function changedTargets(
  rows: readonly Pick<QualityRow, 'id' | 'mbz' | 'abilities'>[],
  drafts: Readonly<Record<number, string | null>>,
): { id: number; mbz: string | null }[] {
  const out: { id: number; mbz: string | null }[] = [];
  for (const row of rows) {
    if (!(row.id in drafts) || !row.abilities.setTarget) continue;
    const draft = drafts[row.id]?.trim() || null;
    if (draft !== row.mbz) out.push({ id: row.id, mbz: draft });
  }
  return out;
}

/** The first problem among the drafts, named by the row (质控点名：message), or null. */
export function draftsProblem(
  rows: readonly Pick<QualityRow, 'id' | 'zkdmc' | 'zlx' | 'levelOptions'>[],
  drafts: Readonly<Record<number, string | null>>,
  label: string = T.target,
): string | null {
  for (const row of rows) {
    const problem = valueProblem(row, drafts[row.id], label);
    if (problem) return `${row.zkdmc}：${problem}`;
  }
  return null;
}

/**
 * The row span of each row's cell in level column `level` (0 = the dimension): a run of consecutive rows under the
 * same nodes of levels 0..level is one merged cell (spec-2 §2.1), the first row of the run spanning it, the others 0.
 */
export function levelSpans(rows: readonly Pick<QualityRow, 'levels'>[], level: number): number[] {
  const key = (r: Pick<QualityRow, 'levels'>) =>
    r.levels
      .slice(0, level + 1)
      .map((l) => l.id)
      .join('/');
  const spans = rows.map(() => 0);
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    const own = rows[start]?.levels[level];
    if (i === rows.length || key(rows[i]!) !== key(rows[start]!) || !own) {
      spans[start] = own ? i - start : 1;
      for (let j = start + 1; j < i; j++) spans[j] = own ? 0 : 1;
      start = i;
    }
  }
  return spans;
}

/** Progress as the bars show it: clamped to 0-100 with two decimals; 0 when not a number (spec-2 §5 Other). */
export function clampPercent(n: number | null | undefined): number {
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return 0;
  return Math.min(100, Math.round(n * 100) / 100);
}

/** What the progress bar of a whole-task computation shows of its job. */
export function jobView(
  job: { state: JobStateName; percent: number; done: number; total: number | null; message: string | null } | null,
): { percent: number; status: 'active' | 'success' | 'exception'; text: string } {
  if (!job) return { percent: 0, status: 'active', text: JOB_STATE_NAMES.queued };
  switch (job.state) {
    case 'done':
      return { percent: 100, status: 'success', text: job.message ?? JOB_STATE_NAMES.done };
    case 'failed':
    case 'interrupted':
      return { percent: job.percent, status: 'exception', text: job.message ?? JOB_STATE_NAMES[job.state] };
    case 'queued':
      return { percent: 0, status: 'active', text: JOB_STATE_NAMES.queued };
    default:
      return {
        percent: job.percent,
        status: 'active',
        text: job.total === null ? T.computing : `${T.computing}：${job.done} / ${job.total}`,
      };
  }
}

/** Where a task's and an object task's pages are (sub-pages of /improvement, the record's id in the address). */
export const taskPath = (id: number) => `/improvement/task?id=${id}`;
export const objectPath = (id: number) => `/improvement/object?id=${id}`;

/** The tag colour of a task's state. */
export const STATE_COLORS: Record<DiagnosisTaskState, string> = {
  normal: 'processing',
  pause: 'warning',
  finished: 'default',
};

/**
 * A time as the pages show it (spec-2 §9: yyyy-MM-dd HH:mm:ss, local time): an ISO instant is converted, text already
 * in the spec's form is kept; a dash for none.
 */
export function timeText(v: string | null | undefined): string {
  if (!v) return T.dash;
  if (!/T\d{2}:\d{2}/.test(v)) return v;
  const d = dayjs(v);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : v;
}

/** The rows whose result the user enters by hand (手工填报, calRule empty) and may enter now. */
export function manualRows<R extends Pick<QualityRow, 'calRule' | 'abilities'>>(rows: readonly R[]): R[] {
  return rows.filter((r) => r.calRule === null && r.abilities.enterResult);
}

/**
 * The manual results a save sends (resultsEnter): each manual row the user may enter whose draft differs from its
 * result (an emptied field sends null, withdrawing the result).
 */
export function changedResults(
  rows: readonly Pick<QualityRow, 'id' | 'jgz' | 'calRule' | 'abilities'>[],
  drafts: Readonly<Record<number, string | null>>,
): { id: number; jgz: string | null }[] {
  const out: { id: number; jgz: string | null }[] = [];
  for (const row of manualRows(rows)) {
    if (!(row.id in drafts)) continue;
    const draft = drafts[row.id]?.trim() || null;
    if (draft !== row.jgz) out.push({ id: row.id, jgz: draft });
  }
  return out;
}

/** What is wrong with a revised value (修正目标值 / 修正结果值 as `label`): required, then as its value type says. */
export function revisionProblem(
  row: Pick<QualityRow, 'zlx' | 'levelOptions'>,
  raw: string | null | undefined,
  label: string,
): string | null {
  if (!(raw ?? '').trim()) return M.valueRequired(label);
  return valueProblem(row, raw, label);
}

/** An object task's rows per grade as the score card lists them (A-D, Y, N; grades with no row left out). */
export function gradeLines(grades: Partial<Record<ResultGrade, number>>): string[] {
  return RESULT_GRADES.filter((g) => (grades[g] ?? 0) > 0).map((g) =>
    T.scoreGrade(g, RESULT_GRADE_NAMES[g], grades[g] ?? 0),
  );
}

/**
 * The objects a publisher may add to a task: the dimension's objects found, those already in the task (`taken`, by
 * code) shown disabled and named so, not hidden, so a search for one says why it cannot be chosen.
 */
export function objectOptions(
  objects: readonly { dxbm: string; dxmc: string }[],
  taken: ReadonlySet<string>,
): { value: string; label: string; disabled: boolean }[] {
  return objects.map((o) => {
    const label = `${o.dxbm} ${o.dxmc}`;
    return taken.has(o.dxbm)
      ? { value: o.dxbm, label: T.addObjectsTaken(label), disabled: true }
      : { value: o.dxbm, label, disabled: false };
  });
}
