import { EXCEL_MSG, STANDARD_MSG } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import {
  computeMove,
  countKinds,
  displayCategory,
  dropPlaceOf,
  expandedForSearch,
  filterTree,
  flatten,
  formToGrade,
  formToWarning,
  type GradeRule,
  gradeKindOf,
  gradeToForm,
  importReport,
  parentOf,
  pathTo,
  standardValueProblem,
  standardValueText,
  type TreeNode,
  warningText,
  warningToForm,
  yearsText,
} from './standard.logic';

interface N extends TreeNode<N> {}
const n = (id: number, kind: N['kind'], name: string, children: N[] = []): N => ({ id, kind, name, children });

// 专业建设 (1) > 专业设置 (10) > 招生计划完成率 (100) > 新生报到率 (1000); 师资队伍 (2) > 双师比例 (20)
const TREE: N[] = [
  n(1, 'dimension', '专业建设', [
    n(10, 'qcp', '专业设置', [n(100, 'indicator', '招生计划完成率', [n(1000, 'indicator', '新生报到率')])]),
    n(11, 'qcp', '课程建设'),
  ]),
  n(2, 'dimension', '师资队伍', [n(20, 'qcp', '双师比例')]),
];

describe('tree helpers', () => {
  it('flattens depth first and finds paths and parents', () => {
    expect(flatten(TREE).map((x) => x.id)).toEqual([1, 10, 100, 1000, 11, 2, 20]);
    expect(pathTo(TREE, 1000).map((x) => x.id)).toEqual([1, 10, 100, 1000]);
    expect(pathTo(TREE, 99)).toEqual([]);
    expect(parentOf(TREE, 1)).toBeNull();
    expect(parentOf(TREE, 20)?.id).toBe(2);
    expect(parentOf(TREE, 99)).toBeUndefined();
    expect(countKinds(TREE)).toEqual({ dimension: 2, qcp: 3, indicator: 2 });
  });

  it('filters by name keeping the ancestors of each match, and expands them', () => {
    const found = filterTree(TREE, ' 报到 ');
    expect(flatten(found).map((x) => x.id)).toEqual([1, 10, 100, 1000]);
    expect(expandedForSearch(TREE, '报到').sort()).toEqual([1, 10, 100]);
    // A matching parent keeps only its matching children (none here): the QCP 课程建设 alone.
    expect(flatten(filterTree(TREE, '课程')).map((x) => x.id)).toEqual([1, 11]);
    expect(filterTree(TREE, '')).toEqual(TREE);
    expect(filterTree(TREE, '不存在')).toEqual([]);
    expect(expandedForSearch(TREE, '')).toEqual([]);
  });
});

describe('drag and drop', () => {
  it('reads antd’s drop position', () => {
    expect(dropPlaceOf({ dropToGap: false, dropPosition: 0, pos: '0-0-1' })).toBe('inside');
    expect(dropPlaceOf({ dropToGap: true, dropPosition: 0, pos: '0-0-1' })).toBe('before');
    expect(dropPlaceOf({ dropToGap: true, dropPosition: 2, pos: '0-0-1' })).toBe('after');
  });

  it('reorders siblings and moves into another parent', () => {
    expect(computeMove(TREE, 11, 10, 'before')).toEqual({ ok: true, parentId: 1, index: 0, order: [11, 10] });
    expect(computeMove(TREE, 10, 11, 'after')).toEqual({ ok: true, parentId: 1, index: 1, order: [11, 10] });
    expect(computeMove(TREE, 20, 11, 'after')).toEqual({ ok: true, parentId: 1, index: 2, order: [10, 11, 20] });
    expect(computeMove(TREE, 20, 1, 'inside')).toEqual({ ok: true, parentId: 1, index: 0, order: [20, 10, 11] });
    expect(computeMove(TREE, 11, 1, 'inside')).toEqual({ ok: true, parentId: 1, index: 0, order: [11, 10] });
    expect(computeMove(TREE, 2, 1, 'before')).toEqual({ ok: true, parentId: null, index: 0, order: [2, 1] });
    expect(computeMove(TREE, 1000, 11, 'inside')).toEqual({ ok: true, parentId: 11, index: 0, order: [1000] });
  });

  it('refuses a cycle and a node at the wrong level', () => {
    expect(computeMove(TREE, 10, 1000, 'inside')).toEqual({ ok: false, reason: '不能移动到自己的下级节点中' });
    expect(computeMove(TREE, 10, 10, 'inside')).toEqual({ ok: false, reason: '不能移动到自身' });
    expect(computeMove(TREE, 10, 1, 'before')).toEqual({ ok: false, reason: '质控点只能放在诊断维度下' });
    expect(computeMove(TREE, 20, 100, 'inside')).toEqual({ ok: false, reason: '质控点只能放在诊断维度下' });
    expect(computeMove(TREE, 2, 1, 'inside')).toEqual({ ok: false, reason: '诊断维度只能位于最顶层' });
    expect(computeMove(TREE, 100, 2, 'inside')).toEqual({ ok: false, reason: '指标只能放在质控点或指标下' });
    // 一级 .. 四级指标 at most: a chain of three indicators under 新生报到率 (四级 already) is too deep.
    const deep = n(5, 'indicator', '深', [n(6, 'indicator', '更深')]);
    const tree = [
      n(1, 'dimension', '维', [
        n(10, 'qcp', '点', [n(100, 'indicator', '一', [n(1000, 'indicator', '二')])]),
        n(11, 'qcp', '另', [deep]),
      ]),
    ];
    expect(computeMove(tree, 5, 1000, 'inside')).toEqual({ ok: true, parentId: 1000, index: 0, order: [5] });
    expect(
      computeMove(
        [...tree.slice(0), n(2, 'dimension', '乙', [n(20, 'qcp', '丙', [n(200, 'indicator', '丁', [deep])])])],
        200,
        1000,
        'inside',
      ),
    ).toEqual({ ok: false, reason: STANDARD_MSG.tooDeep });
    expect(computeMove(TREE, 100, 99, 'inside')).toEqual({ ok: false, reason: '节点不存在，请刷新后重试' });
  });
});

