import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PROGRESS_MSG, PROGRESS_TEXT, type TaskCard, type UrgeDepartment } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/attachments';
import { loginRecord, mockApi, ok } from '../../../test/fixtures';
import UrgePage from './UrgePage';
import WarningConfigPage from './WarningConfigPage';
import WarningTaskPage from './WarningTaskPage';

const N = '/api/herm-ndwbs';
const publisher = { ...loginRecord, userId: 'fbr01', userName: '李明', roleIdList: ['targetPublisher'] };
const head = {
  ...loginRecord,
  userId: 'bmfzr01',
  userName: '王建国',
  roleIdList: ['targetDepartHead'],
  chargeDeparmentIdList: ['D02'],
  newChargeDeparmentIdList: ['D02'],
};

const card = (over: Partial<TaskCard> = {}): TaskCard => ({
  id: 7,
  yearTargetId: 1,
  yearTargetName: '2026年度目标',
  parentId: null,
  rwmc: '课程建设',
  rwzt: 'delayNotDone',
  rwztmc: '逾期未完成',
  kssj: '2026-01-01',
  jssj: '2026-03-31',
  jkrmc: '赵敏',
  zqz: '',
  rwnf: '2026',
  cjrmc: '李明',
  rwlx: 'B',
  fbbm: '教务处',
  departmentId: 'D02',
  fzrmc: '张伟',
  ownerId: 'rwfzr01',
  rwjd: 30,
  weight: 0,
  auditStatus: 1,
  auditReason: null,
  isLeaf: true,
  version: 6,
  processWarningCount: 2,
  expiredWarningCount: 1,
  abilities: {},
  ...over,
});
const types = [
  {
    id: 1,
    yjlxmc: '过程预警',
    yjlxms: null,
    kind: 'process',
    date: 7,
    yjzq: 'month',
    weekday: null,
    day: 25,
    months: [],
    hour: 9,
    px: 1,
    cjr: null,
    cjsj: '2026-01-01T00:00:00.000Z',
    gxr: null,
    gxsj: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 3,
    yjlxmc: '逾期预警',
    yjlxms: null,
    kind: 'final',
    date: 0,
    yjzq: 'day',
    weekday: null,
    day: null,
    months: [],
    hour: 9,
    px: 3,
    cjr: null,
    cjsj: '2026-01-01T00:00:00.000Z',
    gxr: null,
    gxsj: '2026-01-01T00:00:00.000Z',
  },
];
const page = (records: TaskCard[]) => ({ records, total: records.length, current: 1, pages: 1, size: 10 });

