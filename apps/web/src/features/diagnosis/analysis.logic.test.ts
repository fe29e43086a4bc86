import { describe, expect, it } from 'vitest';
import { bulkView, byCell, cellClass, filterRows, type HeatRow, stateRank } from './analysis.logic';

const row = (dxbm: string, cells: HeatRow['cells'], bdb = 0): HeatRow => ({
  dxrwid: Number(dxbm.slice(1)),
  dxbm,
  gzdxmc: `专业${dxbm}`,
  bmmc: null,
  bdb,
  wwc: 0,
  dbl: 0,
  cells,
});

describe('the heat table’s logic', () => {
  it('ranks attainment worst first, an object without the QCP last', () => {
    expect(['ok', null, 'none', 'dis', 'unfin'].map((s) => stateRank(s as never))).toEqual([3, 4, 2, 0, 1]);
  });

  it('sorts by a QCP column worst first, then by the below-standard count', () => {
    const rows = [row('M1', ['ok', 'dis']), row('M2', ['dis', null], 1), row('M3', ['dis', 'ok'], 2)];
    expect([...rows].sort(byCell(0)).map((r) => r.dxbm)).toEqual(['M3', 'M2', 'M1']);
    expect([...rows].sort(byCell(1)).map((r) => r.dxbm)).toEqual(['M1', 'M3', 'M2']);
  });

  it('colours cells by attainment and filters by code or name', () => {
    expect(cellClass('dis')).toBe('zg-heat-dis');
    expect(cellClass(null)).toBe('zg-heat-missing');
    const rows = [row('M1', []), row('X2', [])];
    expect(filterRows(rows, ' x2 ').map((r) => r.dxbm)).toEqual(['X2']);
    expect(filterRows(rows, '专业M1').map((r) => r.dxbm)).toEqual(['M1']);
    expect(filterRows(rows, '')).toHaveLength(2);
  });

  it('shows a bulk job’s progress, its end and its failure', () => {
    expect(bulkView(null)).toMatchObject({ percent: 0, text: '排队中' });
    expect(bulkView({ state: 'running', percent: 40, done: 16, total: 40, message: null })).toEqual({
      percent: 40,
      status: 'active',
      text: '进行中：16 / 40',
    });
    expect(
      bulkView({ state: 'done', percent: 100, done: 40, total: 40, message: '已下发目标值 40 个诊改对象' }),
    ).toMatchObject({ status: 'success', text: '已下发目标值 40 个诊改对象' });
    expect(bulkView({ state: 'failed', percent: 0, done: 0, total: 3, message: '不能' })).toMatchObject({
      status: 'exception',
      text: '不能',
    });
  });
});
