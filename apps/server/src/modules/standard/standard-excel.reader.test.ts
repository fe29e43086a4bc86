import { STANDARD_MSG as M } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { gradeRuleText, parseGradeRule, planSheet, rowOfNode } from './standard-excel.reader';

const rows = (list: Record<string, string>[]) => list.map((values, i) => ({ row: i + 2, values }));

describe('reading the standard sheet', () => {
  it('plans one node a row, parents from the columns to the left, the old category names renamed', () => {
    const { nodes, problems } = planSheet(
      rows([
        { dimension: '人才培养' },
        {
          dimension: '人才培养',
          qcp: '双师比例',
          zlx: '百分比',
          bzz: '60',
          fsdl: '是',
          direction: '越高越好',
          gradeRule: 'A=80;B=70;C=60',
        },
        {
          dimension: '计分卡',
          qcp: '双师比例',
          level1: '企业实践',
          zlx: '数值',
          warningMode: '按值',
          warningOperator: '<',
          warningValue: '3',
          warningCycle: '每月',
        },
        {
          dimension: '人才培养',
          qcp: '评估',
          zlx: '等级',
          bzz: '合格',
          gradeRule: '优秀=A;合格=C',
          calRule: '评估结果/V2',
        },
      ]),
    );
    expect(problems).toEqual([]);
    expect(nodes.map((n) => [n.kind, n.path.join('/'), n.sort])).toEqual([
      ['dimension', '计分卡', 0],
      ['qcp', '计分卡/双师比例', 0],
      ['indicator', '计分卡/双师比例/企业实践', 0],
      ['qcp', '计分卡/评估', 1],
    ]);
    expect(nodes[1]!.values).toMatchObject({
      zlx: 'percent',
      bzz: '60',
      fsdl: true,
      direction: 'higher',
      gradeRule: { type: 'thresholds', A: 80, B: 70, C: 60 },
    });
    expect(nodes[2]!.values.warningRule).toEqual({
      mode: 'value',
      operator: '<',
      value: 3,
      grade: null,
      cycle: 'month',
    });
    expect(nodes[3]!.calRuleText).toBe('评估结果/V2');
    expect(nodes[3]!.values.gradeRule).toEqual({
      type: 'levels',
      levels: [
        { value: '优秀', dxLevel: 'A' },
        { value: '合格', dxLevel: 'C' },
      ],
    });
  });

  it('refuses unknown parents, gaps, duplicates and bad choices, naming the row and the column', () => {
    const { problems } = planSheet(
      rows([
        { dimension: '专业建设' },
        { dimension: '专业建设', qcp: '未定义', level1: '指标' },
        { dimension: '专业建设', level1: '跳级' },
        { dimension: '专业建设' },
        { dimension: '专业建设', qcp: '质控点', zlx: '小数', direction: '向上', gradeRule: 'A>1' },
        {},
      ]),
    );
    expect(problems).toEqual([
      { row: 3, message: M.excelUnknownParent('专业建设 / 未定义') },
      { row: 4, message: M.excelLevelGap },
      { row: 5, message: M.excelDuplicate('专业建设') },
      expect.objectContaining({ row: 6, header: '值类型', value: '小数' }),
      expect.objectContaining({ row: 6, header: '方向', value: '向上' }),
      expect.objectContaining({ row: 6, header: '等级规则', message: M.gradeFormat }),
      { row: 7, message: M.excelNoName },
    ]);
  });

  it('writes what it reads back', () => {
    for (const t of ['A=90;B=80;C=60', '优秀=A;良好=B;合格=C;不合格=D']) {
      const g = parseGradeRule(t);
      expect(g).not.toBe('bad');
      expect(gradeRuleText(g as never)).toBe(t);
    }
    expect(parseGradeRule('A=90;B=80')).toBe('bad');
    expect(parseGradeRule('')).toBeNull();
    const row = rowOfNode(
      ['计分卡', '双师比例'],
      {
        nh: '内涵',
        zdbz: null,
        bzz: '60',
        zlx: 'percent',
        fsdl: true,
        direction: 'higher',
        gradeRule: { type: 'thresholds', A: 80, B: 70, C: 60 },
        warningRule: { mode: 'level', operator: '=', grade: 'D', value: null, cycle: 'week' },
      },
      '双师比例/V1',
    );
    const back = planSheet(rows([{ dimension: '计分卡' }, row]));
    expect(back.problems).toEqual([]);
    expect(back.nodes[1]!.values).toMatchObject({
      zlx: 'percent',
      bzz: '60',
      fsdl: true,
      direction: 'higher',
      warningRule: { mode: 'level', operator: '=', grade: 'D', cycle: 'week' },
    });
    expect(back.nodes[1]!.calRuleText).toBe('双师比例/V1');
  });
});
