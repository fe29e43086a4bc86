import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type CycleValue, CYCLE_MSG as M, CYCLE_TEXT as X } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/attachments';
import { failed, loginRecord, mockApi, ok } from '../../test/fixtures';
import { CyclesPanel } from './CyclesPanel';

const S = '/api/herm-sjgl';
const types = [
  { id: 1, lxmc: '年', code: 'year', px: 1, zqzs: 2 },
  { id: 3, lxmc: '学期', code: 'term', px: 3, zqzs: 1 },
];
const value = (over: Partial<CycleValue>): CycleValue => ({
  id: 1,
  cycleTypeId: 1,
  lxmc: '年',
  cycleNumber: '2026',
  defaultsStatus: 0,
  hideStatus: 0,
  px: 1,
  usedBy: 0,
  ...over,
});
const page = (records: CycleValue[]) => ok({ records, total: records.length, current: 1, pages: 1, size: 10 });
const teacher = { ...loginRecord, userId: 'rwfzr01', roleIdList: ['zgadmin'] };

describe('CyclesPanel 周期管理', () => {
  it('lists values with 全部, filters by type, and turns a value into the default', async () => {
    let rows = [
      value({ id: 1, cycleNumber: '2025', defaultsStatus: 1 }),
      value({ id: 2, cycleNumber: '2026', usedBy: 3 }),
    ];
    const asked: (string | null)[] = [];
    const toggled: string[] = [];
    mockApi({
      [`${S}/cycleType/getCycleType`]: () => ok(types),
      [`${S}/cycle/selectquery`]: (_i, url) => {
        asked.push(url.searchParams.get('cycleTypeId'));
        return page(rows);
      },
      [`${S}/cycle/2/defaultStatusChange`]: (init) => {
        toggled.push(String(init.method));
        rows = rows.map((r) => ({ ...r, defaultsStatus: r.id === 2 ? 1 : 0 }));
        return ok(rows[1], M.defaultSet('2026'));
      },
    });
    renderUi(<CyclesPanel />);
    expect(await screen.findByText('2026')).toBeTruthy();
    expect(screen.getByText('当前页2条，共2条')).toBeTruthy();
    expect(asked[0]).toBeNull();
    // The value in use cannot be deleted; the other can.
    const usedRow = screen.getByText('2026').closest('tr') as HTMLElement;
    expect(
      (
        within(usedRow)
          .getByText(/^删\s*除$/)
          .closest('button') as HTMLButtonElement
      ).disabled,
    ).toBe(true);

    fireEvent.click(screen.getByRole('switch', { name: `${X.isDefault} 2026` }));
    expect(await screen.findByText(M.defaultSet('2026'))).toBeTruthy();
    expect(toggled).toEqual(['POST']);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: `${X.isDefault} 2026` }).getAttribute('aria-checked')).toBe('true'),
    );
    // The default cannot be hidden.
    expect((screen.getByRole('switch', { name: `${X.hide} 2026` }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: X.types }));
    fireEvent.click(await screen.findByTitle('学期（1）'));
    await waitFor(() => expect(asked.at(-1)).toBe('3'));
  });

  it('adds a value through the dialog and shows the server refusing a duplicate', async () => {
    const sent: unknown[] = [];
    mockApi({
      [`${S}/cycleType/getCycleType`]: () => ok(types),
      [`${S}/cycle/selectquery`]: () => page([]),
      [`${S}/cycle/insert`]: (init) => {
        sent.push(JSON.parse(String(init.body)));
        return sent.length === 1 ? failed(409, M.valueTaken('年', '2026')) : ok(value({ id: 7, cycleNumber: '2027' }));
      },
    });
    renderUi(<CyclesPanel />);
    expect(await screen.findByText(X.empty)).toBeTruthy();
    // 新增 follows the server's abilities, which may answer after the list.
    fireEvent.click(await screen.findByRole('button', { name: X.add }));
    const dialog = await screen.findByRole('dialog');
    // Empty: refused in the form, nothing sent.
    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    expect(await within(dialog).findByText(M.valueRequired)).toBeTruthy();
    expect(within(dialog).getByText(M.typeRequired)).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('年'));
    const input = within(dialog).getByPlaceholderText('如 2026');
    fireEvent.change(input, { target: { value: ' 2026 ' } });
    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    expect(await screen.findByText(M.valueTaken('年', '2026'))).toBeTruthy();
    expect(sent[0]).toEqual({ cycleTypeId: 1, cycleNumber: '2026' });

    fireEvent.change(input, { target: { value: '2027' } });
    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(sent[1]).toEqual({ cycleTypeId: 1, cycleNumber: '2027' });
  });

  it('deletes a value after confirmation and batch-deletes the selected ones', async () => {
    let rows = [
      value({ id: 1, cycleNumber: '2024' }),
      value({ id: 2, cycleNumber: '2025' }),
      value({ id: 3, cycleNumber: '2026' }),
    ];
    const batches: unknown[] = [];
    mockApi({
      [`${S}/cycleType/getCycleType`]: () => ok(types),
      [`${S}/cycle/selectquery`]: () => page(rows),
      [`${S}/cycle/1/delete`]: () => {
        rows = rows.filter((r) => r.id !== 1);
        return ok(null, M.deleted);
      },
      [`${S}/cycle/ids/delete`]: (init) => {
        batches.push(JSON.parse(String(init.body)));
        rows = [];
        return ok(null, M.deleted);
      },
    });
    renderUi(<CyclesPanel />);
    const row = (await screen.findByText('2024')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(/^删\s*除$/));
    const pop = (await screen.findByText(X.confirmDelete)).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByText(/^确\s*定$/));
    await waitFor(() => expect(screen.queryByText('2024')).toBeNull());

    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[0]!); // select all on the page
    fireEvent.click(screen.getByText(X.batchDelete));
    expect((await screen.findAllByText(X.confirmBatchDelete(2))).length).toBeGreaterThan(0);
    const confirm = document.querySelector('.ant-modal-confirm') as HTMLElement;
    fireEvent.click(within(confirm).getByText(/^确\s*定$/));
    await waitFor(() => expect(batches).toEqual([{ ids: [2, 3] }]));
    expect(await screen.findByText(X.empty)).toBeTruthy();
  });

  it('edits only the order of a value target tasks name', async () => {
    const sent: unknown[] = [];
    mockApi({
      [`${S}/cycleType/getCycleType`]: () => ok(types),
      [`${S}/cycle/selectquery`]: () => page([value({ id: 4, cycleNumber: '2026', usedBy: 2, px: 3 })]),
      [`${S}/cycle/update`]: (init) => {
        sent.push(JSON.parse(String(init.body)));
        return ok(value({ id: 4, cycleNumber: '2026', usedBy: 2, px: 8 }));
      },
    });
    renderUi(<CyclesPanel />);
    const row = (await screen.findByText('2026')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(/^修\s*改$/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(X.lockedHint(2))).toBeTruthy();
    expect((within(dialog).getByDisplayValue('2026') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByDisplayValue('3'), { target: { value: '8' } });
    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    expect(await screen.findByText(M.saved)).toBeTruthy();
    expect(sent).toEqual([{ id: 4, cycleTypeId: 1, cycleNumber: '2026', px: 8 }]);
  });

  it('shows a reader the values without switches to turn or buttons to press', async () => {
    mockApi({
      [`${S}/cycleType/getCycleType`]: () => ok(types),
      [`${S}/cycle/selectquery`]: () => page([value({ id: 1, cycleNumber: '2026' })]),
    });
    renderUi(<CyclesPanel />, teacher);
    expect(await screen.findByText('2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: X.add })).toBeNull();
    expect(screen.queryByRole('button', { name: X.batchDelete })).toBeNull();
    expect((screen.getByRole('switch', { name: `${X.isDefault} 2026` }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(/^删\s*除$/)).toBeNull();
  });
});
