import { describe, expect, it } from 'vitest';
import {
  blankRow,
  checkCell,
  checkGrid,
  type FillField,
  importReport,
  moveFrom,
  parseClipboard,
  pasteBlock,
  rowsToSave,
  serverCellProblem,
  toGrid,
} from './fill.logic';

const field = (over: Partial<FillField> & Pick<FillField, 'name' | 'label'>): FillField => ({
  fieldId: 1,
  kind: 'text',
  required: false,
  unique: false,
  constantTypeId: null,
  min: null,
  max: null,
  decimals: null,
  defaultValue: null,
  ...over,
});

const gh = field({ fieldId: 1, name: 'gh', label: '工号', required: true, unique: true });
const ts = field({ fieldId: 2, name: 'ts', label: '天数', kind: 'number', min: 1, max: 365, decimals: 0 });
const lx = field({ fieldId: 3, name: 'lx', label: '实践类型', kind: 'select', constantTypeId: 7 });
const rq = field({ fieldId: 4, name: 'rq', label: '开始日期', kind: 'date' });
const wc = field({ fieldId: 5, name: 'wc', label: '是否完成', kind: 'yesNo', defaultValue: '否' });
const fields = [gh, ts, lx, rq, wc];
const options = new Map([
  [
    7,
    new Map([
      ['gd', '跟岗实践'],
      ['dg', '顶岗实践'],
    ]),
  ],
]);

describe('cells by the form field rules', () => {
  it('refuses what the server would, with its words', () => {
    expect(checkCell(gh, '  ')).toBe('不能为空');
    expect(checkCell(ts, '')).toBeNull();
    expect(checkCell(ts, 'abc')).toBe('应为数字');
    expect(checkCell(ts, '0')).toBe('不能小于 1');
    expect(checkCell(ts, '400')).toBe('不能大于 365');
    // An integer column (0 places) says what the warehouse says (issue 28 item 8), not 最多 0 位小数.
    expect(checkCell(ts, '3.5')).toBe('应为整数');
    expect(checkCell(ts, '6.5')).toBe('应为整数');
    const je = field({ fieldId: 9, name: 'je', label: '金额', kind: 'number', decimals: 2 });
    expect(checkCell(je, '6.125')).toBe('最多 2 位小数');
    expect(checkCell(je, '6.12')).toBeNull();
    expect(checkCell(ts, '3.0')).toBeNull();
    expect(checkCell(rq, '2026-02-30')).toBe('日期格式不正确，应为 YYYY-MM-DD');
    expect(checkCell(rq, '2026-02-28')).toBeNull();
    expect(checkCell(wc, '也许')).toBe('应为“是”或“否”');
    expect(checkCell(wc, '是')).toBeNull();
    expect(checkCell(lx, 'xx', options.get(7))).toBe('“xx”不是可选的值');
    expect(checkCell(lx, 'gd', options.get(7))).toBeNull();
    // Without the options loaded, the server decides.
    expect(checkCell(lx, 'xx')).toBeNull();
  });

  it('finds repeats of a unique field within the rows, naming the first row', () => {
    const rows = [
      { gh: 'T01', ts: '3', lx: '', rq: '', wc: '' },
      { gh: 'T02', ts: 'x', lx: '', rq: '', wc: '' },
      { gh: 'T01', ts: '', lx: '', rq: '', wc: '' },
    ];
    const problems = checkGrid(fields, rows, options);
    expect([...problems]).toEqual([
      ['1:ts', '应为数字'],
      ['2:gh', '与第 1 行重复'],
    ]);
  });

  it('skips blank rows of a floating table but not the one row of an empty grid', () => {
    const blank = { gh: '', ts: '', lx: '', rq: '', wc: '' };
    expect(checkGrid(fields, [{ ...blank, gh: 'T1' }, blank], options).size).toBe(0);
    expect(checkGrid(fields, [blank], options).get('0:gh')).toBe('不能为空');
  });
});

describe('rows in and out', () => {
  it('shows stored values as text and starts new rows with the defaults', () => {
    expect(toGrid(fields, [{ gh: 'T1', ts: 3, wc: true, lx: null }])).toEqual([
      { gh: 'T1', ts: '3', lx: '', rq: '', wc: '是' },
    ]);
    expect(blankRow(fields)).toEqual({ gh: '', ts: '', lx: '', rq: '', wc: '否' });
  });

  it('sends the rows holding anything and remembers where each came from', () => {
    const blank = { gh: '', ts: ' ' };
    const saved = rowsToSave([{ gh: 'a', ts: '' }, blank, { gh: 'b', ts: '' }]);
    expect(saved.index).toEqual([0, 2]);
    expect(saved.rows.map((r) => r.gh)).toEqual(['a', 'b']);
  });

  it("puts the server's refusal on its cell, counting rows as sent", () => {
    expect(serverCellProblem('第 2 行“天数”：不能大于 365', fields, [0, 4])).toEqual({
      key: '4:ts',
      rule: '不能大于 365',
    });
    expect(serverCellProblem('第 3 行“天数”：不能大于 365', fields, [0, 4])).toBeNull();
    expect(serverCellProblem('已过截止日期（2026-01-01），不能再填报或提交', fields, [0])).toBeNull();
  });
});

