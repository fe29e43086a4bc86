import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TABLE_CONFIG_MSG, type TableConfig, type TableConfigListItem } from '@zg/contract';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setLoginRecord } from '../../api/session';
import { renderUi } from '../../test/attachments';
import { failed, loginRecord, mockApi, ok, signedInApi } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { addColumn, addRow, editsCells, editsHead, type Layout, removeColumn, setType } from './layout';
import { TableConfigList } from './TableConfigList';
import TableConfigurationPage from './TableConfigurationPage';

const fixed: Layout = { name: '师资情况表', tableType: 'fixed', head: ['项目', '人数'], rows: [['正高级', '']] };

describe('table layout', () => {
  it('adds and removes columns across every row, keeping one', () => {
    const wider = addColumn(fixed);
    expect(wider.head).toEqual(['项目', '人数', '列3']);
    expect(wider.rows).toEqual([['正高级', '', '']]);
    expect(removeColumn(wider, 0)).toEqual({ ...fixed, head: ['人数', '列3'], rows: [['', '']] });
    const one = { ...fixed, head: ['项目'], rows: [['a']] };
    expect(removeColumn(one, 0)).toBe(one);
  });

  it('adds preset rows to fixed tables only; a floating table drops them', () => {
    expect(addRow(fixed).rows).toEqual([
      ['正高级', ''],
      ['', ''],
    ]);
    const floating = setType(fixed, 'floating');
    expect(floating.rows).toEqual([]);
    expect(addRow(floating)).toBe(floating);
    expect(setType(floating, 'fixed').rows).toEqual([['', '']]);
  });

  it('edits the head, the cells or both by mode', () => {
    expect([editsHead('head'), editsCells('head')]).toEqual([true, false]);
    expect([editsHead('cell'), editsCells('cell')]).toEqual([false, true]);
    expect([editsHead('headAndCell'), editsCells('headAndCell')]).toEqual([true, true]);
  });
});

const stored: TableConfig = {
  id: 5,
  name: '师资情况表',
  tableType: 'fixed',
  head: ['项目', '人数'],
  rows: [['正高级', '']],
  version: 3,
  createdByName: '系统管理员',
  updatedByName: '系统管理员',
  updateTime: '2026-03-01T08:00:00.000Z',
  abilities: { canEdit: true, canDelete: true },
};

function api(update: (body: Record<string, unknown>) => ReturnType<typeof ok>, config: TableConfig = stored) {
  const sent: Record<string, unknown>[] = [];
  mockApi({
    ...signedInApi(),
    '/api/herm-sjcj/tableConfiguration/5': () => ok(config),
    '/api/herm-sjcj/tableConfiguration/update': (init) => {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return update(body);
    },
  });
  return sent;
}

async function edit(label: string, text: string) {
  fireEvent.click(await screen.findByRole('button', { name: label }));
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await screen.findByRole('button', { name: label });
}

