import { type LoginRecord, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Card, Statistic } from 'antd';
import { useNavigate } from 'react-router-dom';
import { subPagesFor, useRouteTable } from '../../session/routes';
import { useDiagnosisTodo } from './home.api';

/** Where each diagnosis to-do's rows are listed: the list whose rows the server counted. */
export const DIAGNOSIS_TODO_LINKS = {
  toSubmit: '/improvement?todo=tosubmit',
  toAudit: '/improvement/audit',
} as const;

/**
 * 诊改待办 (issue 30 item 4): the object tasks whose targets the user, in charge of them, has still to submit, and those
 * waiting for the user's audit; each tile opens the list of exactly those (a tile is left out where the user has no
 * such part, the card where the user has neither).
 */
export function DiagnosisTodoCard({ record }: { record: LoginRecord | null }) {
  const navigate = useNavigate();
  const table = useRouteTable();
  const todo = useDiagnosisTodo(!!record);
  const data = todo.data;
  if (!data || (data.toSubmit === null && data.toAudit === null)) return null;
  const audits = subPagesFor(table, 'improvement', record).some((s) => s.slug === 'audit');
  const tiles = [
    { key: 'toSubmit', label: T.todoToSubmit, count: data.toSubmit, link: DIAGNOSIS_TODO_LINKS.toSubmit },
    { key: 'toAudit', label: T.todoToAudit, count: data.toAudit, link: audits ? DIAGNOSIS_TODO_LINKS.toAudit : null },
  ].filter((t) => t.count !== null);
  return (
    <Card className="zg-home__todo" title={T.todoTitle} variant="borderless">
      <div className="zg-home__todo-grid">
        {tiles.map((t) => {
          const body = <Statistic key="count" title={t.label} value={t.count ?? 0} />;
          const link = t.link;
          return link ? (
            <button
              key={t.key}
              type="button"
              className="zg-home__todo-item"
              title={T.todoHint}
              data-todo={t.key}
              onClick={() => navigate(link)}
            >
              {body}
            </button>
          ) : (
            <div key={t.key} className="zg-home__todo-item" data-todo={t.key}>
              {body}
            </div>
          );
        })}
      </div>
    </Card>
  );
}
