import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type DepartmentVersion,
  DEPARTMENT_VERSION_MSG as M,
  type VersionDepartment,
  DEPARTMENT_VERSION_TEXT as X,
} from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/attachments';
import { failed, loginRecord, mockApi, ok } from '../../test/fixtures';
import { DepartmentVersionsPanel } from './DepartmentVersionsPanel';

const S = '/api/herm-sjgl/departmentVersion';
const version = (over: Partial<DepartmentVersion>): DepartmentVersion => ({
  id: 1,
  bbmc: '2025版',
  sxrq: '2025-09-01',
  bz: null,
  sfqy: false,
  bms: 10,
  cjrmc: '系统管理员',
  cjsj: '2026-03-01T08:30:00.000Z',
  ...over,
});
const page = (records: DepartmentVersion[]) => ok({ records, total: records.length, current: 1, pages: 1, size: 10 });
const dep = (over: Partial<VersionDepartment>): VersionDepartment => ({
  bmid: 'D02',
  bmmc: '教务处',
  sjbmid: null,
  sjbmmc: null,
  fzrid: 'bmfzr01',
  fzrmc: '王强',
  px: 1,
  ...over,
});
const reader = { ...loginRecord, userId: 'zgfb01', roleIdList: ['zgadmin'] };

describe('DepartmentVersionsPanel 部门版本', () => {
  it('enables a version after confirmation; the enabled one has no enable or delete', async () => {
    let rows = [version({ id: 1, bbmc: '2025版', sfqy: true }), version({ id: 2, bbmc: '2026版', sxrq: '2026-03-01' })];
    const enabled: number[] = [];
    mockApi({
      [`${S}/selectquery`]: () => page(rows),
      [`${S}/2/enable`]: () => {
        enabled.push(2);
        rows = rows.map((r) => ({ ...r, sfqy: r.id === 2 }));
        return ok(rows[1], M.enabled('2026版'));
      },
    });
    renderUi(<DepartmentVersionsPanel />);
    const on = (await screen.findByText('2025版')).closest('tr') as HTMLElement;
    expect(within(on).getByText(X.enabled)).toBeTruthy();
    expect(within(on).queryByRole('button', { name: /^启\s*用$/ })).toBeNull();
    expect(within(on).queryByText(/^删\s*除$/)).toBeNull();

    const off = screen.getByText('2026版').closest('tr') as HTMLElement;
    fireEvent.click(within(off).getByRole('button', { name: /^启\s*用$/ }));
    expect((await screen.findAllByText(X.confirmEnable('2026版'))).length).toBeGreaterThan(0);
    expect(enabled).toEqual([]);
    const confirm = document.querySelector('.ant-modal-confirm') as HTMLElement;
    fireEvent.click(within(confirm).getByText(/^确\s*定$/));
    expect(await screen.findByText(M.enabled('2026版'))).toBeTruthy();
    expect(enabled).toEqual([2]);
    await waitFor(() =>
      expect(within(screen.getByText('2026版').closest('tr') as HTMLElement).getByText(X.enabled)).toBeTruthy(),
    );
  });

  it('creates a version (copying the departments) and shows a refused name', async () => {
    const sent: unknown[] = [];
    mockApi({
      [`${S}/selectquery`]: () => page([]),
      [`${S}/insert`]: (init) => {
        sent.push(JSON.parse(String(init.body)));
        return sent.length === 1 ? failed(409, M.nameTaken('2026版')) : ok(version({ id: 5, bbmc: '2026春', bms: 12 }));
      },
    });
    renderUi(<DepartmentVersionsPanel />);
    expect(await screen.findByText(X.empty)).toBeTruthy();
    // 新增 follows the server's abilities, which may answer after the list.
    fireEvent.click(await screen.findByRole('button', { name: X.add }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(X.addHint)).toBeTruthy();
    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    expect(await within(dialog).findByText(M.nameRequired)).toBeTruthy();
    expect(sent).toEqual([]);

    const name = within(dialog).getByLabelText(X.name);
    fireEvent.change(name, { target: { value: ' 2026版 ' } });
    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    expect(await screen.findByText(M.nameTaken('2026版'))).toBeTruthy();
    expect(sent[0]).toMatchObject({ bbmc: '2026版', bz: null });
    expect((sent[0] as { sxrq: string }).sxrq).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.change(name, { target: { value: '2026春' } });
    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    expect(await screen.findByText(M.created(12))).toBeTruthy();
  });

  it('shows the departments of a version, and a reader only that', async () => {
    mockApi({
      [`${S}/selectquery`]: () => page([version({ id: 3, bbmc: '2024版' })]),
      [`${S}/3/departments`]: () =>
        ok([dep({}), dep({ bmid: 'D07', bmmc: '信息工程学院', fzrid: null, fzrmc: null, px: 2 })]),
    });
    renderUi(<DepartmentVersionsPanel />, reader);
    const row = (await screen.findByText('2024版')).closest('tr') as HTMLElement;
    expect(screen.queryByRole('button', { name: X.add })).toBeNull();
    expect(within(row).queryByRole('button', { name: /^启\s*用$/ })).toBeNull();
    expect(within(row).queryByText(/^删\s*除$/)).toBeNull();
    fireEvent.click(within(row).getByText(X.view));
    expect(await screen.findByText(X.departmentsOf('2024版'))).toBeTruthy();
    expect(await screen.findByText('信息工程学院')).toBeTruthy();
    expect(screen.getByText('王强')).toBeTruthy();
  });
});
