import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FILE_MSG } from '@zg/contract';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { attachment, renderUi } from '../../test/attachments';
import { departments, loginRecord, mockApi, ok } from '../../test/fixtures';
import DataManagePage from './DataManagePage';
import { canWriteLibrary, formatSize } from './FileLibrary';

/** The page at its own address (it routes the addresses below it itself). */
const atPage = (ui: ReactNode) => <MemoryRouter initialEntries={['/dataManage']}>{ui}</MemoryRouter>;

const FILE_API = '/api/herm-zdgj/rest/file';
const member = { ...loginRecord, userId: 'zgfb01', orgId: 'D02', roleIdList: ['zgadmin'] };
const outsider = { ...member, orgId: 'D04' };
const departmentList = {
  list: [...departments, { ...departments[0], departmentId: 'D04', departmentName: '质量管理办公室' }],
  total: 2,
  pageNum: 1,
  pageSize: 100000,
};

describe('canWriteLibrary', () => {
  it('lets members, heads and administrators add', () => {
    expect(canWriteLibrary(member, 'D02')).toBe(true);
    expect(canWriteLibrary(outsider, 'D02')).toBe(false);
    expect(canWriteLibrary({ ...outsider, chargeDeparmentIdList: ['D02'] }, 'D02')).toBe(true);
    expect(canWriteLibrary({ ...outsider, roleIdList: ['zyadmin'] }, 'D02')).toBe(true);
    expect(canWriteLibrary(null, 'D02')).toBe(false);
  });
  it('formats sizes', () => {
    expect(formatSize(10)).toBe('10 B');
    expect(formatSize(2048)).toBe('2.0 KB');
    expect(formatSize(6 * 1024 * 1024)).toBe('6.0 MB');
  });
});

describe('DataManagePage 文件库', () => {
  it("lists the user's own department with add and delete, and deletes after confirmation", async () => {
    let files = [attachment({ fileName: '制度汇编.pdf' })];
    const asked: string[] = [];
    mockApi({
      '/api/user/departmentList': () => ok(departmentList),
      [`${FILE_API}/files/list`]: (_i, url) => {
        asked.push(url.searchParams.get('ownerId') ?? '');
        return ok(files);
      },
      [`${FILE_API}/files/11111111-1111-4111-8111-111111111111/delete`]: () => {
        files = [];
        return ok(null, FILE_MSG.deleted);
      },
    });
    renderUi(atPage(<DataManagePage />), member);
    expect(await screen.findByText(FILE_MSG.libraryTab)).toBeTruthy();
    expect(await screen.findByText('制度汇编.pdf')).toBeTruthy();
    expect(asked[0]).toBe('D02');
    expect(screen.getByText('当前页1条，共1条')).toBeTruthy();
    expect(screen.getByText(FILE_MSG.upload)).toBeTruthy();
    expect(screen.getByText(/^预\s*览$/)).toBeTruthy();

    fireEvent.click(screen.getByText(/^删\s*除$/));
    const confirm = await screen.findByText(FILE_MSG.confirmDelete);
    const pop = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByText(/^(确\s*定|OK)$/));
    expect(await screen.findByText(FILE_MSG.deleted)).toBeTruthy();
    expect((await screen.findAllByText(FILE_MSG.noData)).length).toBeGreaterThan(0);
  });

  it('shows another department read-only: no add, no delete', async () => {
    mockApi({
      '/api/user/departmentList': () => ok(departmentList),
      [`${FILE_API}/files/list`]: () => ok([attachment({ fileName: '教学计划.docx', canDelete: false })]),
    });
    renderUi(atPage(<DataManagePage />), outsider);
    expect(await screen.findByText('教学计划.docx')).toBeTruthy();
    // Switch to 教务处 through the picker.
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('教务处'));
    await waitFor(() => expect(screen.getByText(FILE_MSG.readOnly)).toBeTruthy());
    expect(await screen.findByText(/^下\s*载$/)).toBeTruthy();
    expect(screen.queryByText(FILE_MSG.upload)).toBeNull();
    expect(screen.queryByText(/^删\s*除$/)).toBeNull();
  });
});
