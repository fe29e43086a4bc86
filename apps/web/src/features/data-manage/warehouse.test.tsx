import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DATA_MANAGE_MSG as M } from '@zg/contract';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setLoginRecord } from '../../api/session';
import { Providers } from '../../app/Providers';
import { QueryBoundary } from '../../components/QueryBoundary';
import { stubXhr } from '../../test/attachments';
import { failed, loginRecord, mockApi, ok } from '../../test/fixtures';
import { btn, stubApi } from '../../test/pages';
import { freshQueryClient } from '../../test/render';
import DataManagePage from './DataManagePage';

const S = '/api/herm-sjgl';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

function renderAt(route: string) {
  setLoginRecord(loginRecord);
  return render(
    <Providers queryClient={freshQueryClient()}>
      <QueryBoundary>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/dataManage/*" element={<DataManagePage />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryBoundary>
    </Providers>,
  );
}

const page = <T,>(records: T[]) => ({ records, total: records.length, current: 1, size: 10, pages: 1 });
const warehouse = { id: 3, ckmc: '学生数据', bz: null, px: 0, bs: 1, cjsj: '2026-11-01T08:00:00.000Z' };
const abilities = { edit: true, createPhysical: false, dropPhysical: true, editData: true };
const table = {
  id: 4,
  ckid: 3,
  ckmc: '学生数据',
  bm: 'student',
  bzwm: '学生名单',
  bz: null,
  sfcj: true,
  zds: 3,
  cjsj: '2026-11-01T08:00:00.000Z',
  abilities,
};
const f = (id: number, zdm: string, zdzwm: string, zdlx: string, more = {}) => ({
  id,
  ckbid: 4,
  zdm,
  zdzwm,
  zdlx,
  cd: null,
  xsws: null,
  sfbt: false,
  sfwy: false,
  wdid: null,
  wdmc: null,
  px: id,
  ...more,
});
const fields = [
  f(1, 'xh', '学号', 'text', { cd: 10, sfbt: true, sfwy: true }),
  f(2, 'nl', '年龄', 'integer'),
  f(3, 'zx', '在校', 'boolean'),
];
const common = {
  [`${S}/ck/selectAll`]: () => ok([warehouse]),
  [`${S}/ckb/selectAll`]: () => ok([table]),
  [`${S}/ckbzd/selectAll`]: () => ok(fields),
  [`${S}/ckbzd/boxtype`]: () =>
    ok([
      { value: 'text', label: '文本' },
      { value: 'integer', label: '整数' },
    ]),
  [`${S}/ckbzd/wdxx`]: () => ok([{ id: 1, name: '专业', code: 'major' }]),
};

describe('数据仓库 pages', () => {
  it('lists warehouses at their own address and drills down to a table by links', async () => {
    mockApi({
      ...common,
      [`${S}/ck/selectqurey`]: () => ok(page([warehouse])),
      [`${S}/ckb/selectqurey`]: () => ok(page([table])),
    });
    renderAt('/dataManage/warehouse');
    expect(await screen.findByRole('tab', { name: '数据仓库', selected: true })).toBeTruthy();
    fireEvent.click(await screen.findByRole('link', { name: '学生数据' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dataManage/warehouse/3'));
    expect(await screen.findByText('学生名单')).toBeTruthy();
    expect(screen.getByText('已创建')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '表数据' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dataManage/warehouse/3/table/4/data'));
  });

  it('switches tabs by address', async () => {
    mockApi({ ...common, [`${S}/ck/selectqurey`]: () => ok(page([])) });
    renderAt('/dataManage/warehouse');
    expect(await screen.findByText('暂无仓库，请先新增仓库')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '文件库' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dataManage/library'));
  });

  it('shows the fields of a table and the server’s refusal to drop its physical table', async () => {
    mockApi({
      ...common,
      [`${S}/ckb/scwlb`]: () => failed(409, '数据表“student”正被算法使用，不能删除物理表'),
    });
    renderAt('/dataManage/warehouse/3/table/4');
    expect(await screen.findByText('文本(10)')).toBeTruthy();
    expect(screen.getByText('年龄')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除物理表' }));
    const pop = (await screen.findByText(/表中的全部数据将被删除/)).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('数据表“student”正被算法使用，不能删除物理表')).toBeTruthy();
  });

  it('browses rows with typed cells and filters, and imports with a progress bar and a row-by-row report', async () => {
    const asked: URL[] = [];
    let polls = 0;
    mockApi({
      ...common,
      [`${S}/ckb/selectbsj`]: (_i, url) => {
        asked.push(url);
        return ok({ ...page([{ id: 1, xh: '2024001', nl: '18', zx: true }]), size: 20 });
      },
      [`${S}/ckb/getFutureTaskResult`]: (_i, url) => {
        expect(url.searchParams.get('id')).toBe('job-1');
        polls++;
        return ok({
          id: 'job-1',
          state: 'failed',
          step: '正在导入',
          done: 3,
          total: 3,
          percent: 99,
          message: '导入失败，共2处错误，未导入任何数据：…',
          result: null,
          report: {
            errorCount: 2,
            errors: [
              { row: 3, column: '年龄', reason: '应为整数', value: 'abc' },
              { row: 4, column: '学号', reason: '与第2行重复（该字段要求唯一）', value: '2024001' },
            ],
          },
        });
      },
    });
    const sent = stubXhr(() => ok({ id: 'job-1' }, M.importJobStarted));
    renderAt('/dataManage/warehouse/3/table/4/data');
    expect(await screen.findByText('2024001')).toBeTruthy();
    expect(screen.getByText('是')).toBeTruthy();

    // A filter on 年龄 offers the number operators and goes out as JSON.
    fireEvent.click(screen.getByRole('button', { name: '添加筛选条件' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '筛选字段' }));
    const options = await screen.findAllByTitle('年龄');
    fireEvent.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
    fireEvent.change(screen.getByRole('textbox', { name: '筛选值' }), { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(asked.at(-1)?.searchParams.get('filters')).toBe(JSON.stringify([{ field: 'nl', op: 'eq', value: '18' }])),
    );

    fireEvent.click(screen.getByRole('button', { name: '导入数据' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '学生.xlsx')] } });
    expect(await within(dialog).findByText('导入失败，共2处错误，未导入任何数据')).toBeTruthy();
    const report = within(dialog).getByRole('table');
    expect(within(report).getByText('第3行')).toBeTruthy();
    expect(within(report).getByText('应为整数')).toBeTruthy();
    expect(within(report).getByText('与第2行重复（该字段要求唯一）')).toBeTruthy();
    expect(dialog.querySelector('.ant-progress-status-exception')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(polls).toBe(1);
  });
});

describe('数据仓库 row dialog', () => {
  it('checks each value against its field as it is typed, and sends nothing wrong', async () => {
    const saved: unknown[] = [];
    mockApi({
      ...common,
      [`${S}/ckb/selectbsj`]: () => ok({ ...page([]), size: 20 }),
      [`${S}/ckb/updatebsj`]: (init) => {
        saved.push(JSON.parse(String(init.body)));
        return ok({ id: 2, xh: '2024009', nl: '20', zx: null }, M.rowSaved);
      },
    });
    renderAt('/dataManage/warehouse/3/table/4/data');
    fireEvent.click(await screen.findByRole('button', { name: '新增数据' }));
    const dialog = await screen.findByRole('dialog', { name: '新增数据' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '年龄' }), { target: { value: '20x5' } });
    expect(await within(dialog).findByText('年龄应为整数')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '学号' }), { target: { value: '2024009' } });
    fireEvent.click(btn('确定', dialog));
    await new Promise((r) => setTimeout(r, 300));
    expect(saved).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: '年龄' }), { target: { value: '20' } });
    await waitFor(() => expect(within(dialog).queryByText('年龄应为整数')).toBeNull());
    fireEvent.click(btn('确定', dialog));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ id: 4, values: { xh: '2024009', nl: '20', zx: null } });
  });
});

/** The JSON bodies sent to `path`, in order. */
const sentTo = (api: ReturnType<typeof stubApi>, path: string) =>
  api.fetchMock.mock.calls
    .filter(([u]) => new URL(String(u), 'http://localhost').pathname === path)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

const confirmPop = async (title: string) => {
  const pop = (await screen.findByText(title)).closest('.ant-popover') as HTMLElement;
  fireEvent.click(btn('确定', pop));
};

describe('数据仓库 list: search, add, edit, delete', { timeout: 60_000 }, () => {
  it('searches from the first page with the trimmed name', async () => {
    const api = stubApi({ [`${S}/ck/selectqurey`]: () => ok({ ...page([warehouse]), total: 25 }) });
    renderAt('/dataManage/warehouse');
    expect(await screen.findByText('当前页10条，共25条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    const asked = () => api.calls(`${S}/ck/selectqurey`).at(-1)?.searchParams;
    await waitFor(() => expect(asked()?.get('current')).toBe('2'));
    const box = screen.getByRole('searchbox', { name: '按仓库名称搜索' });
    fireEvent.change(box, { target: { value: '  学生 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(asked()?.get('keyword')).toBe('学生'));
    expect(asked()?.get('current')).toBe('1');
  });

  it('adds a warehouse and lists it again', async () => {
    const api = stubApi({
      [`${S}/ck/selectqurey`]: () => ok(page([warehouse])),
      [`${S}/ck/insert`]: (init) => ok({ ...warehouse, ...JSON.parse(String(init.body)), id: 9 }),
    });
    renderAt('/dataManage/warehouse');
    await screen.findByText('学生数据');
    const loads = api.calls(`${S}/ck/selectqurey`).length;
    fireEvent.click(btn('新增仓库'));
    const dialog = await screen.findByRole('dialog', { name: '新增仓库' });
    fireEvent.change(within(dialog).getByLabelText('仓库名称'), { target: { value: '教师数据' } });
    fireEvent.click(btn('确定', dialog));
    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(sentTo(api, `${S}/ck/insert`)).toEqual([{ ckmc: '教师数据', px: 0 }]);
    await waitFor(() => expect(api.calls(`${S}/ck/selectqurey`).length).toBeGreaterThan(loads));
  });

  it('edits a warehouse from its row and deletes it after confirming', async () => {
    const api = stubApi({
      [`${S}/ck/selectqurey`]: () => ok(page([warehouse])),
      [`${S}/ck/update`]: (init) => ok({ ...warehouse, ...JSON.parse(String(init.body)) }),
      [`${S}/ck/ids/delete`]: () => ok(null),
    });
    renderAt('/dataManage/warehouse');
    const row = (await screen.findByText('学生数据')).closest('tr') as HTMLElement;
    fireEvent.click(btn('修改', row));
    const dialog = await screen.findByRole('dialog', { name: '修改仓库' });
    expect((within(dialog).getByLabelText('仓库名称') as HTMLInputElement).value).toBe('学生数据');
    fireEvent.change(within(dialog).getByLabelText('仓库名称'), { target: { value: '学生数据仓' } });
    fireEvent.click(btn('确定', dialog));
    expect(await screen.findByText(M.saved)).toBeTruthy();
    expect(sentTo(api, `${S}/ck/update`)).toEqual([{ ckmc: '学生数据仓', px: 0, id: 3 }]);

    fireEvent.click(btn('删除', row));
    await confirmPop('确定删除仓库“学生数据”吗？');
    expect(await screen.findByText(M.deleted)).toBeTruthy();
    expect(sentTo(api, `${S}/ck/ids/delete`)).toEqual([{ ids: [3] }]);
  });

  it('shows the server’s refusal to delete', async () => {
    mockApi({
      ...common,
      [`${S}/ck/selectqurey`]: () => ok(page([warehouse])),
      [`${S}/ck/ids/delete`]: () => failed(409, '仓库“学生数据”下还有数据表，不能删除'),
    });
    renderAt('/dataManage/warehouse');
    const row = (await screen.findByText('学生数据')).closest('tr') as HTMLElement;
    fireEvent.click(btn('删除', row));
    await confirmPop('确定删除仓库“学生数据”吗？');
    expect(await screen.findByText('仓库“学生数据”下还有数据表，不能删除')).toBeTruthy();
    expect(screen.queryByText(M.deleted)).toBeNull();
  });
});

describe('a warehouse’s tables: add, edit, delete', { timeout: 60_000 }, () => {
  it('adds a table to the warehouse', async () => {
    const api = stubApi({
      ...common,
      [`${S}/ckb/selectqurey`]: () => ok(page([table])),
      [`${S}/ckb/insert`]: (init) => ok({ ...table, ...JSON.parse(String(init.body)), id: 8 }),
    });
    renderAt('/dataManage/warehouse/3');
    expect(await screen.findByText('学生名单')).toBeTruthy();
    const asked = api.calls(`${S}/ckb/selectqurey`).at(-1)?.searchParams;
    expect([asked?.get('ckid'), asked?.get('current')]).toEqual(['3', '1']);
    fireEvent.click(btn('新增数据表'));
    const dialog = await screen.findByRole('dialog', { name: '新增数据表' });
    fireEvent.change(within(dialog).getByLabelText('中文名称'), { target: { value: '教师名单' } });
    fireEvent.change(within(dialog).getByLabelText('表名'), { target: { value: 'teacher' } });
    fireEvent.click(btn('确定', dialog));
    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(sentTo(api, `${S}/ckb/insert`)).toEqual([{ ckid: 3, bm: 'teacher', bzwm: '教师名单' }]);
  });

  it('edits a table from its row and deletes it after confirming', async () => {
    const api = stubApi({
      ...common,
      [`${S}/ckb/selectqurey`]: () => ok(page([table])),
      [`${S}/ckb/update`]: (init) => ok({ ...table, ...JSON.parse(String(init.body)) }),
      [`${S}/ckb/ids/delete`]: () => ok(null),
    });
    renderAt('/dataManage/warehouse/3');
    const row = (await screen.findByText('student')).closest('tr') as HTMLElement;
    fireEvent.click(btn('修改', row));
    const dialog = await screen.findByRole('dialog', { name: '修改数据表' });
    expect((within(dialog).getByLabelText('表名') as HTMLInputElement).value).toBe('student');
    fireEvent.change(within(dialog).getByLabelText('说明'), { target: { value: '在校生' } });
    fireEvent.click(btn('确定', dialog));
    expect(await screen.findByText(M.saved)).toBeTruthy();
    expect(sentTo(api, `${S}/ckb/update`)).toEqual([{ ckid: 3, bm: 'student', bzwm: '学生名单', bz: '在校生', id: 4 }]);

    fireEvent.click(btn('删除', row));
    await confirmPop('确定删除数据表“学生名单”的定义吗？');
    expect(await screen.findByText(M.deleted)).toBeTruthy();
    expect(sentTo(api, `${S}/ckb/ids/delete`)).toEqual([{ ids: [4] }]);
  });

  it('offers no edit or delete on a table the user may not edit', async () => {
    mockApi({
      ...common,
      [`${S}/ckb/selectqurey`]: () => ok(page([{ ...table, abilities: { ...abilities, edit: false } }])),
    });
    renderAt('/dataManage/warehouse/3');
    const row = (await screen.findByText('student')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: '表结构' })).toBeTruthy();
    expect(within(row).queryByText(/^修\s*改$/)).toBeNull();
    expect(within(row).queryByText(/^删\s*除$/)).toBeNull();
  });
});
