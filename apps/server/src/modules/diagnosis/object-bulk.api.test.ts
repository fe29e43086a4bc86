import { DIAGNOSIS_BULK_MSG as B, DIAGNOSIS_MSG as M, OBJECT_ROW_COLUMNS } from '@zg/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiagnosisWorld, diagnosisWorld, publishDiagnosis } from '../../test/diagnosis-fixtures';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { data, get, post, Z } from '../../test/zdgj-client';
import { multipartBody } from '../../test/zip';

/**
 * 诊断改进 in bulk (issue 31 item 5) through the API: targets reported up and issued down for many object tasks at once
 * and as jobs whose progress is polled, every refusal naming the object tasks with nothing half applied; the Excel
 * round trip of object rows (download → edit → uploadCheckout reporting every bad row and cell →
 * uploadSynchronization → the same table).
 */

let s: TestServer;
let fbr: TestSession;
let fzr: TestSession;
let stranger: TestSession;
let world: DiagnosisWorld;

async function refused(p: ReturnType<typeof get>, status: number) {
  const res = await p;
  expect(res.statusCode, res.body).toBe(status);
  return res.json().meta.message as string;
}
type Obj = { id: number; dxbm: string; gzdxmc: string; mbzt: string };
const objectsOf = async (me: TestSession, rwid: number) =>
  (await data(get(me, `/rest/obj/select?rwid=${rwid}&pageSize=50`))).list as Obj[];
type Row = { id: number; zkdmc: string; mbz: string | null; bzz: string | null };
const rowsOf = async (me: TestSession, dxrwid: number) =>
  (await data(get(me, `/rest/quality/select?dxrwid=${dxrwid}`))).list as Row[];

beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-03-10T09:00:00');
  const admin = await s.login('zyadmin');
  fbr = await s.login('zgfb01');
  fzr = await s.login('zyfzr01');
  stranger = await s.login('rwfzr02');
  world = await diagnosisWorld(s, admin, '批量诊改标准');
});
afterAll(async () => {
  await s?.close();
});

describe('updatedownlist / updateuplist', () => {
  it('issues the targets of many object tasks down at once, all or none, naming every one refused', async () => {
    const task = await publishDiagnosis(fbr, world);
    const objects = await objectsOf(fbr, task.id);
    const ids = objects.map((o) => o.id);
    // Not the caller's to issue down: refused naming every object, nothing changed.
    // Not the caller's to issue down, or not seen at all: the caller's lack of right (403).
    const notMine = await refused(post(fzr, '/rest/obj/updatedownlist', { ids }), 403);
    expect(notMine).toContain('以下 3 个诊改对象不能下发目标值');
    expect(notMine).toContain(`软件技术（${M.notPublisher}）`);
    expect(notMine).toContain(`诊改对象任务 ${ids[1]}（${M.objectTaskNotFound}）`);
    const onlyMine = await refused(post(fzr, '/rest/obj/updatedownlist', { ids: [ids[0]] }), 403);
    expect(onlyMine).toContain(M.notPublisher);
    // Only object tasks the caller does not see: answered as missing ones (404).
    expect(await refused(post(fzr, '/rest/obj/updatedownlist', { ids: [ids[1]!, ids[2]!] }), 404)).toContain(
      M.objectTaskNotFound,
    );
    await refused(post(fbr, '/rest/obj/updatedownlist', { ids: [] }), 400);
    expect((await objectsOf(fbr, task.id)).map((o) => o.mbzt)).toEqual(['tosubmit', 'tosubmit', 'tosubmit']);

    const done = await post(fbr, '/rest/obj/updatedownlist', { ids });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ data: { n: 3 }, meta: { message: B.done('下发目标值', 3) } });
    expect((await objectsOf(fbr, task.id)).map((o) => o.mbzt)).toEqual(['toaudit', 'toaudit', 'toaudit']);
    const rows = await rowsOf(fbr, ids[2]!);
    expect(rows.map((r) => [r.zkdmc, r.mbz])).toEqual([
      ['就业率', '85'],
      ['在校生数', '100'],
      ['人才培养方案', '1'],
      ['专业评估', '合格'],
    ]);
  });

  it('reports targets up for the caller’s object tasks; one not ready refuses them all', async () => {
    const task = await publishDiagnosis(fbr, world, { chargers: { M01: 'zyfzr01', M02: 'zyfzr01' } });
    const [m01, m02, m03] = await objectsOf(fbr, task.id);
    // Targets missing on both: refused naming them and their rows.
    const missing = await refused(post(fzr, '/rest/obj/updateuplist', { ids: [m01!.id, m02!.id] }), 409);
    expect(missing).toContain('以下 2 个诊改对象不能上报目标值');
    expect(missing).toContain('以下质控点尚未填写目标值：就业率、在校生数');
    const targets = (rows: Row[]) => rows.map((r) => ({ id: r.id, mbz: r.bzz }));
    await data(
      post(fzr, '/rest/quality/updatembzcommit', { dxrwid: m01!.id, list: targets(await rowsOf(fzr, m01!.id)) }),
    );
    // M02 still lacks targets and M03 is not theirs: nothing is submitted, M01 included.
    const mixed = await refused(post(fzr, '/rest/obj/updateuplist', { ids: [m01!.id, m02!.id, m03!.id] }), 409);
    expect(mixed).toContain('计算机网络技术');
    expect(mixed).toContain(`诊改对象任务 ${m03!.id}`);
    expect(mixed).not.toContain('软件技术');
    expect((await objectsOf(fbr, task.id)).map((o) => o.mbzt)).toEqual(['tosubmit', 'tosubmit', 'tosubmit']);
    await data(
      post(fzr, '/rest/quality/updatembzcommit', { dxrwid: m02!.id, list: targets(await rowsOf(fzr, m02!.id)) }),
    );
    expect(await data(post(fzr, '/rest/obj/updateuplist', { ids: [m01!.id, m02!.id] }))).toEqual({ n: 2 });
    expect((await objectsOf(fbr, task.id)).map((o) => o.mbzt)).toEqual(['waitaudit', 'waitaudit', 'tosubmit']);
    // Submitted already: a second report is refused.
    expect(await refused(post(fzr, '/rest/obj/updateuplist', { ids: [m01!.id] }), 409)).toContain(
      M.targetsNotSubmittable,
    );
    // A paused task refuses.
    await data(post(fbr, '/rest/task/pause', { id: task.id }));
    expect(await refused(post(fbr, '/rest/obj/updatedownlist', { ids: [m03!.id] }), 409)).toContain(M.taskPaused);
  });
});

