import { DIMENSION_TEXT, EXCEL_MSG } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { dutyChanged, importReport, parentTypesFor, toggled } from './dimension-logic';

const types = [
  { id: 1, wdbm: 'college', wdmc: '学院', sjlx: ['school'] },
  { id: 2, wdbm: 'major', wdmc: '专业', sjlx: ['college'] },
  { id: 3, wdbm: 'school', wdmc: '学校', sjlx: [] },
  { id: 4, wdbm: 'base', wdmc: '实训基地', sjlx: null },
  { id: 5, wdbm: 'teacher', wdmc: '教师', sjlx: ['college', 'department'] },
];

describe('parentTypesFor', () => {
  it('follows the type’s rule, any type for an added one, none for a root', () => {
    expect(parentTypesFor(types[1], types).map((t) => t.wdmc)).toEqual(['学院']);
    expect(parentTypesFor(types[2], types)).toEqual([]);
    expect(parentTypesFor(types[3], types)).toHaveLength(5);
    // A type the rule names that is not in the list (deleted or not loaded) is left out.
    expect(parentTypesFor(types[4], types).map((t) => t.wdmc)).toEqual(['学院']);
    expect(parentTypesFor(undefined, types)).toEqual([]);
  });
});

describe('importReport', () => {
  it('splits a row-by-row refusal into lines, and keeps another message whole', () => {
    const message = `${EXCEL_MSG.importFailed(2)}${EXCEL_MSG.cell(3, '类型', '维度类型不存在', '宿舍')}；${EXCEL_MSG.cell(5, '上级编码', '上级对象不存在')}`;
    const report = importReport(message);
    expect(report.summary).toBe(DIMENSION_TEXT.importProblems(2));
    expect(report.lines).toHaveLength(2);
    expect(report.lines[0]).toContain('第3行');
    expect(report.lines[1]).toContain('第5行');
    expect(importReport(EXCEL_MSG.headerMismatch)).toEqual({ summary: EXCEL_MSG.headerMismatch, lines: [] });
  });
});

describe('toggled and dutyChanged', () => {
  it('adds ticked rows once and removes unticked ones', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    const c = { id: 3 };
    expect(toggled([a], [a, b], true)).toEqual([a, b]);
    expect(toggled([a, b, c], [b], false)).toEqual([a, c]);
    expect(dutyChanged([a, b], [b, a])).toBe(false);
    expect(dutyChanged([a, b], [a, c])).toBe(true);
    expect(dutyChanged([a], [a, b])).toBe(true);
  });
});
