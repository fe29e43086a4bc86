import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALGORITHM_MSG } from '@zg/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderUi } from '../../test/attachments';
import { mockApi, ok } from '../../test/fixtures';
import { AlgorithmsPanel } from './AlgorithmsPanel';

const S = '/api/herm-sjgl';
const TEXT = '-- 专业学生数\nselect count(*) as value from warehouse.jx_student where major_code = :objectId';
const GROUPS = [{ id: 1, zmc: '教学质量', fid: null, px: 0, sfs: 1, children: [] }];

function algorithm(over: Record<string, unknown> = {}) {
  return {
    id: 7,
    sfzid: 1,
    sfzmc: '教学质量',
    sfmc: '专业学生数',
    sflx: 'value',
    bz: null,
    sfbb: 1,
    bbid: 70,
    sql: TEXT,
    sjyid: null,
    bbs: 1,
    cjsj: '2026-11-26 10:00:00',
    xgsj: '2026-11-26 10:00:00',
    ...over,
  };
}
function version(over: Record<string, unknown>) {
  return {
    id: 70,
    sfid: 7,
    bbh: 1,
    sql: TEXT,
    hash: 'a'.repeat(64),
    bz: '初版',
    sfdq: true,
    sfsy: false,
    sjyid: null,
    cjr: '系统管理员',
    cjsj: '2026-11-26 10:00:00',
    ...over,
  };
}
const page = (records: unknown[]) => ({ records, total: records.length, current: 1, pages: 1, size: 10 });
const RESULT = {
  columns: [{ name: 'value', type: 'number' }],
  rows: [{ value: 312 }],
  rowCount: 1,
  truncated: false,
  ms: 4,
};

function api(extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  const bodies: Record<string, unknown[]> = {};
  const record = (path: string, init: RequestInit) => {
    bodies[path] = [...(bodies[path] ?? []), init.body ? JSON.parse(String(init.body)) : null];
  };
  const fetchMock = mockApi({
    [`${S}/algorithmGroup/selectTree`]: () => ok(GROUPS),
    [`${S}/algorithmContent/selectlikename`]: () => ok(page([algorithm()])),
    [`${S}/algorithmContent/selectById`]: () => ok(algorithm()),
    [`${S}/algorithmVersion/selectList`]: () => ok([version({})]),
    [`${S}/algorithmRun/selectPage`]: () => ok(page([])),
    [`${S}/ckb/selectAll`]: () => ok([]),
    [`${S}/dimension/queryDiemensionType`]: () =>
      ok({
        list: [{ id: 3, wdbm: 'major', wdmc: '专业', px: 3, dxs: 40, nz: true, sjlx: [] }],
        total: 1,
        pageNum: 1,
        pageSize: 10_000_000,
      }),
    [`${S}/dimension/queryDimension`]: () =>
      ok({
        list: [
          {
            id: 11,
            wdid: 3,
            wdbm: 'major',
            wdmc: '专业',
            dxbm: 'M01',
            dxmc: '软件技术',
            sjid: null,
            sjbm: null,
            sjmc: null,
            sjwdmc: null,
            px: 0,
            sfqy: true,
            xjs: 0,
          },
        ],
        total: 1,
        pageNum: 1,
        pageSize: 50,
      }),
    ...Object.fromEntries(
      Object.entries(extra).map(([path, h]) => [
        path,
        (init: RequestInit, url: URL) => {
          record(path, init);
          return h(init, url);
        },
      ]),
    ),
  });
  return { fetchMock, bodies };
}

async function openAlgorithm() {
  renderUi(<AlgorithmsPanel />);
  fireEvent.click(await screen.findByRole('button', { name: /专业学生数/ }));
  // The lazily loaded editor shows the current version's text.
  await waitFor(() => expect(document.querySelector('.cm-content')?.textContent).toContain('count(*)'));
}

