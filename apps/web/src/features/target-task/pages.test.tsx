import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type LoginRecord, TASK_UI as T, TASK_MSG } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderUi, stubXhr } from '../../test/attachments';
import { calledPaths, failed, loginRecord, mockApi, ok } from '../../test/fixtures';
import { renderPageAs } from '../../test/pages';
import { taskCard, yearTarget } from '../../test/target-task-data';
import { ExcelImport } from './components/ExcelImport';
import { TaskDialog } from './components/TaskDialog';
import TaskDetailPage from './pages/TaskDetailPage';
import TaskListPage from './pages/TaskListPage';
import YearTaskPage from './pages/YearTaskPage';
import { importTasks } from './target-task.api';

// antd pages under jsdom on a shared machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 20_000 });

const W = '/api/herm-wbs';
const publisher: LoginRecord = { ...loginRecord, userId: 'fbr01', userName: '李明', roleIdList: ['targetPublisher'] };
const head: LoginRecord = {
  ...loginRecord,
  userId: 'bmfzr01',
  userName: '王建国',
  roleIdList: ['targetDepartHead'],
  newChargeDeparmentIdList: ['D02'],
};
const page = <T,>(records: T[]) => ({ records, total: records.length, current: 1, pages: 1, size: 10 });
const reference = {
  [`${W}/yearTarget/list`]: () => ok([{ id: 10, name: '2026年教学质量提升工程', cycleYear: 2026 }]),
  [`${W}/taskType/list`]: () =>
    ok([
      { id: 1, code: 'A', rwlxmc: '双高任务' },
      { id: 2, code: 'B', rwlxmc: '重点任务' },
    ]),
  [`${W}/departManage/list`]: () =>
    ok([{ bmid: 'D02', bmmc: '教务处', headId: 'bmfzr01', fzrmc: '王建国', chargers: [] }]),
  [`${W}/cycleType/list`]: () => ok([]),
};

describe('年度目标 page', () => {
  it('shows edit icons only on the cards the server allows, the task cards, and pushes after confirmation', {
    timeout: 20_000,
  }, async () => {
    const bodies: string[] = [];
    const fetchMock = mockApi({
      ...reference,
      [`${W}/yearTarget/selectPage`]: () =>
        ok(
          page([
            yearTarget({ abilities: { edit: true, delete: false, addTask: true } }),
            yearTarget({ id: 11, name: '他人的目标', creatorName: '何静' }),
          ]),
        ),
      [`${W}/targetTask/selectPage`]: () =>
        ok(page([taskCard({ abilities: { push: true, edit: true, delete: true }, fzrmc: '张伟' })])),
      [`${W}/targetTask/1/push`]: (init) => {
        bodies.push(String(init.body));
        return ok(null, TASK_MSG.pushed);
      },
    });
    renderUi(<YearTaskPage kind="yearTask" />, publisher);
    const mine = (await screen.findByText('2026年教学质量提升工程', { selector: '.zg-year-target__name' })).closest(
      '.zg-year-target',
    ) as HTMLElement;
    const other = screen.getByText('他人的目标').closest('.zg-year-target') as HTMLElement;
    expect(within(mine).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(other).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(other).getByText('何静')).toBeTruthy();

    const taskCardEl = (await screen.findByRole('button', { name: '课程思政示范课建设' })).closest(
      '.zg-task-card',
    ) as HTMLElement;
    for (const text of ['双高任务', '教务处', '张伟', '赵敏', '2026-12-31', '未下发']) {
      expect(within(taskCardEl).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByText('当前页1条，共1条').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '新增年度目标' })).toBeTruthy();

    fireEvent.click(within(taskCardEl).getByRole('button', { name: /^下\s*发$/ }));
    const dialog = (await screen.findAllByText('确定要下发“课程思政示范课建设”吗？'))[0]?.closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /^确\s*定$/ }));
    await waitFor(() => expect(calledPaths(fetchMock)).toContain(`${W}/targetTask/1/push`));
    expect(new URLSearchParams(bodies[0]).get('version')).toBe('1');
    expect(await screen.findByText(TASK_MSG.pushed)).toBeTruthy();
  });

  it('offers no add button to a user who does not publish', async () => {
    mockApi({
      ...reference,
      [`${W}/yearTarget/selectPage`]: () => ok(page([yearTarget()])),
      [`${W}/targetTask/selectPage`]: () => ok(page([])),
    });
    renderUi(<YearTaskPage kind="yearTask" />, head);
    expect(await screen.findByText('2026年教学质量提升工程', { selector: '.zg-year-target__name' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增年度目标' })).toBeNull();
    expect(screen.getByText('暂无任务')).toBeTruthy();
  });
});

describe('部门任务 page', () => {
  it('lets the head decompose a task further after confirming what it does', async () => {
    const bodies: string[] = [];
    const fetchMock = mockApi({
      ...reference,
      [`${W}/targetTask/selectPage`]: () =>
        ok(
          page([
            taskCard({
              rwzt: 'waitDefine',
              rwztmc: '待定义',
              parentId: 5,
              version: 3,
              abilities: { decompose: true, edit: true },
            }),
          ]),
        ),
      [`${W}/targetTask/1/decompose`]: (init) => {
        bodies.push(String(init.body));
        return ok(null, TASK_MSG.done);
      },
    });
    renderPageAs(<TaskListPage kind="departmentTask" />, head);
    const card = (await screen.findByRole('button', { name: '课程思政示范课建设' })).closest(
      '.zg-task-card',
    ) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: '继续分解' }));
    const dialog = (await screen.findAllByText('确定要继续分解“课程思政示范课建设”吗？'))[0]?.closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(dialog).getByText(T.decomposeHint)).toBeTruthy();
    expect(calledPaths(fetchMock)).not.toContain(`${W}/targetTask/1/decompose`);
    fireEvent.click(within(dialog).getByRole('button', { name: /^确\s*定$/ }));
    await waitFor(() => expect(calledPaths(fetchMock)).toContain(`${W}/targetTask/1/decompose`));
    expect(new URLSearchParams(bodies[0]).get('version')).toBe('3');
    expect(await screen.findByText(TASK_MSG.done)).toBeTruthy();
  });
});

