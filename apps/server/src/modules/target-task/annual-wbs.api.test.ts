import { MAX_PAGE_SIZE, TASK_EXCEL_COLUMNS, TASK_MSG } from '@zg/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { multipartBody } from '../../test/zip';

/** `/api/herm-ndwbs` is the same domain core as `/api/herm-wbs`: what one writes, the other reads. */
let s: TestServer;
let fbr: TestSession;
let head: TestSession;
let owner: TestSession;
const N = '/api/herm-ndwbs';
const W = '/api/herm-wbs';
const post = (who: TestSession, url: string, payload: object) => who.request({ method: 'POST', url, payload });
const get = async (who: TestSession, url: string) => (await who.request({ method: 'GET', url })).json();

beforeAll(async () => {
  s = await startTestServer();
  fbr = await s.login('fbr01');
  head = await s.login('bmfzr01');
  owner = await s.login('rwfzr01');
});
afterAll(async () => {
  await s?.close();
});

async function newTarget(name: string) {
  const res = await post(fbr, `${N}/yearTargetTask/insert`, {
    name,
    cycleYear: 2026,
    chargeDepartId: 'D04',
    auditorId: 'shr01',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
async function newTask(yearTargetId: number, rwmc: string, extra: object = {}) {
  const res = await post(fbr, `${N}/averageLevelTarget/insert`, {
    yearTargetId,
    rwmc,
    rwlx: 'C',
    departmentId: 'D02',
    ownerId: 'rwfzr01',
    kssj: '2026-01-01',
    jssj: '2026-12-31',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

describe('year target tasks and average-level targets', () => {
  it('creates, lists, updates and deletes through the list-style calls, seen by the resource-style ones', async () => {
    const y = await newTarget('年度分解目标');
    const page = (await get(fbr, `${N}/yearTargetTask/select?pageNum=1&pageSize=1000000&year=2026`)).data;
    // The spec's client asks for 1000000 rows to mean "all"; a page holds at most MAX_PAGE_SIZE, and says so.
    expect(page).toMatchObject({ pageNum: 1, pageSize: MAX_PAGE_SIZE });
    expect(page.list.map((t: { id: number }) => t.id)).toContain(y);
    const wbs = (await get(fbr, `${W}/yearTarget/selectPage?year=2026`)).data.records;
    expect(wbs.find((t: { id: number }) => t.id === y)).toMatchObject({ name: '年度分解目标', auditorName: '赵敏' });

    const a = await newTask(y, '顶层任务');
    const vo = (await get(fbr, `${N}/averageLevelTarget/${a}`)).data;
    expect(vo).toMatchObject({ rwmc: '顶层任务', rwzt: 'notPushed', fzrmc: '张伟', version: 1 });
    const updated = await post(fbr, `${N}/averageLevelTarget/update`, {
      id: a,
      version: 1,
      yearTargetId: y,
      rwmc: '顶层任务（改）',
      rwlx: 'B',
      departmentId: 'D02',
      ownerId: 'rwfzr01',
      kssj: '2026-02-01',
      jssj: '2026-12-31',
      mission: '任务书正文',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await get(fbr, `${W}/targetTask/${a}`)).data).toMatchObject({ rwmc: '顶层任务（改）', rwlx: 'B' });

    const targetUpdate = await post(fbr, `${N}/yearTargetTask/update`, {
      id: y,
      version: 1,
      name: '年度分解目标（改）',
      cycleYear: 2026,
      chargeDepartId: 'D04',
    });
    expect(targetUpdate.statusCode).toBe(200);
    const refused = await post(fbr, `${N}/yearTargetTask/${y}/delete`, {});
    expect(refused.json().meta.message).toBe(TASK_MSG.yearTargetInUse);
    expect((await post(fbr, `${N}/averageLevelTarget/${a}/delete`, {})).statusCode).toBe(200);
    expect((await post(fbr, `${N}/yearTargetTask/${y}/delete`, {})).statusCode).toBe(200);
    expect((await fbr.request({ method: 'GET', url: `${W}/targetTask/${a}` })).statusCode).toBe(404);
  });

  it('answers the special top and tree queries and the task list by page kind', async () => {
    const y = await newTarget('顶层与树');
    const a = await newTask(y, '甲');
    const b = await newTask(y, '乙', { departmentId: 'D03', ownerId: undefined });
    await post(fbr, `${N}/averageLevelTarget/updateTaskStauts`, { id: a, action: 'push', version: 1 });
    await post(head, `${N}/averageLevelTarget/updateTaskStauts`, { id: a, action: 'accept', version: 2 });
    const child = await post(head, `${N}/averageLevelTarget/insert`, {
      yearTargetId: y,
      parentId: a,
      rwmc: '甲的子任务',
      rwlx: 'C',
      ownerId: 'rwfzr01',
      kssj: '2026-03-01',
      jssj: '2026-10-31',
    });
    expect(child.statusCode, child.body).toBe(200);
    const top = (await get(fbr, `${N}/yearTargetTask/selectTop?yearTargetId=${y}`)).data;
    expect(top.list.map((t: { id: number }) => t.id)).toEqual([a, b]);
    expect(top.total).toBe(2);
    const tree = (await get(fbr, `${N}/yearTargetTask/selectTree?yearTargetId=${y}`)).data;
    expect(tree.map((t: { rwmc: string; parentId: number | null }) => [t.rwmc, t.parentId])).toEqual([
      ['甲', null],
      ['乙', null],
      ['甲的子任务', a],
    ]);
    const mine = (await get(owner, `${N}/averageLevelTarget/select?kind=myTask&pageNum=1&pageSize=10`)).data;
    expect(mine.list.map((t: { rwmc: string }) => t.rwmc)).toContain('甲的子任务');
    expect(mine.list.map((t: { rwmc: string }) => t.rwmc)).not.toContain('乙');
    const dep = (await get(head, `${N}/averageLevelTarget/select?kind=departmentTask&yearTargetId=${y}`)).data;
    expect(dep.list.map((t: { rwmc: string }) => t.rwmc).sort()).toEqual(['甲', '甲的子任务'].sort());
  });

  it('updates a task status by action name and withdraws a pushed task', async () => {
    const y = await newTarget('状态与撤回');
    const a = await newTask(y, '待撤回');
    const bad = await post(fbr, `${N}/averageLevelTarget/updateTaskStauts`, { id: a, action: 'explode', version: 1 });
    expect(bad.statusCode).toBe(400);
    expect(
      (await post(fbr, `${N}/averageLevelTarget/updateTaskStauts`, { id: a, action: 'push', version: 1 })).statusCode,
    ).toBe(200);
    const notYours = await post(head, `${N}/averageLevelTarget/withdrawTask`, { id: a, version: 2 });
    expect(notYours.statusCode).toBe(403);
    expect((await post(fbr, `${N}/averageLevelTarget/withdrawTask`, { id: a, version: 2 })).statusCode).toBe(200);
    expect((await get(fbr, `${W}/targetTask/${a}`)).data.rwzt).toBe('notPushed');
    const again = await post(fbr, `${N}/averageLevelTarget/withdrawTask`, { id: a, version: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().meta.message).toBe(TASK_MSG.wrongState);
  });

  it('divides year targets by year like the resource-style call', async () => {
    await newTarget('按年划分');
    expect((await get(fbr, `${N}/yearTarget/divideTargetYear`)).data).toEqual(
      (await get(fbr, `${W}/yearTarget/divideTargetYear`)).data,
    );
  });
});

describe('task types', () => {
  it('lists the four types and lets a publisher rename one', async () => {
    const types = (await get(head, `${N}/yearTargetTaskType/select?pageNum=1&pageSize=1000000`)).data;
    expect(types.list.map((t: { code: string; rwlxmc: string }) => `${t.code}${t.rwlxmc}`)).toEqual([
      'A双高任务',
      'B重点任务',
      'C常规任务',
      'D一般任务',
    ]);
    const d = types.list[3].id;
    const denied = await post(head, `${N}/yearTargetTaskType/update`, { id: d, rwlxmc: '其他任务' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().meta.message).toBe(TASK_MSG.publisherOnly);
    expect((await post(fbr, `${N}/yearTargetTaskType/update`, { id: d, rwlxmc: '其他任务' })).statusCode).toBe(200);
    expect((await get(fbr, `${W}/taskType/list`)).data[3].rwlxmc).toBe('其他任务');
    const empty = await post(fbr, `${N}/yearTargetTaskType/update`, { id: d, rwlxmc: ' ' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('chargers', () => {
  it('adds, lists, exports, imports and removes chargers', async () => {
    expect((await post(fbr, `${N}/chargers/insert`, { bmid: 'D05', fzrid: 'rwfzr03' })).statusCode).toBe(200);
    const listed = (await get(fbr, `${N}/chargers/select?bmid=D05`)).data;
    expect(listed).toMatchObject({ total: 1, list: [{ bmid: 'D05', bmmc: '人事处', fzrid: 'rwfzr03' }] });
    const exported = await fbr.request({ method: 'GET', url: `${N}/chargers/export` });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
    // Every department's head and registered chargers, in the page's order; the one just added among them.
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1, 4)));
    expect(rows).toContainEqual(['D05', '人事处', 'rwfzr03']);
    // Edit the exported sheet (another charger) and import it back.
    wb.worksheets[0]!.addRow(['D06', '科研处', 'rwfzr05', '']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const imported = await fbr.request({
      method: 'POST',
      url: `${N}/chargers/import`,
      ...multipartBody({}, { name: 'chargers.xlsx', content: buf }),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await get(fbr, `${N}/chargers/select?bmid=D06`)).data.list[0].fzrid).toBe('rwfzr05');
    expect((await post(fbr, `${N}/chargers/delete`, { bmid: 'D05', fzrid: 'rwfzr03' })).statusCode).toBe(200);
    expect((await get(fbr, `${N}/chargers/select?bmid=D05`)).data.total).toBe(0);
    expect((await post(head, `${N}/chargers/insert`, { bmid: 'D05', fzrid: 'rwfzr03' })).statusCode).toBe(403);
  });
});

describe('mission statements and documents', () => {
  it('lets the owner write the mission while defining, and nobody else', async () => {
    const y = await newTarget('任务书');
    const a = await newTask(y, '写任务书', { mission: '初稿' });
    const first = (await get(owner, `${N}/missionStatement/${a}`)).data;
    expect(first).toEqual({ taskId: a, rwmc: '写任务书', mission: '初稿', version: 1, canEdit: false });
    const early = await post(owner, `${N}/missionStatement/update`, { taskId: a, version: 1, mission: '抢先' });
    expect(early.statusCode).toBe(403);
    expect(early.json().meta.message).toBe(TASK_MSG.missionNotAllowed);
    await post(fbr, `${N}/averageLevelTarget/updateTaskStauts`, { id: a, action: 'push', version: 1 });
    await post(head, `${N}/averageLevelTarget/updateTaskStauts`, { id: a, action: 'accept', version: 2 });
    await post(head, `${N}/averageLevelTarget/updateTaskStauts`, { id: a, action: 'resolve', version: 3 });
    expect((await get(owner, `${N}/missionStatement/${a}`)).data.canEdit).toBe(true);
    const saved = await post(owner, `${N}/missionStatement/update`, { taskId: a, version: 4, mission: '定稿' });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await post(owner, `${N}/missionStatement/update`, { taskId: a, version: 4, mission: '旧页面' });
    expect(stale.json().meta.message).toBe(TASK_MSG.changed);
    expect((await get(fbr, `${W}/targetTask/getTargetTaskVo?id=${a}`)).data.mission).toBe('定稿');
    const stranger = await s.login('rwfzr04');
    expect((await stranger.request({ method: 'GET', url: `${N}/missionStatement/${a}` })).statusCode).toBe(404);
  });

  it('lists a task document groups by file type', async () => {
    const y = await newTarget('任务文档');
    const a = await newTask(y, '带文档的任务');
    const docs = (await get(fbr, `${N}/targetTaskFile/select?ownerType=NodeTask&ownerId=${a}`)).data;
    expect(docs.groups.map((g: { fileTypeName: string }) => g.fileTypeName)).toEqual(['目标支撑文件', '任务分解文件']);
    expect(docs.canEdit).toBe(true);
  });
});

describe('task Excel under the year-target task module', () => {
  it('round-trips: input example, import, export, edit, import again', async () => {
    const example = await fbr.request({ method: 'GET', url: `${N}/yearTargetTask/inputExample` });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(example.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(TASK_EXCEL_COLUMNS.map((c) => c.header));
    ws.getRow(2).values = [
      '实训基地建设',
      'B',
      '教务处',
      'rwfzr01',
      'shr01',
      '2026-03-01',
      '2026-12-31',
      60,
      '建成2个基地',
    ];
    ws.addRow(['学生竞赛', 'C', '学生工作处', '', '', '2026-04-01', '2026-11-30', 40, '']);
    const y = await newTarget('Excel 往返');
    const importInto = async (target: number, buf: Buffer) =>
      fbr.request({
        method: 'POST',
        url: `${N}/yearTargetTask/import`,
        ...multipartBody({ yearTargetId: String(target) }, { name: 'tasks.xlsx', content: buf }),
      });
    const first = await importInto(y, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(first.statusCode, first.body).toBe(200);
    const exported = await fbr.request({ method: 'GET', url: `${N}/yearTargetTask/export?yearTargetId=${y}` });
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = back.worksheets[0]!;
    sheet.getCell('A3').value = '学生技能竞赛';
    sheet.spliceColumns(TASK_EXCEL_COLUMNS.length + 1, 2);
    const copy = await newTarget('Excel 往返副本');
    expect((await importInto(copy, Buffer.from(await back.xlsx.writeBuffer()))).statusCode).toBe(200);
    const rows = async (target: number) =>
      (await get(fbr, `${N}/yearTargetTask/selectTop?yearTargetId=${target}`)).data.list.map(
        (t: Record<string, unknown>) => [t.rwmc, t.rwlx, t.fbbm, t.ownerId, t.jkrmc, t.kssj, t.jssj, t.weight],
      );
    const [original, copied] = [await rows(y), await rows(copy)];
    expect(copied[0]).toEqual(original[0]);
    expect(copied[1]).toEqual(['学生技能竞赛', ...(original[1] as unknown[]).slice(1)]);
  });
});
