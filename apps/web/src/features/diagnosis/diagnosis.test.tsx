import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIAGNOSIS_MSG as M, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { diagnosisTask, objectTask, page, qualityRow } from '../../test/diagnosis-data';
import { failed, mockApi, ok } from '../../test/fixtures';
import { btn, dialogTitled, sentJson } from '../../test/pages';
import { renderPage } from '../../test/render';
import AuditPage from './AuditPage';
import ManagePage from './ManagePage';
import MyTasksPage from './MyTasksPage';
import ObjectPage from './ObjectPage';
import TaskPage from './TaskPage';

const Z = '/api/herm-zdgj';
const location = () => screen.getByTestId('location').textContent;
const bodies = (calls: unknown[][], path: string) =>
  calls.filter(([u]) => new URL(String(u), 'http://x').pathname === path).map(([, init]) => sent(init as RequestInit));
/** A body as sent: JSON, or a form's fields (form-urlencoded endpoints send every value as text). */
const sent = (init: RequestInit) => {
  try {
    return sentJson(init);
  } catch {
    return Object.fromEntries(new URLSearchParams(String(init.body)));
  }
};

describe('我的诊改任务', () => {
  it('shows each task as a card with its state, cycle, progress and counts, opening its object tasks', async () => {
    mockApi({ [`${Z}/rest/task/selectlist`]: () => ok(page([diagnosisTask({ userTypes: ['fzr'] })])) });
    renderPage(<MyTasksPage />, '/improvement', ['/improvement/task']);
    const card = (await screen.findByText('2026学年专业诊改')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('进行中')).toBeTruthy();
    expect(within(card).getByText(T.field(T.cycle, '2026-2027学年'))).toBeTruthy();
    expect(within(card).getByText(T.belowStandardCount(4))).toBeTruthy();
    expect(within(card).getByText(T.unfinishedCount(6))).toBeTruthy();
    expect(within(card).getByText('负责人')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    fireEvent.click(card);
    await waitFor(() => expect(location()).toBe('/improvement/task?id=7'));
  });

  it('says so when there is no task', async () => {
    mockApi({ [`${Z}/rest/task/selectlist`]: () => ok(page([])) });
    renderPage(<MyTasksPage />, '/improvement');
    expect(await screen.findByText(T.noTasks)).toBeTruthy();
    expect(screen.queryByText(T.toSubmitTitle)).toBeNull();
  });

  it("from the home page's 待提交目标值: lists the objects whose targets wait for the user, with the tile's filter", async () => {
    const fetchMock = mockApi({
      [`${Z}/rest/task/selectlist`]: () => ok(page([diagnosisTask()])),
      [`${Z}/rest/obj/select`]: () => ok(page([objectTask({ gzdxmc: '软件技术' })])),
    });
    renderPage(<MyTasksPage />, '/improvement?todo=tosubmit', ['/improvement/object', '/improvement']);
    const list = (await screen.findByText(T.toSubmitTitle)).closest('.ant-card') as HTMLElement;
    expect(await within(list).findByText('软件技术')).toBeTruthy();
    const asked = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .find((u) => u.pathname === `${Z}/rest/obj/select`)!;
    expect(asked.searchParams.get('userType')).toBe('fzr');
    expect(asked.searchParams.get('state')).toBe('tosubmit');
    expect(asked.searchParams.has('rwid')).toBe(false);
    fireEvent.click(within(list).getByRole('button', { name: T.showAllTasks }));
    await waitFor(() => expect(screen.queryByText(T.toSubmitTitle)).toBeNull());
  });
});

describe('任务管理', () => {
  it('offers only what the task allows, and finishes it after a confirmation', async () => {
    const abilities = { ...diagnosisTask().abilities, pause: true, finish: true };
    const fetchMock = mockApi({
      [`${Z}/rest/task/selectlist`]: () => ok(page([diagnosisTask({ abilities })])),
      [`${Z}/rest/task/finish`]: () => ok(diagnosisTask({ rwzt: 'finished' })),
    });
    renderPage(<ManagePage />, '/improvement/manage');
    await screen.findByText('2026学年专业诊改');
    expect(() => btn(T.resume)).toThrow();
    expect(() => btn(T.delete)).toThrow();
    fireEvent.click(btn(T.finish));
    const dialog = await dialogTitled(T.finishTitle('2026学年专业诊改'));
    expect(bodies(fetchMock.mock.calls, `${Z}/rest/task/finish`)).toEqual([]);
    fireEvent.click(btn(T.finish, dialog));
    await waitFor(() => expect(bodies(fetchMock.mock.calls, `${Z}/rest/task/finish`)).toEqual([{ id: '7' }]));
    expect(await screen.findByText(M.finished)).toBeTruthy();
  });

  it('opens the publish dialog and refuses to send it incomplete', async () => {
    const fetchMock = mockApi({
      [`${Z}/rest/task/selectlist`]: () => ok(page([])),
      '/api/herm-mbbz/target/selectPage': () => ok({ records: [], total: 0, current: 1, pages: 1, size: 200 }),
      '/api/herm-sjgl/cycleType/list': () => ok([]),
      '/api/user/department/list': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    });
    renderPage(<ManagePage />, '/improvement/manage');
    fireEvent.click(await screen.findByRole('button', { name: T.publish }));
    const dialog = await dialogTitled(T.publishTitle);
    expect(within(dialog).getByText(T.publishAllObjects)).toBeTruthy();
    fireEvent.click(btn('确定', dialog));
    expect(await within(dialog).findByText(M.nameRequired)).toBeTruthy();
    expect(await within(dialog).findByText(T.publishAuditorRequired)).toBeTruthy();
    expect(bodies(fetchMock.mock.calls, `${Z}/rest/task/insert`)).toEqual([]);
  });
});

describe('诊改对象: the rows and their targets', () => {
  const CAN_SET = { ...qualityRow().abilities, setTarget: true };
  const rows = () => [
    qualityRow({ abilities: CAN_SET }),
    qualityRow({
      id: 102,
      zkdmc: '专业带头人',
      zlx: 'have',
      bzz: '1',
      jgz: null,
      jgdj: null,
      dis: false,
      runId: null,
      calRule: null,
      jsgz: '手工填报',
      levels: [
        { id: 1, name: '师资队伍' },
        { id: 11, name: '带头人' },
        { id: 502, name: '专业带头人' },
      ],
      abilities: CAN_SET,
    }),
  ];
  const fzrCan = { ...objectTask().abilities, saveTargets: true, submit: true };
  const api = (over: Record<string, Parameters<typeof mockApi>[0][string]> = {}) =>
    mockApi({
      [`${Z}/rest/quality/select`]: () =>
        ok({ list: rows(), eachLevelCount: [1, 2, 2], objectTask: objectTask({ abilities: fzrCan }) }),
      [`${Z}/rest/audit/dynamic`]: () => ok([]),
      [`${Z}/rest/quality/updatembzcommit`]: () => ok(objectTask({ mbzt: 'waitaudit' })),
      [`${Z}/getCalScoreResult`]: () =>
        ok({ id: 31, score: null, pfsj: null, graded: 0, grades: { A: 0, B: 0, C: 0, D: 0, Y: 0, N: 0 } }),
      [`${Z}/rest/quality/selectcollent`]: () => ok([]),
      ...over,
    });

  it('shows every row with its level columns, standard, result, grade and flags', async () => {
    api();
    renderPage(<ObjectPage />, '/improvement/object?id=31');
    expect(await screen.findByText('双师型教师比例')).toBeTruthy();
    expect(screen.getAllByText(T.level(1)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(T.level(2)).length).toBeGreaterThan(0);
    // One merged cell for the dimension of both rows.
    const dimension = screen.getAllByText('师资队伍');
    expect(dimension).toHaveLength(1);
    expect(dimension[0]!.closest('td')?.getAttribute('rowspan')).toBe('2');
    // The row's own node is its name, not a third level column.
    expect(screen.queryAllByText(T.level(3))).toHaveLength(0);
    expect(screen.getAllByText('双师型教师比例')).toHaveLength(1);
    expect(screen.getByText('60%')).toBeTruthy();
    expect(screen.getByText('55.5%')).toBeTruthy();
    expect(screen.getByText('D 未完成')).toBeTruthy();
    expect(screen.getAllByText(T.flagBelow).length).toBeGreaterThan(1);
  });

  it('saves the targets typed by value type, refusing a percent over 100 before sending', async () => {
    const fetchMock = api();
    renderPage(<ObjectPage />, '/improvement/object?id=31');
    const percent = await screen.findByLabelText(`双师型教师比例 ${T.target}`);
    expect(percent.closest('.ant-input-number')?.textContent).toContain('%');
    fireEvent.change(percent, { target: { value: '120' } });
    fireEvent.click(btn(T.saveTargets));
    expect(await screen.findByText(`双师型教师比例：${M.percentRange('目标值', '120')}`)).toBeTruthy();
    expect(bodies(fetchMock.mock.calls, `${Z}/rest/quality/updatembzcommit`)).toEqual([]);

    fireEvent.change(percent, { target: { value: '70' } });
    const have = screen.getByLabelText(`专业带头人 ${T.target}`);
    fireEvent.mouseDown(have);
    fireEvent.click(await screen.findByText('有(1)'));
    fireEvent.click(btn(T.saveTargets));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, `${Z}/rest/quality/updatembzcommit`)).toEqual([
        {
          dxrwid: 31,
          list: [
            { id: 101, mbz: '70' },
            { id: 102, mbz: '1' },
          ],
          commit: false,
        },
      ]),
    );
  });

  it('submits after a confirmation, and shows the server’s refusal', async () => {
    const fetchMock = api({
      [`${Z}/rest/quality/updatembzcommit`]: () => failed(400, M.targetBelowStandard('50', '60')),
    });
    renderPage(<ObjectPage />, '/improvement/object?id=31');
    fireEvent.change(await screen.findByLabelText(`双师型教师比例 ${T.target}`), { target: { value: '50' } });
    fireEvent.click(btn(T.submitTargets));
    const dialog = await dialogTitled(T.submitTitle);
    fireEvent.click(btn(T.submitTargets, dialog));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, `${Z}/rest/quality/updatembzcommit`)).toEqual([
        { dxrwid: 31, list: [{ id: 101, mbz: '50' }], commit: true },
      ]),
    );
    expect(await screen.findByText(M.targetBelowStandard('50', '60'))).toBeTruthy();
  });

  it('opens 数据来源 on a value: the algorithm, its SQL and the tables it read', async () => {
    api({
      [`${Z}/rest/quality/lineage`]: () =>
        ok({
          id: 101,
          zkdmc: '双师型教师比例',
          gzdxmc: '软件技术',
          dxbm: '510201',
          value: '55.5',
          sj: '2026-10-01 02:00:00',
          manual: false,
          czr: null,
          run: {
            runId: 900,
            bbid: 70,
            sfid: 7,
            bbh: 2,
            hash: 'ab',
            params: { objectId: '510201', year: 2026 },
            rows: 1,
            ms: 12,
            value: 55.5,
            tables: ['jzg_jbxx', 'zy_jbxx'],
            sjyid: null,
            zxr: 'zgfb01',
            zxsj: '2026-10-01 02:00:00',
            sfmc: '双师型教师比例',
            sflx: 'value',
            sql: 'SELECT count(*) FROM jzg_jbxx WHERE zybm = :objectId',
            sjymc: null,
            zxrid: 'zgfb01',
          },
        }),
    });
    renderPage(<ObjectPage />, '/improvement/object?id=31');
    fireEvent.click(await screen.findByRole('button', { name: `双师型教师比例 ${T.lineage}` }));
    const dialog = await dialogTitled(T.lineageOf('双师型教师比例'));
    expect(await within(dialog).findByText('SELECT count(*) FROM jzg_jbxx WHERE zybm = :objectId')).toBeTruthy();
    expect(within(dialog).getByText('jzg_jbxx')).toBeTruthy();
    expect(within(dialog).getByText('zy_jbxx')).toBeTruthy();
    expect(within(dialog).getByText('V2')).toBeTruthy();
    expect(within(dialog).getByText(T.lineageWarehouse)).toBeTruthy();
  });
});

