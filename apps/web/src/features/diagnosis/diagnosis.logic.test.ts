import { DIAGNOSIS_MSG as M, type QualityRow } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import {
  changedResults,
  changedTargets,
  clampPercent,
  draftsProblem,
  gradeLines,
  jobView,
  levelSpans,
  manualRows,
  objectOptions,
  revisionProblem,
  shownResult,
  shownTarget,
  timeText,
  valueInput,
  valueProblem,
  valueText,
} from './diagnosis.logic';

const CAN = { setTarget: true, reviseTarget: false, enterResult: false, reviseResult: false, audit: false };
const levelsRow = { zlx: 'levels' as const, levelOptions: ['优', '良', '中'] };

describe('valueText', () => {
  it('reads each value type as the tables show it', () => {
    expect(valueText('percent', '85.5')).toBe('85.5%');
    expect(valueText('have', '0')).toBe('无');
    expect(valueText('have', '1')).toBe('有');
    expect(valueText('whether', '0')).toBe('否');
    expect(valueText('whether', '1')).toBe('是');
    expect(valueText('levels', '良')).toBe('良');
    expect(valueText('others', '12')).toBe('12');
    expect(valueText('others', null)).toBe('—');
    expect(valueText('percent', '')).toBe('—');
  });
});

describe('shown values', () => {
  it('shows the (approved) revised target or result if present, else the value', () => {
    expect(shownTarget({ mbz: '80', xzmbz: '85' })).toBe('85');
    expect(shownTarget({ mbz: '80', xzmbz: null })).toBe('80');
    expect(shownTarget({ mbz: null, xzmbz: null })).toBeNull();
    expect(shownResult({ jgz: '70', xzjgz: '72' })).toBe('72');
    expect(shownResult({ jgz: '70', xzjgz: null })).toBe('70');
  });
});

describe('valueInput', () => {
  it('offers the input of each value type (spec-2 §5)', () => {
    expect(valueInput({ zlx: 'percent', levelOptions: [] })).toEqual({ kind: 'number', suffix: '%', min: 0, max: 100 });
    expect(valueInput({ zlx: 'others', levelOptions: [] })).toEqual({ kind: 'number' });
    expect(valueInput({ zlx: 'have', levelOptions: [] })).toEqual({
      kind: 'choice',
      options: [
        { value: '0', label: '无(0)' },
        { value: '1', label: '有(1)' },
      ],
    });
    expect(valueInput({ zlx: 'whether', levelOptions: [] })).toEqual({
      kind: 'choice',
      options: [
        { value: '0', label: '否(0)' },
        { value: '1', label: '是(1)' },
      ],
    });
    expect(valueInput(levelsRow)).toEqual({
      kind: 'choice',
      options: ['优', '良', '中'].map((v) => ({ value: v, label: v })),
    });
  });
});

describe('valueProblem', () => {
  it('says what is wrong in the server’s words', () => {
    const pct = { zlx: 'percent' as const, levelOptions: [] };
    expect(valueProblem(pct, '101')).toBe(M.percentRange('目标值', '101'));
    expect(valueProblem(pct, '-1')).toBe(M.percentRange('目标值', '-1'));
    expect(valueProblem(pct, '85.555')).toBe(M.tooManyDecimals('目标值', '85.555'));
    expect(valueProblem(pct, 'abc')).toBe(M.notNumber('目标值', 'abc'));
    expect(valueProblem(pct, '85.5')).toBeNull();
    expect(valueProblem(pct, '100')).toBeNull();
    expect(valueProblem({ zlx: 'others', levelOptions: [] }, '1200')).toBeNull();
    expect(valueProblem({ zlx: 'have', levelOptions: [] }, '2')).toBe(M.haveValue('目标值', '2'));
    expect(valueProblem({ zlx: 'whether', levelOptions: [] }, '是')).toBe(M.whetherValue('目标值', '是'));
    expect(valueProblem({ zlx: 'whether', levelOptions: [] }, '1')).toBeNull();
    expect(valueProblem(levelsRow, '差')).toBe(M.levelValue('目标值', '差', '优、良、中'));
    expect(valueProblem(levelsRow, '良')).toBeNull();
    expect(valueProblem(pct, '  ')).toBeNull();
    expect(valueProblem(pct, null)).toBeNull();
  });

  it('names the row of the first problem among the drafts', () => {
    const rows = [
      { id: 1, zkdmc: '双师比例', zlx: 'percent' as const, levelOptions: [] },
      { id: 2, zkdmc: '带头人', zlx: 'have' as const, levelOptions: [] },
    ];
    expect(draftsProblem(rows, { 1: '90', 2: '3' })).toBe(`带头人：${M.haveValue('目标值', '3')}`);
    expect(draftsProblem(rows, { 1: '90', 2: '1' })).toBeNull();
  });
});

describe('changedTargets', () => {
  const rows = [
    { id: 1, mbz: '80', abilities: CAN },
    { id: 2, mbz: null, abilities: CAN },
    { id: 3, mbz: '1', abilities: { ...CAN, setTarget: false } },
  ];
  it('sends the rows whose draft differs, emptied as null, never a row the user may not set', () => {
    expect(changedTargets(rows, { 1: '80', 2: ' 90 ', 3: '0' })).toEqual([{ id: 2, mbz: '90' }]);
    expect(changedTargets(rows, { 1: '' })).toEqual([{ id: 1, mbz: null }]);
    expect(changedTargets(rows, {})).toEqual([]);
  });
});

