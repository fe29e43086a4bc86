import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DATA_COLLECTION_API as API, CYCLE_API } from '@zg/contract';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/attachments';
import { departments, loginRecord, ok } from '../../test/fixtures';
import { btn, catchSavedFiles, dialogTitled, mountedAt, sentJson, stubApi } from '../../test/pages';
import { at, can, collectionForm, collectionTask, fillTask } from './collection-test-data';
import DataCollectionPage from './DataCollectionPage';

const atPath = (path: string, ui: ReactNode) => mountedAt('/dataCollection/*', path, ui);
type Handlers = Parameters<typeof stubApi>[0];

/** Opens the antd Select and picks the option of that title. */
async function pick(select: Element, title: string) {
  fireEvent.mouseDown(select);
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options[options.length - 1]!);
}
const input = (label: string, root: ParentNode = document) =>
  root.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement;

function tasksApi(over: Handlers = {}) {
  return stubApi({
    [at(API.taskList)]: () =>
      ok([
        collectionTask(),
        collectionTask({
          id: 10,
          name: '2024 教师企业实践',
          deadline: '2024-06-30',
          counts: { uncommitted: 3, waitAudit: 0, finished: 0 },
        }),
      ]),
    ...over,
  });
}

describe('采集任务', () => {
  it('lists the tasks with their state and progress, and closes the overdue ones after confirming', async () => {
    let closed = 0;
    tasksApi({
      [at(API.closeOutdated)]: () => {
        closed += 1;
        return ok({ closed: 1 }, '已关闭 1 个过期的采集任务');
      },
    });
    renderUi(atPath('/dataCollection/tasks', <DataCollectionPage />), loginRecord);
    expect(await screen.findByText('2025 专业基本情况采集')).toBeTruthy();
    expect(screen.getAllByText('专业基本情况（第 1 版）')).toHaveLength(2);
    expect(screen.getByText('进行中')).toBeTruthy();
    expect(screen.getByText('已过截止日期')).toBeTruthy();
    expect(screen.getByText('未提交 1 · 待审核 1 · 已完成 1')).toBeTruthy();
    expect(screen.getByText('未提交 3 · 待审核 0 · 已完成 0')).toBeTruthy();

    fireEvent.click(btn('关闭过期任务'));
    const confirm = await dialogTitled('关闭过期任务');
    expect(closed).toBe(0);
    fireEvent.click(btn('确定', confirm));
    expect(await screen.findByText('已关闭 1 个过期的采集任务')).toBeTruthy();
    expect(closed).toBe(1);
  });

  it('starts a task on a published form, for a department, with an auditor', async () => {
    const sent: unknown[] = [];
    tasksApi({
      [at(API.formList)]: () =>
        ok([collectionForm(), collectionForm({ id: 6, name: '草稿表单', version: 0, changedSincePublish: true })]),
      [CYCLE_API.cycleTypesWithValues.path]: () =>
        ok([{ id: 1, lxmc: '年', values: [{ cycleId: 11, cycleNumber: '2025', defaultsStatus: 1 }] }]),
      '/api/user/departmentList': () =>
        ok({ list: departments, total: departments.length, pageNum: 1, pageSize: 100000 }),
      '/api/user/search': () =>
        ok({ list: [{ userId: 'shr01', userName: '王审核' }], total: 1, pageNum: 1, pageSize: 100 }),
      [at(API.taskInsert)]: (init) => {
        sent.push(sentJson(init));
        return ok(collectionTask({ id: 11 }));
      },
    });
    renderUi(atPath('/dataCollection/tasks', <DataCollectionPage />), loginRecord);
    fireEvent.click(await waitFor(() => btn('发起采集任务')));
    const dialog = await dialogTitled('发起采集任务');

    // Nothing chosen: the form's own rules speak first, nothing is sent.
    fireEvent.click(btn('确定', dialog));
    expect(await within(dialog).findByText('请输入任务名称')).toBeTruthy();
    expect(within(dialog).getByText('请选择表单')).toBeTruthy();
    expect(within(dialog).getByText('请选择审核人')).toBeTruthy();
    expect(within(dialog).getByText('请至少选择一个填报部门或填报人')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('任务名称'), { target: { value: '2025 专业基本情况采集' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('表单'));
    const formOptions = await screen.findAllByTitle('专业基本情况（第 1 版）');
    expect(screen.queryByTitle(/草稿表单/)).toBeNull();
    fireEvent.click(formOptions[formOptions.length - 1]!);
    await pick(within(dialog).getByLabelText('周期类型'), '年');
    await waitFor(() => expect((within(dialog).getByLabelText('采集周期') as HTMLInputElement).disabled).toBe(false));
    await pick(within(dialog).getByLabelText('采集周期'), '2025');
    await pick(within(dialog).getByLabelText('填报部门'), departments[0]!.departmentName);
    fireEvent.mouseDown(input('审核人', dialog));
    fireEvent.click(await screen.findByText('王审核'));
    // The department chosen gets a line for its own auditor.
    expect(await within(dialog).findByText('个别审核人')).toBeTruthy();
    expect(input(`指定审核：${departments[0]!.departmentName}`, dialog)).toBeTruthy();

    fireEvent.click(btn('确定', dialog));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: '2025 专业基本情况采集',
      formId: 5,
      cycle: '2025',
      startDate: dayjs().format('YYYY-MM-DD'),
      deadline: dayjs().add(14, 'day').format('YYYY-MM-DD'),
      departmentIds: [departments[0]!.departmentId],
      userIds: [],
      auditorId: 'shr01',
      auditorOf: {},
    });
  });

  it('edits a task on its name and deadline, and deletes one after confirming', async () => {
    const updated: unknown[] = [];
    let deleted = 0;
    tasksApi({
      [at(API.taskList)]: () => ok([collectionTask()]),
      [at(API.taskUpdate)]: (init) => {
        updated.push(sentJson(init));
        return ok(collectionTask(sentJson(init)));
      },
      [at(API.taskDelete, 9)]: () => {
        deleted += 1;
        return ok(null);
      },
    });
    renderUi(atPath('/dataCollection/tasks', <DataCollectionPage />), loginRecord);
    fireEvent.click(await waitFor(() => btn('修改 2025 专业基本情况采集')));
    const dialog = await dialogTitled('修改采集任务');
    expect((within(dialog).getByLabelText('任务名称') as HTMLInputElement).value).toBe('2025 专业基本情况采集');
    expect((within(dialog).getByLabelText('截止日期') as HTMLInputElement).value).toBe('2099-12-31');
    expect(within(dialog).getByText('开始日期：2025-01-01')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('任务名称'), { target: { value: '2025 专业情况采集 ' } });
    fireEvent.click(btn('确定', dialog));
    await waitFor(() => expect(updated).toEqual([{ id: 9, name: '2025 专业情况采集', deadline: '2099-12-31' }]));

    fireEvent.click(await waitFor(() => btn('删除 2025 专业基本情况采集')));
    expect(await screen.findByText('确定删除采集任务“2025 专业基本情况采集”吗？')).toBeTruthy();
    expect(deleted).toBe(0);
    fireEvent.click(btn('确定', document.querySelector('.ant-popover') as HTMLElement));
    await waitFor(() => expect(deleted).toBe(1));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });
});