describe('我的任务 page', () => {
  it('has no 待分解 state option and asks for the myTask kind', async () => {
    const fetchMock = mockApi({ ...reference, [`${W}/targetTask/selectPage`]: () => ok(page([])) });
    renderPageAs(<TaskListPage kind="myTask" />, head);
    expect(await screen.findByText('暂无任务')).toBeTruthy();
    const url = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/targetTask/selectPage'));
    expect(new URL(url ?? '', 'http://x').searchParams.get('kind')).toBe('myTask');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '任务状态' }));
    expect(await screen.findByTitle('待定义')).toBeTruthy();
    expect(screen.queryByTitle('待分解')).toBeNull();
  });
});

describe('a task list opened from the home page 待办', () => {
  const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .filter((u) => u.pathname === `${W}/targetTask/selectPage`);

  it('asks for the filter in its URL, shows it, and drops the 任务书 filter on request', async () => {
    const fetchMock = mockApi({ ...reference, [`${W}/targetTask/selectPage`]: () => ok(page([taskCard()])) });
    renderPageAs(
      <TaskListPage kind="myTask" />,
      head,
      '/newTaskManagement/myTask?rwzt=waitDefine&missionState=toWrite&year=2026',
    );
    await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(1));
    const first = listCalls(fetchMock)[0]?.searchParams;
    expect([first?.get('kind'), first?.get('rwzt'), first?.get('missionState'), first?.get('year')]).toEqual([
      'myTask',
      'waitDefine',
      'toWrite',
      '2026',
    ]);
    expect(screen.getByTitle('待定义')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: '目标周期' }) as HTMLInputElement).value).toBe('2026');
    expect(screen.getByText(T.missionToWrite)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: T.clearMissionFilter }));
    await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(2));
    const second = listCalls(fetchMock)[1]?.searchParams;
    expect([second?.get('rwzt'), second?.has('missionState'), second?.get('year')]).toEqual([
      'waitDefine',
      false,
      '2026',
    ]);
    expect(screen.queryByText(T.missionToWrite)).toBeNull();
  });

  it("shows a department's tasks waiting to be accepted, a state the toolbar's six do not hold", async () => {
    const fetchMock = mockApi({ ...reference, [`${W}/targetTask/selectPage`]: () => ok(page([])) });
    renderPageAs(<TaskListPage kind="departmentTask" />, head, '/newTaskManagement/departmentTask?rwzt=waitAccept');
    await waitFor(() => expect(listCalls(fetchMock)[0]?.searchParams.get('rwzt')).toBe('waitAccept'));
    expect(listCalls(fetchMock)[0]?.searchParams.get('kind')).toBe('departmentTask');
    expect(screen.getByTitle('待接收')).toBeTruthy();
  });

  it('leaves out a state in the URL that is not one', async () => {
    const fetchMock = mockApi({ ...reference, [`${W}/targetTask/selectPage`]: () => ok(page([])) });
    renderPageAs(<TaskListPage kind="myTask" />, head, '/newTaskManagement/myTask?rwzt=nonsense&year=abc');
    await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(1));
    const asked = listCalls(fetchMock)[0]?.searchParams;
    expect([asked?.has('rwzt'), asked?.has('year')]).toEqual([false, false]);
  });
});

