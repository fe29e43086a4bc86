import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIAGNOSIS_MSG as M, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { diagnosisTask, objectTask, page } from '../../test/diagnosis-data';
import { failed, mockApi, ok } from '../../test/fixtures';
import { btn, dialogTitled, sentJson } from '../../test/pages';
import { renderPage } from '../../test/render';
import TaskPage from './TaskPage';

/** 诊改任务详情: the publisher's actions on the task's object tasks (issue 30 item 7). */

const Z = '/api/herm-zdgj';
type Routes = Parameters<typeof mockApi>[0];
const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === path);
const jsonSent = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  calls(fetchMock, path).map(([, init]) => sentJson(init as RequestInit));

const FBR = {
  ...objectTask().abilities,
  delete: true,
  issueDown: true,
  changeCharger: true,
};
const software = objectTask({ abilities: FBR, isFzr: false, isFbr: true, userTypes: [] });
const network = objectTask({ id: 32, dxbm: '510202', gzdxmc: '计算机网络技术', abilities: FBR, isFzr: false });

function api(over: Routes = {}, objects = [software, network], addObjects = true) {
  return mockApi({
    [`${Z}/rest/task/selectdto`]: () => ok(diagnosisTask({ abilities: { ...diagnosisTask().abilities, addObjects } })),
    [`${Z}/getFutureTaskResult`]: () => ok({ rwid: 7, scheduled: false, lastRun: null, nextRun: null, jobId: null }),
    [`${Z}/rest/obj/select`]: () => ok(page(objects)),
    ...over,
  });
}

