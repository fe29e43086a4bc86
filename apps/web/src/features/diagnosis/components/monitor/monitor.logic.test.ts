import { QUALITY_VIEW_MSG as V } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { analysisProblem, levelColumnsOf, levelTitle, monitorTarget, rowHighlight, trendPoints } from './monitor.logic';

const row = (ids: [number, string][]) => ({ levels: ids.map(([id, name]) => ({ id, name })) });

describe('the monitoring table logic', () => {
  it('titles the level columns 维度, 质控点, then 三级指标 …', () => {
    expect([0, 1, 2, 3].map(levelTitle)).toEqual(['维度', '质控点', '三级指标', '四级指标']);
  });

  it('merges a repeated parent into one cell per run, the deeper column within its parent only', () => {
    const rows = [
      row([
        [1, '师资'],
        [10, '双师'],
        [101, 'a'],
      ]),
      row([
        [1, '师资'],
        [10, '双师'],
        [102, 'b'],
      ]),
      row([
        [1, '师资'],
        [11, '带头人'],
        [103, 'c'],
      ]),
      row([
        [2, '教学'],
        [11, '带头人'],
        [104, 'd'],
      ]),
    ];
    const cols = levelColumnsOf(rows);
    expect(cols.map((c) => c.title)).toEqual(['维度', '质控点']);
    expect(cols[0]!.spans).toEqual([3, 0, 0, 1]);
    expect(cols[1]!.spans).toEqual([2, 0, 1, 1]);
    expect(cols[1]!.names).toEqual(['双师', '双师', '带头人', '带头人']);
  });

  it('a shallower row leaves its missing level cell unmerged', () => {
    const cols = levelColumnsOf([
      row([
        [1, '师资'],
        [101, 'a'],
      ]),
      row([
        [1, '师资'],
        [10, '双师'],
        [102, 'b'],
      ]),
    ]);
    expect(cols[0]!.spans).toEqual([2, 0]);
    expect(cols[1]!.spans).toEqual([1, 1]);
    expect(cols[1]!.names).toEqual([null, '双师']);
  });

  it('highlights below standard before unfinished; shows the revised target first', () => {
    expect(rowHighlight({ dis: true, unfin: true })).toBe('dis');
    expect(rowHighlight({ dis: false, unfin: true })).toBe('unfin');
    expect(rowHighlight({ dis: false, unfin: false })).toBeNull();
    expect(monitorTarget({ mbz: '80', xzmbz: '75' })).toBe('75');
    expect(monitorTarget({ mbz: '80', xzmbz: null })).toBe('80');
    expect(monitorTarget({ mbz: null, xzmbz: null })).toBeNull();
  });
});

describe('the 500-character rule of 分析与改进', () => {
  it('requires text and takes at most 500 characters, counting a character outside the BMP once', () => {
    expect(analysisProblem('')).toBe(V.required);
    expect(analysisProblem('   ')).toBe(V.required);
    expect(analysisProblem(null)).toBe(V.required);
    expect(analysisProblem('因'.repeat(500))).toBeNull();
    expect(analysisProblem('因'.repeat(501))).toBe(V.tooLong(500));
    expect(analysisProblem('𠀀'.repeat(500))).toBeNull();
    expect(analysisProblem(` ${'因'.repeat(500)} `)).toBeNull();
  });
});

describe('the value trend', () => {
  it('plots numbers, have/whether as 0/1 and a level by its rank; nothing for an empty value', () => {
    expect(
      trendPoints([
        { sj: 'a', cjz: '92.5' },
        { sj: 'b', cjz: null },
      ]),
    ).toEqual({ categories: ['a', 'b'], values: [92.5, null] });
    expect(trendPoints([{ sj: 'a', cjz: '良好' }], ['优秀', '良好', '合格', '不合格']).values).toEqual([3]);
  });
});