describe('填报情况', () => {
  const rows = [
    fillTask({ id: 21, assigneeName: '教务处', state: 'waitAudit', abilities: can('pass', 'reject') }),
    fillTask({ id: 22, assigneeName: '学生处', state: 'uncommitted' }),
    fillTask({
      id: 23,
      departmentId: null,
      assigneeId: 'js01',
      assigneeName: '张老师',
      state: 'finished',
      abilities: can('rollback'),
    }),
  ];

  it('passes the chosen ones the auditor may pass, and names those it may not', async () => {
    const passed: unknown[] = [];
    tasksApi({
      [at(API.allocationList)]: () => ok(rows),
      [at(API.allocationAudit)]: (init) => {
        passed.push(sentJson(init));
        return ok([]);
      },
    });
    renderUi(atPath('/dataCollection/tasks/9', <DataCollectionPage />), loginRecord);
    expect(await screen.findByText('填报情况：2025 专业基本情况采集')).toBeTruthy();
    expect(await screen.findByText('学生处')).toBeTruthy();
    expect(btn('批量通过').disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('选择 教务处'));
    fireEvent.click(screen.getByLabelText('选择 学生处'));
    fireEvent.click(btn('批量通过'));
    expect(await screen.findByText('学生处现在不能通过，请取消勾选后再试')).toBeTruthy();
    expect(passed).toEqual([]);

    fireEvent.click(screen.getByLabelText('选择 学生处'));
    fireEvent.click(btn('批量通过'));
    const confirm = await dialogTitled('确定审核通过选中的 1 个填报吗？');
    fireEvent.click(btn('确定', confirm));
    await waitFor(() => expect(passed).toEqual([{ ids: [21], pass: true }]));
  });

  it('rolls back with a reason, which it asks for first', async () => {
    const rolled: unknown[] = [];
    tasksApi({
      [at(API.allocationList)]: () => ok(rows),
      [at(API.allocationRollback)]: (init) => {
        rolled.push(sentJson(init));
        return ok([]);
      },
    });
    renderUi(atPath('/dataCollection/tasks/9', <DataCollectionPage />), loginRecord);
    fireEvent.click(await screen.findByLabelText('选择 张老师'));
    fireEvent.click(btn('批量回退'));
    const dialog = await dialogTitled('回退选中的 1 个填报');
    fireEvent.click(btn('确定', dialog));
    expect(await within(dialog).findByText('请填写退回或回退的原因')).toBeTruthy();
    expect(rolled).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '招生人数与教务系统不一致' } });
    fireEvent.click(btn('确定', dialog));
    await waitFor(() => expect(rolled).toEqual([{ ids: [23], opinion: '招生人数与教务系统不一致' }]));
  });

  it('exports the chosen ones, and writes the finished ones into the warehouse', async () => {
    const saved = catchSavedFiles();
    let synced = 0;
    const { calls } = stubApi(
      {
        [at(API.taskList)]: () => ok([collectionTask()]),
        [at(API.allocationList)]: () => ok([...rows, fillTask({ id: 24, assigneeName: '后勤处', state: 'finished' })]),
        [at(API.dataSync)]: (init) => {
          synced += 1;
          expect(sentJson(init)).toEqual({ taskId: 9 });
          return ok({ rows: 4 }, '已写入数据仓库 4 行');
        },
      },
      {
        [at(API.allocationExport)]: () => ({
          name: '2025 专业基本情况采集填报数据.xlsx',
          bytes: new Uint8Array([80, 75]),
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        }),
      },
    );
    renderUi(atPath('/dataCollection/tasks/9', <DataCollectionPage />), loginRecord);
    fireEvent.click(await screen.findByLabelText('选择 张老师'));
    fireEvent.click(screen.getByLabelText('选择 后勤处'));
    fireEvent.click(btn('导出所选'));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['2025 专业基本情况采集填报数据.xlsx']));
    expect(calls(at(API.allocationExport))[0]?.searchParams.get('ids')).toBe('23,24');

    fireEvent.click(btn('写入数据仓库'));
    const confirm = await dialogTitled('确定把已完成的填报写入数据仓库吗？');
    fireEvent.click(btn('确定', confirm));
    expect(await screen.findByText('已写入数据仓库 4 行')).toBeTruthy();
    expect(synced).toBe(1);
  });

  it('says so when the task is not there', async () => {
    tasksApi({ [at(API.allocationList)]: () => ok([]) });
    renderUi(atPath('/dataCollection/tasks/404', <DataCollectionPage />), loginRecord);
    expect(await screen.findByText('采集任务不存在或已被删除')).toBeTruthy();
  });
});
