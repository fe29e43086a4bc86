import { fieldShapeProblem, identifier, identifierProblem, DATA_MANAGE_MSG as M } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  columnType,
  conversionOf,
  type FieldDef,
  filterFits,
  parseValue,
  typeLabel,
} from './data-manage.rules';

const field = (f: Partial<FieldDef>): FieldDef => ({
  id: 1,
  name: 'f',
  label: '字段',
  type: 'text',
  length: null,
  scale: null,
  required: false,
  unique: false,
  ...f,
});
const ok = (f: Partial<FieldDef>, raw: unknown) => {
  const p = parseValue(field(f), raw);
  if (!p.ok) throw new Error(`refused ${String(raw)}: ${p.rule}`);
  return [p.value, p.key];
};
const rule = (f: Partial<FieldDef>, raw: unknown) => {
  const p = parseValue(field(f), raw);
  return p.ok ? null : p.rule;
};

describe('identifiers', () => {
  it('take letters, digits and underscores, a letter first, at most 63, no keyword, lower-cased', () => {
    expect(identifier('table').parse(' Student_01 ')).toBe('student_01');
    expect(identifierProblem('a'.repeat(63), 'table')).toBeNull();
    expect(identifierProblem('a'.repeat(64), 'table')).toBe(M.identifierTooLong);
    for (const bad of ['1a', '_a', 'a-b', 'a b', 'a"b', "a'b", 'a;b', '学号', 'ａ', 'é'])
      expect(identifierProblem(bad, 'field'), bad).toBe(M.identifierFormat);
    expect(identifierProblem('select', 'table')).toBe(M.identifierKeyword('select'));
    expect(identifierProblem('pg_temp', 'table')).toBe(M.identifierPgPrefix);
    expect(identifierProblem('id', 'field')).toBe(M.identifierSystem('id'));
    expect(identifierProblem('id', 'table')).toBeNull();
    expect(identifierProblem('ctid', 'field')).toBe(M.identifierSystem('ctid'));
  });
});

describe('field shapes and column types', () => {
  it('give each type its column and refuse lengths the type does not take', () => {
    expect(columnType(field({ type: 'text' }))).toBe('text');
    expect(columnType(field({ type: 'text', length: 20 }))).toBe('varchar(20)');
    expect(columnType(field({ type: 'integer' }))).toBe('bigint');
    expect(columnType(field({ type: 'decimal' }))).toBe('numeric(18,2)');
    expect(columnType(field({ type: 'decimal', length: 6, scale: 0 }))).toBe('numeric(6,0)');
    expect(columnType(field({ type: 'date' }))).toBe('date');
    expect(columnType(field({ type: 'boolean' }))).toBe('boolean');
    expect(() => columnType(field({ type: 'text', length: 1.5 }))).toThrow();
    expect(typeLabel(field({ type: 'decimal', length: 5, scale: 1 }))).toBe('小数(5,1)');
    expect(fieldShapeProblem({ zdlx: 'integer', cd: 3 })).toEqual({ path: 'cd', message: M.lengthOnlyText });
    expect(fieldShapeProblem({ zdlx: 'decimal', cd: 2, xsws: 2 })).toEqual({ path: 'xsws', message: M.scaleRange });
    expect(fieldShapeProblem({ zdlx: 'decimal', xsws: 17 })).toEqual({ path: 'xsws', message: M.scaleRange });
    expect(fieldShapeProblem({ zdlx: 'text', cd: 4000 })).toBeNull();
  });
});

