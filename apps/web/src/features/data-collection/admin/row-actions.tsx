import { COLLECTION_TEXT as C } from '@zg/contract';
import { Button, Popconfirm, Space, type TableColumnType } from 'antd';
import type { MouseEvent, ReactNode } from 'react';

/** The 操作 column: `width` px of a row's links, side by side. */
export function actionsColumn<T>(width: number, links: (row: T) => ReactNode): TableColumnType<T> {
  return { title: C.actions, key: 'actions', width, render: (_v, row) => <Space size={0}>{links(row)}</Space> };
}

/** A link in the 操作 column, read aloud with the row's name (修改 专业类别). */
export function RowLink({
  label,
  name,
  size,
  onClick,
}: {
  label: string;
  name: string;
  size?: 'small';
  onClick: (e: MouseEvent<HTMLElement>) => void;
}) {
  return (
    <Button type="link" size={size} aria-label={`${label} ${name}`} onClick={onClick}>
      {label}
    </Button>
  );
}

/**
 * 删除 in a row's 操作 column, read aloud with the row's name: asks `confirm` first, then runs `onDelete` (a promise
 * it returns keeps the question open until settled). `stopPropagation` where a click on the row selects it: neither
 * the link nor the question's buttons then reach the row.
 */
export function RowDelete({
  name,
  confirm,
  onDelete,
  disabled,
  size,
  stopPropagation,
}: {
  name: string;
  confirm: string;
  onDelete: () => unknown;
  disabled?: boolean;
  size?: 'small';
  stopPropagation?: boolean;
}) {
  return (
    <Popconfirm
      title={confirm}
      okText={C.confirm}
      cancelText={C.cancel}
      disabled={disabled}
      onConfirm={onDelete}
      // The question renders in a portal, but its clicks still bubble up the React tree to the row.
      onPopupClick={stopPropagation ? (e) => e.stopPropagation() : undefined}
    >
      <Button
        type="link"
        size={size}
        danger
        disabled={disabled}
        aria-label={`${C.delete} ${name}`}
        onClick={stopPropagation ? (e) => e.stopPropagation() : undefined}
      >
        {C.delete}
      </Button>
    </Popconfirm>
  );
}
