import { fireEvent, render, screen, within } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ItemList } from './ItemList';

describe('ItemList', () => {
  it('is a named list of lines with title, description, avatar and actions', () => {
    const download = vi.fn();
    render(
      <ItemList
        aria-label="附件"
        items={[
          {
            key: 1,
            title: '方案.pdf',
            description: '张伟 2026-03-01',
            avatar: <span data-testid="avatar">图</span>,
            actions: [
              <Button key="download" type="link" onClick={download}>
                下载
              </Button>,
              null,
              false,
              <Button key="preview" type="link">
                预览
              </Button>,
            ],
          },
          { key: 2, title: '报告.docx' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: '附件' });
    const lines = within(list).getAllByRole('listitem');
    expect(lines.map((li) => li.textContent)).toEqual(['图方案.pdf张伟 2026-03-01下载预览', '报告.docx']);
    const first = lines[0] as HTMLElement;
    expect(within(first).getByTestId('avatar')).toBeTruthy();
    // Empty actions are left out; the others sit in one row after the text, with no list of their own.
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['下载', '预览']);
    expect(first.querySelectorAll('.zg-item-list__action')).toHaveLength(2);
    expect(within(lines[1] as HTMLElement).queryByRole('button')).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: '下载' }));
    expect(download).toHaveBeenCalledOnce();
  });

  it('says 暂无数据 when empty, or the text it is given', () => {
    const { rerender } = render(<ItemList items={[]} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    rerender(<ItemList items={[]} empty="暂无附件" />);
    expect(screen.getByText('暂无附件')).toBeTruthy();
  });

  it('spins while loading, without claiming to be empty', () => {
    const { container, rerender } = render(<ItemList items={[]} loading empty="暂无附件" />);
    expect(screen.queryByText('暂无附件')).toBeNull();
    expect(container.querySelector('.ant-spin-spinning')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    rerender(<ItemList items={[{ key: 'a', title: '方案.pdf' }]} loading={false} empty="暂无附件" />);
    expect(container.querySelector('.ant-spin-spinning')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('draws the small and bordered variants with a header, a footer, a chosen line and test ids', () => {
    const { container } = render(
      <ItemList
        size="small"
        bordered
        header="维度类型"
        footer={<Button>新增类型</Button>}
        maxHeight={360}
        items={[
          { key: 1, title: '专业', selected: true, testId: 'type-line' },
          { key: 2, title: '课程', testId: 'type-line' },
        ]}
      />,
    );
    const root = container.firstElementChild as HTMLElement;
    expect(root.className).toBe('zg-item-list zg-item-list--small zg-item-list--bordered');
    expect(root.style.maxHeight).toBe('360px');
    expect(root.querySelector('.zg-item-list__header')?.textContent).toBe('维度类型');
    expect(within(root.querySelector('.zg-item-list__footer') as HTMLElement).getByRole('button')).toBeTruthy();
    const lines = screen.getAllByTestId('type-line');
    expect(lines.map((li) => li.classList.contains('zg-item-list__item--selected'))).toEqual([true, false]);
  });
});