describe('parseValue', () => {
  it('reads empty as null, refused when required', () => {
    expect(ok({}, '  ')).toEqual([null, null]);
    expect(ok({ type: 'integer' }, null)).toEqual([null, null]);
    expect(rule({ required: true }, '')).toBe('不能为空');
  });
  it('counts text in characters', () => {
    expect(ok({ length: 2 }, '学号')).toEqual(['学号', '学号']);
    expect(ok({ length: 2 }, '😀😀')).toEqual(['😀😀', '😀😀']);
    expect(rule({ length: 2 }, '学号码')).toBe('不能超过2个字符');
  });
  it('reads integers within bigint', () => {
    expect(ok({ type: 'integer' }, '+007')).toEqual(['7', '7']);
    expect(ok({ type: 'integer' }, 12)).toEqual(['12', '12']);
    expect(ok({ type: 'integer' }, '-9223372036854775808')[0]).toBe('-9223372036854775808');
    expect(rule({ type: 'integer' }, '9223372036854775808')).toContain('超出范围');
    for (const bad of ['1.5', '1e3', 'abc', '1 2', '0x10'])
      expect(rule({ type: 'integer' }, bad), bad).toBe('应为整数');
  });
  it('reads decimals as PostgreSQL stores them, rounded to the places', () => {
    const d = { type: 'decimal' as const, length: 4, scale: 2 };
    expect(ok(d, '99.99')).toEqual(['99.99', '9999']);
    expect(ok(d, '1.5')).toEqual(['1.5', '150']);
    expect(ok(d, '1.50')[1]).toBe('150');
    expect(ok(d, '.5')[1]).toBe('50');
    expect(ok(d, '-0.001')[1]).toBe('0');
    expect(ok(d, '1.005')[1]).toBe('101');
    expect(rule(d, '99.995')).toBe('整数部分最多2位，小数部分最多2位');
    expect(rule(d, '100')).toBe('整数部分最多2位，小数部分最多2位');
    for (const bad of ['.', '-', '1,5', 'abc', '1e2']) expect(rule(d, bad), bad).toBe('应为数字');
  });
  it('reads calendar dates and yes/no words', () => {
    expect(calendarDate('2024/9/1')).toBe('2024-09-01');
    expect(calendarDate('2024-02-29')).toBe('2024-02-29');
    expect(calendarDate('2023-02-29')).toBeNull();
    expect(calendarDate('0000-01-01')).toBeNull();
    expect(rule({ type: 'date' }, '2024-13-01')).toBe('日期格式不正确，应为 YYYY-MM-DD');
    expect(ok({ type: 'boolean' }, '是')).toEqual([true, 'true']);
    expect(ok({ type: 'boolean' }, 'FALSE')).toEqual([false, 'false']);
    expect(ok({ type: 'boolean' }, true)).toEqual([true, 'true']);
    expect(rule({ type: 'boolean' }, '也许')).toBe('应为“是”或“否”');
  });
  it('filters by what each type can be compared with', () => {
    expect(filterFits('text', 'contains')).toBe(true);
    expect(filterFits('integer', 'contains')).toBe(false);
    expect(filterFits('date', 'gte')).toBe(true);
    expect(filterFits('boolean', 'lte')).toBe(false);
    expect(filterFits('boolean', 'eq')).toBe(true);
  });
});

describe('conversionOf (issue 28: a type change never loses data)', () => {
  const f = (type: FieldDef['type'], length: number | null = null, scale: number | null = null) => ({
    type,
    length,
    scale,
  });
  it('needs no check where no value can change', () => {
    expect(conversionOf(f('text', 20), f('text', 30))).toEqual({ kind: 'none' });
    expect(conversionOf(f('text', 20), f('text'))).toEqual({ kind: 'none' });
    expect(conversionOf(f('integer'), f('text', 20))).toEqual({ kind: 'none' });
    expect(conversionOf(f('date'), f('text', 10))).toEqual({ kind: 'none' });
    expect(conversionOf(f('decimal', 10, 2), f('decimal', 12, 3))).toEqual({ kind: 'none' });
    expect(conversionOf(f('integer'), f('decimal', 21, 2))).toEqual({ kind: 'none' });
  });
  it('checks the rows where a value could be rounded, cut or unreadable', () => {
    expect(conversionOf(f('decimal', 10, 2), f('integer'))).toEqual({
      kind: 'check',
      rule: { type: 'decimalToInteger' },
    });
    expect(conversionOf(f('decimal', 10, 2), f('decimal', 10, 1))).toMatchObject({ rule: { type: 'numberToDecimal' } });
    expect(conversionOf(f('text'), f('text', 5))).toEqual({
      kind: 'check',
      rule: { type: 'textLength', length: 5, from: 'text' },
    });
    expect(conversionOf(f('date'), f('text', 8))).toMatchObject({ rule: { type: 'textLength', from: 'date' } });
    expect(conversionOf(f('text'), f('integer'))).toMatchObject({ rule: { type: 'textToInteger' } });
    expect(conversionOf(f('text'), f('decimal', 10, 2))).toMatchObject({
      rule: { type: 'textToDecimal', precision: 10, scale: 2 },
    });
    expect(conversionOf(f('text'), f('date'))).toMatchObject({ rule: { type: 'textToDate' } });
    expect(conversionOf(f('text'), f('boolean'))).toMatchObject({ rule: { type: 'textToBoolean' } });
  });
  it('knows when no value survives', () => {
    for (const [a, b] of [
      ['date', 'integer'],
      ['boolean', 'decimal'],
      ['integer', 'boolean'],
      ['decimal', 'date'],
    ] as const)
      expect(
        conversionOf(
          f(a, a === 'decimal' ? 10 : null, a === 'decimal' ? 2 : null),
          f(b, b === 'decimal' ? 10 : null, b === 'decimal' ? 2 : null),
        ),
      ).toEqual({
        kind: 'impossible',
      });
  });
});
