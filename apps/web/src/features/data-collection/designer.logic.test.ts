import type { FormField, WarehouseField } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import {
  bindRequired,
  type DesignerRow,
  defaultKind,
  fieldProblems,
  formFieldsOf,
  kindsFor,
  moveRow,
  publishBlocked,
  rowsOf,
  toggleBound,
  versionText,
  withKind,
} from './designer.logic';

const wf = (over: Partial<WarehouseField> & Pick<WarehouseField, 'id' | 'zdm' | 'zdzwm' | 'zdlx'>): WarehouseField => ({
  ckbid: 1,
  cd: null,
  xsws: null,
  sfbt: false,
  sfwy: false,
  wdid: null,
  wdmc: null,
  px: over.id,
  ...over,
});

const FIELDS: WarehouseField[] = [
  wf({ id: 1, zdm: 'gh', zdzwm: '工号', zdlx: 'text', sfbt: true, sfwy: true }),
  wf({ id: 2, zdm: 'xm', zdzwm: '姓名', zdlx: 'text' }),
  wf({ id: 3, zdm: 'ts', zdzwm: '天数', zdlx: 'integer' }),
  wf({ id: 4, zdm: 'je', zdzwm: '金额', zdlx: 'decimal', xsws: 2 }),
  wf({ id: 5, zdm: 'rq', zdzwm: '日期', zdlx: 'date' }),
  wf({ id: 6, zdm: 'sf', zdzwm: '是否完成', zdlx: 'boolean' }),
];

const field = (over: Partial<FormField> & Pick<FormField, 'fieldId' | 'label' | 'kind'>): FormField => ({
  required: false,
  unique: false,
  constantTypeId: null,
  min: null,
  max: null,
  decimals: null,
  defaultValue: null,
  ...over,
});

describe('the input kinds that fit a warehouse field type', () => {
  it('offers text kinds, select and file for text; number and select for integers; one kind for the rest', () => {
    expect(kindsFor('text')).toEqual(['text', 'textarea', 'select', 'multiSelect', 'file']);
    expect(kindsFor('integer')).toEqual(['number', 'select']);
    expect(kindsFor('decimal')).toEqual(['number']);
    expect(kindsFor('date')).toEqual(['date']);
    expect(kindsFor('boolean')).toEqual(['yesNo']);
  });
  it('starts a newly bound field with the first kind that fits', () => {
    expect(defaultKind('text')).toBe('text');
    expect(defaultKind('decimal')).toBe('number');
    expect(defaultKind('boolean')).toBe('yesNo');
  });
});

describe('the designer lines of a table', () => {
  it("puts the form's fields first in the form's order, then the others in the table's order", () => {
    const rows = rowsOf(FIELDS, [
      field({ fieldId: 3, label: '实践天数', kind: 'number', min: 1, max: 365 }),
      field({ fieldId: 1, label: '教师工号', kind: 'text' }),
    ]);
    expect(rows.map((r) => [r.fieldId, r.bound])).toEqual([
      [3, true],
      [1, true],
      [2, false],
      [4, false],
      [5, false],
      [6, false],
    ]);
    expect(rows[0]).toMatchObject({ label: '实践天数', min: 1, max: 365, kind: 'number' });
    // The table's own rules hold whatever the form said.
    expect(rows[1]).toMatchObject({ required: true, unique: true, tableRequired: true });
    expect(rows[2]).toMatchObject({ label: '姓名', kind: 'text', required: false });
  });
  it('drops a form field whose warehouse field is gone, and a field bound twice', () => {
    const rows = rowsOf(FIELDS, [
      field({ fieldId: 99, label: '已删除', kind: 'text' }),
      field({ fieldId: 2, label: 'A', kind: 'text' }),
      field({ fieldId: 2, label: 'B', kind: 'text' }),
    ]);
    expect(rows.filter((r) => r.bound).map((r) => r.label)).toEqual(['A']);
    expect(rows).toHaveLength(FIELDS.length);
  });
  it('binds the fields the table requires for a new form', () => {
    const rows = bindRequired(rowsOf(FIELDS, []));
    expect(rows.filter((r) => r.bound).map((r) => r.fieldId)).toEqual([1]);
  });
});