describe('诊改任务详情: the publisher’s actions on object tasks', () => {
  it('offers none of them to who may not (the record’s abilities say so)', async () => {
    const mine = objectTask();
    api({}, [mine], false);
    renderPage(<TaskPage />, '/improvement/task?id=7');
    await screen.findByText('软件技术');
    for (const label of [T.addObjects, T.removeObjects, T.issueDownBatch]) expect(() => btn(label)).toThrow();
    for (const label of [T.changeCharger, T.issueDown, T.delete]) expect(() => btn(`软件技术 ${label}`)).toThrow();
  });

  it('deletes one object task after a confirmation naming it', async () => {
    const fetchMock = api({ [`${Z}/rest/obj/31/delete`]: () => ok(null, M.deleted) });
    renderPage(<TaskPage />, '/improvement/task?id=7');
    await screen.findByText('软件技术');
    fireEvent.click(btn(`软件技术 ${T.delete}`));
    const dialog = await dialogTitled(T.removeObjectTitle('软件技术'));
    expect(within(dialog).getByText(T.removeObjectContent('“软件技术”'))).toBeTruthy();
    expect(calls(fetchMock, `${Z}/rest/obj/31/delete`)).toEqual([]);
    fireEvent.click(btn(T.delete, dialog));
    await waitFor(() => expect(calls(fetchMock, `${Z}/rest/obj/31/delete`)).toHaveLength(1));
    expect(await screen.findByText(M.deleted)).toBeTruthy();
  });

  it('deletes the selected object tasks together, and shows the server’s refusal', async () => {
    const fetchMock = api({ [`${Z}/rest/obj/deleteList`]: () => failed(409, M.taskFinished) });
    renderPage(<TaskPage />, '/improvement/task?id=7');
    await screen.findByText('软件技术');
    expect(btn(T.removeObjects).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('软件技术'));
    fireEvent.click(screen.getByLabelText('计算机网络技术'));
    expect(await screen.findByText(T.selected(2))).toBeTruthy();
    fireEvent.click(btn(T.removeObjects));
    const dialog = await dialogTitled(T.removeObjectsTitle(2));
    expect(within(dialog).getByText(T.removeObjectContent('“软件技术”“计算机网络技术”'))).toBeTruthy();
    fireEvent.click(btn(T.delete, dialog));
    await waitFor(() => expect(jsonSent(fetchMock, `${Z}/rest/obj/deleteList`)).toEqual([{ ids: [31, 32] }]));
    expect(await screen.findByText(M.taskFinished)).toBeTruthy();
  });

  it('issues an object task’s targets down after saying what it does', async () => {
    const fetchMock = api({ [`${Z}/rest/quality/updateupmbz`]: () => ok({ n: 1 }) });
    renderPage(<TaskPage />, '/improvement/task?id=7');
    await screen.findByText('计算机网络技术');
    fireEvent.click(btn(`计算机网络技术 ${T.issueDown}`));
    const dialog = await dialogTitled(T.issueDownTitle('“计算机网络技术”'));
    expect(within(dialog).getByText(T.issueDownContent)).toBeTruthy();
    fireEvent.click(btn(T.issueDown, dialog));
    await waitFor(() =>
      expect(jsonSent(fetchMock, `${Z}/rest/quality/updateupmbz`)).toEqual([{ ids: [32], list: [] }]),
    );
    expect(await screen.findByText(T.issuedDown(1))).toBeTruthy();
  });

  it('changes the person in charge to a user picked by name, requiring one', async () => {
    const fetchMock = api({
      '/api/user/search': () =>
        ok({ list: [{ userId: 'rwfzr02', userName: '周强' }], total: 1, pageNum: 1, pageSize: 100 }),
      [`${Z}/rest/obj/updatePushedCharger`]: () => ok(null, M.chargerChanged),
    });
    renderPage(<TaskPage />, '/improvement/task?id=7');
    await screen.findByText('软件技术');
    fireEvent.click(btn(`软件技术 ${T.changeCharger}`));
    const dialog = await dialogTitled(T.changeChargerTitle('软件技术'));
    expect(within(dialog).getByText(T.field(T.currentCharger, '林志华'))).toBeTruthy();
    fireEvent.click(btn('确定', dialog));
    expect(await within(dialog).findByText(T.newChargerRequired)).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByLabelText(T.newCharger));
    fireEvent.click(await screen.findByText('周强'));
    fireEvent.click(btn('确定', dialog));
    await waitFor(() =>
      expect(jsonSent(fetchMock, `${Z}/rest/obj/updatePushedCharger`)).toEqual([{ ids: [31], fzrid: 'rwfzr02' }]),
    );
    expect(await screen.findByText(M.chargerChanged)).toBeTruthy();
  });

  it('adds objects of the task’s dimension, those already in the task not choosable', async () => {
    const object = (id: number, dxbm: string, dxmc: string) => ({
      id,
      wdid: 2,
      wdbm: 'major',
      wdmc: '专业',
      dxbm,
      dxmc,
      sjid: null,
      sjbm: null,
      sjmc: null,
      sjwdmc: null,
      px: 0,
      sfqy: true,
      xjs: 0,
    });
    const fetchMock = api(
      {
        '/api/herm-sjgl/dimension/queryDiemensionType': () =>
          ok(page([{ id: 2, wdbm: 'major', wdmc: '专业', px: 1, dxs: 3, nz: true, sjlx: null }])),
        '/api/herm-sjgl/dimension/queryDimension': () =>
          ok(page([object(1, '510201', '软件技术'), object(3, '510203', '大数据技术')])),
        [`${Z}/rest/obj/insertlist`]: () => ok({ added: 1 }),
      },
      [software],
    );
    renderPage(<TaskPage />, '/improvement/task?id=7');
    fireEvent.click(await screen.findByRole('button', { name: T.addObjects }));
    const dialog = await dialogTitled(T.addObjectsTitle('2026学年专业诊改'));
    fireEvent.click(btn('确定', dialog));
    expect(await within(dialog).findByText(M.objectsRequired)).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByLabelText(T.addObjectsPick));
    const taken = await screen.findByTitle(T.addObjectsTaken('510201 软件技术'));
    expect(taken.className).toContain('disabled');
    fireEvent.click(await screen.findByTitle('510203 大数据技术'));
    fireEvent.click(btn('确定', dialog));
    await waitFor(() =>
      expect(jsonSent(fetchMock, `${Z}/rest/obj/insertlist`)).toEqual([{ rwid: 7, dxbms: ['510203'] }]),
    );
    expect(await screen.findByText(T.added(1))).toBeTruthy();
  });
});
