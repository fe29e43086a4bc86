import { DETAIL_EXCEL_COLUMNS, TASK_MSG } from '@zg/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { evaluateWarnings } from '../warning';

let s: TestServer;
let fbr: TestSession;
let head: TestSession;
let owner: TestSession;
let auditor: TestSession;
let leader: TestSession;
const W = '/api/herm-wbs';
const post = (who: TestSession, url: string, payload: object) =>
  who.request({ method: 'POST', url: `${W}${url}`, payload });
const get = async (who: TestSession, url: string) => (await who.request({ method: 'GET', url: `${W}${url}` })).json();
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
async function act(who: TestSession, path: string, id: number, extra: object = {}) {
  const { version } = (await get(fbr, `/targetTask/${id}`)).data;
  const res = await post(who, path.replace(':id', String(id)), { version, ...extra });
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
}
async function target(name: string, cycleYear = 2026) {
  const res = await post(fbr, '/yearTarget/insert', { name, cycleYear, chargeDepartId: 'D04', auditorId: 'shr01' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** One decomposed year target: a parent in 教务处 with two children, and a task of 学生工作处. */
let tree: { y: number; parent: number; childA: number; childB: number; other: number };
beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-06-01T10:00:00');
  fbr = await s.login('fbr01');
  head = await s.login('bmfzr01');
  owner = await s.login('rwfzr01');
  auditor = await s.login('shr01');
  leader = await s.login('xld01');
  const y = await target('2026年专业建设');
  const top = async (rwmc: string, departmentId: string, extra: object = {}) =>
    (
      await post(fbr, '/targetTask/insert', {
        yearTargetId: y,
        rwmc,
        rwlx: 'A',
        departmentId,
        kssj: '2026-01-01',
        jssj: '2026-12-31',
        ...extra,
      })
    ).json().data.id as number;
  const parent = await top('专业群建设', 'D02', { mission: '建设三个专业群', cycleTypeId: 1, cycleValueIds: [3] });
  const other = await top('学风建设', 'D03', { ownerId: 'rwfzr02' });
  for (const id of [parent, other]) await act(fbr, '/targetTask/:id/push', id);
  await act(head, '/targetTask/:id/accept', parent);
  const child = async (rwmc: string, jssj: string) =>
    (
      await post(head, '/targetTask/insert', {
        yearTargetId: y,
        parentId: parent,
        rwmc,
        rwlx: 'A',
        ownerId: 'rwfzr01',
        kssj: '2026-02-01',
        jssj,
        weight: 50,
      })
    ).json().data.id as number;
  const childA = await child('软件技术专业群', '2026-11-30');
  const childB = await child('电子商务专业群', '2026-04-30');
  await act(head, '/targetTask/:id/resolve', parent);
  for (const id of [childA, childB]) {
    await act(owner, '/targetTaskAudit/:id/submit', id);
    await act(auditor, '/targetTaskAudit/:id/pass', id);
  }
  // childB is past its end: the warning job marks it overdue.
  await evaluateWarnings(s.database.db, s.app.clock);
  tree = { y, parent, childA, childB, other };
});
afterAll(async () => {
  await s?.close();
});

describe('getTargetTaskVo', () => {
  it('carries what the edit form needs: cycle, mission, parent and children', async () => {
    const vo = (await get(fbr, `/targetTask/getTargetTaskVo?id=${tree.parent}`)).data;
    expect(vo).toMatchObject({
      rwmc: '专业群建设',
      mission: '建设三个专业群',
      cycleTypeId: 1,
      cycleTypeName: '年',
      cycleValueIds: [3],
      zqz: '2026',
      childCount: 2,
      parentName: null,
      depth: 1,
      cycleYear: 2026,
      isLeaf: false,
    });
    const child = (await get(owner, `/targetTask/getTargetTaskVo?id=${tree.childA}`)).data;
    expect(child).toMatchObject({ parentName: '专业群建设', depth: 2, fzrmc: '张伟', jkrmc: '赵敏' });
  });
});

describe('targetTaskCatalog', () => {
  it('lists targets and tasks as a flat tree, each user seeing only what they may', async () => {
    const all = (await get(leader, '/targetTaskCatalog/list?year=2026')).data;
    const keyOf = (id: number) => `t:${id}`;
    const node = (nodes: { key: string }[], key: string) => nodes.find((n) => n.key === key);
    expect(node(all, `y:${tree.y}`)).toMatchObject({ kind: 'yearTarget', parentKey: null, title: '2026年专业建设' });
    expect(node(all, keyOf(tree.childA))).toMatchObject({ parentKey: keyOf(tree.parent), status: 'executeing' });
    expect(node(all, keyOf(tree.other))).toMatchObject({ parentKey: `y:${tree.y}` });
    // The owner sees the target and the two children; the parent is not theirs, so the children hang under the target.
    const mine = (await get(owner, '/targetTaskCatalog/list')).data;
    expect(mine.map((n: { key: string }) => n.key).sort()).toEqual(
      [`y:${tree.y}`, keyOf(tree.childA), keyOf(tree.childB)].sort(),
    );
    expect(node(mine, keyOf(tree.childA))).toMatchObject({ parentKey: `y:${tree.y}` });
    expect((await get(leader, '/targetTaskCatalog/list?year=2025')).data).toEqual([]);
  });
});

describe('targetTaskDetail', () => {
  it('lists last-level tasks with the task-detail filter', async () => {
    const page = async (who: TestSession, query: string) =>
      (await get(who, `/targetTaskDetail/selectPage?year=2026&${query}`)).data;
    const all = await page(leader, 'yearTaskName=专业建设');
    expect(ids(all.records).sort()).toEqual([tree.childA, tree.childB, tree.other].sort());
    expect(ids((await page(leader, 'yearTaskName=专业建设&rwmc=软件')).records)).toEqual([tree.childA]);
    expect(ids((await page(leader, 'yearTaskName=专业建设&rwzt=delayNotDone')).records)).toEqual([tree.childB]);
    expect(ids((await page(leader, 'yearTaskName=专业建设&warningStatus=final')).records)).toEqual([tree.childB]);
    // childA has no report for its past months: a process warning; the unpushed-to-execution task has none.
    expect(ids((await page(leader, 'yearTaskName=专业建设&warningStatus=process')).records)).toContain(tree.childA);
    expect(ids((await page(leader, 'yearTaskName=专业建设&warningStatus=none')).records)).toEqual([tree.other]);
    // The owner filter is the department page's: there it narrows, elsewhere it is ignored.
    const dep = await page(head, 'scope=department&fzrmc=张伟');
    expect(ids(dep.records).sort()).toEqual([tree.childA, tree.childB].sort());
    expect((await page(head, 'scope=department&fzrmc=李娜')).total).toBe(0);
    expect((await page(leader, 'yearTaskName=专业建设&fzrmc=李娜')).total).toBe(3);
    expect((await page(owner, 'scope=mine')).total).toBe(2);
    const student = await s.login('rwfzr02');
    expect(ids((await page(student, 'scope=mine')).records)).toEqual([tree.other]);
  });

  it('exports the filtered last-level tasks', async () => {
    const res = await leader.request({
      method: 'GET',
      url: `${W}/targetTaskDetail/exportDetail?year=2026&yearTaskName=${encodeURIComponent('专业建设')}&rwzt=executeing`,
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(DETAIL_EXCEL_COLUMNS.map((c) => c.header));
    expect(ws.rowCount).toBe(2);
    expect((ws.getRow(2).values as unknown[]).slice(1, 5)).toEqual(['2026年专业建设', '软件技术专业群', 'A', '教务处']);
  });
});

describe('year targets: move and divide by year', () => {
  it('moves a target within its year, refusing past the ends and for others', async () => {
    const [a, b, c] = [await target('排序一', 2030), await target('排序二', 2030), await target('排序三', 2030)];
    const order = async () =>
      (await get(fbr, '/yearTarget/divideTargetYear?year=2030')).data[0].targets.map((t: { id: number }) => t.id);
    // A new target comes first in its year.
    expect(await order()).toEqual([c, b, a]);
    expect((await post(fbr, '/yearTarget/moveYearTarget', { id: a, direction: 'up' })).statusCode).toBe(200);
    expect(await order()).toEqual([c, a, b]);
    expect((await post(fbr, '/yearTarget/moveYearTarget', { id: c, direction: 'down' })).statusCode).toBe(200);
    expect(await order()).toEqual([a, c, b]);
    const edge = await post(fbr, '/yearTarget/moveYearTarget', { id: a, direction: 'up' });
    expect(edge.statusCode).toBe(409);
    expect(edge.json().meta.message).toBe(TASK_MSG.moveEdge);
    // A leader sees the target but does not publish; a head with no task in it does not even see it.
    const refused = await post(leader, '/yearTarget/moveYearTarget', { id: c, direction: 'up' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().meta.message).toBe(TASK_MSG.publisherOnly);
    const hidden = await post(head, '/yearTarget/moveYearTarget', { id: c, direction: 'up' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().meta.message).toBe(TASK_MSG.targetNotFound);
    expect(await order()).toEqual([a, c, b]);
    // Only mine: another publisher's target is left out.
    const mine = (await get(head, '/yearTarget/selectPage?year=2030&mine=true')).data;
    expect(mine.total).toBe(0);
    expect((await get(fbr, '/yearTarget/selectPage?year=2030&mine=true')).data.total).toBe(3);
    // The year-target list follows the same order.
    const listed = (await get(fbr, '/yearTarget/selectPage?year=2030')).data.records.map((t: { id: number }) => t.id);
    expect(listed).toEqual([a, c, b]);
  });

  it('divides the visible targets by year, newest first', async () => {
    await target('2027年目标', 2027);
    const groups = (await get(leader, '/yearTarget/divideTargetYear')).data as { year: number }[];
    const years = groups.map((g) => g.year);
    expect(years).toEqual([...years].sort((x, y) => y - x));
    expect(years).toEqual(expect.arrayContaining([2030, 2027, 2026]));
    const mine = (await get(owner, '/yearTarget/divideTargetYear')).data;
    expect(mine).toEqual([
      { year: 2026, targets: [{ id: tree.y, name: '2026年专业建设', status: 'doing', taskCount: 4 }] },
    ]);
  });
});

describe('reference data of the module', () => {
  it('lists departments with heads and chargers, cycle types with values, and task types', async () => {
    const deps = (await get(fbr, '/departManage/list')).data;
    expect(deps.find((d: { bmid: string }) => d.bmid === 'D02')).toEqual({
      bmid: 'D02',
      bmmc: '教务处',
      headId: 'bmfzr01',
      fzrmc: '王建国',
      chargers: [],
    });
    const cycles = (await get(fbr, '/cycleType/list')).data;
    expect(cycles[0]).toMatchObject({ lxmc: '年' });
    expect(cycles[0].values.find((v: { defaultsStatus: number }) => v.defaultsStatus === 1).cycleNumber).toBe('2026');
    const types = (await get(fbr, '/taskType/list')).data;
    expect(types.map((t: { code: string }) => t.code)).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('documents by file type', () => {
  it('keeps the other types when one type is saved, and only writers may save', async () => {
    const { multipartBody } = await import('../../test/zip');
    const upload = async (who: TestSession, name: string) =>
      (
        await who.request({
          method: 'POST',
          url: '/api/herm-zdgj/rest/file/upload',
          ...multipartBody({}, { name, content: Buffer.from(`%PDF-1.4 ${name}`) }),
        })
      ).json().data.fileId as string;
    const docs = (await get(fbr, `/targetTaskFile/list?ownerType=YearTask&ownerId=${tree.y}`)).data;
    expect(docs.canEdit).toBe(true);
    expect(docs.groups.map((g: { fileTypeName: string }) => g.fileTypeName)).toEqual([
      '年度目标文件',
      '目标支撑文件',
      '任务分解文件',
    ]);
    const [yearType, supportType] = docs.groups.map((g: { fileTypeId: number }) => g.fileTypeId);
    const f1 = await upload(fbr, '年度目标.pdf');
    const f2 = await upload(fbr, '支撑材料.pdf');
    const save = (who: TestSession, fileTypeId: number, fileIds: string[]) =>
      post(who, '/targetTaskFile/save', { ownerType: 'YearTask', ownerId: tree.y, fileTypeId, fileIds });
    expect((await save(fbr, yearType, [f1])).statusCode).toBe(200);
    const saved = (await save(fbr, supportType, [f2])).json().data;
    const names = (i: number) => saved.groups[i].files.map((f: { fileName: string }) => f.fileName);
    expect([names(0), names(1), names(2)]).toEqual([['年度目标.pdf'], ['支撑材料.pdf'], []]);
    // Removing the support document leaves the year-target document.
    const cleared = (await save(fbr, supportType, [])).json().data;
    expect(cleared.groups[0].files).toHaveLength(1);
    expect(cleared.groups[1].files).toHaveLength(0);
    const ownerView = (await get(owner, `/targetTaskFile/list?ownerType=YearTask&ownerId=${tree.y}`)).data;
    expect(ownerView.canEdit).toBe(false);
    expect(ownerView.groups[0].files.map((f: { fileName: string }) => f.fileName)).toEqual(['年度目标.pdf']);
    const f3 = await upload(owner, '越权.pdf');
    expect((await save(owner, yearType, [f3])).statusCode).toBe(403);
    const wrongType = await post(fbr, '/targetTaskFile/save', {
      ownerType: 'NodeTask',
      ownerId: tree.parent,
      fileTypeId: yearType,
      fileIds: [],
    });
    expect(wrongType.json().meta.message).toBe(TASK_MSG.fileTypeNotAllowed);
    const stranger = await s.login('rwfzr04');
    const hidden = await stranger.request({
      method: 'GET',
      url: `${W}/targetTaskFile/list?ownerType=YearTask&ownerId=${tree.y}`,
    });
    expect(hidden.statusCode).toBe(404);
  });
});
