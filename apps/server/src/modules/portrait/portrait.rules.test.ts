import { describe, expect, it } from 'vitest';
import { builtInCards, kindsOf, latestYear, pageRows, radarOf, trendOf } from './portrait.rules';

const rows = [
  { 学年: 2024, 在校生数: 300, 平均分: 78.5, 及格率: 92, 优秀率: 20, 就业率: 95.5, 月收入: 4200, 考核人次: 900 },
  { 学年: 2023, 在校生数: '280', 平均分: '77', 及格率: null, 优秀率: 18, 就业率: 94, 月收入: 4000, 考核人次: 800 },
  { 学年: 2025, 在校生数: 310, 平均分: null, 及格率: null, 优秀率: null, 就业率: null, 月收入: null, 考核人次: null },
];

describe('portrait rules', () => {
  it('takes the latest year that has one of the kind’s figures', () => {
    expect(latestYear(rows, 'major')).toBe(2025);
    expect(latestYear(rows, 'course')).toBe(2024);
    expect(latestYear([], 'major')).toBeNull();
  });

  it('makes the built-in cards of the kind from that year, numbers from strings, null where missing', () => {
    const cards = builtInCards(rows, 'course');
    expect(cards.map((c) => c.key)).toEqual(['assessed', 'avgScore', 'passRate', 'excellentRate']);
    expect(cards[1]).toMatchObject({ label: '课程平均分', value: 78.5, year: 2024, unit: '分', configured: false });
    expect(builtInCards(rows, 'major')[0]).toMatchObject({ key: 'students', value: 310, year: 2025 });
    expect(builtInCards(rows, 'major')[4]).toMatchObject({ key: 'employmentRate', value: 95.5, year: 2024 });
    expect(builtInCards([], 'school').every((c) => c.value === null && c.year === null)).toBe(true);
  });

  it('draws the trend over the years ascending, leaving out figures without any value', () => {
    const t = trendOf(rows, 'course');
    expect(t.years).toEqual([2023, 2024, 2025]);
    expect(t.series.find((s) => s.key === 'avgScore')!.data).toEqual([77, 78.5, null]);
    expect(trendOf([{ 学年: 2024 }], 'school')).toEqual({ years: [], series: [] });
  });

  it('scores the radar per axis from the grade counts (A 100 … D 40), ignoring other grades', () => {
    const r = radarOf({
      taskName: '专业诊改',
      year: 2025,
      rows: [
        { axis: '专业建设', grade: 'A', n: 1 },
        { axis: '专业建设', grade: 'C', n: 1 },
        { axis: '师资队伍', grade: 'B', n: 3 },
        { axis: '师资队伍', grade: '优', n: 3 },
      ],
    });
    expect(r!.axes).toEqual([
      { name: '专业建设', score: 80, grades: { A: 1, C: 1 } },
      { name: '师资队伍', score: 80, grades: { B: 3 } },
    ]);
    expect(radarOf(null)).toBeNull();
    expect(radarOf({ taskName: 'x', year: 2025, rows: [{ axis: 'a', grade: 'Z', n: 2 }] })).toBeNull();
  });

  it('opens the kinds under the granted roots', () => {
    const order = ['school', 'college', 'major', 'course', 'teacher', 'class', 'student'] as const;
    expect(kindsOf([{ kind: 'major' }], order)).toEqual(['major', 'course', 'teacher', 'class', 'student']);
    expect(kindsOf([], order)).toEqual([]);
  });

  it('pages rows after the keyword filter', () => {
    const list = Array.from({ length: 53 }, (_, i) => ({ 学号: `S${i}`, 姓名: i === 7 ? '王小明' : '李' }));
    expect(pageRows(list, { current: 2, size: 50 })).toMatchObject({ total: 53 });
    expect(pageRows(list, { current: 2, size: 50 }).records).toHaveLength(3);
    expect(pageRows(list, { current: 1, size: 50, keyword: '小明' }, ['学号', '姓名']).records).toEqual([list[7]]);
  });
});
