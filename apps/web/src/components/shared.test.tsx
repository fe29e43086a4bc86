import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CardList } from './CardList';
import { EmptyState } from './EmptyState';
import { pagination, rowsOnPage } from './pagination';

describe('EmptyState', () => {
  it('says 暂无数据 unless told otherwise', () => {
    render(<EmptyState />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});

describe('CardList', () => {
  it('renders cards, clickable by mouse and keyboard', () => {
    const open = vi.fn();
    render(<CardList items={[{ key: 'a', title: '数据管理', description: '目录', onClick: open }]} />);
    const card = screen.getByRole('button', { name: /数据管理/ });
    fireEvent.click(card);
    fireEvent.keyDown(card, { key: 'Enter' });
    expect(open).toHaveBeenCalledTimes(2);
    expect(screen.getByText('目录')).toBeTruthy();
  });

  it('shows the empty placeholder without items', () => {
    render(<CardList items={[]} empty="没有入口" />);
    expect(screen.getByText('没有入口')).toBeTruthy();
  });
});

describe('pagination', () => {
  it('has a quick jumper, no size changer and the spec total text', () => {
    const props = pagination({ current: 3, total: 25 });
    expect(props).toMatchObject({ current: 3, pageSize: 10, showQuickJumper: true, showSizeChanger: false });
    expect(props.showTotal?.(25, [21, 25])).toBe('当前页5条，共25条');
    expect(pagination({ current: 1, total: 25 }).showTotal?.(25, [1, 10])).toBe('当前页10条，共25条');
  });

  it('counts the rows of a page', () => {
    expect(rowsOnPage(1, 10, 0)).toBe(0);
    expect(rowsOnPage(2, 10, 15)).toBe(5);
    expect(rowsOnPage(4, 10, 15)).toBe(0);
  });
});
