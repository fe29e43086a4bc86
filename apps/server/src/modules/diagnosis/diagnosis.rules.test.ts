import type { GradeRule } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import {
  addDay,
  checkTarget,
  checkValue,
  dailySchedule,
  flagsOf,
  gradeOf,
  judge,
  levelOptions,
  type RowRule,
  reaches,
  scoreOf,
  yearOfCycleValue,
} from './diagnosis.rules';

const thresholds: GradeRule = { type: 'thresholds', A: 90, B: 80, C: 60 };
const lowThresholds: GradeRule = { type: 'thresholds', A: 5, B: 10, C: 20 };
const levelList: GradeRule = {
  type: 'levels',
  levels: [
    { value: '优秀', dxLevel: 'A' },
    { value: '合格', dxLevel: 'C' },
    { value: '良好', dxLevel: 'B' },
    { value: '不合格', dxLevel: 'D' },
  ],
};
const row = (over: Partial<RowRule>): RowRule => ({
  zlx: 'others',
  direction: 'higher',
  gradeRule: null,
  bzz: null,
  ...over,
});
const percent = row({ zlx: 'percent', gradeRule: thresholds, bzz: '85' });
const lower = row({ zlx: 'others', direction: 'lower', gradeRule: lowThresholds, bzz: '10' });
const have = row({ zlx: 'have', bzz: '1', direction: null });
const whether = row({ zlx: 'whether', bzz: '0', direction: 'lower' });
const levels = row({ zlx: 'levels', gradeRule: levelList, bzz: '合格', direction: null });

describe('checkValue: each value type', () => {
  it('percent: 0-100 with two decimals, normalised', () => {
    expect(checkValue(percent, ' 85.50 ', '目标值')).toEqual({ ok: true, value: '85.5' });
    expect(checkValue(percent, '0', '目标值')).toEqual({ ok: true, value: '0' });
    expect(checkValue(percent, '100', '目标值')).toEqual({ ok: true, value: '100' });
    expect(checkValue(percent, '100.01', '目标值')).toEqual({
      ok: false,
      message: '目标值“100.01”应为 0 到 100 之间的百分比',
    });
    expect(checkValue(percent, '-1', '结果值')).toMatchObject({ ok: false });
    // A computed rate may leave 0-100 (more enrolled than planned, a fall): only what a person types is held to it.
    expect(checkValue(percent, '101.33', '结果值', { measured: true })).toEqual({ ok: true, value: '101.33' });
    expect(checkValue(percent, '-12.5', '结果值', { measured: true })).toEqual({ ok: true, value: '-12.5' });
    expect(checkValue(percent, 'abc', '结果值', { measured: true })).toMatchObject({ ok: false });
    expect(checkValue(percent, '12.345', '目标值')).toEqual({ ok: false, message: '目标值“12.345”最多保留两位小数' });
    expect(checkValue(percent, 'abc', '目标值')).toEqual({ ok: false, message: '目标值“abc”不是有效的数值' });
    expect(checkValue(percent, '  ', '目标值')).toEqual({ ok: false, message: '请填写目标值' });
  });
  it('others: any finite number, two decimals', () => {
    expect(checkValue(lower, '-3.2', '结果值')).toEqual({ ok: true, value: '-3.2' });
    expect(checkValue(lower, '12000', '结果值')).toEqual({ ok: true, value: '12000' });
    expect(checkValue(lower, '1e5', '结果值')).toMatchObject({ ok: false });
    expect(checkValue(lower, 'Infinity', '结果值')).toMatchObject({ ok: false });
  });
  it('have and whether: 0 or 1, named as the page offers them', () => {
    expect(checkValue(have, '1', '目标值')).toEqual({ ok: true, value: '1' });
    expect(checkValue(have, '2', '目标值')).toEqual({ ok: false, message: '目标值“2”应为 无(0) 或 有(1)' });
    expect(checkValue(whether, '0', '目标值')).toEqual({ ok: true, value: '0' });
    expect(checkValue(whether, '是', '目标值')).toEqual({ ok: false, message: '目标值“是”应为 否(0) 或 是(1)' });
  });
  it('levels: one of the grade rule list', () => {
    expect(levelOptions(levels)).toEqual(['优秀', '合格', '良好', '不合格']);
    expect(checkValue(levels, '良好', '结果值')).toEqual({ ok: true, value: '良好' });
    expect(checkValue(levels, '一般', '结果值')).toEqual({
      ok: false,
      message: '结果值“一般”不在等级列表中（优秀、合格、良好、不合格）',
    });
    expect(checkValue(row({ zlx: 'levels' }), '优秀', '结果值')).toMatchObject({ ok: false });
  });
});