describe('WarningTaskPage', { timeout: 20_000 }, () => {
  it('shows the three counters, filters by warning type and urges a warned task', async () => {
    const asked: (string | null)[] = [];
    const urged: string[] = [];
    mockApi({
      [`${N}/warningTask/selectPage`]: (_i, url) => {
        const type = url.searchParams.get('warningTypeId');
        asked.push(type);
        return type === '3'
          ? ok({ totalWarningCount: 1, processWarningCount: 0, expiredWarningCount: 1, page: page([card()]) })
          : ok({
              totalWarningCount: 5,
              processWarningCount: 4,
              expiredWarningCount: 1,
              page: page([card(), card({ id: 8, rwmc: '实训基地' })]),
            });
      },
      [`${N}/warningType/list`]: () => ok(types),
      '/api/herm-wbs/yearTarget/list': () => ok([{ id: 1, name: '2026年度目标', cycleYear: 2026 }]),
      '/api/herm-zdgj/rest/focus/list': () => ok({ taskIds: [] }),
      [`${N}/warningUrge/addUrge`]: (init) => {
        urged.push(String(init.body));
        return ok({ id: 1 }, PROGRESS_MSG.urgeSent(1));
      },
    });
    renderUi(<WarningTaskPage />, publisher);
    const counters = await screen.findByTestId('warning-counters');
    await waitFor(() => expect(within(counters).getByTestId('count-total').textContent).toContain('5'));
    expect(within(counters).getByText('预警总数')).toBeTruthy();
    expect(within(counters).getByTestId('count-process').textContent).toContain('4');
    expect(await screen.findByText('实训基地')).toBeTruthy();

    fireEvent.mouseDown(screen.getByLabelText('预警类型'));
    fireEvent.click(await screen.findByTitle('逾期预警'));
    await waitFor(() => expect(within(counters).getByTestId('count-total').textContent).toContain('1'));
    expect(asked).toContain('3');
    await waitFor(() => expect(screen.queryByText('实训基地')).toBeNull());

    fireEvent.click(screen.getAllByRole('button', { name: /督\s*办/ })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('督办内容'), { target: { value: '请尽快提交' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(urged).toHaveLength(1));
    expect(new URLSearchParams(urged[0]).get('taskId')).toBe('7');
    expect(new URLSearchParams(urged[0]).get('content')).toBe('请尽快提交');
  });

  it('has no urge button for someone who is not a publisher', async () => {
    mockApi({
      [`${N}/warningTask/selectPage`]: () =>
        ok({ totalWarningCount: 3, processWarningCount: 2, expiredWarningCount: 1, page: page([card()]) }),
      [`${N}/warningType/list`]: () => ok(types),
      '/api/herm-wbs/yearTarget/list': () => ok([]),
      '/api/herm-zdgj/rest/focus/list': () => ok({ taskIds: [7] }),
    });
    renderUi(<WarningTaskPage />, head);
    expect(await screen.findByText('课程建设')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /督\s*办/ })).toBeNull();
    expect(await screen.findByRole('button', { name: /已关注/ })).toBeTruthy();
  });
});

describe('UrgePage', { timeout: 20_000 }, () => {
  const departments: UrgeDepartment[] = [
    {
      bmid: 'D02',
      bmmc: '教务处',
      fzrmc: '王建国',
      taskCount: 1,
      currentStatus: 1,
      pendingUrgeId: null,
      lastUrgedAt: null,
    },
    {
      bmid: 'D03',
      bmmc: '学生工作处',
      fzrmc: '孙志强',
      taskCount: 2,
      currentStatus: 2,
      pendingUrgeId: null,
      lastUrgedAt: null,
    },
    {
      bmid: 'D05',
      bmmc: '人事处',
      fzrmc: '吴国栋',
      taskCount: 1,
      currentStatus: 0,
      pendingUrgeId: null,
      lastUrgedAt: null,
    },
  ];

  it('urges the selected departments in one batch; a department that acted cannot be chosen', async () => {
    const sent: unknown[] = [];
    mockApi({
      '/api/herm-wbs/yearTarget/list': () => ok([{ id: 4, name: '年度目标', cycleYear: 2026 }]),
      [`${N}/yearTargetUrge/departments`]: () => ok(departments),
      [`${N}/yearTargetUrge/list`]: () => ok({ records: [], total: 0, current: 1, pages: 1, size: 10 }),
      [`${N}/yearTargetUrge/batchInsert`]: (init) => {
        sent.push(JSON.parse(String(init.body)));
        return ok({ ids: [1, 2] }, PROGRESS_MSG.urgeSent(2));
      },
    });
    renderUi(<UrgePage />, publisher);
    expect(await screen.findByText('学生工作处')).toBeTruthy();
    const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    const box = (name: string) => within(rowOf(name)).getByRole('checkbox') as HTMLInputElement;
    expect(box('人事处').disabled).toBe(true);
    expect(within(rowOf('人事处')).getByText('已处理')).toBeTruthy();
    expect(within(rowOf('教务处')).getByText('目标未设定')).toBeTruthy();
    expect(within(rowOf('学生工作处')).getByText('目标未分解')).toBeTruthy();
    fireEvent.click(box('教务处'));
    fireEvent.click(box('学生工作处'));
    fireEvent.click(screen.getByRole('button', { name: '督办选中的部门（2）' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('教务处、学生工作处')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ yearTargetId: 4, bmids: ['D02', 'D03'] });
    expect(await screen.findByText(PROGRESS_MSG.urgeSent(2))).toBeTruthy();
  });

  it('lets a department head accept a received urge', async () => {
    let accepted = false;
    mockApi({
      [`${N}/yearTargetUrge/list`]: () =>
        ok({
          records: [
            {
              id: 9,
              yearTargetId: 4,
              yearTargetName: '年度目标',
              taskId: null,
              rwmc: null,
              bmid: 'D02',
              bmmc: '教务处',
              currentStatus: 1,
              type: accepted ? 1 : 0,
              state: accepted ? 'acceptUrge' : 'urge',
              content: '请尽快接收',
              urgerName: '李明',
              urgedAt: '2026-01-05T02:00:00.000Z',
              accepterName: null,
              acceptedAt: null,
            },
          ],
          total: 1,
          current: 1,
          pages: 1,
          size: 10,
        }),
      [`${N}/warningUrge/acceptUrge`]: () => {
        accepted = true;
        return ok(null, PROGRESS_MSG.urgeAccepted);
      },
    });
    renderUi(<UrgePage />, head);
    expect(await screen.findByText('请尽快接收')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '接收督办' }));
    expect(await screen.findByText(PROGRESS_MSG.urgeAccepted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: '接收督办' })).toBeNull());
    expect(screen.getByText('已处理')).toBeTruthy();
  });
});

