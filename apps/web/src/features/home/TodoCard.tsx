import { SHELL_TEXT as T } from '@zg/contract';
import { Card, Statistic } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { YearPicker } from '../../components/pickers';
import type { MenuEntry } from '../../session/menu';
import { type TodoQuery, useTodoCounts } from './home.api';

/** The to-dos of a task owner, an auditor and (for heads) a department, in the order they are acted on. */
export function todosFor(headsDepartment: boolean): (TodoQuery & { label: string; area: 'mine' | 'department' })[] {
  return [
    { key: 'waitAccept', kind: 'myTask', rwzt: 'waitAccept', label: T.todoWaitAccept, area: 'mine' },
    { key: 'waitDefine', kind: 'myTask', rwzt: 'waitDefine', label: T.todoWaitDefine, area: 'mine' },
    { key: 'executeing', kind: 'myTask', rwzt: 'executeing', label: T.todoExecuting, area: 'mine' },
    { key: 'delayNotDone', kind: 'myTask', rwzt: 'delayNotDone', label: T.todoOverdue, area: 'mine' },
    { key: 'review', kind: 'reviewTask', label: T.todoReview, area: 'mine' },
    ...(headsDepartment
      ? [
          {
            key: 'departmentResolve',
            kind: 'departmentTask' as const,
            rwzt: 'waitResolve' as const,
            label: T.todoDepartmentResolve,
            area: 'department' as const,
          },
        ]
      : []),
  ];
}

/**
 * What the user can act on now among target tasks, counted for a year (or all years): tasks to accept, define,
 * carry out or finish late, tasks to audit and, for a department head, tasks to break down. Each count leads into
 * the task menu the user has.
 */
export function TodoCard({
  menu,
  headsDepartment,
  enabled,
}: {
  menu: readonly MenuEntry[];
  headsDepartment: boolean;
  enabled: boolean;
}) {
  const navigate = useNavigate();
  const [year, setYear] = useState<number | null>(null);
  const todos = todosFor(headsDepartment);
  const counts = useTodoCounts(todos, year, enabled);
  const pathOf = (area: 'mine' | 'department') => {
    const key = area === 'mine' ? 'annualWbsPersonal' : 'annualWbsDepartment';
    return (menu.find((m) => m.key === key) ?? menu.find((m) => m.key === 'wbs'))?.path;
  };

  return (
    <Card
      className="zg-home__todo"
      title={T.todoTitle}
      variant="borderless"
      extra={
        <YearPicker
          aria-label={T.todoYear}
          placeholder={T.allYears}
          value={year}
          onChange={setYear}
          style={{ width: 128 }}
        />
      }
    >
      <div className="zg-home__todo-grid">
        {todos.map((todo, i) => {
          const path = pathOf(todo.area);
          const count = counts[i];
          const body = (
            <Statistic key="count" title={todo.label} value={count?.data?.total ?? 0} loading={count?.isPending} />
          );
          return path ? (
            <button
              key={todo.key}
              type="button"
              className="zg-home__todo-item"
              title={T.todoHint}
              onClick={() => navigate(path)}
            >
              {body}
            </button>
          ) : (
            <div key={todo.key} className="zg-home__todo-item">
              {body}
            </div>
          );
        })}
      </div>
    </Card>
  );
}