describe('the rules checked before 保存', () => {
  const base = () => bindRequired(rowsOf(FIELDS, []));
  const set = (rows: DesignerRow[], id: number, over: Partial<DesignerRow>) =>
    rows.map((r) => (r.fieldId === id ? { ...r, ...over } : r));

  it('passes a form whose bound fields follow every rule', () => {
    expect(fieldProblems(base())).toEqual([]);
  });
  it('names a required table field left unbound', () => {
    const rows = set(base(), 1, { bound: false });
    expect(fieldProblems(rows)).toEqual([{ fieldId: 1, message: '数据表中必填的字段“工号”没有绑定到表单' }]);
  });
  it('names an empty label, a select without constants, min above max, decimals on an integer', () => {
    let rows = toggleBound(base(), 2, true);
    rows = toggleBound(rows, 3, true);
    rows = set(rows, 1, { label: '  ' });
    rows = set(rows, 2, { kind: 'select' });
    rows = set(rows, 3, { min: 10, max: 1, decimals: 2 });
    expect(fieldProblems(rows).map((p) => p.message)).toEqual([
      '第 1 个字段：请输入显示名称',
      '第 2 个字段“姓名”：单选、多选需要选择常量类型',
      '第 3 个字段“天数”：最小值不能大于最大值',
      '第 3 个字段“天数”：整数字段不能有小数位',
    ]);
  });
  it('names a kind that does not fit the field type (as the server would)', () => {
    const rows = set(toggleBound(base(), 5, true), 5, { kind: 'number' });
    expect(fieldProblems(rows)).toEqual([
      { fieldId: 5, message: '第 2 个字段“日期”：组件类型“数字”不能绑定“日期”类型的数据表字段' },
    ]);
  });
  it('ignores the unbound lines', () => {
    const rows = set(base(), 2, { label: '', kind: 'select' });
    expect(fieldProblems(rows)).toEqual([]);
  });
});

describe('what is saved', () => {
  it('sends the bound lines in order, with settings only where their kind uses them', () => {
    let rows = bindRequired(rowsOf(FIELDS, []));
    rows = toggleBound(rows, 4, true);
    rows = toggleBound(rows, 2, true);
    rows = rows.map((r) =>
      r.fieldId === 4
        ? { ...r, min: 0, max: 100, decimals: 2, defaultValue: ' 0 ' }
        : r.fieldId === 2
          ? { ...r, kind: 'select' as const, constantTypeId: 7, min: 3 }
          : r,
    );
    expect(formFieldsOf(rows)).toEqual([
      field({ fieldId: 1, label: '工号', kind: 'text', required: true, unique: true }),
      field({ fieldId: 4, label: '金额', kind: 'number', min: 0, max: 100, decimals: 2, defaultValue: '0' }),
      field({ fieldId: 2, label: '姓名', kind: 'select', constantTypeId: 7 }),
    ]);
  });
  it('clears the settings of the old kind when the kind changes', () => {
    const row = { ...rowsOf(FIELDS, [])[2]!, bound: true, min: 1, max: 2, decimals: 0 };
    expect(withKind(row, 'select')).toMatchObject({ kind: 'select', min: null, max: null, decimals: null });
  });
});

describe('ordering and binding', () => {
  it('moves a bound line among the bound ones, not past the ends', () => {
    let rows = bindRequired(rowsOf(FIELDS, []));
    rows = toggleBound(rows, 3, true);
    rows = toggleBound(rows, 2, true);
    expect(rows.filter((r) => r.bound).map((r) => r.fieldId)).toEqual([1, 3, 2]);
    expect(
      moveRow(rows, 2, -1)
        .filter((r) => r.bound)
        .map((r) => r.fieldId),
    ).toEqual([1, 2, 3]);
    expect(
      moveRow(rows, 1, -1)
        .filter((r) => r.bound)
        .map((r) => r.fieldId),
    ).toEqual([1, 3, 2]);
    expect(moveRow(rows, 2, 1).map((r) => r.fieldId)).toEqual(rows.map((r) => r.fieldId));
  });
  it('never unbinds a field the table requires', () => {
    const rows = bindRequired(rowsOf(FIELDS, []));
    expect(toggleBound(rows, 1, false)).toEqual(rows);
  });
});

describe('versionText', () => {
  it('reads 未发布, 第 n 版, or 第 n 版 with changes', () => {
    expect(versionText({ version: 0, changedSincePublish: true })).toBe('未发布');
    expect(versionText({ version: 2, changedSincePublish: false })).toBe('第 2 版');
    expect(versionText({ version: 2, changedSincePublish: true })).toBe('第 2 版（有未发布的修改）');
  });
});

describe('publishBlocked', () => {
  it('says why 发布 is greyed', () => {
    expect(publishBlocked({ fields: [], changedSincePublish: true })).toBe('表单至少需要 1 个字段才能发布');
    expect(publishBlocked({ fields: [1], changedSincePublish: false })).toBe('表单自上次发布后没有修改');
    expect(publishBlocked({ fields: [1], changedSincePublish: true })).toBe('');
  });
});
