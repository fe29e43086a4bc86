import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListTable, pagedRows, SearchBar, useSearchPaging } from './ListTable';

type Row = { id: number; name: string };

function Harness({ rows, total, empty }: { rows: Row[]; total: number; empty?: string }) {
  const paging = useSearchPaging();
  return (
    <>
      <SearchBar label="按名称搜索" onSearch={paging.search}>
        <button type="button">新增</button>
      </SearchBar>
      <output data-testid="state">{`${paging.page}|${paging.keyword}`}</output>
      <ListTable<Row>
        columns={[{ title: '名称', dataIndex: 'name' }]}
        {...pagedRows({ data: { records: rows, total }, isFetching: false }, paging)}
        empty={empty}
      />
    </>
  );
}

describe('ListTable (server pages) and SearchBar', () => {
  it('pages, and a search (trimmed) starts again from the first page', () => {
    render(<Harness rows={[{ id: 1, name: '学生数据' }]} total={25} />);
    expect(screen.getByText('学生数据')).toBeTruthy();
    expect(screen.getByText('当前页10条，共25条')).toBeTruthy();
    expect(screen.getByText('新增')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(screen.getByTestId('state').textContent).toBe('2|');
    const box = screen.getByLabelText('按名称搜索');
    expect(box.getAttribute('placeholder')).toBe('按名称搜索');
    fireEvent.change(box, { target: { value: '  学生 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getByTestId('state').textContent).toBe('1|学生');
  });

  it('says 暂无数据 without rows unless told otherwise', () => {
    const { unmount } = render(<Harness rows={[]} total={0} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    unmount();
    render(<Harness rows={[]} total={0} empty="暂无仓库" />);
    expect(screen.getByText('暂无仓库')).toBeTruthy();
  });
});

describe('ListTable (rows paged here, or none)', () => {
  const rows = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `第${i + 1}行` }));
  const columns = [{ title: '名称', dataIndex: 'name' }];

  it("pages every row here with the spec's pager: quick jumper, no size changer, 当前页N条，共M条", () => {
    render(<ListTable<Row> columns={columns} rows={rows} pager="local" />);
    expect(screen.getByText('当前页10条，共23条')).toBeTruthy();
    expect(screen.getByText('第1行')).toBeTruthy();
    expect(screen.queryByText('第11行')).toBeNull();
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
    expect(document.querySelector('.ant-pagination-options-size-changer')).toBeNull();
    fireEvent.click(screen.getByTitle('3'));
    expect(screen.getByText('当前页3条，共23条')).toBeTruthy();
    expect(screen.getByText('第21行')).toBeTruthy();
  });

  it('a local pager never stays past the last page when rows go away', () => {
    const { rerender } = render(<ListTable<Row> columns={columns} rows={rows} pager="local" />);
    fireEvent.click(screen.getByTitle('3'));
    rerender(<ListTable<Row> columns={columns} rows={rows.slice(0, 12)} pager="local" />);
    expect(screen.getByText('当前页2条，共12条')).toBeTruthy();
    expect(screen.getByText('第12行')).toBeTruthy();
  });

  it('shows a bounded part of a record whole, and a failed load by its message', () => {
    const { unmount } = render(<ListTable<Row> columns={columns} rows={rows} pager={false} />);
    expect(screen.getByText('第23行')).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    unmount();
    render(
      <ListTable<Row> columns={columns} rows={undefined} error={new Error('数据库繁忙')} empty="暂无" pager="local" />,
    );
    expect(screen.getByText('数据库繁忙')).toBeTruthy();
  });
});