describe('目标值审核', () => {
  it('refuses an object task’s targets only with a reason', async () => {
    const can = { ...objectTask().abilities, pass: true, refuse: true };
    const fetchMock = mockApi({
      [`${Z}/rest/obj/selectbyshjd`]: () =>
        ok(page([objectTask({ mbzt: 'waitaudit', dshsl: { mbz: true, xzmbz: 0, xzjgz: 0 }, abilities: can })])),
      [`${Z}/rest/audit/refuse`]: () => ok({ n: 1 }),
    });
    renderPage(<AuditPage />, '/improvement/audit');
    await screen.findByText('软件技术');
    fireEvent.click(btn(T.refuse));
    const dialog = await dialogTitled(T.refuseTitle('软件技术'));
    fireEvent.click(btn('确定', dialog));
    expect(await within(dialog).findByText(M.refuseReasonRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(T.refuseReason), { target: { value: '目标值偏低' } });
    fireEvent.click(btn('确定', dialog));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, `${Z}/rest/audit/refuse`)).toEqual([
        { dxrwid: 31, shjd: 'target', reason: '目标值偏低' },
      ]),
    );
  });
});

describe('诊改任务详情: computing a whole task', () => {
  it('starts the job after a confirmation and follows it with a progress bar', async () => {
    let polls = 0;
    const job = (state: string, done: number) => ({
      id: 'j1',
      state,
      step: null,
      done,
      total: 60,
      percent: Math.floor((done / 60) * 100),
      message: state === 'done' ? M.computed(59, 1) : null,
      result:
        state === 'done'
          ? {
              computed: 59,
              failed: 1,
              manual: 0,
              failures: [{ id: 9, dxrwid: 32, gzdxmc: '大数据技术', zkdmc: '生师比', message: '算法执行超时' }],
            }
          : null,
      report: null,
    });
    const fetchMock = mockApi({
      [`${Z}/rest/task/selectdto`]: () =>
        ok(diagnosisTask({ abilities: { ...diagnosisTask().abilities, calculate: true } })),
      [`${Z}/getFutureTaskResult`]: () =>
        ok({ rwid: 7, scheduled: true, lastRun: null, nextRun: '2026-10-02 02:00:00', jobId: null }),
      [`${Z}/rest/obj/select`]: () => ok(page([objectTask()])),
      [`${Z}/rest/task/calresult`]: () => ok({ id: 'j1' }),
      [`${Z}/rest/task/calresult/job`]: () => {
        polls += 1;
        return ok(polls === 1 ? job('running', 30) : job('done', 60));
      },
    });
    renderPage(<TaskPage />, '/improvement/task?id=7');
    expect(await screen.findByText('软件技术')).toBeTruthy();
    fireEvent.click(btn(T.compute));
    const dialog = await dialogTitled(T.computeTitle('2026学年专业诊改'));
    await act(async () => {
      fireEvent.click(btn(T.compute, dialog));
    });
    await waitFor(() => expect(bodies(fetchMock.mock.calls, `${Z}/rest/task/calresult`)).toEqual([{ id: '7' }]));
    expect(await screen.findByText(`${T.computing}：30 / 60`)).toBeTruthy();
    expect(await screen.findByText(T.computeDone(59, 1), {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText(T.failureLine('大数据技术', '生师比', '算法执行超时'))).toBeTruthy();
  });
});
