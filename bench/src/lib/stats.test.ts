import { describe, expect, it } from 'vitest';
import { percentile, ratio, summarise } from './stats';

describe('latency statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it('summarises unsorted samples', () => {
    const s = summarise([30, 10, 20, 40]);
    expect(s).toEqual({ count: 4, mean: 25, p50: 20, p95: 40, p99: 40, max: 40 });
  });

  it('gives no ratio against zero or a missing figure', () => {
    expect(ratio(6, 3)).toBe(2);
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(null, 2)).toBeNull();
  });
});
