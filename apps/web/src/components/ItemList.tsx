import { Spin } from 'antd';
import { Children, type Key, type ReactNode } from 'react';
import { EmptyState } from './EmptyState';

export interface ListItem {
  key: Key;
  /** The line's text; above the description when there is one. */
  title: ReactNode;
  description?: ReactNode;
  /** A leading avatar or icon. */
  avatar?: ReactNode;
  /** Buttons at the right end, split by thin lines; empty entries (false, null) are left out. */
  actions?: ReactNode[];
  /** Marks the chosen line (the type a panel shows, for instance). */
  selected?: boolean;
  /** The line's data-testid, for tests that count records. */
  testId?: string;
}

export interface ItemListProps {
  items: ListItem[];
  /** Spins over the list; without items, over a blank line rather than the empty placeholder. */
  loading?: boolean;
  /** The empty placeholder's text, 暂无数据 unless told otherwise. */
  empty?: ReactNode;
  /** small: tighter lines, for dialogs and side panels. */
  size?: 'default' | 'small';
  /** A rounded border around the list, its header and footer. */
  bordered?: boolean;
  header?: ReactNode;
  footer?: ReactNode;
  /** A longer list scrolls inside this height. */
  maxHeight?: number;
  className?: string;
  /** Names the list for screen readers when no heading does. */
  'aria-label'?: string;
}

/**
 * A short list of lines split by thin rules, each with an optional avatar, a title and description, and actions at the
 * right: what antd's deprecated List drew, as a plain <ul> (virtual lists are for long ones).
 */
export function ItemList({
  items,
  loading,
  empty,
  size = 'default',
  bordered = false,
  header,
  footer,
  maxHeight,
  className,
  'aria-label': label,
}: ItemListProps) {
  const classes = ['zg-item-list'];
  if (size === 'small') classes.push('zg-item-list--small');
  if (bordered) classes.push('zg-item-list--bordered');
  if (className) classes.push(className);

  let body: ReactNode;
  if (items.length > 0)
    body = (
      <ul className="zg-item-list__items" aria-label={label}>
        {items.map((item) => (
          <Line key={item.key} item={item} />
        ))}
      </ul>
    );
  else if (loading) body = <div className="zg-item-list__pending" />;
  else
    body = (
      <div className="zg-item-list__empty">
        <EmptyState description={empty} />
      </div>
    );

  return (
    <div className={classes.join(' ')} style={maxHeight === undefined ? undefined : { maxHeight, overflow: 'auto' }}>
      {header != null && header !== false && <div className="zg-item-list__header">{header}</div>}
      {/* A list that can load keeps its spinner's wrapper throughout, so its lines are not mounted anew after. */}
      {loading === undefined ? body : <Spin spinning={loading}>{body}</Spin>}
      {footer != null && footer !== false && <div className="zg-item-list__footer">{footer}</div>}
    </div>
  );
}

function Line({ item }: { item: ListItem }) {
  const actions = Children.toArray(item.actions);
  return (
    <li
      className={item.selected ? 'zg-item-list__item zg-item-list__item--selected' : 'zg-item-list__item'}
      data-testid={item.testId}
    >
      {item.avatar != null && <span className="zg-item-list__avatar">{item.avatar}</span>}
      <div className="zg-item-list__main">
        <div className="zg-item-list__title">{item.title}</div>
        {item.description != null && item.description !== '' && (
          <div className="zg-item-list__description">{item.description}</div>
        )}
      </div>
      {actions.length > 0 && (
        <div className="zg-item-list__actions">
          {Children.map(actions, (action) => (
            <span className="zg-item-list__action">{action}</span>
          ))}
        </div>
      )}
    </li>
  );
}
