import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STANDARD_MSG, STANDARD_TEXT, type StandardNode, type StandardSystem } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { stubXhr } from '../../test/attachments';
import { failed, mockApi, ok } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import StandardPage from './StandardPage';

const S = '/api/herm-mbbz';
const WRITE = { read: true, write: true, authority: true, remove: true };
const READ = { read: true, write: false, authority: false, remove: false };

function system(over: Partial<StandardSystem> = {}): StandardSystem {
  return {
    id: 3,
    name: '2026—2028年专业诊改标准',
    dimension: 'major',
    startYear: 2026,
    endYear: 2028,
    state: 'draft',
    version: 1,
    previousVersionId: null,
    nodeCount: 4,
    qcpCount: 2,
    creator: 'zgfb01',
    creatorName: '何静',
    createdAt: '2026-11-26 10:00:00',
    updatedAt: '2026-11-26 10:00:00',
    abilities: WRITE,
    ...over,
  };
}

function node(over: Partial<StandardNode> & Pick<StandardNode, 'id' | 'kind' | 'name'>): StandardNode {
  return {
    parentId: null,
    sort: 0,
    depth: over.kind === 'dimension' ? 1 : over.kind === 'qcp' ? 2 : 3,
    nh: null,
    zdbz: null,
    bzz: null,
    zlx: null,
    fsdl: false,
    calRule: null,
    calRuleName: null,
    detailRule: null,
    detailRuleName: null,
    direction: null,
    gradeRule: null,
    warningRule: null,
    children: [],
    ...over,
  };
}

const QCP = node({
  id: 10,
  parentId: 1,
  kind: 'qcp',
  name: '双师型教师比例',
  nh: '专业专任教师中双师型教师的比例',
  zdbz: '不低于 60%',
  bzz: '60',
  zlx: 'percent',
  fsdl: true,
  direction: 'higher',
  gradeRule: { type: 'thresholds', A: 80, B: 70, C: 60 },
  warningRule: { mode: 'value', operator: '<', value: 60, cycle: 'month' },
});
const TREE: StandardNode[] = [
  node({
    id: 1,
    kind: 'dimension',
    name: '师资队伍',
    children: [
      QCP,
      node({
        id: 11,
        parentId: 1,
        kind: 'qcp',
        name: '专业带头人',
        sort: 1,
        zlx: 'have',
        bzz: '1',
        children: [
          node({ id: 100, parentId: 11, kind: 'indicator', name: '带头人主持省级以上项目', zlx: 'whether', bzz: '1' }),
        ],
      }),
    ],
  }),
  node({ id: 2, kind: 'dimension', name: '计分卡', sort: 1 }),
];

const page = (records: unknown[]) => ({ records, total: records.length, current: 1, pages: 1, size: 200 });
const change = (over: Record<string, unknown> = {}) => ({
  systemId: 3,
  version: 1,
  versioned: false,
  message: STANDARD_MSG.saved,
  nodeId: 10,
  ...over,
});

