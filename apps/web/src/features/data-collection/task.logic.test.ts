import { describe, expect, it } from 'vitest';
import type { FillTask } from './collection.logic';
import { directoryOptions, directoryPath, findDirectory, subtreeIds } from './directory.logic';
import {
  actionable,
  assigneesProblem,
  deadlineProblem,
  hasUnsynced,
  progressOf,
  taskBody,
  taskPhase,
} from './task.logic';

const fill = (over: Partial<FillTask>): FillTask => ({
  id: 1,
  taskId: 1,
  taskName: '2025 专业基本情况',
  formName: '专业基本情况',
  cycle: '2025',
  deadline: '2025-12-31',
  closed: false,
  assigneeId: null,
  departmentId: 'D01',
  assigneeName: '教务处',
  auditorId: 'shr01',
  state: 'uncommitted',
  opinion: null,
  synced: false,
  abilities: { save: false, commit: false, withdraw: false, pass: false, reject: false, rollback: false },
  ...over,
});

describe('taskPhase', () => {
  const t = { closed: false, startDate: '2025-03-01', deadline: '2025-03-31' };
  it('reads closed, not started, open (the deadline day included), overdue', () => {
    expect(taskPhase({ ...t, closed: true }, '2025-03-10')).toBe('closed');
    expect(taskPhase(t, '2025-02-28')).toBe('notStarted');
    expect(taskPhase(t, '2025-03-01')).toBe('open');
    expect(taskPhase(t, '2025-03-31')).toBe('open');
    expect(taskPhase(t, '2025-04-01')).toBe('overdue');
  });
});

describe('progressOf', () => {
  it('counts each state and the total, a missing state as 0', () => {
    expect(progressOf({ counts: { uncommitted: 2, finished: 1 } as never })).toEqual({
      uncommitted: 2,
      waitAudit: 0,
      finished: 1,
      total: 3,
    });
  });
});

describe('the task dialog', () => {
  const values = {
    name: ' 2025 专业基本情况 ',
    formId: 3,
    cycle: '2025',
    startDate: '2025-03-01',
    deadline: '2025-03-31',
    departmentIds: ['D01'],
    userIds: ['js01'],
    auditorId: 'shr01',
    auditorOf: { D01: 'shr02', js01: undefined, D09: 'shr03' },
  };
  it('sends only the own auditors of departments and users still chosen', () => {
    expect(taskBody(values)).toEqual({
      name: '2025 专业基本情况',
      formId: 3,
      cycle: '2025',
      startDate: '2025-03-01',
      deadline: '2025-03-31',
      departmentIds: ['D01'],
      userIds: ['js01'],
      auditorId: 'shr01',
      auditorOf: { D01: 'shr02' },
    });
  });
  it('asks for someone to fill and a deadline not before the start', () => {
    expect(assigneesProblem(['D01'], [])).toBeNull();
    expect(assigneesProblem([], ['js01'])).toBeNull();
    expect(assigneesProblem([], undefined)).toBe('请至少选择一个填报部门或填报人');
    expect(deadlineProblem('2025-03-01', '2025-03-01')).toBeNull();
    expect(deadlineProblem('2025-03-01', '2025-02-28')).toBe('截止日期不能早于开始日期');
    expect(deadlineProblem(undefined, '2025-02-28')).toBeNull();
  });
});

describe('batch actions', () => {
  const rows = [
    fill({
      id: 1,
      assigneeName: '教务处',
      state: 'waitAudit',
      abilities: { ...fill({}).abilities, pass: true, reject: true },
    }),
    fill({ id: 2, assigneeName: '学生处', state: 'uncommitted' }),
    fill({
      id: 3,
      assigneeName: '张老师',
      state: 'finished',
      synced: true,
      abilities: { ...fill({}).abilities, rollback: true },
    }),
  ];
  it('keeps the chosen ones the action fits and names the others', () => {
    expect(actionable(rows, [1], 'pass')).toEqual({ ids: [1], blocked: [] });
    expect(actionable(rows, [1, 2, 3], 'pass')).toEqual({ ids: [1], blocked: ['学生处', '张老师'] });
    expect(actionable(rows, [3], 'rollback')).toEqual({ ids: [3], blocked: [] });
  });
  it('has something to write into the warehouse only for a finished fill task not yet written', () => {
    expect(hasUnsynced(rows)).toBe(false);
    expect(hasUnsynced([...rows, fill({ id: 4, state: 'finished' })])).toBe(true);
  });
});

describe('the directory tree', () => {
  const tree = [
    {
      id: 1,
      parentId: null,
      name: '教学',
      sortOrder: 0,
      forms: 1,
      children: [{ id: 2, parentId: 1, name: '专业', sortOrder: 0, forms: 2, children: [] }],
    },
    { id: 3, parentId: null, name: '师资', sortOrder: 1, forms: 0, children: [] },
  ];
  it('finds a directory, its subtree and its path', () => {
    expect(findDirectory(tree, 2)?.name).toBe('专业');
    expect(findDirectory(tree, 9)).toBeNull();
    expect(subtreeIds(tree, 1)).toEqual([1, 2]);
    expect(directoryPath(tree, 2)).toBe('教学 / 专业');
    expect(directoryPath(tree, 9)).toBe('');
  });
  it('offers the tree as parents, a directory and its subtree disabled when moving it', () => {
    expect(directoryOptions(tree, [1, 2])).toEqual([
      {
        value: 1,
        title: '教学',
        disabled: true,
        children: [{ value: 2, title: '专业', disabled: true, children: [] }],
      },
      { value: 3, title: '师资', children: [] },
    ]);
  });
});