describe('checkTarget: against the standard by direction', () => {
  it('higher is better: a target below the standard is refused naming both', () => {
    expect(checkTarget(percent, '90')).toEqual({ ok: true, value: '90' });
    expect(checkTarget(percent, '85')).toEqual({ ok: true, value: '85' });
    expect(checkTarget(percent, '80')).toEqual({
      ok: false,
      message: '目标值 80 低于标准值 85，越高越好的指标目标值不能低于标准值',
    });
  });
  it('lower is better: a target above the standard is refused', () => {
    expect(checkTarget(lower, '8')).toEqual({ ok: true, value: '8' });
    expect(checkTarget(lower, '12')).toEqual({
      ok: false,
      message: '目标值 12 高于标准值 10，越低越好的指标目标值不能高于标准值',
    });
  });
  it('levels by grade order; have / whether and rows without a standard take any valid value', () => {
    expect(checkTarget(levels, '良好')).toMatchObject({ ok: true });
    expect(checkTarget(levels, '不合格')).toMatchObject({ ok: false });
    expect(checkTarget(have, '0')).toEqual({ ok: true, value: '0' });
    expect(checkTarget(row({ bzz: null }), '-5')).toEqual({ ok: true, value: '-5' });
    expect(checkTarget(percent, '101')).toMatchObject({ ok: false, message: '目标值“101”应为 0 到 100 之间的百分比' });
  });
});

describe('gradeOf: every value type and direction', () => {
  it('thresholds, higher is better', () => {
    expect(['95', '90', '85', '80', '70', '60', '59.99'].map((v) => gradeOf(percent, v))).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
    ]);
  });
  it('thresholds, lower is better', () => {
    expect(['3', '5', '7', '10', '15', '20', '21'].map((v) => gradeOf(lower, v))).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
    ]);
  });
  it('no direction reads as higher is better', () => {
    expect(gradeOf(row({ direction: null, gradeRule: thresholds }), '91')).toBe('A');
  });
  it('a level list: value -> dxLevel', () => {
    expect(['优秀', '良好', '合格', '不合格', '其他'].map((v) => gradeOf(levels, v))).toEqual([
      'A',
      'B',
      'C',
      'D',
      null,
    ]);
  });
  it('have / whether: Y for the good value, N otherwise', () => {
    expect([gradeOf(have, '1'), gradeOf(have, '0')]).toEqual(['Y', 'N']);
    expect([gradeOf(whether, '0'), gradeOf(whether, '1')]).toEqual(['Y', 'N']);
  });
  it('no result, or no rule: no grade', () => {
    expect(gradeOf(percent, null)).toBeNull();
    expect(gradeOf(row({ gradeRule: null }), '50')).toBeNull();
    expect(gradeOf(row({ zlx: 'levels', gradeRule: thresholds }), '优秀')).toBeNull();
  });
});