describe('asyncupdatedownlist / asyncupdateuplist', () => {
  it('runs as a job whose progress any worker answers; a refusal fails it with the refused objects as its report', async () => {
    const task = await publishDiagnosis(fbr, world);
    const ids = (await objectsOf(fbr, task.id)).map((o) => o.id);
    const started = await data(post(fbr, '/rest/obj/asyncupdatedownlist', { ids }));
    await s.app.jobs.drain();
    const job = await data(get(fbr, `/rest/obj/asyncupdate/job?id=${started.id}`));
    expect(job).toMatchObject({ state: 'done', percent: 100, done: 3, total: 3, result: { n: 3 } });
    expect(job.message).toBe(B.done('下发目标值', 3));
    await refused(get(fzr, `/rest/obj/asyncupdate/job?id=${started.id}`), 404);
    expect((await objectsOf(fbr, task.id)).every((o) => o.mbzt === 'toaudit')).toBe(true);

    const other = await publishDiagnosis(fbr, world);
    const otherIds = (await objectsOf(fbr, other.id)).map((o) => o.id);
    const bad = await data(post(fzr, '/rest/obj/asyncupdateuplist', { ids: otherIds }));
    await s.app.jobs.drain();
    const failed = await data(get(fzr, `/rest/obj/asyncupdate/job?id=${bad.id}`));
    expect(failed.state).toBe('failed');
    expect(failed.message).toContain('以下 3 个诊改对象不能上报目标值');
    expect(failed.report.refused).toHaveLength(3);
    expect(failed.report.refused[0]).toMatchObject({ id: otherIds[0], gzdxmc: '软件技术' });
    expect((await objectsOf(fbr, other.id)).every((o) => o.mbzt === 'tosubmit')).toBe(true);
    await refused(post(fbr, '/rest/obj/asyncupdateuplist', { ids: ['x'] }), 400);
  });
});

