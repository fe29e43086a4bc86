import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DataSource, DATASOURCE_MSG as M, DATASOURCE_TEXT as X } from '@zg/contract';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/attachments';
import { failed, loginRecord, mockApi, ok } from '../../test/fixtures';
import DataManagePage from './DataManagePage';
import { DataSourcePanel } from './DataSourcePanel';
import { addressOf, bodyOf, formOf } from './datasource.logic';

const D = '/api/herm-sjgl/datasource';

const source = (id: number, over: Partial<DataSource> = {}): DataSource => ({
  id,
  name: `数据源${id}`,
  kind: 'postgresql',
  host: `db${id}.example.edu.cn`,
  port: 5432,
  database: 'jwxt',
  user: 'reader',
  schema: null,
  note: null,
  hasPassword: true,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  ...over,
});
const page = (records: DataSource[], total = records.length, current = 1) => ({
  records,
  total,
  current,
  size: 10,
  pages: Math.ceil(total / 10),
});
const bodyOfCall = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;
const office = { ...loginRecord, userId: 'sjb01', roleIdList: ['dataOffice'] };

describe('data-source form logic', () => {
  it('sends trimmed values, nulls for empty optional fields, and no password when none was typed', () => {
    expect(
      bodyOf({
        name: ' 教务库 ',
        kind: 'postgresql',
        host: ' db ',
        port: 5433,
        database: 'd',
        user: 'u',
        password: '',
        schema: ' ',
        note: '',
      }),
    ).toEqual({
      name: '教务库',
      kind: 'postgresql',
      host: 'db',
      port: 5433,
      database: 'd',
      user: 'u',
      schema: null,
      note: null,
    });
    const withPassword = bodyOf(
      { ...formOf(null), name: 'a', host: 'h', database: 'd', user: 'u', password: ' p ' },
      7,
    );
    expect(withPassword).toMatchObject({ id: 7, password: ' p ', port: 5432 });
  });

  it('writes where a source is as host:port, an IPv6 address in brackets', () => {
    expect(addressOf({ host: 'db.example.edu.cn', port: 5433 })).toEqual({ host: 'db.example.edu.cn', port: ':5433' });
    expect(addressOf({ host: '10.0.0.8', port: 5432 })).toEqual({ host: '10.0.0.8', port: ':5432' });
    expect(addressOf({ host: 'fd00::8', port: 5432 })).toEqual({ host: '[fd00::8]', port: ':5432' });
    expect(addressOf({ host: '[fd00::8]', port: 5432 })).toEqual({ host: '[fd00::8]', port: ':5432' });
  });

  it('opens an edit with the saved values and an empty password', () => {
    const form = formOf(source(3, { schema: 'ods', note: '只读' }));
    expect(form).toMatchObject({
      name: '数据源3',
      host: 'db3.example.edu.cn',
      schema: 'ods',
      note: '只读',
      password: '',
    });
  });
});

