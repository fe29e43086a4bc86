import { STANDARD_MSG as M } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { breaches, gradeOf, type NodeValues, nodeProblems, numberOf, thresholdsInOrder } from './standard-node.rules';

const base: NodeValues = {
  bzz: null,
  zlx: null,
  fsdl: false,
  calRule: null,
  direction: null,
  gradeRule: null,
  warningRule: null,
  zdbz: null,
};
const v = (over: Partial<NodeValues>): NodeValues => ({ ...base, ...over });
const LEVELS = {
  type: 'levels' as const,
  levels: [
    { value: '优秀', dxLevel: 'A' as const },
    { value: '合格', dxLevel: 'C' as const },
  ],
};

describe('value-type and standard value rules', () => {
  it('a dimension carries only its name and description', () => {
    expect(nodeProblems('dimension', base)).toEqual([]);
    expect(nodeProblems('dimension', v({ bzz: '1' }))).toEqual([M.dimensionNoValues]);
    expect(nodeProblems('dimension', v({ zdbz: '标准' }))).toEqual([M.dimensionNoValues]);
  });

  it('a node without a value type is a grouping: no standard value nor rules', () => {
    expect(nodeProblems('qcp', base)).toEqual([]);
    expect(nodeProblems('qcp', v({ bzz: '3' }))).toEqual([M.noTypeNoValues]);
    expect(nodeProblems('indicator', v({ calRule: 4 }))).toEqual([M.noTypeNoValues]);
  });

  it('have / whether need 0 or 1', () => {
    expect(nodeProblems('qcp', v({ zlx: 'have' }))).toEqual([M.bzzMissing('有无')]);
    expect(nodeProblems('qcp', v({ zlx: 'whether', bzz: '2' }))).toEqual([M.bzzZeroOne('是否')]);
    expect(nodeProblems('qcp', v({ zlx: 'whether', bzz: '1' }))).toEqual([]);
  });

  it('percent needs a number from 0 to 100, others a number when given', () => {
    expect(nodeProblems('qcp', v({ zlx: 'percent' }))).toEqual([M.bzzMissing('百分比')]);
    expect(nodeProblems('qcp', v({ zlx: 'percent', bzz: '120' }))).toEqual([M.bzzPercent]);
    expect(nodeProblems('qcp', v({ zlx: 'percent', bzz: '六十' }))).toEqual([M.bzzPercent]);
    expect(nodeProblems('qcp', v({ zlx: 'percent', bzz: '60%' }))).toEqual([]);
    expect(nodeProblems('qcp', v({ zlx: 'others' }))).toEqual([]);
    expect(nodeProblems('qcp', v({ zlx: 'others', bzz: '1e3' }))).toEqual([M.bzzNumber]);
    expect(nodeProblems('qcp', v({ zlx: 'others', bzz: '-12.5' }))).toEqual([]);
  });

  it('levels need a level list and a standard value among its levels', () => {
    expect(nodeProblems('qcp', v({ zlx: 'levels', bzz: '优秀' }))).toEqual([M.gradeLevelsRequired]);
    expect(nodeProblems('qcp', v({ zlx: 'levels', bzz: '良好', gradeRule: LEVELS }))).toEqual([
      M.bzzLevel(['优秀', '合格']),
    ]);
    expect(nodeProblems('qcp', v({ zlx: 'levels', bzz: '合格', gradeRule: LEVELS }))).toEqual([]);
    expect(
      nodeProblems(
        'qcp',
        v({
          zlx: 'levels',
          bzz: '合格',
          gradeRule: { type: 'levels', levels: [...LEVELS.levels, { value: '合格', dxLevel: 'D' }] },
        }),
      ),
    ).toEqual([M.levelsDuplicate('合格')]);
  });

  it('numbers are plain decimals', () => {
    expect(numberOf('12.50')).toBe(12.5);
    expect(numberOf(' 7 ')).toBe(7);
    expect(numberOf('0x10')).toBeNull();
    expect(numberOf('Infinity')).toBeNull();
    expect(numberOf('')).toBeNull();
  });
});

