import { describe, expect, it } from 'vitest';
import { checkFigureRows, checkUnitRows, rankRows, sampleFigures, summarize, trendYears } from './rival.rules';

describe('rankRows', () => {
  it('ranks the better first with shared ranks and no value last', () => {
    const rows = [
      { c: 'a', value: 3 },
      { c: 'b', value: null },
      { c: 'c', value: 5 },
      { c: 'd', value: 5 },
    ];
    expect(rankRows(rows, true).map((r) => [r.c, r.rank])).toEqual([
      ['c', 1],
      ['d', 1],
      ['a', 3],
      ['b', null],
    ]);
    expect(rankRows(rows, false).map((r) => [r.c, r.rank])).toEqual([
      ['a', 1],
      ['c', 2],
      ['d', 2],
      ['b', null],
    ]);
  });
});

describe('summarize and trendYears', () => {
  it('averages to two decimals, ignoring gaps', () => {
    expect(summarize([1, null, 2, 2])).toEqual({ avg: 1.67, max: 2, min: 1, count: 3 });
    expect(summarize([null])).toEqual({ avg: null, max: null, min: null, count: 0 });
  });
  it('takes the last five years with figures by default and refuses a reversed or too long span', () => {
    expect(trendYears([2018, 2019, 2020, 2021, 2022, 2023, 2024])).toEqual([2020, 2021, 2022, 2023, 2024]);
    expect(trendYears([2024])).toEqual([2024]);
    expect(trendYears([])).toEqual([]);
    expect(trendYears([2024], 2025, 2020)).toBeNull();
    expect(trendYears([2024], 2000, 2024)).toBeNull();
  });
});

describe('checkFigureRows', () => {
  const known = new Set(['S1']);
  it('turns a good row into one record per filled indicator, percent signs allowed', () => {
    const { problems, records } = checkFigureRows(
      [{ row: 2, values: { schoolCode: 'S1', year: '2025', jyl: '92.5%', sbb: '17', sample: '是' } }],
      known,
    );
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { schoolCode: 'S1', year: 2025, indicator: 'jyl', value: 92.5, sample: true },
      { schoolCode: 'S1', year: 2025, indicator: 'sbb', value: 17, sample: true },
    ]);
  });
  it('names every problem of every row', () => {
    const { problems } = checkFigureRows(
      [
        { row: 2, values: { schoolCode: 'X', year: '25', jyl: 'abc' } },
        { row: 3, values: { schoolCode: '', year: '', jyl: '101', sample: 'x' } },
        { row: 4, values: { schoolCode: 'S1', year: '2025', jyl: '1' } },
        { row: 5, values: { schoolCode: 'S1', year: '2025' } },
      ],
      known,
    );
    expect(problems.map((p) => `${p.row}:${p.column}:${p.rule}`)).toEqual([
      '2:学校代码:学校代码不存在',
      '2:年份:须为 2000-2100 的整数年份',
      '2:就业率(%):须为数字',
      '3:学校代码:必填',
      '3:年份:必填',
      '3:示例数据:须为 是 或 否',
      '3:就业率(%):须在 0-100 之间',
      '5:就业率(%):至少填写一个指标',
      '5:学校代码:与前面的行重复（同一学校同一年份）',
    ]);
  });
});

describe('checkUnitRows', () => {
  it('reads categories by name and grades with or without 档, and refuses the rest', () => {
    const { problems, units } = checkUnitRows(
      [
        { row: 2, values: { year: '2019', schoolName: '甲', kind: '高水平学校', grade: 'a档' } },
        { row: 3, values: { year: '2019', schoolName: '甲', kind: '双高', grade: 'D', schoolCode: 'Q' } },
      ],
      new Set(),
    );
    expect(units).toEqual([
      {
        year: 2019,
        schoolName: '甲',
        schoolCode: null,
        kind: 'school',
        grade: 'A',
        majors: '',
        source: '',
        sample: false,
      },
    ]);
    expect(problems.map((p) => `${p.row}:${p.column}`)).toEqual(['3:学校代码', '3:类别', '3:档次', '3:学校名称']);
  });
});

describe('sampleFigures', () => {
  it('is deterministic, within each indicator’s range, and marked sample', () => {
    const a = sampleFigures(['S1', 'S2'], [2024, 2025]);
    expect(a).toEqual(sampleFigures(['S1', 'S2'], [2024, 2025]));
    expect(a).toHaveLength(2 * 2 * 7);
    expect(a.every((f) => f.sample && f.value >= 0)).toBe(true);
    expect(a.filter((f) => f.indicator === 'jyl').every((f) => f.value <= 100)).toBe(true);
  });
});
