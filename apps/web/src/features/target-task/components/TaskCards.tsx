import { TASK_UI as T, TASK_AUDIT, type TaskAudit } from '@zg/contract';
import { Badge, Button, Card, Checkbox, Dropdown, Pagination, Space, Spin, Tag, Tooltip } from 'antd';
import { EmptyState } from '../../../components/EmptyState';
import { pagination } from '../../../components/pagination';
import { type TaskCard, useTaskTypes } from '../target-task.api';
import type { TaskCommand } from '../task-logic';
import { ACTION_LABEL, type CardAction, cardActions, statusColor, typeLabel } from '../task-logic';
import '../target-task.css';
import { TaskProgress } from './TaskProgress';

/** How many buttons a card shows before the rest go under 更多. */
const SHOWN = 3;

/** One task card (spec-1 section 3): rwmc, rwzt, kssj, jssj, jkrmc, zqz, rwnf, cjrmc, rwlx, fbbm, rwjd, warnings. */
export function TaskCardItem({
  card,
  onCommand,
  selected,
  onSelect,
}: {
  card: TaskCard;
  onCommand: (card: TaskCard, command: TaskCommand) => void;
  selected?: boolean;
  onSelect?: (checked: boolean) => void;
}) {
  const types = useTaskTypes();
  const actions = cardActions(card);
  const shown = actions.slice(0, SHOWN);
  const rest = actions.slice(SHOWN);
  const field = (label: string, value: string | null | undefined) => (
    <div className="zg-task-card__field">
      <span className="zg-task-card__label">{label}</span>
      <span className="zg-task-card__value">{value || '—'}</span>
    </div>
  );
  return (
    <Card
      size="small"
      className="zg-task-card"
      title={
        <Space size={6} className="zg-task-card__title">
          {onSelect && card.abilities.delete && (
            <Checkbox checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-label={T.selectTask} />
          )}
          <Tooltip title={card.rwmc}>
            <Button type="link" className="zg-task-card__name" onClick={() => onCommand(card, 'detail')}>
              {card.rwmc}
            </Button>
          </Tooltip>
        </Space>
      }
      extra={<Tag color={statusColor(card.rwzt)}>{card.rwztmc}</Tag>}
      actions={[
        ...shown.map((a: CardAction) => (
          <Button
            key={a}
            type="link"
            size="small"
            danger={a === 'delete' || a === 'goBack' || a === 'refuse'}
            onClick={() => onCommand(card, a)}
          >
            {ACTION_LABEL[a]}
          </Button>
        )),
        <Button key="documents" type="link" size="small" onClick={() => onCommand(card, 'documents')}>
          {T.documents}
        </Button>,
        ...(rest.length
          ? [
              <Dropdown
                key="more"
                trigger={['click']}
                menu={{
                  items: rest.map((a) => ({ key: a, label: ACTION_LABEL[a], danger: a === 'delete' })),
                  onClick: ({ key }) => onCommand(card, key as CardAction),
                }}
              >
                <Button type="link" size="small">
                  {T.more}
                </Button>
              </Dropdown>,
            ]
          : []),
      ]}
    >
      <div className="zg-task-card__grid">
        {field(T.rwlx, typeLabel(card.rwlx, types.data))}
        {field(T.fbbm, card.fbbm)}
        {field(T.fzrmc, card.fzrmc)}
        {field(T.jkrmc, card.jkrmc)}
        {field(T.kssj, card.kssj)}
        {field(T.jssj, card.jssj)}
        {field(T.zqz, card.zqz)}
        {field(T.rwnf, card.rwnf)}
        {field(T.cjrmc, card.cjrmc)}
        {field(T.yearTarget, card.yearTargetName)}
        {card.auditStatus !== null && field(T.auditStatus, TASK_AUDIT[card.auditStatus as TaskAudit])}
      </div>
      <div className="zg-task-card__progress">
        <span className="zg-task-card__label">{T.rwjd}</span>
        <TaskProgress percent={card.rwjd} />
      </div>
      {(card.processWarningCount > 0 || card.expiredWarningCount > 0) && (
        <Space size={12} className="zg-task-card__warnings">
          <Badge color="orange" text={`${T.processWarningCount} ${card.processWarningCount}`} />
          <Badge color="red" text={`${T.expiredWarningCount} ${card.expiredWarningCount}`} />
        </Space>
      )}
    </Card>
  );
}

/** The task cards of a page with the spec's pagination, loading and empty states, and optional selection. */
export function TaskCards({
  cards,
  total,
  current,
  pageSize,
  loading,
  onPage,
  onCommand,
  selected,
  onSelect,
}: {
  cards: TaskCard[];
  total: number;
  current: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number) => void;
  onCommand: (card: TaskCard, command: TaskCommand) => void;
  selected?: ReadonlySet<number>;
  onSelect?: (id: number, checked: boolean) => void;
}) {
  if (loading && cards.length === 0) return <Spin className="zg-task-loading" description={T.loading} />;
  if (cards.length === 0) return <EmptyState description={T.noTasks} />;
  return (
    <Spin spinning={loading}>
      <ul className="zg-task-cards">
        {cards.map((card) => (
          <li key={card.id}>
            <TaskCardItem
              card={card}
              onCommand={onCommand}
              selected={selected?.has(card.id)}
              onSelect={onSelect ? (checked) => onSelect(card.id, checked) : undefined}
            />
          </li>
        ))}
      </ul>
      <Pagination className="zg-pagination" {...pagination({ current, total, pageSize, onChange: onPage })} />
    </Spin>
  );
}