describe('grade thresholds', () => {
  const T = (A: number, B: number, C: number) => ({ type: 'thresholds' as const, A, B, C });
  it('are strictly ordered by the direction', () => {
    expect(thresholdsInOrder('higher', { A: 90, B: 80, C: 60 })).toBe(true);
    expect(thresholdsInOrder('higher', { A: 90, B: 90, C: 60 })).toBe(false);
    expect(thresholdsInOrder('lower', { A: 5, B: 10, C: 20 })).toBe(true);
    expect(thresholdsInOrder('lower', { A: 90, B: 80, C: 60 })).toBe(false);
    expect(nodeProblems('qcp', v({ zlx: 'others', direction: 'higher', gradeRule: T(60, 80, 90) }))).toEqual([
      M.gradeOrderHigher,
    ]);
    expect(nodeProblems('qcp', v({ zlx: 'percent', bzz: '10', direction: 'lower', gradeRule: T(60, 80, 90) }))).toEqual(
      [],
    );
    expect(nodeProblems('qcp', v({ zlx: 'others', gradeRule: T(90, 80, 60) }))).toEqual([M.directionRequired]);
  });
  it('do not apply to yes/no types, and a level list only to levels', () => {
    expect(nodeProblems('qcp', v({ zlx: 'have', bzz: '1', direction: 'higher', gradeRule: T(3, 2, 1) }))).toEqual([
      M.gradeNoneForYesNo('有无'),
    ]);
    expect(nodeProblems('qcp', v({ zlx: 'others', gradeRule: LEVELS }))).toEqual([M.gradeLevelsOnlyForLevels]);
  });
  it('grade a value, D below C', () => {
    const t = { A: 90, B: 80, C: 60 };
    expect([95, 85, 60, 59].map((x) => gradeOf('higher', t, x))).toEqual(['A', 'B', 'C', 'D']);
    const l = { A: 5, B: 10, C: 20 };
    expect([5, 9, 20, 21].map((x) => gradeOf('lower', l, x))).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('warning rule', () => {
  const W = { operator: '<' as const, cycle: 'month' as const };
  it('value mode needs a value (0 or 1 for yes/no types)', () => {
    expect(nodeProblems('qcp', v({ zlx: 'others', warningRule: { mode: 'value', ...W } }))).toEqual([
      M.warningValueRequired,
    ]);
    expect(
      nodeProblems('qcp', v({ zlx: 'whether', bzz: '1', warningRule: { mode: 'value', value: 3, ...W } })),
    ).toEqual([M.warningZeroOne('是否')]);
    expect(nodeProblems('qcp', v({ zlx: 'others', warningRule: { mode: 'value', value: 3, ...W } }))).toEqual([]);
  });
  it('level mode needs a grade and a grade rule', () => {
    expect(nodeProblems('qcp', v({ zlx: 'others', warningRule: { mode: 'level', ...W } }))).toEqual([
      M.warningGradeRequired,
    ]);
    expect(nodeProblems('qcp', v({ zlx: 'others', warningRule: { mode: 'level', grade: 'C', ...W } }))).toEqual([
      M.warningLevelNeedsGrades,
    ]);
    expect(
      nodeProblems(
        'qcp',
        v({ zlx: 'levels', bzz: '优秀', gradeRule: LEVELS, warningRule: { mode: 'level', grade: 'C', ...W } }),
      ),
    ).toEqual([]);
  });
  it('breaches by its operator', () => {
    expect(breaches('<', 59, 60)).toBe(true);
    expect(breaches('<', 60, 60)).toBe(false);
    expect(breaches('<=', 60, 60)).toBe(true);
    expect(breaches('=', 1, 1)).toBe(true);
    expect(breaches('>=', 61, 60)).toBe(true);
    expect(breaches('>', 60, 60)).toBe(false);
  });
});