describe('TableConfigurationPage', { timeout: 30_000 }, () => {
  it('opens outside the signed-in layout, edits titles and cells in place and saves against the version', async () => {
    setLoginRecord(loginRecord);
    const sent = api((body) => ok({ ...stored, ...body, version: 4 }, '保存成功'));
    renderApp('/tableConfiguration/5');
    expect(await screen.findByRole('button', { name: '表格名称' })).toBeTruthy();
    // No top bar, menu or tab bar of the signed-in layout.
    expect(document.querySelector('.zg-header')).toBeNull();
    expect(screen.getByRole('button', { name: '保 存' })).toHaveProperty('disabled', true);

    await edit('第2列表头', '人数（人）');
    await edit('第1行第2列', '12');
    fireEvent.click(screen.getByRole('button', { name: '添加列' }));
    fireEvent.click(screen.getByRole('button', { name: '添加行' }));
    expect(screen.getByText('有未保存的修改')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(screen.getByText('保存成功')).toBeTruthy());
    expect(sent[0]).toEqual({
      id: 5,
      version: 3,
      name: '师资情况表',
      tableType: 'fixed',
      head: ['项目', '人数（人）', '列3'],
      rows: [
        ['正高级', '12', ''],
        ['', '', ''],
      ],
    });
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());
  });

  it('locks the cells while only the head is configured, and previews what the filler sees', async () => {
    setLoginRecord(loginRecord);
    api(() => ok(stored));
    renderApp('/tableConfiguration/5');
    await screen.findByRole('button', { name: '第1行第1列' });
    fireEvent.click(screen.getByTitle('表头'));
    expect(screen.getByRole('button', { name: '第1行第1列' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: '添加行' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '第1行第1列' }));
    expect(screen.queryByRole('textbox', { name: '第1行第1列' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '预 览' }));
    const preview = screen.getByText('填报人看到的表格').parentElement as HTMLElement;
    expect(within(preview).getByText('正高级')).toBeTruthy();
    expect(within(preview).getByRole('textbox', { name: '人数（填报）' })).toBeTruthy();
  });

  it("keeps the changes and shows the server's message when someone saved in between", async () => {
    setLoginRecord(loginRecord);
    api(() => failed(409, '表格配置已被他人修改，请刷新后再保存'));
    renderApp('/tableConfiguration/5');
    await edit('第1列表头', '职称');
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(screen.getByText('表格配置已被他人修改，请刷新后再保存')).toBeTruthy());
    expect(screen.getByText('职称')).toBeTruthy();
    expect(screen.getByText('有未保存的修改')).toBeTruthy();
  });

  it('says so when the configuration does not exist', async () => {
    setLoginRecord(loginRecord);
    mockApi({
      ...signedInApi(),
      '/api/herm-sjcj/tableConfiguration/5': () => failed(404, '表格配置不存在或已被删除'),
    });
    renderApp('/tableConfiguration/5');
    expect(await screen.findByText('表格配置不存在或已被删除')).toBeTruthy();
  });

  it("shows someone else's configuration read-only: nothing to edit or save, the preview still there", async () => {
    setLoginRecord(loginRecord);
    const sent = api(() => ok(stored), {
      ...stored,
      createdByName: '张伟',
      abilities: { canEdit: false, canDelete: false },
    });
    renderApp('/tableConfiguration/5');
    expect(await screen.findByText(TABLE_CONFIG_MSG.readOnly('张伟'))).toBeTruthy();
    expect(screen.getByText(/创建人：张伟/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保 存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加列' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加行' })).toBeNull();
    expect(screen.queryByTitle('表头')).toBeNull();
    expect(screen.queryByRole('button', { name: /删除本/ })).toBeNull();
    for (const label of ['表格名称', '第1列表头', '第1行第2列']) {
      expect(screen.getByRole('button', { name: label }).getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(screen.getByRole('button', { name: label }));
      expect(screen.queryByRole('textbox', { name: label })).toBeNull();
    }

    fireEvent.click(screen.getByRole('button', { name: '预 览' }));
    expect(screen.getByText('填报人看到的表格')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回表格' }));
    expect(await screen.findByRole('button', { name: '第1行第1列' })).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

const item = (id: number, name: string, createdByName: string, mine: boolean): TableConfigListItem => ({
  id,
  name,
  tableType: 'fixed',
  createdByName,
  updatedByName: '李娜',
  updateTime: '2026-03-01T08:00:00.000Z',
  columns: 2,
  rowCount: 1,
  abilities: { canEdit: mine, canDelete: mine },
});

describe('TableConfigList', { timeout: 30_000 }, () => {
  it('offers configure and delete on the own configurations only, and view on the others', async () => {
    mockApi({
      '/api/herm-sjcj/tableConfiguration/list': () =>
        ok({
          list: [item(1, '本人的表', '张伟', true), item(2, '他人的表', '系统管理员', false)],
          total: 2,
          pageNum: 1,
          pageSize: 10,
        }),
    });
    renderUi(
      <MemoryRouter>
        <TableConfigList />
      </MemoryRouter>,
    );
    const own = (await screen.findByText('本人的表')).closest('tr') as HTMLElement;
    const others = screen.getByText('他人的表').closest('tr') as HTMLElement;
    expect(within(own).getByText('张伟')).toBeTruthy();
    expect(within(own).getByRole('button', { name: '配置' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: '删除' })).toBeTruthy();
    expect(within(others).getByRole('button', { name: '查看' })).toBeTruthy();
    expect(within(others).queryByRole('button', { name: '配置' })).toBeNull();
    expect(within(others).queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('新建表格 opens the new configuration, whose 返回表格列表 leads back to the list it came from', async () => {
    const created = { ...stored, id: 9, name: '教师情况表', version: 1 };
    mockApi({
      '/api/herm-sjcj/tableConfiguration/list': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
      '/api/herm-sjcj/tableConfiguration/insert': () => ok(created, TABLE_CONFIG_MSG.created),
      '/api/herm-sjcj/tableConfiguration/9': () => ok(created),
    });
    renderUi(
      <MemoryRouter initialEntries={['/dataManage/tables']}>
        <Routes>
          <Route path="/dataManage/tables" element={<TableConfigList />} />
          <Route path="/tableConfiguration/:id" element={<TableConfigurationPage />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '新建表格' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '表格名称' }), { target: { value: '教师情况表' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    fireEvent.click(await screen.findByRole('button', { name: '返回表格列表' }));
    expect(await screen.findByRole('button', { name: '新建表格' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '返回表格列表' })).toBeNull();
  });
});
