import { type AnalysisFigure, NOT_ISSUED_STATES, TASK_STATUS, TASK_TYPE, type TaskStatus } from '@zg/contract';
import type { PieSlice } from '../../components/charts';

/** The headline figures of a summary-analysis page, as the server counts them (its `figure` parameter). */
export interface Figures {
  /** Every last-level task of the scope. */
  all: number;
  /** Issued: every state but not pushed (a withdrawn task is not pushed again) or returned (已退回). */
  issued: number;
  /** Finished on time or late. */
  finished: number;
  /** Issued and not finished. */
  unfinished: number;
  /** finished / issued in percent, two decimals; 0 when nothing is issued. */
  rate: number;
}

const FINISHED: readonly string[] = ['hasDone', 'delayDone'];

/** The figures from the status distribution, so that the numbers, the pie and the drawers agree. */
export function figuresOf(list: { rwzt: string; count: number }[]): Figures {
  const count = (pick: (s: string) => boolean) => list.filter((r) => pick(r.rwzt)).reduce((a, r) => a + r.count, 0);
  const all = count(() => true);
  const notIssued: readonly string[] = NOT_ISSUED_STATES;
  const issued = count((s) => !notIssued.includes(s));
  const finished = count((s) => FINISHED.includes(s));
  return { all, issued, finished, unfinished: issued - finished, rate: percent(finished, issued) };
}

/** part / total in percent with two decimals (the server's rounding); 0 when total is 0. */
export function percent(part: number, total: number): number {
  return total ? Math.round((part / total) * 10000) / 100 : 0;
}

/** The slices of the status pie: each state with its Chinese name and its code for the drill-down. */
export function statusSlices(list: { rwzt: string; rwztmc: string; count: number }[]): PieSlice[] {
  return list.map((r) => ({ name: r.rwztmc, value: r.count, key: r.rwzt }));
}

/** The state code of a clicked slice (its key), when it is a state. */
export function statusOfSlice(data: unknown): TaskStatus | undefined {
  const key = (data as { key?: unknown } | null)?.key;
  return typeof key === 'string' && Object.hasOwn(TASK_STATUS, key) ? (key as TaskStatus) : undefined;
}

/** The order of the headline figures on the page. */
export const FIGURE_ORDER: AnalysisFigure[] = ['all', 'issued', 'finished', 'unfinished'];

/** The Chinese name of a task type code (A 双高任务 ...), or the code itself. */
export function taskTypeName(code: string): string {
  return TASK_TYPE.find((t) => t.code === code)?.name ?? code;
}
