import { CHARGER_EXPORT_COLUMNS, CHARGER_KIND, TASK_EXCEL_COLUMNS } from '@zg/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { xlsxBomb } from '../../test/xlsx-bomb';
import { multipartBody } from '../../test/zip';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const W = '/api/herm-wbs';
const N = '/api/herm-ndwbs';

async function sheetRows(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((r) =>
    rows.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows;
}

async function xlsx(rows: (string | number | Date)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function newTarget(fbr: TestSession, name: string) {
  const res = await fbr.request({
    method: 'POST',
    url: `${W}/yearTarget/insert`,
    payload: { name, cycleYear: 2026, chargeDepartId: 'D04' },
  });
  return res.json().data.id as number;
}

const importInto = (me: TestSession, yearTargetId: number, buf: Buffer, name = 'tasks.xlsx') =>
  me.request({
    method: 'POST',
    url: `${W}/targetTask/import`,
    ...multipartBody({ yearTargetId: String(yearTargetId) }, { name, content: buf }),
  });

describe('task Excel import and export', () => {
  it('downloads a template whose header is the import layout', async () => {
    const fbr = await s.login('fbr01');
    const res = await fbr.request({ method: 'GET', url: `${W}/targetTask/template` });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('目标任务导入模板.xlsx'));
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(TASK_EXCEL_COLUMNS.map((c) => c.header));
  });

  it('round-trips: export, edit, import reproduces the tasks', async () => {
    const fbr = await s.login('fbr01');
    const source = await newTarget(fbr, '导出源');
    const header = TASK_EXCEL_COLUMNS.map((c) => c.header);
    const ok = await importInto(
      fbr,
      source,
      await xlsx([
        header,
        ['专业群建设', 'A', '教务处', 'rwfzr01', 'shr01', '2026-01-01', '2026-12-31', 40, '建设3个专业群'],
        ['学风建设', 'C', '学生工作处', '', '', '2026-03-01', '2026-07-31', 20, ''],
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().meta.message).toBe('导入成功，共2条');
    const exported = await fbr.request({
      method: 'GET',
      url: `${W}/targetTask/exportTaskDetail?yearTargetId=${source}`,
    });
    const rows = await sheetRows(exported.rawPayload);
    expect(rows).toHaveLength(3);
    // Edit one cell, import into another target, and compare the tasks.
    const edited = rows.map((r) => r.slice(0, TASK_EXCEL_COLUMNS.length));
    edited[2]![7] = '25';
    const copy = await newTarget(fbr, '导入副本');
    expect((await importInto(fbr, copy, await xlsx(edited))).statusCode).toBe(200);
    const list = async (id: number) =>
      (await fbr.request({ method: 'GET', url: `${W}/targetTask/selectPage?yearTargetId=${id}&sort=asc` }))
        .json()
        .data.records.map((t: Record<string, unknown>) => [
          t.rwmc,
          t.rwlx,
          t.fbbm,
          t.ownerId,
          t.kssj,
          t.jssj,
          t.weight,
        ]);
    const a = await list(source);
    const b = await list(copy);
    expect(b[0]).toEqual(a[0]);
    expect(b[1]).toEqual([...(a[1] as unknown[]).slice(0, 6), 25]);
  });

  it('reports every bad row in Chinese and imports nothing', async () => {
    const fbr = await s.login('fbr01');
    const target = await newTarget(fbr, '错误导入');
    const header = TASK_EXCEL_COLUMNS.map((c) => c.header);
    const res = await importInto(
      fbr,
      target,
      await xlsx([
        header,
        ['好的一行', 'A', '教务处', '', '', '2026-01-01', '2026-12-31', 10, ''],
        ['', 'E', '不存在的部门', 'nobody', '', '2026/01/01', '2026-12-31', 200, ''],
        ['日期颠倒', 'B', '教务处', '', '', '2026-12-01', '2026-01-01', 10, ''],
      ]),
    );
    expect(res.statusCode).toBe(400);
    const msg = res.json().meta.message as string;
    expect(msg).toContain('未导入任何数据');
    for (const part of [
      '第3行「任务名称」：不能为空',
      '第3行「任务类型（A/B/C/D）」：只能是 A、B、C、D（“E”）',
      '第3行「负责部门」：部门不存在（“不存在的部门”）',
      '第3行「负责人工号」：工号不存在（“nobody”）',
      '第3行「开始时间」：日期格式不正确，应为 YYYY-MM-DD（“2026/01/01”）',
      '第3行「权重」：应为0到100之间的数字（“200”）',
      '第4行「结束时间」：不能早于开始时间（“2026-01-01”）',
    ]) {
      expect(msg).toContain(part);
    }
    const after = (
      await fbr.request({ method: 'GET', url: `${W}/targetTask/selectPage?yearTargetId=${target}` })
    ).json().data;
    expect(after.total).toBe(0);
    const wrongHeader = await importInto(fbr, target, await xlsx([['名称'], ['x']]));
    expect(wrongHeader.json().meta.message).toBe('表头与模板不一致，请下载最新模板');
    const notExcel = await importInto(fbr, target, Buffer.from('a,b'), 'tasks.csv');
    expect(notExcel.json().meta.message).toBe('文件类型错误');
  });
});

describe('dates in a task import', () => {
  it('names every impossible date and every end before its start, row by row, and imports nothing', async () => {
    const fbr = await s.login('fbr01');
    const target = await newTarget(fbr, '日期错误导入');
    const res = await importInto(
      fbr,
      target,
      await xlsx([
        TASK_EXCEL_COLUMNS.map((c) => c.header),
        ['好的一行', 'A', '教务处', '', '', '2026-01-01', '2026-12-31', 10, ''],
        ['二月三十日', 'A', '教务处', '', '', '2026-02-30', '2026-12-31', 10, ''],
        ['十三月', 'B', '教务处', '', '', '2026-01-01', '2026-13-01', 10, ''],
        ['日期颠倒', 'C', '教务处', '', '', '2026-12-01', '2026-01-01', 10, ''],
        ['颠倒且负责人不在部门', 'C', '教务处', 'rwfzr02', '', '2026-12-01', '2026-11-30', 10, ''],
        ['格式不对', 'C', '教务处', '', '', '2026/3/1', '2026-12-31', 10, ''],
      ]),
    );
    expect(res.statusCode, res.body).toBe(400);
    const msg = res.json().meta.message as string;
    expect(msg.startsWith('导入失败，共6处错误，未导入任何数据：')).toBe(true);
    for (const part of [
      '第3行「开始时间」：日期不存在（“2026-02-30”）',
      '第4行「结束时间」：日期不存在（“2026-13-01”）',
      '第5行「结束时间」：不能早于开始时间（“2026-01-01”）',
      '第6行「结束时间」：不能早于开始时间（“2026-11-30”）',
      '第6行「负责人工号」：不是负责部门的人员（“rwfzr02”）',
      '第7行「开始时间」：日期格式不正确，应为 YYYY-MM-DD（“2026/3/1”）',
    ]) {
      expect(msg).toContain(part);
    }
    expect(msg).not.toContain('第2行');
    const after = (
      await fbr.request({ method: 'GET', url: `${W}/targetTask/selectPage?yearTargetId=${target}` })
    ).json().data;
    expect(after.total).toBe(0);
  });

  it('reads a date Excel stores as a date the same as one typed as text', async () => {
    const fbr = await s.login('fbr01');
    const target = await newTarget(fbr, '日期单元格');
    const res = await importInto(
      fbr,
      target,
      await xlsx([
        TASK_EXCEL_COLUMNS.map((c) => c.header),
        ['日期单元格', 'A', '教务处', '', '', new Date(Date.UTC(2026, 2, 1)), '2026-11-30', 10, ''],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [task] = (
      await fbr.request({ method: 'GET', url: `${W}/targetTask/selectPage?yearTargetId=${target}` })
    ).json().data.records;
    expect([task.kssj, task.jssj]).toEqual(['2026-03-01', '2026-11-30']);
  });
});

describe('bounded imports', () => {
  it('reports a sheet of huge bad cells in a few KB, naming row, column and rule', async () => {
    const fbr = await s.login('fbr01');
    const target = await newTarget(fbr, '超长单元格');
    const huge = '某'.repeat(30_000);
    const rows = Array.from({ length: 500 }, () => ['任务', 'A', huge, '', '', '2026-13-01', '2026-12-31', 10, '']);
    const res = await importInto(fbr, target, await xlsx([TASK_EXCEL_COLUMNS.map((c) => c.header), ...rows]));
    expect(res.statusCode).toBe(400);
    expect(Buffer.byteLength(res.body)).toBeLessThan(8 * 1024);
    const msg = res.json().meta.message as string;
    expect(msg.startsWith('导入失败，共1000处错误，未导入任何数据：')).toBe(true);
    expect(msg).toContain(`第2行「负责部门」：部门不存在（“${'某'.repeat(30)}…”）`);
    expect(msg).toContain('第2行「开始时间」：日期不存在（“2026-13-01”）');
    expect(msg).toMatch(/……另有\d+处错误未列出$/);
  });

  it('refuses a zip-bomb workbook with a Chinese message, whether its headers tell the size or lie', async () => {
    const fbr = await s.login('fbr01');
    const target = await newTarget(fbr, '压缩炸弹');
    const header = TASK_EXCEL_COLUMNS.map((c) => c.header);
    for (const declared of [undefined, 100_000]) {
      const bomb = xlsxBomb({ header, inflatedBytes: 300 * 1024 * 1024, declared });
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const res = await importInto(fbr, target, bomb);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().meta.message).toBe('表格内容过大（解压后超过 64 MB），请删除多余的内容或分批导入');
    }
    const tooBig = await importInto(fbr, target, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().meta.message).toBe('Excel 文件不能超过 5 MB');
    const charger = await fbr.request({
      method: 'POST',
      url: `${W}/departManage/chargers/import`,
      ...multipartBody({}, { name: 'c.xlsx', content: xlsxBomb({ header, inflatedBytes: 300 * 1024 * 1024 }) }),
    });
    expect(charger.statusCode).toBe(413);
    const after = (
      await fbr.request({ method: 'GET', url: `${W}/targetTask/selectPage?yearTargetId=${target}` })
    ).json().data;
    expect(after.total).toBe(0);
  });
});

describe('department chargers', () => {
  it('imports and exports chargers, and a charger acts for the department', async () => {
    const fbr = await s.login('fbr01');
    const bad = await fbr.request({
      method: 'POST',
      url: `${W}/departManage/chargers/import`,
      ...multipartBody(
        {},
        {
          name: 'c.xlsx',
          content: await xlsx([
            ['部门编号', '部门名称', '负责人工号', '负责人姓名'],
            ['D99', '', 'rwfzr02', ''],
          ]),
        },
      ),
    });
    expect(bad.json().meta.message).toContain('第2行「部门编号」：部门不存在（“D99”）');
    const good = await fbr.request({
      method: 'POST',
      url: `${W}/departManage/chargers/import`,
      ...multipartBody(
        {},
        {
          name: 'c.xlsx',
          content: await xlsx([
            ['部门编号', '部门名称', '负责人工号', '负责人姓名'],
            ['D02', '教务处', 'rwfzr02', ''],
          ]),
        },
      ),
    });
    expect(good.statusCode, good.body).toBe(200);
    const exported = await fbr.request({ method: 'GET', url: `${W}/departManage/chargers/export` });
    const rows = await sheetRows(exported.rawPayload);
    expect(rows).toContainEqual(['D02', '教务处', 'rwfzr02', '李娜', CHARGER_KIND.registered]);
    // rwfzr02 now acts for 教务处: it gets the derived department role.
    const charger = await s.login('rwfzr02');
    const roles = (await charger.request({ method: 'GET', url: '/api/user/roles' }))
      .json()
      .data.map((r: { roleId: string }) => r.roleId);
    expect(roles).toContain('targetTaskDepart');
    const head = await s.login('bmfzr01');
    const denied = await head.request({
      method: 'POST',
      url: `${W}/departManage/chargers/insert`,
      payload: { bmid: 'D02', fzrid: 'rwfzr01' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('exports the people the 部门负责人 page lists, and the file imports back changing nothing', async () => {
    const fbr = await s.login('fbr01');
    for (const payload of [
      { bmid: 'D03', fzrid: 'rwfzr02' },
      { bmid: 'D03', fzrid: 'rwfzr01' },
    ]) {
      const added = await fbr.request({ method: 'POST', url: `${W}/departManage/chargers/insert`, payload });
      expect(added.statusCode, added.body).toBe(200);
    }
    type Dept = {
      bmid: string;
      bmmc: string;
      headId: string | null;
      fzrmc: string | null;
      chargers: { fzrid: string; fzrmc: string }[];
    };
    const listed = async () =>
      (await fbr.request({ method: 'GET', url: `${W}/departManage/list` })).json().data as Dept[];
    const before = await listed();
    // The page's rows, one per person: each department's head, then its registered chargers.
    const shown = before.flatMap((d) => [
      ...(d.headId ? [[d.bmid, d.bmmc, d.headId, d.fzrmc ?? '', CHARGER_KIND.head]] : []),
      ...d.chargers.map((c) => [d.bmid, d.bmmc, c.fzrid, c.fzrmc, CHARGER_KIND.registered]),
    ]);
    expect(shown).toContainEqual(['D02', '教务处', 'bmfzr01', '王建国', CHARGER_KIND.head]);
    expect(shown.filter((r) => r[0] === 'D03').slice(1)).toEqual([
      ['D03', '学生工作处', 'rwfzr01', '张伟', CHARGER_KIND.registered],
      ['D03', '学生工作处', 'rwfzr02', '李娜', CHARGER_KIND.registered],
    ]);

    const exported = await fbr.request({ method: 'GET', url: `${W}/departManage/chargers/export` });
    expect(exported.statusCode).toBe(200);
    const rows = await sheetRows(exported.rawPayload);
    expect(rows[0]).toEqual(CHARGER_EXPORT_COLUMNS.map((c) => c.header));
    expect(rows.slice(1)).toEqual(shown);
    // The annual-task family's export is the same handler.
    expect(await sheetRows((await fbr.request({ method: 'GET', url: `${N}/chargers/export` })).rawPayload)).toEqual(
      rows,
    );
    // Narrowed to one department as the charger lists are.
    const one = await fbr.request({ method: 'GET', url: `${W}/departManage/chargers/export?bmid=D03` });
    expect((await sheetRows(one.rawPayload)).slice(1)).toEqual(shown.filter((r) => r[0] === 'D03'));

    const back = await fbr.request({
      method: 'POST',
      url: `${W}/departManage/chargers/import`,
      ...multipartBody({}, { name: '部门负责人.xlsx', content: exported.rawPayload }),
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.count).toBe(shown.length);
    expect(back.json().meta.message).toBe(
      `导入成功，共${shown.length}条，其中${shown.length}条已在部门负责人名单中，未重复添加`,
    );
    expect(await listed()).toEqual(before);
    const again = await fbr.request({ method: 'GET', url: `${W}/departManage/chargers/export` });
    expect(await sheetRows(again.rawPayload)).toEqual(rows);
  });
});