function api(
  opts: { systems?: StandardSystem[]; tree?: StandardNode[]; create?: boolean } = {},
  extra: Record<string, Parameters<typeof mockApi>[0][string]> = {},
) {
  const systems = opts.systems ?? [system()];
  const bodies: Record<string, unknown[]> = {};
  const record = (path: string, init: RequestInit) => {
    bodies[path] = [...(bodies[path] ?? []), init.body ? JSON.parse(String(init.body)) : null];
  };
  const fetchMock = mockApi({
    [`${S}/target/abilities`]: () => ok({ create: opts.create ?? true, depot: opts.create ?? true }),
    [`${S}/target/selectPage`]: () => ok(page(systems)),
    [`${S}/target/getTargetFull`]: (_, url) => {
      const id = Number(url.searchParams.get('id'));
      const s = systems.find((x) => x.id === id) ?? systems[0];
      return ok({ system: s, tree: opts.tree ?? TREE });
    },
    [`${S}/taskDepot/list`]: () => ok([]),
    [`${S}/recycle/list`]: () => ok([]),
    [`${S}/catalog/tasks`]: () =>
      ok([
        {
          id: 9,
          rwmc: '提升双师型教师比例',
          year: 2026,
          yearTargetName: '2026 师资目标',
          bmmc: '人事处',
          rwzt: 'executeing',
          rwztmc: '执行中',
          rwjd: 40,
        },
      ]),
    [`${S}/catalog/calRules`]: () =>
      ok([{ id: 70, label: '双师型教师比例/V2', algorithmName: '双师型教师比例', version: 2, group: '师资' }]),
    [`${S}/catalog/detailRules`]: () =>
      ok([{ id: 71, label: '双师型教师明细/V1', algorithmName: '双师型教师明细', version: 1, group: '师资' }]),
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

const show = (route = '/target') => renderPage(<StandardPage />, route);
/** A dialog by its title (antd's test ids make every aria-labelledby point at the first "test-id"). */
async function dialogTitled(title: string) {
  return (await screen.findAllByText(title)).at(-1)?.closest('[role=dialog]') as HTMLElement;
}
/** Picks an option of the select labelled `label` inside `scope`. */
async function pick(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  fireEvent.click((await screen.findAllByTitle(option)).at(-1) as HTMLElement);
}
const tree = () => screen.findByRole('tree', { name: '目标标准目录' });

describe('StandardPage 目标标准', () => {
  it('shows the chosen system with its catalogue, and the QCP’s form with its rules', async () => {
    api();
    show();
    expect(await screen.findByText('2026—2028年专业诊改标准（V1 · 草稿）')).toBeTruthy();
    expect(await screen.findByText('2026—2028年')).toBeTruthy();
    fireEvent.click(within(await tree()).getByText('双师型教师比例'));
    const form = await screen.findByRole('form', { name: '质控点表单' });
    expect((within(form).getByLabelText('名称') as HTMLInputElement).value).toBe('双师型教师比例');
    expect((within(form).getByLabelText('A 档阈值') as HTMLInputElement).value).toBe('80');
    expect((within(form).getByLabelText('预警值') as HTMLInputElement).value).toBe('60');
    // A percent standard value reads with its % suffix.
    expect(within(form).getByText('%')).toBeTruthy();
    expect(screen.getByText('2 个维度 · 2 个质控点 · 1 个指标')).toBeTruthy();
    // The tasks serving the QCP (issue 35), under its form.
    const tasks = await screen.findByRole('region', { name: '服务该质控点的目标任务' });
    expect(await within(tasks).findByText('提升双师型教师比例')).toBeTruthy();
    expect(within(tasks).getByText('（人事处 · 执行中）')).toBeTruthy();
  });

  it('edits a QCP’s warning rule and sends the whole node', async () => {
    const { bodies } = api({}, { [`${S}/catalog/update`]: () => ok(change()) });
    show();
    fireEvent.click(within(await tree()).getByText('双师型教师比例'));
    const form = await screen.findByRole('form', { name: '质控点表单' });
    await pick(form, '计算规则', '双师型教师比例/V2');
    fireEvent.click(within(form).getByText('按等级'));
    const grade = await within(form).findByLabelText('预警等级');
    fireEvent.mouseDown(grade);
    fireEvent.click(await screen.findByTitle('C 级'));
    fireEvent.click(within(form).getByRole('button', { name: /^保\s?存$/ }));
    await waitFor(() => expect(bodies[`${S}/catalog/update`]).toHaveLength(1));
    expect(bodies[`${S}/catalog/update`]?.[0]).toMatchObject({
      id: 10,
      name: '双师型教师比例',
      bzz: '60',
      zlx: 'percent',
      calRule: 70,
      gradeRule: { type: 'thresholds', A: 80, B: 70, C: 60 },
      warningRule: { mode: 'level', operator: '<', grade: 'C', cycle: 'month' },
    });
  });

  it('refuses thresholds out of order before sending', async () => {
    const { bodies } = api({}, { [`${S}/catalog/update`]: () => ok(change()) });
    show();
    fireEvent.click(within(await tree()).getByText('双师型教师比例'));
    const form = await screen.findByRole('form', { name: '质控点表单' });
    fireEvent.change(within(form).getByLabelText('C 档阈值'), { target: { value: '90' } });
    fireEvent.click(within(form).getByRole('button', { name: /^保\s?存$/ }));
    expect(await within(form).findByText('越高越好时阈值应满足 A > B > C')).toBeTruthy();
    expect(bodies[`${S}/catalog/update`]).toBeUndefined();
  });

  it('a change to a system in use goes to a new version, which the page then shows', async () => {
    const v2 = system({ id: 4, version: 2, previousVersionId: 3 });
    const { fetchMock } = api(
      { systems: [system(), v2] },
      {
        [`${S}/catalog/update`]: () =>
          ok(change({ systemId: 4, version: 2, versioned: true, message: STANDARD_MSG.newVersion(2), nodeId: 40 })),
      },
    );
    show();
    fireEvent.click(within(await tree()).getByText('双师型教师比例'));
    const form = await screen.findByRole('form', { name: '质控点表单' });
    fireEvent.click(within(form).getByRole('button', { name: /^保\s?存$/ }));
    expect(await screen.findByText(STANDARD_MSG.newVersion(2))).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some((c) => String(c[0]).includes('getTargetFull') && String(c[0]).includes('id=4')),
      ).toBe(true),
    );
    expect(screen.getByTestId('location').textContent).toBe('/target?id=4');
  });

  it('search keeps the matches with their ancestors', async () => {
    api();
    show();
    const t = await tree();
    const search = screen.getByRole('searchbox', { name: '搜索目录' });
    fireEvent.change(search, { target: { value: '项目' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(within(t).queryByText('双师型教师比例')).toBeNull());
    expect(within(t).getByText('带头人主持省级以上项目')).toBeTruthy();
    expect(within(t).getByText('专业带头人')).toBeTruthy();
    expect(within(t).getByText('师资队伍')).toBeTruthy();
    expect(within(t).queryByText('计分卡')).toBeNull();
  });

  it('a reader sees no edit buttons and a disabled form', async () => {
    api({ systems: [system({ abilities: READ, state: 'published' })], create: false });
    show();
    fireEvent.click(within(await tree()).getByText('双师型教师比例'));
    const form = await screen.findByRole('form', { name: '质控点表单' });
    expect((within(form).getByLabelText('名称') as HTMLInputElement).disabled).toBe(true);
    expect(within(form).queryByRole('button', { name: /^保\s?存$/ })).toBeNull();
    for (const name of ['新建', '编辑', '发布', '权限', '导入', '新增诊断维度'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('button', { name: /^导\s?出$/ })).toBeTruthy();
    expect(screen.getByText('只读')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '回收站' })).toBeNull();
  });

  it('publishes after a confirmation', async () => {
    const { bodies } = api({}, { [`${S}/target/3/publish`]: () => ok(system({ state: 'published' })) });
    show();
    await tree();
    fireEvent.click(screen.getByRole('button', { name: /^发\s?布$/ }));
    const confirm = (await screen.findAllByText('发布“2026—2028年专业诊改标准”？'))
      .at(-1)
      ?.closest('.ant-modal') as HTMLElement;
    expect(bodies[`${S}/target/3/publish`]).toBeUndefined();
    fireEvent.click(within(confirm).getByRole('button', { name: /^发\s?布$/ }));
    await waitFor(() => expect(bodies[`${S}/target/3/publish`]).toHaveLength(1));
  });

  it('adds a QCP under the chosen dimension', async () => {
    const { bodies } = api(
      {},
      { [`${S}/catalog/insert`]: () => ok(change({ nodeId: 12, message: STANDARD_MSG.created })) },
    );
    show();
    fireEvent.click(within(await tree()).getByText('计分卡'));
    fireEvent.click(screen.getByRole('button', { name: '新增质控点' }));
    const dialog = await dialogTitled('在“计分卡”下新增质控点');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: ' 生师比 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() =>
      expect(bodies[`${S}/catalog/insert`]).toEqual([
        { systemId: 3, parentId: 2, kind: 'qcp', name: '生师比', sort: 0 },
      ]),
    );
  });

  it('deletes a node after a confirmation naming what goes with it', async () => {
    const { bodies } = api({}, { [`${S}/catalog/11/delete`]: () => ok(change({ nodeId: null })) });
    show();
    fireEvent.click(within(await tree()).getByText('专业带头人'));
    fireEvent.click(screen.getByRole('button', { name: /^删\s?除$/ }));
    const confirm = (await screen.findAllByText('删除质控点“专业带头人”？'))
      .at(-1)
      ?.closest('.ant-modal') as HTMLElement;
    expect(within(confirm).getByText('其下 1 个节点一并删除，可在回收站恢复。')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: /^删\s?除$/ }));
    await waitFor(() => expect(bodies[`${S}/catalog/11/delete`]).toHaveLength(1));
  });

  it('an import refused shows its row-by-row report and imports nothing', async () => {
    api();
    const sent = stubXhr(() =>
      failed(400, '导入失败，共 2 处错误：第5行：标准值应为数值；第7行：上级“专业建设”在前面的行中不存在'),
    );
    show();
    await tree();
    fireEvent.click(screen.getByRole('button', { name: /^导\s?入$/ }));
    const dialog = await dialogTitled('导入目标标准');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '标准.xlsx')] } });
    expect(await within(dialog).findByText('标准.xlsx')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /^导\s?入$/ }));
    const report = await within(dialog).findByRole('list', { name: '导入错误报告' });
    expect(within(report).getByText('第5行：标准值应为数值')).toBeTruthy();
    expect(within(report).getByText('第7行：上级“专业建设”在前面的行中不存在')).toBeTruthy();
    expect(within(dialog).getByText('导入失败，共 2 处错误')).toBeTruthy();
    expect(sent[0]?.get('systemId')).toBe('3');
  });

  it('新建 creates a draft and chooses it', async () => {
    const made = system({ id: 8, name: '2026年课程诊改标准', dimension: 'course', startYear: 2026, endYear: 2026 });
    const { bodies } = api({}, { [`${S}/target/insert`]: () => ok(made) });
    show();
    await tree();
    fireEvent.click(screen.getByRole('button', { name: /^新\s?建$/ }));
    const dialog = await dialogTitled('新建目标标准');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '2026年课程诊改标准' } });
    await pick(dialog, '维度', '课程');
    fireEvent.change(within(dialog).getByLabelText('结束年度'), { target: { value: '2025' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^确\s?定$/ }));
    expect(await within(dialog).findByText(STANDARD_MSG.yearsOrder)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('结束年度'), { target: { value: '2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(bodies[`${S}/target/insert`]).toHaveLength(1));
    expect(bodies[`${S}/target/insert`]?.[0]).toMatchObject({
      name: '2026年课程诊改标准',
      dimension: 'course',
      endYear: 2026,
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/target?id=8'));
  });

  it('复制为下一年 asks first, then chooses the copy', async () => {
    const copy = system({ id: 9, name: '2027—2029年专业诊改标准', startYear: 2027, endYear: 2029 });
    const { bodies } = api({}, { [`${S}/target/3/copyTargetFull`]: () => ok(copy) });
    show();
    await tree();
    fireEvent.click(screen.getByRole('button', { name: '复制为下一年' }));
    const confirm = (await screen.findAllByText('复制“2026—2028年专业诊改标准”为下一年度？'))
      .at(-1)
      ?.closest('.ant-modal') as HTMLElement;
    expect(within(confirm).getByText('将复制目录、规则和权限，生成 2027—2029年 的草稿。')).toBeTruthy();
    expect(bodies[`${S}/target/3/copyTargetFull`]).toBeUndefined();
    fireEvent.click(within(confirm).getByRole('button', { name: /^复\s?制$/ }));
    await waitFor(() => expect(bodies[`${S}/target/3/copyTargetFull`]).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/target?id=9'));
  });

  it('without any system: the empty state offers to create or import', async () => {
    api({ systems: [] });
    show();
    expect(await screen.findByText('还没有目标标准：请新建，或从 Excel 导入')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新建目标标准' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '从 Excel 导入' })).toBeTruthy();
  });

  it('a reader granted no system (a 诊改对象) is told why the page is empty and whom to ask, with nothing to create', async () => {
    api({ systems: [], create: false });
    show();
    expect(await screen.findByText(STANDARD_TEXT.emptyForReader)).toBeTruthy();
    expect(screen.getByText(/请联系他们在目标标准的“权限”中为您或您的角色授权/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新建目标标准' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
  });
});
