import { LIMITS } from '@zg/contract';

const { decimals } = LIMITS.gauge;

/** Rounds to the gauge's two decimals and keeps to 0-100 (spec-2 section 5). */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const factor = 10 ** decimals;
  return Math.round(Math.min(100, Math.max(0, value)) * factor) / factor;
}

/**
 * The percentage `part` is of `total`, clamped to 0-100 with two decimals; 0 when either is empty or zero
 * (spec-2 section 5).
 */
export function gaugePercent(part: number | null | undefined, total: number | null | undefined): number {
  if (!part || !total) return 0;
  return clampPercent((part / total) * 100);
}

/**
 * The values the gauge shows while it animates from 0 to `target`: one per 16 ms step over 2000 ms, the last
 * exactly the target.
 */
export function animationFrames(target: number, durationMs = LIMITS.gauge.durationMs, stepMs = LIMITS.gauge.stepMs) {
  const steps = Math.max(1, Math.ceil(durationMs / stepMs));
  return Array.from({ length: steps }, (_, i) => (i === steps - 1 ? target : clampPercent((target * (i + 1)) / steps)));
}