describe('levelSpans', () => {
  const row = (...ids: number[]) =>
    ({ levels: ids.map((id) => ({ id, name: `n${id}` })) }) as unknown as Pick<QualityRow, 'levels'>;
  it('merges a run of rows under the same nodes, the first row spanning it', () => {
    const rows = [row(1, 10, 100), row(1, 10, 101), row(1, 11, 110), row(2, 20), row(2, 20)];
    expect(levelSpans(rows, 0)).toEqual([3, 0, 0, 2, 0]);
    expect(levelSpans(rows, 1)).toEqual([2, 0, 1, 2, 0]);
    // A row without a node at the level keeps a cell of its own.
    expect(levelSpans(rows, 2)).toEqual([1, 1, 1, 1, 1]);
  });
  it('does not merge a node that comes back after another (a parent differs)', () => {
    expect(levelSpans([row(1, 10), row(2, 10)], 1)).toEqual([1, 1]);
    expect(levelSpans([], 0)).toEqual([]);
  });
});

describe('progress', () => {
  it('clamps to 0-100 with two decimals', () => {
    expect(clampPercent(33.3333)).toBe(33.33);
    expect(clampPercent(120)).toBe(100);
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(null)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
  });

  it('shows a computation job by its state', () => {
    const job = { percent: 40, done: 8, total: 20, message: null };
    expect(jobView(null)).toEqual({ percent: 0, status: 'active', text: '排队中' });
    expect(jobView({ ...job, state: 'queued' }).text).toBe('排队中');
    expect(jobView({ ...job, state: 'running' })).toEqual({
      percent: 40,
      status: 'active',
      text: '正在计算诊改结果：8 / 20',
    });
    expect(jobView({ ...job, state: 'running', total: null }).text).toBe('正在计算诊改结果');
    expect(jobView({ ...job, state: 'done', message: '已计算 20 个质控点' })).toEqual({
      percent: 100,
      status: 'success',
      text: '已计算 20 个质控点',
    });
    expect(jobView({ ...job, state: 'interrupted' })).toEqual({ percent: 40, status: 'exception', text: '已中断' });
    expect(jobView({ ...job, state: 'failed', message: '算法超时' }).status).toBe('exception');
  });
});

describe('timeText', () => {
  it('shows an instant as yyyy-MM-dd HH:mm:ss in local time, keeps the spec’s form, a dash for none', () => {
    const iso = new Date(2026, 10, 28, 19, 10, 20).toISOString();
    expect(timeText(iso)).toBe('2026-11-28 19:10:20');
    expect(timeText('2026-11-28 19:10:20')).toBe('2026-11-28 19:10:20');
    expect(timeText(null)).toBe('—');
  });
});

describe('manual results', () => {
  const ENTER = { ...CAN, setTarget: false, enterResult: true };
  const rows = [
    { id: 1, jgz: '80', calRule: null, abilities: ENTER },
    { id: 2, jgz: null, calRule: null, abilities: ENTER },
    { id: 3, jgz: '5', calRule: 70, abilities: ENTER },
    { id: 4, jgz: null, calRule: null, abilities: { ...ENTER, enterResult: false } },
  ];

  it('offers only the rows computed by no algorithm that the user may enter', () => {
    expect(manualRows(rows).map((r) => r.id)).toEqual([1, 2]);
  });

  it('sends the changed results only, an emptied one as null, never an algorithm’s row', () => {
    expect(changedResults(rows, { 1: '80', 2: ' 1 ', 3: '6', 4: '1' })).toEqual([{ id: 2, jgz: '1' }]);
    expect(changedResults(rows, { 1: '' })).toEqual([{ id: 1, jgz: null }]);
    expect(changedResults(rows, {})).toEqual([]);
  });

  it('names the row and says 结果值 when a draft is wrong', () => {
    const typed = [{ id: 9, zkdmc: '生师比', zlx: 'percent' as const, levelOptions: [] }];
    expect(draftsProblem(typed, { 9: '101' }, '结果值')).toBe(`生师比：${M.percentRange('结果值', '101')}`);
  });
});

describe('revisionProblem', () => {
  it('requires the revised value, then checks it by the value type in the server’s words', () => {
    expect(revisionProblem({ zlx: 'percent', levelOptions: [] }, ' ', '修正结果值')).toBe(
      M.valueRequired('修正结果值'),
    );
    expect(revisionProblem({ zlx: 'percent', levelOptions: [] }, '100.5', '修正结果值')).toBe(
      M.percentRange('修正结果值', '100.5'),
    );
    expect(revisionProblem({ zlx: 'whether', levelOptions: [] }, '2', '修正目标值')).toBe(
      M.whetherValue('修正目标值', '2'),
    );
    expect(revisionProblem(levelsRow, '差', '修正目标值')).toBe(M.levelValue('修正目标值', '差', '优、良、中'));
    expect(revisionProblem(levelsRow, '良', '修正目标值')).toBeNull();
  });
});

describe('gradeLines', () => {
  it('lists the grades that have rows, in grade order', () => {
    expect(gradeLines({ C: 2, A: 1, Y: 1, N: 0 })).toEqual(['A 优秀 1 个', 'C 一般 2 个', 'Y 达成 1 个']);
    expect(gradeLines({})).toEqual([]);
  });
});

describe('objectOptions', () => {
  it('lists the dimension’s objects, those already in the task disabled and named so', () => {
    const found = [
      { dxbm: '510201', dxmc: '软件技术' },
      { dxbm: '510202', dxmc: '计算机网络技术' },
    ];
    expect(objectOptions(found, new Set(['510201']))).toEqual([
      { value: '510201', label: '510201 软件技术（已在任务中）', disabled: true },
      { value: '510202', label: '510202 计算机网络技术', disabled: false },
    ]);
  });
});
