import type { Db } from '../db/client';
import { type LastRoundRow, recordLastRound } from '../modules/diagnosis';

/**
 * The demo's 指标分析 (issue 35 item 5): the demo diagnosis task's last round (上轮值), the figures of the previous
 * year's diagnosis of the same standard that the demo school ran before this platform, so that 指标异动 and 新增未达标
 * have something to compare this year's computed results with. Deterministic (a hash of the major and the row, no
 * random draw): a number row was 2-16 % on the good side of its standard value in four rows of five and as much on
 * the bad side in the fifth; a have / whether / level row met its standard. This year's results are computed by the
 * platform from the warehouse once the server's job runner polls (seed/diagnosis.ts).
 */

const NUMBER = /^-?\d+(\.\d+)?$/;

function hash(text: string) {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.codePointAt(0)!, 16777619) >>> 0;
  return h;
}

/** A row's last round value in the demo. */
export function lastRoundValue(r: LastRoundRow): string | null {
  const bzz = r.bzz?.trim() ?? '';
  if (!bzz) return null;
  if (r.zlx !== 'percent' && r.zlx !== 'others') return bzz;
  if (!NUMBER.test(bzz)) return null;
  const h = hash(`${r.objectCode}/${r.name}`);
  const share = 0.02 + (h % 15) / 100;
  const good = h % 5 !== 0;
  const up = (r.direction === 'lower') !== good;
  let v = Number(bzz) * (up ? 1 + share : 1 - share);
  if (r.zlx === 'percent') v = Math.min(100, Math.max(0, v));
  return String(Math.round(v * 100) / 100);
}

export async function seedDemoIndicatorAnalysis(db: Db, taskId: number) {
  return recordLastRound(db, taskId, lastRoundValue);
}
