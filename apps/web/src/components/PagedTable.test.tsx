import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PagedTable, SearchBar, useSearchPaging } from './PagedTable';

type Row = { id: number; name: string };

function Harness({ rows, total, empty }: { rows: Row[]; total: number; empty?: string }) {
  const paging = useSearchPaging();
  return (
    <>
      <SearchBar label="按名称搜索" onSearch={paging.search}>
        <button type="button">新增</button>
      </SearchBar>
      <output data-testid="state">{`${paging.page}|${paging.keyword}`}</output>
      <PagedTable<Row>
        columns={[{ title: '名称', dataIndex: 'name' }]}
        query={{ data: { records: rows, total }, isFetching: false }}
        paging={paging}
        empty={empty}
      />
    </>
  );
}

describe('PagedTable and SearchBar', () => {
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
