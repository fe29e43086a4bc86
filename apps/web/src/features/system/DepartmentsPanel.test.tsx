import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminDepartment } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { setLoginRecord } from '../../api/session';
import { loginRecord, mockApi, ok } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { DepartmentsPanel } from './DepartmentsPanel';

const D02: AdminDepartment = {
  departmentId: 'D02',
  departmentName: '教务处',
  parentId: null,
  shortNameZh: '教务处',
  shortNameEn: 'AAO',
  chargeUserId: 'bmfzr01',
  chargeUserName: '王建国',
  enabled: true,
  sortOrder: 1,
  userCount: 12,
};
const USERS = [
  { userId: 'bmfzr01', userName: '王建国' },
  { userId: 'fbr01', userName: '李明' },
];

describe('DepartmentsPanel', () => {
  it('picks the head by 工号 or name with the user picker and saves its 工号', async () => {
    setLoginRecord(loginRecord);
    const fetchMock = mockApi({
      '/api/system/department/list': () => ok([D02]),
      '/api/system/department/D02/update': () => ok([{ ...D02, chargeUserId: 'fbr01', chargeUserName: '李明' }]),
      '/api/user/search': (_init, url) => {
        const name = url.searchParams.get('name') ?? '';
        const found = USERS.filter((u) => u.userId.includes(name) || u.userName.includes(name));
        return ok({ list: found, total: found.length, pageNum: 1, pageSize: 100 });
      },
    });
    renderPage(<DepartmentsPanel />, '/system/departments');
    const row = (await screen.findByText('D02')).closest('tr')!;
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', { name: '编辑部门' });
    // The current head reads as 工号 and name before any search.
    expect(dialog.querySelector('.zg-user-picker')?.textContent).toContain('bmfzr01 王建国');

    const box = within(dialog).getByRole('combobox', { name: '负责人' });
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '李明' } });
    fireEvent.click(await screen.findByText('李明'));
    expect(dialog.querySelector('.zg-user-picker')?.textContent).toContain('fbr01 李明');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/system/department/D02/update'))).toBe(
        true,
      ),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/department/D02/update'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ departmentName: '教务处', chargeUserId: 'fbr01' });
  });
});
