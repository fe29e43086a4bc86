import { TASK_MSG } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { taskCard } from '../../test/target-task-data';
import { buildTree, cardActions, dateProblem, filtersFromSearch, searchOfFilters, stateOptions } from './task-logic';

describe('the task state options', () => {
  it('are the six filter states, without 待分解 on the my-task page', () => {
    expect(stateOptions('departmentTask').map((o) => o.label)).toEqual([
      '待分解',
      '待定义',
      '执行中',
      '已完成',
      '逾期完成',
      '逾期未完成',
    ]);
    expect(stateOptions('myTask').map((o) => o.value)).not.toContain('waitResolve');
    expect(stateOptions('myTask')).toHaveLength(5);
  });

  it('add the state a page was opened with when it is not among them, first', () => {
    expect(stateOptions('departmentTask', 'waitAccept').map((o) => o.label)[0]).toBe('待接收');
    expect(stateOptions('departmentTask', 'waitDefine')).toHaveLength(6);
    expect(stateOptions('myTask', 'nonsense')).toHaveLength(5);
  });
});

describe('the filters in a list URL', () => {
  it('round-trip, leaving the default order out', () => {
    const filters = {
      sort: 'desc' as const,
      rwzt: 'waitDefine' as const,
      missionState: 'toWrite' as const,
      year: 2026,
    };
    const search = searchOfFilters(filters);
    expect(search.toString()).toBe('rwzt=waitDefine&missionState=toWrite&year=2026');
    expect(filtersFromSearch(search)).toMatchObject(filters);
    expect(searchOfFilters({ sort: 'asc', rwmc: '课程' }).toString()).toBe('sort=asc&rwmc=%E8%AF%BE%E7%A8%8B');
  });

  it('leave out what a list cannot take', () => {
    const f = filtersFromSearch(
      new URLSearchParams('rwzt=nonsense&year=abc&yearTargetId=-1&rwlx=Z&missionState=all&sort=sideways'),
    );
    expect(f).toEqual({
      year: undefined,
      yearTargetId: undefined,
      rwlx: undefined,
      departmentId: undefined,
      departmentName: undefined,
      rwzt: undefined,
      rwmc: undefined,
      sort: 'desc',
      missionState: undefined,
    });
    expect(filtersFromSearch(new URLSearchParams('year=9999999999')).year).toBeUndefined();
  });
});

describe('the decomposition tree', () => {
  it('nests rows by parent and keeps a row whose parent is not shown at the root', () => {
    const rows = [
      taskCard({ id: 1, rwmc: '上级' }),
      taskCard({ id: 2, rwmc: '子一', parentId: 1 }),
      taskCard({ id: 3, rwmc: '孙', parentId: 2 }),
      taskCard({ id: 4, rwmc: '父任务不可见', parentId: 99 }),
    ];
    const tree = buildTree(rows);
    expect(tree.map((n) => n.card.rwmc)).toEqual(['上级', '父任务不可见']);
    expect(tree[0]?.children[0]?.children[0]?.card.rwmc).toBe('孙');
  });
});

describe('the card buttons', () => {
  it('follow the server abilities in the order of a task life, and nothing for a read-only user', () => {
    const card = taskCard({
      abilities: { accept: true, goBack: true, push: false, addChild: false, edit: false, delete: false },
    });
    expect(cardActions(card)).toEqual(['accept', 'goBack']);
    expect(cardActions(taskCard({ abilities: { editMission: true, define: true } }))).toEqual([
      'editMission',
      'define',
    ]);
    expect(cardActions(taskCard({ abilities: {} }))).toEqual([]);
  });
});

describe('the date rules', () => {
  it('refuse an end before the start and a child outside its parent', () => {
    expect(dateProblem('2026-05-01', '2026-04-01')).toBe(TASK_MSG.endBeforeStart);
    expect(dateProblem('2026-01-01', '2026-12-31', { kssj: '2026-02-01', jssj: '2026-12-31' })).toBe(
      TASK_MSG.outsideParent,
    );
    expect(dateProblem('2026-02-01', '2026-11-30', { kssj: '2026-01-01', jssj: '2026-12-31' })).toBeNull();
    expect(dateProblem(undefined, '2026-11-30')).toBeNull();
  });
});
