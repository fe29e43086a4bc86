import { Card } from 'antd';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';

export interface CardItem {
  key: string;
  title: ReactNode;
  icon?: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
  /** Makes the whole card a button. */
  onClick?: () => void;
  /** Marks the card as the chosen one (a filter card, for instance). */
  selected?: boolean;
}

/** Spec-2 section 2.14: a responsive grid of cards; the empty placeholder when there are none. */
export function CardList({
  items,
  empty,
  minWidth = 220,
}: {
  items: CardItem[];
  empty?: ReactNode;
  minWidth?: number;
}) {
  if (items.length === 0) return <EmptyState description={empty} />;
  return (
    <ul className="zg-card-list" style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))` }}>
      {items.map((item) => (
        <li key={item.key} className="zg-card-list__item">
          <Card
            hoverable={!!item.onClick}
            size="small"
            className={item.selected ? 'zg-card-list__card zg-card-list__card--selected' : 'zg-card-list__card'}
            onClick={item.onClick}
            role={item.onClick ? 'button' : undefined}
            aria-pressed={item.onClick && item.selected !== undefined ? item.selected : undefined}
            tabIndex={item.onClick ? 0 : undefined}
            onKeyDown={(e) => {
              if (item.onClick && (e.key === 'Enter' || e.key === ' ')) {
                e.preventDefault();
                item.onClick();
              }
            }}
          >
            <div className="zg-card-list__head">
              {item.icon && <span className="zg-card-list__icon">{item.icon}</span>}
              <span className="zg-card-list__title">{item.title}</span>
              {item.extra && <span className="zg-card-list__extra">{item.extra}</span>}
            </div>
            {item.description && <div className="zg-card-list__description">{item.description}</div>}
          </Card>
        </li>
      ))}
    </ul>
  );
}
