import { describe, expect, it } from 'vitest';
import { correlationKind, correlationReading, gradeMove, levelPath, numberOf, pearson } from './indicator.rules';

const pts = (xs: number[], ys: number[]) => xs.map((x, i) => ({ x, y: ys[i]! }));

describe('pearson', () => {
  it('is 1 and -1 on exact lines, whatever the scale', () => {
    expect(pearson(pts([1, 2, 3, 4], [10, 20, 30, 40]))).toBeCloseTo(1, 12);
    expect(pearson(pts([1, 2, 3, 4], [8, 6, 4, 2]))).toBeCloseTo(-1, 12);
  });
  it('matches a hand-computed value', () => {
    // x 1..5, y 2 4 5 4 5: Sxy = 6, Sxx = 10, Syy = 6 → r = 6 / sqrt(60) = 0.7745966…
    expect(pearson(pts([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]))).toBeCloseTo(0.7745966692, 9);
  });
  it('is null with fewer than three points or a side that does not vary', () => {
    expect(pearson(pts([1, 2], [3, 4]))).toBeNull();
    expect(pearson(pts([1, 1, 1], [3, 4, 5]))).toBeNull();
    expect(pearson(pts([1, 2, 3], [7, 7, 7]))).toBeNull();
  });
  it('is stable for large values with a small spread', () => {
    expect(pearson(pts([1e9 + 1, 1e9 + 2, 1e9 + 3], [5, 7, 9]))).toBeCloseTo(1, 9);
  });
});

describe('the reading', () => {
  it('names strength and sign by |r|', () => {
    expect(correlationKind(0.85)).toBe('strongPositive');
    expect(correlationKind(0.8)).toBe('strongPositive');
    expect(correlationKind(0.6)).toBe('positive');
    expect(correlationKind(0.35)).toBe('weakPositive');
    expect(correlationKind(0.1)).toBe('none');
    expect(correlationKind(-0.1)).toBe('none');
    expect(correlationKind(-0.4)).toBe('weakNegative');
    expect(correlationKind(-0.5)).toBe('negative');
    expect(correlationKind(-0.95)).toBe('strongNegative');
    expect(correlationKind(null)).toBe('insufficient');
  });
  it('says it in Chinese with r and n', () => {
    expect(correlationReading(0.91234, 40)).toBe('强正相关（r = 0.912，n = 40）');
    expect(correlationReading(-0.2, 12)).toBe('无明显相关（r = -0.200，n = 12）');
    expect(correlationReading(null, 2)).toContain('样本不足');
  });
});

describe('grades and values', () => {
  it('moves a grade up when it gets better', () => {
    expect(gradeMove('C', 'A')).toBe('up');
    expect(gradeMove('A', 'D')).toBe('down');
    expect(gradeMove('B', 'B')).toBe('same');
    expect(gradeMove('N', 'Y')).toBe('up');
    expect(gradeMove(null, 'A')).toBeNull();
  });
  it('paths the ancestors and reads numbers only', () => {
    expect(levelPath([{ name: '计分卡' }, { name: '就业质量' }, { name: '就业率' }])).toBe('计分卡 / 就业质量');
    expect(numberOf('85.5')).toBe(85.5);
    expect(numberOf('-3')).toBe(-3);
    expect(numberOf('优秀')).toBeNull();
    expect(numberOf(null)).toBeNull();
  });
});