describe('WarningConfigPage', { timeout: 60_000 }, () => {
  it('shows the schedule of each type with its months, and keeps the months when a type is edited', async () => {
    const saved: unknown[] = [];
    const spring = { ...types[0]!, id: 5, yjlxmc: '春秋季检查', day: 1, hour: 8, months: [3, 9] };
    mockApi({
      [`${N}/warningType/list`]: () => ok([...types, spring]),
      [`${N}/warningType/update`]: (init) => {
        saved.push(JSON.parse(String(init.body)));
        return ok(null, PROGRESS_MSG.updated);
      },
    });
    renderUi(<WarningConfigPage />, publisher);
    expect(await screen.findByText('每月25日9时')).toBeTruthy();
    const row = screen.getByText('每月1日8时（3、9月）').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /修\s*改/ }));
    const dialog = await screen.findByRole('dialog');
    // The month tags of the form arrive after the dialog opens (the form is filled in an effect).
    expect(await within(dialog).findByText('3月')).toBeTruthy();
    expect(await within(dialog).findByText('9月')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ id: 5, yjzq: 'month', day: 1, hour: 8, months: [3, 9] });
  });

  it('lets an administrator run the warning evaluation now, after a confirmation, and tells what it did', async () => {
    let runs = 0;
    mockApi({
      [`${N}/warningType/list`]: () => ok(types),
      [`${N}/warningTask/evaluate`]: (init) => {
        expect(init.method).toBe('POST');
        runs += 1;
        return ok({ evaluated: 12, raised: 3, closed: 1, overdue: 2 });
      },
    });
    renderUi(<WarningConfigPage />, loginRecord);
    fireEvent.click(await screen.findByRole('button', { name: PROGRESS_TEXT.evaluateNow }));
    // Nothing runs before the confirmation.
    expect(await screen.findByText(PROGRESS_TEXT.evaluateNowConfirm)).toBeTruthy();
    expect(runs).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('预警执行完成：评估任务12个，新增预警3条，关闭预警1条，转为逾期2个')).toBeTruthy();
    expect(runs).toBe(1);
  });

  it('has no run-now button for a publisher who is not an administrator', async () => {
    mockApi({ [`${N}/warningType/list`]: () => ok(types) });
    renderUi(<WarningConfigPage />, publisher);
    expect(await screen.findByText('每月25日9时')).toBeTruthy();
    expect(screen.queryByRole('button', { name: PROGRESS_TEXT.evaluateNow })).toBeNull();
  });
});
