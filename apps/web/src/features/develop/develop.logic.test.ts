import { DEVELOP_UI as T } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { clampRange, defaultRange, figuresLines, progressChart } from './develop.logic';

describe('发展中心 logic', () => {
  it('starts on the last five years and keeps a chosen range ordered and at most ten years', () => {
    expect(defaultRange(2026)).toEqual([2022, 2026]);
    expect(clampRange(2020, 2024, 2026)).toEqual([2020, 2024]);
    expect(clampRange(2025, 2021, 2026)).toEqual([2021, 2021]);
    expect(clampRange(2000, 2024, 2026)).toEqual([2015, 2024]);
    expect(clampRange(null, null, 2026)).toEqual([2026, 2026]);
    expect(clampRange(2023, null, 2026)).toEqual([2023, 2023]);
  });

  it('draws one line per department over the years, with gaps for years without its tasks', () => {
    const chart = progressChart(
      [
        { year: 2025, bmid: 'D07', bmmc: '信息工程学院', total: 2, completed: 1, avgProgress: 60 },
        { year: 2026, bmid: 'D07', bmmc: '信息工程学院', total: 3, completed: 0, avgProgress: 20.5 },
        { year: 2026, bmid: 'D02', bmmc: '教务处', total: 1, completed: 1, avgProgress: 100 },
      ],
      [2024, 2025, 2026],
    );
    expect(chart.categories).toEqual(['2024', '2025', '2026']);
    expect(chart.series).toEqual([
      { name: '教务处', data: [null, null, 100] },
      { name: '信息工程学院', data: [null, 60, 20.5] },
    ]);
    expect(progressChart([], [2026]).series).toEqual([]);
  });

  it('reads a QCP’s diagnosis as attainment and one row against its target', () => {
    expect(figuresLines(null)).toEqual([{ text: T.noDiagnosis, tone: 'secondary' }]);
    const lines = figuresLines({
      diagnosisTaskName: '2026 专业诊改',
      year: 2026,
      rows: 4,
      attained: 3,
      below: 1,
      sample: { objectName: '大数据技术', rowName: '就业率', value: '70', target: '85', grade: 'C', attained: false },
    });
    expect(lines.map((l) => l.tone)).toEqual(['secondary', 'danger', 'danger']);
    expect(lines[1]!.text).toBe('达标 3 · 未达标 1');
    expect(lines[2]!.text).toBe('大数据技术 · 就业率，结果 70 / 目标 85，等级 C，未达标');
    const ok = figuresLines({ diagnosisTaskName: 'x', year: 2026, rows: 1, attained: 1, below: 0, sample: null });
    expect(ok[1]!.tone).toBe('success');
    expect(ok).toHaveLength(2);
  });
});