// CodeMirror measures text through Range rectangles, which jsdom does not lay out: give it empty ones.
beforeAll(() => {
  const empty = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] };
  Range.prototype.getClientRects ??= () => empty as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('AlgorithmsPanel 算法管理', () => {
  it('shows the empty states before anything is chosen', async () => {
    mockApi({
      [`${S}/algorithmGroup/selectTree`]: () => ok([]),
      [`${S}/algorithmContent/selectlikename`]: () => ok(page([])),
    });
    renderUi(<AlgorithmsPanel />);
    expect(await screen.findByText('还没有算法组，请先新增一个')).toBeTruthy();
    expect(await screen.findByText('该组还没有算法')).toBeTruthy();
    expect(screen.getByText('请在左侧选择一个算法，或选择算法组后新增算法')).toBeTruthy();
    expect((screen.getByRole('button', { name: '新增算法' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds a group and asks before deleting one', async () => {
    const { bodies } = api({
      [`${S}/algorithmGroup/insert`]: () => ok({ id: 2, zmc: '就业', fid: null, px: 0, sfs: 0, children: [] }),
      [`${S}/algorithmGroup/1/delete`]: () => ok(null, ALGORITHM_MSG.deleted),
    });
    renderUi(<AlgorithmsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: '新增组' }));
    const dialog = await screen.findByRole('dialog', { name: '新增算法组' });
    fireEvent.change(within(dialog).getByLabelText('算法组名称'), { target: { value: ' 就业 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));
    await waitFor(() => expect(bodies[`${S}/algorithmGroup/insert`]).toEqual([{ zmc: '就业', fid: null, px: 0 }]));

    fireEvent.click(await screen.findByText('教学质量（1）'));
    fireEvent.click(screen.getByRole('button', { name: /^删\s?除$/ }));
    const confirm = (await screen.findAllByText('删除算法组“教学质量”？')).at(-1)?.closest('.ant-modal') as HTMLElement;
    expect(bodies[`${S}/algorithmGroup/1/delete`]).toBeUndefined();
    fireEvent.click(within(confirm).getByRole('button', { name: /^删\s?除$/ }));
    await waitFor(() => expect(bodies[`${S}/algorithmGroup/1/delete`]).toHaveLength(1));
  });

  it('searches algorithms by name within the chosen group', async () => {
    const { fetchMock } = api();
    renderUi(<AlgorithmsPanel />);
    fireEvent.click(await screen.findByText('教学质量（1）'));
    const search = screen.getByRole('searchbox', { name: '按名称搜索算法' });
    fireEvent.change(search, { target: { value: '学生' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .map((c) => new URL(String(c[0]), 'http://localhost'))
          .some(
            (u) =>
              u.pathname.endsWith('/selectlikename') &&
              u.searchParams.get('name') === '学生' &&
              u.searchParams.get('sfzid') === '1',
          ),
      ).toBe(true),
    );
  });

  it('校验 shows the checker’s message and marks its line in the editor', async () => {
    const message = ALGORITHM_MSG.tableOutside('pg_user', { line: 2, column: 31 });
    api({
      [`${S}/algorithmContent/check`]: () => ok({ ok: false, message, line: 2, column: 31, params: [], tables: [] }),
    });
    await openAlgorithm();
    fireEvent.click(screen.getByRole('button', { name: /^校\s?验$/ }));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.cm-lintRange-error')).not.toBeNull());
    expect(document.querySelector('.cm-lintRange-error')?.textContent).toMatch(/^warehouse\.jx_student/);
  });

  it('测试 on a dimension object shows the value, rows and time; a refusal is shown with its place', async () => {
    let refuse = false;
    const { bodies } = api({
      [`${S}/algorithmContent/testByObject`]: () =>
        refuse
          ? { status: 400, body: { meta: { success: false, message: ALGORITHM_MSG.timeout(5) }, data: null } }
          : ok({ ...RESULT, value: 312 }),
    });
    localStorage.setItem('zg.algorithm.dimension.7', '3');
    await openAlgorithm();
    const run = screen.getByRole('button', { name: /^测\s?试$/ }) as HTMLButtonElement;
    expect((run as HTMLButtonElement).disabled).toBe(true); // :objectId not chosen yet
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '维度对象' }));
    fireEvent.click(await screen.findByTitle('软件技术（M01）'));
    await waitFor(() => expect(run.disabled).toBe(false));
    fireEvent.click(run);
    const result = await screen.findByTestId('algorithm-result');
    expect(within(result).getByText('1 行')).toBeTruthy();
    expect(within(result).getByText('4 毫秒')).toBeTruthy();
    expect(within(result).getByText('完整结果')).toBeTruthy();
    expect(bodies[`${S}/algorithmContent/testByObject`]?.[0]).toMatchObject({
      sql: TEXT,
      sflx: 'value',
      params: { objectId: 'M01' },
      plan: false,
    });
    refuse = true;
    fireEvent.click(run);
    expect(await screen.findByText(ALGORITHM_MSG.timeout(5))).toBeTruthy();
    localStorage.removeItem('zg.algorithm.dimension.7');
  });

  it('保存 of a used version tells of the new version', async () => {
    const { bodies } = api({
      [`${S}/algorithmContent/update`]: () =>
        ok(algorithm({ sfbb: 2, bbid: 71, bbs: 2 }), ALGORITHM_MSG.savedNewVersion(2)),
      [`${S}/algorithmVersion/selectList`]: () =>
        ok([version({ id: 71, bbh: 2, sfdq: true, hash: 'b'.repeat(64) }), version({ sfdq: false, sfsy: true })]),
    });
    await openAlgorithm();
    fireEvent.change(screen.getByLabelText('版本说明'), { target: { value: '按学籍状态' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s?存$/ }));
    expect(await screen.findByText('已保存为新版本 V2')).toBeTruthy();
    expect(bodies[`${S}/algorithmContent/update`]?.[0]).toMatchObject({
      id: 7,
      sfzid: 1,
      sql: TEXT,
      bbsm: '按学籍状态',
    });
  });

  it('执行记录 lists the version, hash and parameters of each run and runs one again', async () => {
    api({
      [`${S}/algorithmRun/selectPage`]: () =>
        ok(
          page([
            {
              id: 5,
              bbid: 70,
              sfid: 7,
              bbh: 1,
              hash: 'c0ffee'.repeat(10),
              params: { objectId: 'M01' },
              rows: 1,
              ms: 3,
              value: 312,
              tables: ['jx_student'],
              sjyid: null,
              zxr: '系统管理员',
              zxsj: '2026-11-26 10:05:00',
            },
          ]),
        ),
      [`${S}/algorithmRun/5/rerun`]: () => ok({ ...RESULT, value: 312 }),
    });
    await openAlgorithm();
    fireEvent.click(screen.getByRole('tab', { name: '执行记录' }));
    const row = (await screen.findByText('维度对象=M01')).closest('tr') as HTMLElement;
    expect(within(row).getByText('V1')).toBeTruthy();
    expect(within(row).getByText('c0ffeec0ffee')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '重新运行' }));
    const dialog = (await screen.findByText(/^重新运行 V1（/)).closest('.ant-modal') as HTMLElement;
    expect(await within(dialog).findByText(/记录的值：312/)).toBeTruthy();
    expect(within(dialog).getByTestId('algorithm-result')).toBeTruthy();
  });
});