describe('the Excel round trip of object rows', () => {
  const download = async (me: TestSession, rwid: number) => {
    const res = await get(me, `/rest/obj/download?rwid=${rwid}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb;
  };
  const table = (wb: ExcelJS.Workbook) => {
    const out: string[][] = [];
    wb.worksheets[0]!.eachRow((row) => {
      out.push(OBJECT_ROW_COLUMNS.map((_, i) => String(row.getCell(i + 1).value ?? '')));
    });
    return out;
  };
  const upload = (me: TestSession, url: string, rwid: number, content: Buffer) =>
    me.request({
      method: 'POST',
      url: `${Z}/rest/obj/${url}?rwid=${rwid}`,
      ...multipartBody({}, { name: '目标值.xlsx', content }),
    });
  const bytes = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());
  const MBZ = OBJECT_ROW_COLUMNS.findIndex((c) => c.key === 'mbz') + 1;
  const ID = OBJECT_ROW_COLUMNS.findIndex((c) => c.key === 'id') + 1;
  const CODE = 1;

  it('downloads, checks every bad row and cell, imports all or none, and downloads the same table', async () => {
    const task = await publishDiagnosis(fbr, world);
    const tpl = await get(fbr, '/rest/obj/template');
    expect(tpl.statusCode).toBe(200);
    const wb = await download(fbr, task.id);
    const before = table(wb);
    expect(before[0]).toEqual(OBJECT_ROW_COLUMNS.map((c) => c.header));
    expect(before).toHaveLength(1 + 3 * 4);
    expect(before[1]).toEqual([
      'M01',
      '软件技术',
      expect.any(String),
      '计分卡 / 就业质量',
      '就业率',
      '百分比',
      '85',
      '',
    ]);
    const ws = wb.worksheets[0]!;
    // Good edits: M01 就业率 95, M02 在校生数 120, M03 专业评估 良好.
    ws.getRow(2).getCell(MBZ).value = '95';
    ws.getRow(7).getCell(MBZ).value = 120;
    ws.getRow(13).getCell(MBZ).value = '良好';
    const good = await bytes(wb);

    // Bad edits, each reported by row and column.
    const bad = new ExcelJS.Workbook();
    await bad.xlsx.load(good as unknown as ArrayBuffer);
    const b = bad.worksheets[0]!;
    b.getRow(3).getCell(MBZ).value = 'abc'; // 在校生数: not a number
    b.getRow(2).getCell(MBZ).value = '120'; // 就业率: percent over 100
    b.getRow(4).getCell(MBZ).value = '2'; // 人才培养方案: have is 0 or 1
    b.getRow(5).getCell(MBZ).value = '极好'; // 专业评估: not a level
    b.getRow(6).getCell(CODE).value = 'M99'; // an object not in the task
    b.getRow(8).getCell(ID).value = Number(before[2]![2]); // a QCP of M01 on M02's row
    b.getRow(10).getCell(MBZ).value = '80'; // M03 就业率 below the standard 85
    const badBytes = await bytes(bad);
    const check = await data(upload(fbr, 'uploadCheckout', task.id, badBytes));
    expect(check.count).toBe(12);
    expect(check.errorCount).toBe(7);
    expect(check.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [2, '目标值'],
      [3, '目标值'],
      [4, '目标值'],
      [5, '目标值'],
      [6, '诊改对象编码'],
      [8, '质控点行ID'],
      [10, '目标值'],
    ]);
    expect(check.errors[0].reason).toBe(M.percentRange('目标值', '120'));
    expect(check.errors[4]).toMatchObject({ reason: B.notInTask, value: 'M99' });
    expect(check.errors[5].reason).toBe(B.rowNotInTask);
    expect(check.errors[6].reason).toBe(M.targetBelowStandard('80', '85'));
    const refusedImport = await refused(upload(fbr, 'uploadSynchronization', task.id, badBytes), 400);
    expect(refusedImport).toContain('导入失败，共7处错误');
    expect(table(await download(fbr, task.id))).toEqual(before);

    // Wrong columns: each header cell that differs is reported.
    const cols = new ExcelJS.Workbook();
    cols.addWorksheet('x').addRow(['编码', '诊改对象名称', '行', '所属层级', '质控点', '值类型', '标准值', '目标值']);
    cols.worksheets[0]!.addRow(['M01']);
    const colCheck = await data(upload(fbr, 'uploadCheckout', task.id, await bytes(cols)));
    expect(colCheck.errors.map((e: { column: string }) => e.column)).toEqual(['第1列', '第3列']);

    // A person in charge may not write targets of objects not theirs (M01 is: tosubmit; the others are not seen).
    const fzrCheck = await data(upload(fzr, 'uploadCheckout', task.id, good));
    expect(fzrCheck.errors.map((e: { row: number }) => e.row)).toEqual([6, 7, 8, 9, 10, 11, 12, 13]);
    expect(await refused(upload(stranger, 'uploadCheckout', task.id, good), 404)).toBe(M.taskNotFound);
    expect(await refused(upload(fbr, 'uploadCheckout', task.id, Buffer.from('not excel')), 400)).toBeTruthy();

    const okCheck = await data(upload(fbr, 'uploadCheckout', task.id, good));
    expect(okCheck).toMatchObject({ count: 12, errorCount: 0, errors: [] });
    const sync = await upload(fbr, 'uploadSynchronization', task.id, good);
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json()).toMatchObject({ data: { count: 12, changed: 3 }, meta: { message: B.synchronized(12, 3) } });
    const after = table(await download(fbr, task.id));
    const expected = before.map((r) => [...r]);
    expected[1]![MBZ - 1] = '95';
    expected[6]![MBZ - 1] = '120';
    expected[12]![MBZ - 1] = '良好';
    expect(after).toEqual(expected);
    expect(table(wb)).toEqual(expected.map((r, i) => (i === 6 ? r.map((c, j) => (j === MBZ - 1 ? '120' : c)) : r)));
  });
});