describe('DataSourcePanel', () => {
  it('lists with the pager, searches by name, tests a row with a loading state and shows the answer', async () => {
    const asked: (string | null)[] = [];
    mockApi({
      [`${D}/selectPage`]: (_i, url) => {
        asked.push(url.searchParams.get('name'));
        return ok(
          page(
            url.searchParams.get('name') ? [source(2)] : [source(1), source(2)],
            url.searchParams.get('name') ? 1 : 2,
          ),
        );
      },
      [`${D}/test`]: (init) => {
        expect(bodyOfCall(init)).toEqual({ id: 1 });
        return ok({
          success: false,
          message: '连接失败：连接超时（5 秒内对方没有应答）',
          version: null,
          elapsedMs: 4503,
        });
      },
    });
    renderUi(<DataSourcePanel />);
    expect(await screen.findByText('数据源1')).toBeTruthy();
    // 主机:端口: the port apart from the host, so that an ellipsis on a long host never hides it.
    expect(screen.getByRole('columnheader', { name: X.hostPort })).toBeTruthy();
    expect(screen.getByTitle('db1.example.edu.cn:5432').textContent).toBe('db1.example.edu.cn:5432');
    expect(screen.getByText('当前页2条，共2条')).toBeTruthy();
    expect(screen.getAllByText(X.passwordSaved)).toHaveLength(2);

    const row = screen.getByText('数据源1').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(X.test));
    expect(await within(row).findByText('连接失败：连接超时（5 秒内对方没有应答）（耗时 4.5 秒）')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText(X.search), { target: { value: ' 数据源2 ' } });
    fireEvent.keyDown(screen.getByPlaceholderText(X.search), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(asked.at(-1)).toBe('数据源2'));
    await waitFor(() => expect(screen.queryByText('数据源1')).toBeNull());
  });

  it('shows the loading state of a row test until the answer comes', async () => {
    let release: (() => void) | null = null;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const json = (data: unknown) =>
      new Response(JSON.stringify({ meta: { success: true, message: '操作成功' }, data }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    // The test answers only when released: the button shows 正在测试… meanwhile.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (new URL(String(input), 'http://localhost').pathname !== `${D}/test`) return json(page([source(1)]));
        await gate;
        return json({ success: true, message: '连接成功（PostgreSQL 17.2）', version: '17.2', elapsedMs: 12 });
      }),
    );
    renderUi(<DataSourcePanel />);
    const row = (await screen.findByText('数据源1')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(X.test));
    expect(await within(row).findByText(X.testing)).toBeTruthy();
    release!();
    expect(await within(row).findByText('连接成功（PostgreSQL 17.2）（耗时 0.0 秒）')).toBeTruthy();
    expect(within(row).queryByText(X.testing)).toBeNull();
  });

  it('adds a data source: required fields named, 测试连接 before saving, then saved', async () => {
    const saved: Record<string, unknown>[] = [];
    const tested: Record<string, unknown>[] = [];
    mockApi({
      [`${D}/selectPage`]: () => ok(page([])),
      [`${D}/test`]: (init) => {
        tested.push(bodyOfCall(init));
        return ok({ success: true, message: '连接成功（PostgreSQL 17.2）', version: '17.2', elapsedMs: 35 });
      },
      [`${D}/insert`]: (init) => {
        saved.push(bodyOfCall(init));
        return ok(source(9), M.created);
      },
    });
    renderUi(<DataSourcePanel />);
    expect(await screen.findByText(X.empty)).toBeTruthy();
    fireEvent.click(screen.getByText(X.add));
    const dialog = await screen.findByRole('dialog');
    // Testing an empty form names the missing fields and sends nothing.
    fireEvent.click(within(dialog).getByText(X.test));
    expect(await within(dialog).findByText(M.hostRequired)).toBeTruthy();
    expect(within(dialog).getByText(M.databaseRequired)).toBeTruthy();
    expect(within(dialog).getByText(M.userRequired)).toBeTruthy();
    expect(tested).toHaveLength(0);

    const field = (label: string) => within(dialog).getByLabelText(label);
    fireEvent.change(field(X.name), { target: { value: '教务系统库' } });
    fireEvent.change(field(X.host), { target: { value: 'jw.example.edu.cn' } });
    fireEvent.change(field(X.database), { target: { value: 'jwxt' } });
    fireEvent.change(field(X.user), { target: { value: 'reader' } });
    fireEvent.change(field(X.password), { target: { value: 'Jw#2026' } });
    fireEvent.click(within(dialog).getByText(X.test));
    expect(await within(dialog).findByText('连接成功（PostgreSQL 17.2）')).toBeTruthy();
    expect(tested[0]).toEqual({
      kind: 'postgresql',
      host: 'jw.example.edu.cn',
      port: 5432,
      database: 'jwxt',
      user: 'reader',
      password: 'Jw#2026',
      schema: null,
    });

    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(saved[0]).toMatchObject({ name: '教务系统库', host: 'jw.example.edu.cn', password: 'Jw#2026', port: 5432 });
  });

  it('edits with the password empty and the hint 留空则不修改, sending no password; shows a refusal', async () => {
    const sent: Record<string, unknown>[] = [];
    let refuse = true;
    mockApi({
      [`${D}/selectPage`]: () => ok(page([source(4, { schema: 'ods' })])),
      [`${D}/test`]: (init) => {
        sent.push({ test: bodyOfCall(init) });
        return ok({ success: true, message: '连接成功（PostgreSQL 16.4）', version: '16.4', elapsedMs: 20 });
      },
      [`${D}/update`]: (init) => {
        sent.push(bodyOfCall(init));
        if (refuse) {
          refuse = false;
          return failed(409, M.nameTaken('数据源4'));
        }
        return ok(source(4), M.saved);
      },
    });
    renderUi(<DataSourcePanel />);
    const row = (await screen.findByText('数据源4')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(X.modify));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(X.edit)).toBeTruthy();
    const password = within(dialog).getByLabelText(X.password) as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe(X.passwordKeep);
    expect(within(dialog).getAllByText(X.passwordKeep).length).toBeGreaterThan(0);
    expect((within(dialog).getByLabelText(X.schema) as HTMLInputElement).value).toBe('ods');

    // Testing the edited form without a password: the server uses the saved one (the id is sent).
    fireEvent.click(within(dialog).getByText(X.test));
    expect(await within(dialog).findByText('连接成功（PostgreSQL 16.4）')).toBeTruthy();
    expect(sent[0]).toEqual({
      test: {
        id: 4,
        kind: 'postgresql',
        host: 'db4.example.edu.cn',
        port: 5432,
        database: 'jwxt',
        user: 'reader',
        schema: 'ods',
      },
    });

    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    expect(await screen.findByText(M.nameTaken('数据源4'))).toBeTruthy();
    expect(sent[1]).not.toHaveProperty('password');
    expect(sent[1]).toMatchObject({ id: 4, name: '数据源4' });
    // The dialog stays open after a refusal; a second try saves.
    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    expect(await screen.findByText(M.saved)).toBeTruthy();
  });

  it('deletes a row after confirmation, and several at once', async () => {
    let rows = [source(1), source(2), source(3)];
    const deleted: unknown[] = [];
    mockApi({
      [`${D}/selectPage`]: () => ok(page(rows)),
      [`${D}/1/delete`]: () => {
        deleted.push(1);
        rows = rows.filter((r) => r.id !== 1);
        return ok(null, M.deleted);
      },
      [`${D}/deleteBatchIds`]: (init) => {
        const { ids } = bodyOfCall(init) as { ids: number[] };
        deleted.push(ids);
        rows = rows.filter((r) => !ids.includes(r.id));
        return ok({ count: ids.length }, M.deletedCount(ids.length));
      },
    });
    renderUi(<DataSourcePanel />);
    const row = (await screen.findByText('数据源1')).closest('tr') as HTMLElement;
    const batch = screen.getByText(X.batchDelete).closest('button') as HTMLButtonElement;
    expect(batch.disabled).toBe(true);

    fireEvent.click(within(row).getByText(X.delete));
    const confirm = await screen.findByText(X.confirmDelete('数据源1'));
    expect(deleted).toEqual([]);
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByText(/^确\s*定$/));
    expect(await screen.findByText(M.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('数据源1')).toBeNull());
    expect(deleted).toEqual([1]);

    for (const name of ['数据源2', '数据源3']) {
      const r = screen.getByText(name).closest('tr') as HTMLElement;
      fireEvent.click(within(r).getByRole('checkbox'));
    }
    await waitFor(() => expect(batch.disabled).toBe(false));
    fireEvent.click(batch);
    const ask = await screen.findByText(X.confirmBatchDelete(2));
    fireEvent.click(within(ask.closest('.ant-popover') as HTMLElement).getByText(/^确\s*定$/));
    expect(await screen.findByText(M.deletedCount(2))).toBeTruthy();
    expect(deleted).toEqual([1, [2, 3]]);
    expect(await screen.findByText(X.empty)).toBeTruthy();
  });
});