describe('grade rule form', () => {
  it('round-trips thresholds and level lists', () => {
    const thresholds = { type: 'thresholds', A: 90, B: 80, C: 60 } as const;
    expect(gradeToForm(thresholds)).toMatchObject({ gradeA: 90, gradeB: 80, gradeC: 60 });
    expect(formToGrade(gradeToForm(thresholds), 'percent', 'higher')).toEqual({ rule: thresholds });
    const levels: GradeRule = {
      type: 'levels',
      levels: [
        { value: '优秀', dxLevel: 'A' },
        { value: '合格', dxLevel: 'C' },
      ],
    };
    expect(formToGrade(gradeToForm(levels), 'levels', null)).toEqual({ rule: levels });
    expect(formToGrade(gradeToForm(null), 'others', 'higher')).toEqual({ rule: null });
    // 有无, 是否 and a grouping node (no value type) take no grade rule, whatever the form holds.
    expect(formToGrade(gradeToForm(thresholds), 'have', 'higher')).toEqual({ rule: null });
    expect(formToGrade(gradeToForm(thresholds), null, null)).toEqual({ rule: null });
    expect(gradeKindOf('percent')).toBe('thresholds');
    expect(gradeKindOf('levels')).toBe('levels');
    expect(gradeKindOf('whether')).toBeNull();
  });

  it('refuses thresholds out of order for the direction and incomplete rules', () => {
    expect(formToGrade({ gradeA: 60, gradeB: 80, gradeC: 90 }, 'others', 'higher')).toEqual({
      error: '越高越好时阈值应满足 A > B > C',
    });
    expect(formToGrade({ gradeA: 60, gradeB: 80, gradeC: 90 }, 'others', 'lower')).toEqual({
      rule: { type: 'thresholds', A: 60, B: 80, C: 90 },
    });
    expect(formToGrade({ gradeA: 60, gradeB: 80, gradeC: 90 }, 'others', null)).toEqual({
      error: '设置了等级规则时请选择方向（越高越好 / 越低越好）',
    });
    expect(formToGrade({ gradeA: 5, gradeB: 5, gradeC: 9 }, 'others', 'lower')).toEqual({
      error: '越低越好时阈值应满足 A < B < C',
    });
    expect(formToGrade({ gradeA: 90, gradeB: null, gradeC: 60 }, 'others', 'higher')).toEqual({
      error: '等级规则请同时填写 A、B、C 三档阈值',
    });
    expect(formToGrade({ levels: [] }, 'levels', 'higher')).toEqual({ error: '等级类型请至少填写一个等级' });
    expect(formToGrade({ levels: [{ value: '优秀' }] }, 'levels', 'higher')).toEqual({
      error: '第1个等级请填写等级值和对应档次',
    });
    expect(
      formToGrade(
        {
          levels: [
            { value: '优', dxLevel: 'A' },
            { value: '优', dxLevel: 'B' },
          ],
        },
        'levels',
        'higher',
      ),
    ).toEqual({ error: '等级值“优”重复' });
  });
});