describe('paste from Excel', () => {
  it('reads tab-separated lines, quoted cells and the trailing newline', () => {
    expect(parseClipboard('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseClipboard('"x\ny"\t"say ""hi"""\nz\t')).toEqual([
      ['x\ny', 'say "hi"'],
      ['z', ''],
    ]);
    expect(parseClipboard('one')).toEqual([['one']]);
  });

  it('grows a floating table, keeps a fixed one to one row, maps labels to values, drops extra columns', () => {
    const start = [blankRow(fields)];
    const block = parseClipboard('1\t跟岗实践\t2026-03-01\t是\textra\n2\tdg\t\t否\n');
    const floating = pasteBlock(start, fields, { row: 0, col: 1 }, block, { floating: true, options });
    expect(floating.rows).toHaveLength(2);
    expect(floating.rows[0]).toEqual({ gh: '', ts: '1', lx: 'gd', rq: '2026-03-01', wc: '是' });
    expect(floating.rows[1]).toMatchObject({ ts: '2', lx: 'dg', wc: '否' });
    expect(floating).toMatchObject({ pastedRows: 2, pastedCols: 4, cut: false });
    const fixed = pasteBlock(start, fields, { row: 0, col: 1 }, block, { floating: false, options });
    expect(fixed.rows).toHaveLength(1);
    expect(fixed.cut).toBe(true);
  });
});

describe('keyboard moves', () => {
  const size = { rows: 3, cols: 4 };
  it('moves by arrows, Tab (wrapping) and Enter, never out of the grid', () => {
    expect(moveFrom({ row: 1, col: 1 }, 'ArrowUp', size)).toEqual({ row: 0, col: 1 });
    expect(moveFrom({ row: 1, col: 1 }, 'ArrowDown', size)).toEqual({ row: 2, col: 1 });
    expect(moveFrom({ row: 2, col: 1 }, 'ArrowDown', size)).toBeNull();
    expect(moveFrom({ row: 1, col: 3 }, 'Tab', size)).toEqual({ row: 2, col: 0 });
    expect(moveFrom({ row: 1, col: 0 }, 'Tab', { ...size, shift: true })).toEqual({ row: 0, col: 3 });
    expect(moveFrom({ row: 0, col: 0 }, 'Tab', { ...size, shift: true })).toBeNull();
    expect(moveFrom({ row: 2, col: 3 }, 'Tab', size)).toBeNull();
    expect(moveFrom({ row: 0, col: 2 }, 'Enter', size)).toEqual({ row: 1, col: 2 });
    expect(moveFrom({ row: 1, col: 2 }, 'Enter', { ...size, shift: true })).toEqual({ row: 0, col: 2 });
    expect(moveFrom({ row: 0, col: 0 }, 'x', size)).toBeNull();
  });

  it('moves left or right only when the caret is at the edge of the text', () => {
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowLeft', { ...size, caretAtStart: false })).toBeNull();
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowLeft', { ...size, caretAtStart: true })).toEqual({ row: 0, col: 0 });
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowRight', { ...size, caretAtEnd: false })).toBeNull();
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowRight', size)).toEqual({ row: 0, col: 2 });
  });
});

describe('the import report', () => {
  it('splits the refusal into rows, columns, reasons and values', () => {
    const r = importReport(
      '导入失败，共3处错误，未导入任何数据：第3行「姓名」：不能为空；第4行「天数」：不能大于 365（“400”）；第5行：与第 3 行重复',
    );
    expect(r.summary).toBe('导入失败，共3处错误，未导入任何数据');
    expect(r.rows).toEqual([
      { key: 0, row: 3, column: '姓名', reason: '不能为空', value: null },
      { key: 1, row: 4, column: '天数', reason: '不能大于 365', value: '400' },
      { key: 2, row: 5, column: '', reason: '与第 3 行重复', value: null },
    ]);
    expect(importReport('表格中没有数据')).toEqual({ summary: '表格中没有数据', rows: [] });
  });
});