const QCP = { id: 5, name: '就业质量', dimensionName: '计分卡', systemId: 1, systemName: '专业层面诊改质量标准' };

describe('task dialog', () => {
  it('names the required fields before calling the server', async () => {
    const fetchMock = mockApi({ ...reference });
    renderUi(<TaskDialog open yearTargetId={10} onClose={() => {}} />, publisher);
    fireEvent.click(await screen.findByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('请输入数据')).toBeTruthy();
    expect((await screen.findAllByText('请选择')).length).toBeGreaterThan(0);
    expect(calledPaths(fetchMock)).not.toContain(`${W}/targetTask/insert`);
  });

  it("shows the server's refusal of a save and stays open with what was typed", async () => {
    const refusal = TASK_MSG.cycleValueOutside(['2026年下半年'], '2026-01-01', '2026-06-30');
    const sent: URLSearchParams[] = [];
    const onClose = vi.fn();
    mockApi({
      ...reference,
      [`${W}/cycleType/list`]: () =>
        ok([
          {
            id: 4,
            lxmc: '时间段',
            values: [
              { cycleId: 41, cycleNumber: '2026年上半年', defaultsStatus: 1 },
              { cycleId: 42, cycleNumber: '2026年下半年', defaultsStatus: 0 },
            ],
          },
        ]),
      [`${W}/targetTask/getTargetTaskVo`]: () =>
        ok({
          ...taskCard({ jssj: '2026-06-30', zqz: '2026年上半年,2026年下半年' }),
          auditorId: null,
          cycleTypeId: 4,
          cycleTypeName: '时间段',
          cycleValueIds: [41, 42],
          coopDepartments: [],
          mission: null,
          depth: 1,
          childCount: 0,
          parentName: null,
          cycleYear: 2026,
          standardNodes: [QCP],
        }),
      [`${W}/targetTask/qcpOptions`]: () => ok([QCP, { ...QCP, id: 6, name: '招生与生源' }]),
      [`${W}/targetTask/update`]: (init) => {
        sent.push(new URLSearchParams(String(init.body)));
        return failed(400, refusal);
      },
    });
    renderUi(<TaskDialog open yearTargetId={10} taskId={1} onClose={onClose} />, publisher);
    expect(await screen.findByDisplayValue('课程思政示范课建设')).toBeTruthy();
    expect((await screen.findAllByText('2026年下半年')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.getAll('cycleValueIds[1]')).toEqual(['42']);
    // 服务的质控点: the task's QCP is shown chosen and sent back with the save.
    expect(screen.getAllByText('计分卡 / 就业质量').length).toBeGreaterThan(0);
    expect(sent[0]?.getAll('standardNodeIds[0]')).toEqual(['5']);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByDisplayValue('课程思政示范课建设')).toBeTruthy();
  });
});

describe('Excel import', () => {
  it('lists every row problem of a refused sheet, in Chinese', async () => {
    mockApi({});
    stubXhr(() =>
      failed(400, '导入失败，共2处错误，未导入任何数据：第3行：任务名称不能为空；第4行：结束时间不能早于开始时间'),
    );
    renderUi(
      <ExcelImport title="导入任务" send={(file, onProgress) => importTasks(10, file, onProgress)} />,
      publisher,
    );
    fireEvent.click(screen.getByRole('button', { name: /^导\s*入$/ }));
    const file = new File(['x'], 'tasks.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(await screen.findByTestId('single-file-input'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: /^确\s*定$/ }));
    expect(await screen.findByText('导入失败')).toBeTruthy();
    expect(screen.getByText('第3行：任务名称不能为空')).toBeTruthy();
    expect(screen.getByText('第4行：结束时间不能早于开始时间')).toBeTruthy();
  });
});

describe('任务明细 page', () => {
  it('filters by the last-level owner on the department page only', async () => {
    const asked: URL[] = [];
    mockApi({
      ...reference,
      [`${W}/targetTaskDetail/selectPage`]: (_i, url) => {
        asked.push(url);
        return ok(page([taskCard({ rwzt: 'executeing', rwztmc: '执行中', fzrmc: '张伟', parentId: 5 })]));
      },
    });
    renderUi(<TaskDetailPage />, head);
    expect(await screen.findByText('执行中')).toBeTruthy();
    expect(asked[0]?.searchParams.get('scope')).toBe('department');
    const owner = screen.getByRole('textbox', { name: '末级任务负责人' });
    fireEvent.change(owner, { target: { value: '张伟' } });
    fireEvent.click(screen.getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('fzrmc')).toBe('张伟'));
    fireEvent.click(screen.getByText('全部', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('scope')).toBe('all'));
    expect(screen.queryByRole('textbox', { name: '末级任务负责人' })).toBeNull();
    expect(asked.at(-1)?.searchParams.get('fzrmc')).toBeNull();
  });
});
