import {
  AUDIT_TODOS,
  type AuditTodoKey,
  type LoginRecord,
  type MenuKey,
  SHELL_TEXT as T,
  TASK_TODOS,
  type TaskTodo,
  type TaskTodoKey,
  TODO_KEYS,
  TODO_ROLES,
  type TodoKey,
  type TodoRole,
  todoRole,
} from '@zg/contract';
import { Card, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { YearPicker } from '../../components/pickers';
import type { MenuEntry } from '../../session/menu';
import { type RouteTable, subPagesFor, useRouteTable } from '../../session/routes';
import { searchOfFilters } from '../target-task/task-logic';
import { useTodoCounts } from './home.api';

const LABELS: Record<TodoKey, string> = {
  departmentAccept: T.todoDepartmentAccept,
  departmentResolve: T.todoDepartmentResolve,
  reportAudit: T.todoReportAudit,
  delayAudit: T.todoDelayAudit,
  definitionAudit: T.todoDefinitionAudit,
  myDefine: T.todoWaitDefine,
  myAccept: T.todoWaitAccept,
  myExecuting: T.todoExecuting,
  myOverdue: T.todoOverdue,
};

const ROLE_TITLES: Record<TodoRole, string> = {
  head: T.todoRoleHead,
  auditor: T.todoRoleAuditor,
  owner: T.todoRoleOwner,
};

/** The page (a sub-page slug of the task menus) that lists each to-do's rows. */
const PAGES: Record<TodoKey, string> = {
  departmentAccept: 'departmentTask',
  departmentResolve: 'departmentTask',
  reportAudit: 'progressAudit',
  delayAudit: 'progressAudit',
  definitionAudit: 'reviewTask',
  myDefine: 'myTask',
  myAccept: 'myTask',
  myExecuting: 'myTask',
  myOverdue: 'myTask',
};

/** Pages that are the catalogue's own entries under 年度目标分解 rather than sub-pages. */
const CATALOGUE_ENTRIES: Partial<Record<string, MenuKey>> = {
  myTask: 'annualWbsPersonal',
  departmentTask: 'annualWbsDepartment',
};

const isTaskTodo = (key: TodoKey): key is TaskTodoKey => Object.hasOwn(TASK_TODOS, key);

/**
 * The link of a to-do: its list page among those the user has (年度目标分解's first, then 目标任务管理's), with the
 * filter the server counted with in the URL, so the list shows exactly the counted rows; undefined when the user has
 * no such page.
 */
export function todoLink(
  key: TodoKey,
  year: number | null,
  where: { menu: readonly MenuEntry[]; table: RouteTable; record: LoginRecord | null },
): string | undefined {
  const slug = PAGES[key];
  const entryKey = CATALOGUE_ENTRIES[slug];
  let path = entryKey ? where.menu.find((m) => m.key === entryKey)?.path : undefined;
  for (const menuKey of ['annualWbs', 'wbs'] as const) {
    if (path) break;
    const entry = where.menu.find((m) => m.key === menuKey);
    if (entry && subPagesFor(where.table, menuKey, where.record).some((s) => s.slug === slug)) {
      path = `${entry.path}/${slug}`;
    }
  }
  if (!path) return undefined;
  let query: URLSearchParams;
  if (isTaskTodo(key)) {
    const todo: TaskTodo = TASK_TODOS[key];
    query = searchOfFilters({
      sort: 'desc',
      rwzt: todo.rwzt,
      missionState: todo.missionState,
      year: year ?? undefined,
    });
  } else {
    const { queue } = AUDIT_TODOS[key as AuditTodoKey];
    query = new URLSearchParams({ tab: queue === 'report' ? 'reports' : 'delays', status: 'reviewing' });
    if (year !== null) query.set('year', String(year));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * What waits for the user among target tasks, by every role they hold, for a year (or all years): their departments'
 * tasks to accept and split, the reports, delay requests and definitions to audit, their own definitions to write
 * and tasks to accept, under way and overdue. The server counts them (one request); each tile opens the list of
 * exactly those rows.
 */
export function TodoCard({
  menu,
  record,
  enabled,
}: {
  menu: readonly MenuEntry[];
  record: LoginRecord | null;
  enabled: boolean;
}) {
  const navigate = useNavigate();
  const table = useRouteTable();
  const [year, setYear] = useState<number | null>(null);
  const counts = useTodoCounts(year, enabled);
  const data = counts.data;
  const roles = TODO_ROLES.filter((role) => data?.roles[role]);

  return (
    <Card
      className="zg-home__todo"
      title={T.todoTitle}
      variant="borderless"
      loading={counts.isPending}
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
      {data && roles.length === 0 && <EmptyState description={T.noTodos} />}
      {data &&
        roles.map((role) => (
          <section key={role} className="zg-home__todo-role" aria-label={ROLE_TITLES[role]}>
            <Typography.Text type="secondary" className="zg-home__todo-role-title">
              {ROLE_TITLES[role]}
            </Typography.Text>
            <div className="zg-home__todo-grid">
              {TODO_KEYS.filter((key) => todoRole(key) === role && data[key] !== null).map((key) => {
                const link = todoLink(key, year, { menu, table, record });
                const body = <Statistic key="count" title={LABELS[key]} value={data[key] ?? 0} />;
                return link ? (
                  <button
                    key={key}
                    type="button"
                    className="zg-home__todo-item"
                    title={T.todoHint}
                    data-todo={key}
                    onClick={() => navigate(link)}
                  >
                    {body}
                  </button>
                ) : (
                  <div key={key} className="zg-home__todo-item" data-todo={key}>
                    {body}
                  </div>
                );
              })}
            </div>
          </section>
        ))}
    </Card>
  );
}