describe('flags: unfin against the target, dis against the standard', () => {
  const v = (over: Partial<{ mbz: string; xzmbz: string; jgz: string; xzjgz: string }>) => ({
    mbz: null,
    xzmbz: null,
    jgz: null,
    xzjgz: null,
    ...over,
  });
  it('higher is better', () => {
    expect(flagsOf(percent, v({ mbz: '90', jgz: '88' }))).toEqual({ unfin: true, dis: false });
    expect(flagsOf(percent, v({ mbz: '90', jgz: '80' }))).toEqual({ unfin: true, dis: true });
    expect(flagsOf(percent, v({ mbz: '90', jgz: '90' }))).toEqual({ unfin: false, dis: false });
  });
  it('lower is better', () => {
    expect(flagsOf(lower, v({ mbz: '8', jgz: '9' }))).toEqual({ unfin: true, dis: false });
    expect(flagsOf(lower, v({ mbz: '8', jgz: '11' }))).toEqual({ unfin: true, dis: true });
    expect(flagsOf(lower, v({ mbz: '8', jgz: '7' }))).toEqual({ unfin: false, dis: false });
  });
  it('revised values win over the first ones', () => {
    expect(flagsOf(percent, v({ mbz: '90', xzmbz: '86', jgz: '80', xzjgz: '87' }))).toEqual({
      unfin: false,
      dis: false,
    });
  });
  it('have / whether unequal; levels by grade order', () => {
    expect(flagsOf(have, v({ mbz: '1', jgz: '0' }))).toEqual({ unfin: true, dis: true });
    expect(flagsOf(whether, v({ mbz: '0', jgz: '0' }))).toEqual({ unfin: false, dis: false });
    expect(flagsOf(levels, v({ mbz: '良好', jgz: '合格' }))).toEqual({ unfin: true, dis: false });
    expect(flagsOf(levels, v({ mbz: '良好', jgz: '不合格' }))).toEqual({ unfin: true, dis: true });
    expect(flagsOf(levels, v({ mbz: '良好', jgz: '优秀' }))).toEqual({ unfin: false, dis: false });
  });
  it('no result: neither flag; no target: no unfin', () => {
    expect(flagsOf(percent, v({ mbz: '90' }))).toEqual({ unfin: false, dis: false });
    expect(flagsOf(percent, v({ jgz: '50' }))).toEqual({ unfin: false, dis: true });
    expect(flagsOf(row({ bzz: null }), v({ jgz: '50' }))).toEqual({ unfin: false, dis: false });
  });
  it('judge gives grade and flags together; values of another type compare as unknown', () => {
    expect(judge(percent, v({ mbz: '90', jgz: '80' }))).toEqual({ jgdj: 'B', unfin: true, dis: true });
    expect(reaches(percent, 'x', '1')).toBeNull();
  });
});

describe('scoreOf', () => {
  it('the mean of graded rows to two decimals; ungraded rows do not count', () => {
    expect(scoreOf(['A', 'B', 'C', null])).toMatchObject({ score: 85, graded: 3 });
    expect(scoreOf(['A', 'D', 'N'])).toMatchObject({ score: 50, graded: 3, grades: { A: 1, D: 1, N: 1, Y: 0 } });
    expect(scoreOf(['B', 'C', 'Y'])).toMatchObject({ score: 85 });
    expect(scoreOf(['A', 'B', 'B'])).toMatchObject({ score: 90 });
    expect(scoreOf(['A', 'C', 'C'])).toMatchObject({ score: 80 });
    expect(scoreOf(['B', 'C', 'C'])).toMatchObject({ score: 75 });
    expect(scoreOf(['A', 'B', 'D'])).toMatchObject({ score: 78.33 });
    expect(scoreOf([null])).toMatchObject({ score: null, graded: 0 });
  });
});

describe('the daily schedule and the cycle year', () => {
  const task = { state: 'normal', startDate: '2026-03-01', endDate: '2026-03-31' };
  it('a normal task in its dates runs once a day', () => {
    expect(dailySchedule(task, '2026-03-10', null)).toEqual({ scheduled: true, due: true, nextDay: '2026-03-10' });
    expect(dailySchedule(task, '2026-03-10', '2026-03-09')).toMatchObject({ due: true });
    expect(dailySchedule(task, '2026-03-10', '2026-03-10')).toEqual({
      scheduled: true,
      due: false,
      nextDay: '2026-03-11',
    });
    expect(dailySchedule(task, '2026-03-31', '2026-03-31')).toEqual({ scheduled: true, due: false, nextDay: null });
  });
  it('before its start it waits; after its end, paused or finished it does not run', () => {
    expect(dailySchedule(task, '2026-02-01', null)).toEqual({ scheduled: true, due: false, nextDay: '2026-03-01' });
    expect(dailySchedule(task, '2026-04-01', null)).toMatchObject({ scheduled: false, due: false });
    expect(dailySchedule({ ...task, state: 'pause' }, '2026-03-10', null)).toMatchObject({ scheduled: false });
    expect(dailySchedule({ ...task, state: 'finished' }, '2026-03-10', null)).toMatchObject({ scheduled: false });
  });
  it('addDay crosses months and years; a cycle value names its year', () => {
    expect(addDay('2026-02-28')).toBe('2026-03-01');
    expect(addDay('2025-12-31')).toBe('2026-01-01');
    expect(yearOfCycleValue('2025-2026学年')).toBe(2025);
    expect(yearOfCycleValue('2026')).toBe(2026);
    expect(yearOfCycleValue('第一学期')).toBeNull();
  });
});
