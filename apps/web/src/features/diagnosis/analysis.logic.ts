import { JOB_STATE_NAMES, type JobStateName, type QcpState, type ZnfxHeat } from '@zg/contract';

/** Pure logic of the bulk work and 质量分析 pages (issue 31 items 5 and 6). */

export type HeatRow = ZnfxHeat['rows'][number];

/** Worst first: below standard, unfinished, no result, attained; an object without the QCP last. */
const STATE_RANK: Record<QcpState, number> = { dis: 0, unfin: 1, none: 2, ok: 3 };
export const stateRank = (s: QcpState | null) => (s === null ? 4 : STATE_RANK[s]);

/** Compares two rows of the heat table by a QCP column (worst first), then by their below-standard count. */
export function byCell(index: number) {
  return (a: HeatRow, b: HeatRow) =>
    stateRank(a.cells[index] ?? null) - stateRank(b.cells[index] ?? null) || b.bdb - a.bdb;
}

/** The CSS class of a cell (its colour) by attainment. */
export const cellClass = (s: QcpState | null) => (s ? `zg-heat-${s}` : 'zg-heat-missing');

/** Rows whose code or name contains the words typed (case-insensitive). */
export function filterRows(rows: readonly HeatRow[], words: string) {
  const w = words.trim().toLowerCase();
  if (!w) return [...rows];
  return rows.filter((r) => r.gzdxmc.toLowerCase().includes(w) || r.dxbm.toLowerCase().includes(w));
}

/** A bulk job's progress bar: percent, status and the words under it. */
export function bulkView(
  job: { state: JobStateName; percent: number; done: number; total: number | null; message: string | null } | null,
): { percent: number; status: 'active' | 'success' | 'exception'; text: string } {
  if (!job || job.state === 'queued') return { percent: 0, status: 'active', text: JOB_STATE_NAMES.queued };
  if (job.state === 'done') return { percent: 100, status: 'success', text: job.message ?? JOB_STATE_NAMES.done };
  if (job.state === 'failed' || job.state === 'interrupted')
    return { percent: job.percent, status: 'exception', text: job.message ?? JOB_STATE_NAMES[job.state] };
  return {
    percent: job.percent,
    status: 'active',
    text: job.total === null ? JOB_STATE_NAMES.running : `${JOB_STATE_NAMES.running}：${job.done} / ${job.total}`,
  };
}
