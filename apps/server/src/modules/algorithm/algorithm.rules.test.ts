import { ALGORITHM_MSG as M } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import {
  bindValues,
  columnKeys,
  columnKind,
  depthOf,
  failureMessage,
  hashText,
  heightOf,
  nest,
  paramsKey,
  shapeOf,
  subtreeOf,
  translatePg,
  wouldCycle,
} from './algorithm.rules';

const num = (name: string) => ({ name, kind: 'number' as const });
const txt = (name: string) => ({ name, kind: 'text' as const });

describe('result shapes per kind', () => {
  it('a value algorithm gives one row with a number first (null when there is no data)', () => {
    expect(shapeOf('value', [num('value')], [[12.5]])).toEqual({ ok: true, value: 12.5 });
    expect(shapeOf('value', [num('value')], [[null]])).toEqual({ ok: true, value: null });
    expect(shapeOf('value', [num('value')], [[1], [2]])).toEqual({ ok: false, message: M.shapeValue(2, 1) });
    expect(shapeOf('value', [num('value')], [])).toEqual({ ok: false, message: M.shapeValue(0, 1) });
    expect(shapeOf('value', [txt('name')], [['a']])).toEqual({ ok: false, message: M.shapeValueNotNumber('name') });
  });
  it('a chart algorithm gives a category then number series; a detail algorithm any table', () => {
    expect(shapeOf('chart', [txt('major'), num('n')], [['a', 1]]).ok).toBe(true);
    expect(shapeOf('chart', [txt('major')], [['a']])).toEqual({ ok: false, message: M.shapeChart });
    expect(shapeOf('chart', [txt('major'), txt('x')], [])).toEqual({ ok: false, message: M.shapeChartNotNumber('x') });
    expect(shapeOf('detail', [txt('a'), txt('b')], []).ok).toBe(true);
  });
});

describe('columns', () => {
  it('know numbers, text, dates and yes/no by type id', () => {
    expect([20, 23, 1700, 701].map(columnKind)).toEqual(['number', 'number', 'number', 'number']);
    expect([25, 1043].map(columnKind)).toEqual(['text', 'text']);
    expect([1082, 1184].map(columnKind)).toEqual(['date', 'date']);
    expect(columnKind(16)).toBe('boolean');
    expect(columnKind(114)).toBe('other');
  });
  it('give repeated names their own keys', () => {
    expect(columnKeys(['id', 'id', 'name', 'id'])).toEqual(['id', 'id_2', 'name', 'id_3']);
    expect(columnKeys(['a', 'a', 'a_2'])).toEqual(['a', 'a_2_', 'a_2']);
  });
});

describe('parameters', () => {
  it('binds the used ones in order, as text, and names a missing one', () => {
    expect(bindValues(['year', 'objectId'], { year: 2026, objectId: 'm01' })).toEqual({
      ok: true,
      values: ['2026', 'm01'],
    });
    expect(bindValues(['year', 'cycle'], { year: 2026 })).toEqual({ ok: false, missing: 'cycle' });
    expect(bindValues([], { year: 2026 })).toEqual({ ok: true, values: [] });
  });
  it('key the cache by the used ones only, in a fixed order', () => {
    expect(paramsKey(['year', 'objectId'], { objectId: 'm', year: 2026, cycle: 'x' })).toBe(
      paramsKey(['objectId', 'year'], { year: 2026, objectId: 'm' }),
    );
    expect(paramsKey([], { year: 1 })).toBe('{}');
  });
  it('hash the text with SHA-256', () => {
    expect(hashText('select 1')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashText('select 1')).not.toBe(hashText('select 2'));
  });
});

describe("PostgreSQL's refusals", () => {
  const at = { wrapOffset: 16, textOffset: 0, textLength: 40 };
  it('a timeout, a write, a permission, a missing column with its place', () => {
    expect(failureMessage({ code: '57014', message: 'x', position: null }, 'select 1', at, 5000)).toMatchObject({
      message: M.timeout(5),
      timeout: true,
    });
    expect(failureMessage({ code: '25006', message: 'x', position: null }, 'select 1', at, 5000).message).toBe(
      M.readOnly,
    );
    expect(failureMessage({ code: '42501', message: 'x', position: null }, 'select 1', at, 5000).message).toBe(
      M.noPermission,
    );
    const src = 'select\n  nope from warehouse.t';
    const r = failureMessage(
      { code: '42703', message: 'column "nope" does not exist', position: 16 + 10 },
      src,
      at,
      5000,
    );
    expect(r.place).toEqual({ line: 2, column: 3 });
    expect(r.message).toBe('表或字段不存在（第 2 行第 3 列）：字段“nope”不存在');
  });
  it('in Chinese where known', () => {
    expect(translatePg('division by zero')).toBe('除数为零');
    expect(translatePg('relation "warehouse.x" does not exist')).toBe('表“warehouse.x”不存在');
    expect(translatePg('something new')).toBe('something new');
  });
});

describe('the group tree', () => {
  const g = [
    { id: 1, parentId: null },
    { id: 2, parentId: 1 },
    { id: 3, parentId: 2 },
    { id: 4, parentId: null },
  ];
  it('knows depths, subtrees and heights', () => {
    expect(depthOf(g, 1)).toBe(1);
    expect(depthOf(g, 3)).toBe(3);
    expect(subtreeOf(g, 1)).toEqual([1, 2, 3]);
    expect(heightOf(g, 1)).toBe(2);
    expect(heightOf(g, 4)).toBe(0);
  });
  it('refuses a move under itself or its own', () => {
    expect(wouldCycle(g, 1, 3)).toBe(true);
    expect(wouldCycle(g, 1, 1)).toBe(true);
    expect(wouldCycle(g, 3, 4)).toBe(false);
    expect(wouldCycle(g, 3, null)).toBe(false);
  });
  it('nests rows under their parents in order', () => {
    const t = nest(g);
    expect(t.map((n) => n.id)).toEqual([1, 4]);
    expect(t[0]?.children[0]?.id).toBe(2);
  });
});