describe('DataManagePage 数据源 tab', () => {
  it('is shown to the data office and the administrator, not to others', async () => {
    mockApi({
      '/api/user/departmentList': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 100000 }),
      '/api/herm-zdgj/rest/file/files/list': () => ok([]),
      [`${D}/selectPage`]: () => ok(page([source(1)])),
    });
    const { unmount } = renderUi(
      <MemoryRouter initialEntries={['/dataManage']}>
        <DataManagePage />
      </MemoryRouter>,
      office,
    );
    fireEvent.click(await screen.findByRole('tab', { name: X.tab }));
    expect(await screen.findByText('数据源1')).toBeTruthy();
    unmount();
    renderUi(
      <MemoryRouter initialEntries={['/dataManage']}>
        <DataManagePage />
      </MemoryRouter>,
      { ...loginRecord, userId: 'zgfb01', roleIdList: ['2020003'] },
    );
    expect(await screen.findByRole('tab', { name: '文件库' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: X.tab })).toBeNull();
  });

  it("follows the server's abilities (data-manage.policy.ts), not the roles the browser holds", async () => {
    let keeps = false;
    mockApi({
      '/api/user/departmentList': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 100000 }),
      '/api/herm-zdgj/rest/file/files/list': () => ok([]),
      '/api/herm-sjgl/abilities': () =>
        ok({ cycles: keeps, departmentVersions: keeps, dataSources: keeps, algorithms: keeps }),
    });
    const { unmount } = renderUi(
      <MemoryRouter initialEntries={['/dataManage']}>
        <DataManagePage />
      </MemoryRouter>,
      office,
    );
    expect(await screen.findByRole('tab', { name: '文件库' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: X.tab })).toBeNull();
    expect(screen.queryByRole('tab', { name: '算法管理' })).toBeNull();
    unmount();
    keeps = true;
    renderUi(
      <MemoryRouter initialEntries={['/dataManage']}>
        <DataManagePage />
      </MemoryRouter>,
      { ...loginRecord, userId: 'zgfb01', roleIdList: ['2020003'] },
    );
    expect(await screen.findByRole('tab', { name: X.tab })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '算法管理' })).toBeTruthy();
  });
});