describe('warning rule form', () => {
  it('round-trips value and level rules, and none', () => {
    const value = { mode: 'value', operator: '<', value: 60, cycle: 'month' } as const;
    const level = { mode: 'level', operator: '>=', grade: 'C', cycle: 'week' } as const;
    expect(formToWarning(warningToForm(value))).toEqual({ rule: value });
    expect(formToWarning(warningToForm(level))).toEqual({ rule: level });
    expect(formToWarning(warningToForm(null))).toEqual({ rule: null });
    expect(warningText(value)).toBe('按值 小于 60（每月）');
    expect(warningText(level)).toBe('按等级 大于等于 C 级（每周）');
    expect(warningText(null)).toBe('不预警');
  });

  it('names what is missing', () => {
    expect(formToWarning({ warningMode: 'value', warningOperator: '<', warningCycle: 'day' })).toEqual({
      error: '请填写预警值',
    });
    expect(formToWarning({ warningMode: 'level', warningOperator: '<', warningCycle: 'day' })).toEqual({
      error: '请选择预警等级',
    });
    expect(formToWarning({ warningMode: 'value', warningValue: 1, warningCycle: 'day' })).toEqual({
      error: '请选择预警条件',
    });
    expect(formToWarning({ warningMode: 'value', warningValue: 1, warningOperator: '=' })).toEqual({
      error: '请选择预警周期',
    });
  });
});

describe('standard values and labels', () => {
  it('shows the value as its type reads', () => {
    expect(standardValueText('1', 'have')).toBe('有');
    expect(standardValueText('0', 'whether')).toBe('否');
    expect(standardValueText('85', 'percent')).toBe('85%');
    expect(standardValueText('优秀', 'levels')).toBe('优秀');
    expect(standardValueText('', 'others')).toBe('—');
    expect(standardValueText(null, null)).toBe('—');
  });

  it('checks the value against its type', () => {
    expect(standardValueProblem('1', 'have')).toBeNull();
    expect(standardValueProblem('2', 'whether')).toBe('标准值应为 0 或 1');
    expect(standardValueProblem('85.5', 'percent')).toBeNull();
    expect(standardValueProblem('八十', 'others')).toBe('标准值应为数值');
    expect(standardValueProblem(' ', 'others')).toBe('值类型为数值时必须填写标准值');
    expect(standardValueProblem('120', 'percent')).toBe('百分比应为 0 至 100 之间的数值');
    expect(standardValueProblem('', null)).toBeNull();
    expect(standardValueProblem('3', null)).toBe('未选择值类型时不能填写标准值');
    expect(standardValueProblem('优秀', 'levels', [{ value: '优秀' }])).toBeNull();
    expect(standardValueProblem('良好', 'levels', [{ value: '优秀' }])).toBe('标准值应为等级规则中的一个等级');
  });

  it('renames categories and writes years', () => {
    const renames = { 人才培养: '计分卡' };
    expect(displayCategory('人才培养', renames)).toBe('计分卡');
    expect(displayCategory('专业建设', renames)).toBe('专业建设');
    expect(yearsText(2026, 2028)).toBe('2026—2028年');
    expect(yearsText(2026, 2026)).toBe('2026年');
  });
});

describe('import report', () => {
  it('splits a refusal into its summary and rows', () => {
    expect(
      importReport('导入失败，共 2 处错误：第5行：标准值应为数值；第7行：上级“专业建设”在前面的行中不存在'),
    ).toEqual({
      summary: '导入失败，共 2 处错误',
      lines: ['第5行：标准值应为数值', '第7行：上级“专业建设”在前面的行中不存在'],
    });
    expect(importReport('第3行：请至少填写诊断维度\n第4行：值类型应为 有无、是否 之一')).toEqual({
      summary: '导入失败，共 2 处错误，未导入任何内容',
      lines: ['第3行：请至少填写诊断维度', '第4行：值类型应为 有无、是否 之一'],
    });
    const server = `${EXCEL_MSG.importFailed(3)}${EXCEL_MSG.cell(5, '标准值', '标准值应为数值', '八十')}；${EXCEL_MSG.row(6, '上级“专业建设”在前面的行中不存在')}；${EXCEL_MSG.moreErrors(1)}`;
    expect(importReport(server)).toEqual({
      summary: '导入失败，共3处错误，未导入任何数据',
      lines: [
        '第5行「标准值」：标准值应为数值（“八十”）',
        '第6行：上级“专业建设”在前面的行中不存在',
        '……另有1处错误未列出',
      ],
    });
    expect(importReport('请选择文件')).toEqual({ summary: '请选择文件', lines: [] });
  });
});
