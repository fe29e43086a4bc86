import { DATA_MANAGE_MSG as M, STRUCTURE_COLUMNS } from '@zg/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { xlsxBomb } from '../../test/xlsx-bomb';
import { multipartBody } from '../../test/zip';

let s: TestServer;
let admin: TestSession;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('zyadmin');
});
afterAll(async () => {
  await s?.close();
});

const S = '/api/herm-sjgl';
const post = (me: TestSession, url: string, payload: object) =>
  me.request({ method: 'POST', url: `${S}${url}`, payload });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${S}${url}` });
const upload = (me: TestSession, url: string, content: Buffer, name = 'data.xlsx') =>
  me.request({ method: 'POST', url: `${S}${url}`, ...multipartBody({}, { name, content }) });
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function xlsx(rows: (string | number | boolean | Date | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function sheet(buf: Buffer, index = 0) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[index]!;
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

let seq = 0;
/** A created table with the fields given (a warehouse of its own). */
async function createdTable(fields: Record<string, unknown>[], name = `t${++seq}`) {
  const ck = (await post(admin, '/ck/insert', { ckmc: `仓库${name}` })).json().data.id as number;
  const t = (await post(admin, '/ckb/insert', { ckid: ck, bm: name, bzwm: `表${name}` })).json().data.id as number;
  for (const f of fields) {
    const res = await post(admin, '/ckbzd/insert', { ckbid: t, ...f });
    expect(res.statusCode, res.body).toBe(200);
  }
  const made = await post(admin, '/ckb/cjwlb', { id: t });
  expect(made.statusCode, made.body).toBe(200);
  return { id: t, name };
}
const count = async (table: string) =>
  rowsOf<{ n: number }>(
    await s.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier('warehouse')}.${sql.identifier(table)}`,
    ),
  )[0]!.n;

const STUDENT = [
  { zdm: 'xh', zdzwm: '学号', zdlx: 'text', cd: 10, sfbt: true, sfwy: true },
  { zdm: 'xm', zdzwm: '姓名', zdlx: 'text', cd: 20, sfbt: true },
  { zdm: 'nl', zdzwm: '年龄', zdlx: 'integer' },
  { zdm: 'jd', zdzwm: '绩点', zdlx: 'decimal', cd: 4, xsws: 2 },
  { zdm: 'rxrq', zdzwm: '入学日期', zdlx: 'date' },
  { zdm: 'zx', zdzwm: '在校', zdlx: 'boolean' },
];
const HEADER = ['学号', '姓名', '年龄', '绩点', '入学日期', '在校'];

describe('importing rows (drsj)', () => {
  it('imports a sheet in one go, or nothing, naming each bad row, column and rule', async () => {
    const t = await createdTable(STUDENT, 'student_import');
    const template = await get(admin, `/ckb/downloadTemplate?id=${t.id}`);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    expect((await sheet(template.rawPayload))[0]).toEqual(HEADER);

    const bad = await upload(
      admin,
      `/ckb/drsj?id=${t.id}`,
      await xlsx([
        HEADER,
        ['2024001', '张三', 18, 3.5, new Date('2024-09-01T00:00:00Z'), '是'],
        ['2024002', '', 'abc', 123.5, '2024-02-30', '也许'],
        ['2024001', '李四', 19, 3.1, '2024-09-01', '否'],
        ['20240010000', '王五', 20, 2.9, '2024/09/01', 'true'],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    const msg = bad.json().meta.message as string;
    expect(msg.startsWith('导入失败，共7处错误，未导入任何数据：')).toBe(true);
    expect(msg).toContain('第3行「姓名」：不能为空');
    expect(msg).toContain('第3行「年龄」：应为整数（“abc”）');
    expect(msg).toContain('第3行「绩点」：整数部分最多2位，小数部分最多2位（“123.5”）');
    expect(msg).toContain('第3行「入学日期」：日期格式不正确，应为 YYYY-MM-DD（“2024-02-30”）');
    expect(msg).toContain('第3行「在校」：应为“是”或“否”（“也许”）');
    expect(msg).toContain('第4行「学号」：与第2行重复（该字段要求唯一）（“2024001”）');
    expect(msg).toContain('第5行「学号」：不能超过10个字符（“20240010000”）');
    expect(await count(t.name)).toBe(0);

    const good = await upload(
      admin,
      `/ckb/drsj?id=${t.id}`,
      await xlsx([
        HEADER,
        ['2024001', '张三', 18, 3.5, new Date('2024-09-01T00:00:00Z'), '是'],
        ['2024002', '李四', null, 3.456, '2024/9/1', '否'],
        ['2024003', '王五', '-7', '', '', null],
      ]),
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ meta: { message: M.imported(3) }, data: { count: 3 } });
    const page = (await get(admin, `/ckb/selectbsj?id=${t.id}`)).json().data;
    expect(page).toMatchObject({ total: 3, pages: 1, current: 1, size: 20 });
    expect(page.records).toEqual([
      { id: 1, xh: '2024001', xm: '张三', nl: '18', jd: '3.50', rxrq: '2024-09-01', zx: true },
      { id: 2, xh: '2024002', xm: '李四', nl: null, jd: '3.46', rxrq: '2024-09-01', zx: false },
      { id: 3, xh: '2024003', xm: '王五', nl: '-7', jd: null, rxrq: null, zx: null },
    ]);

    // A value the table already holds in a unique field is named; nothing of the sheet goes in.
    const again = await upload(
      admin,
      `/ckb/drsj?id=${t.id}`,
      await xlsx([HEADER, ['2024004', '赵六'], ['2024002', '钱七']]),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().meta.message).toContain('第3行「学号」：表中已有相同的值（该字段要求唯一）（“2024002”）');
    expect(await count(t.name)).toBe(3);
  });

  it('names wrong headers and refuses a sheet without rows, a table not created, a bomb and too many rows', async () => {
    const t = await createdTable(STUDENT, 'student_headers');
    const wrong = await upload(
      admin,
      `/ckb/drsj?id=${t.id}`,
      await xlsx([
        ['学号', '名字', 'nl'],
        ['1', '张三', 1],
      ]),
    );
    expect(wrong.statusCode).toBe(400);
    const msg = wrong.json().meta.message as string;
    // A column may be headed by its Chinese name or its field name (nl); 名字 is neither, and three are missing.
    expect(msg).toContain('第1行「第2列」：表头应为“姓名”（“名字”）');
    expect(msg).not.toContain('第3列');
    expect(msg).toContain('第1行「第4列」：表头应为“绩点”');
    expect(msg.startsWith('导入失败，共4处错误')).toBe(true);

    const empty = await upload(admin, `/ckb/drsj?id=${t.id}`, await xlsx([HEADER]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toBe('表格中没有数据');

    const notExcel = await upload(admin, `/ckb/drsj?id=${t.id}`, Buffer.from('a,b\n1,2'), 'data.csv');
    expect(notExcel.statusCode).toBe(415);

    const bomb = await upload(
      admin,
      `/ckb/drsj?id=${t.id}`,
      xlsxBomb({ header: HEADER, inflatedBytes: 300 * 1024 * 1024 }),
    );
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().meta.message).toBe('表格内容过大（解压后超过 64 MB），请删除多余的内容或分批导入');

    const ck = (await post(admin, '/ck/insert', { ckmc: '未建仓库' })).json().data.id;
    const plain = (await post(admin, '/ckb/insert', { ckid: ck, bm: 'not_created', bzwm: '未建表' })).json().data.id;
    await post(admin, '/ckbzd/insert', { ckbid: plain, zdm: 'a', zdzwm: '甲', zdlx: 'text' });
    const notCreated = await upload(admin, `/ckb/drsj?id=${plain}`, await xlsx([['甲'], ['1']]));
    expect(notCreated.statusCode).toBe(409);
    expect(notCreated.json().meta.message).toBe(M.notPhysical('not_created'));

    const reader = await s.login('zgfb01');
    expect((await upload(reader, `/ckb/drsj?id=${t.id}`, await xlsx([HEADER, ['1', '甲']]))).statusCode).toBe(403);
    expect(await count(t.name)).toBe(0);

    const small = await startTestServer({ env: { XLSX_MAX_ROWS: '3' } });
    try {
      const a = await small.login('zyadmin');
      const ck2 = (await a.request({ method: 'POST', url: `${S}/ck/insert`, payload: { ckmc: '行数仓库' } })).json()
        .data.id;
      const tid = (
        await a.request({ method: 'POST', url: `${S}/ckb/insert`, payload: { ckid: ck2, bm: 'rows', bzwm: '行数' } })
      ).json().data.id;
      await a.request({
        method: 'POST',
        url: `${S}/ckbzd/insert`,
        payload: { ckbid: tid, zdm: 'a', zdzwm: '甲', zdlx: 'integer' },
      });
      await a.request({ method: 'POST', url: `${S}/ckb/cjwlb`, payload: { id: tid } });
      const many = await a.request({
        method: 'POST',
        url: `${S}/ckb/drsj?id=${tid}`,
        ...multipartBody({}, { name: 'd.xlsx', content: await xlsx([['甲'], [1], [2], [3], [4]]) }),
      });
      expect(many.statusCode).toBe(413);
      expect(many.json().meta.message).toBe('表格行数过多（最多 3 行数据），请分批导入');
    } finally {
      await small.close();
    }
  });

  it('imports many rows in batches within one transaction', async () => {
    const t = await createdTable(
      [
        { zdm: 'no', zdzwm: '序号', zdlx: 'integer', sfwy: true },
        { zdm: 'v', zdzwm: '值', zdlx: 'text' },
      ],
      'many_rows',
    );
    const rows: (string | number)[][] = [['序号', '值']];
    for (let i = 1; i <= 12_000; i++) rows.push([i, `值${i}`]);
    // The last row repeats the first: the whole import is refused, the batches already written included.
    const bad = await upload(admin, `/ckb/drsj?id=${t.id}`, await xlsx([...rows, [1, '重复']]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().meta.message).toContain('第12002行「序号」：与第2行重复');
    expect(await count(t.name)).toBe(0);
    const good = await upload(admin, `/ckb/drsj?id=${t.id}`, await xlsx(rows));
    expect(good.statusCode, good.body).toBe(200);
    expect(await count(t.name)).toBe(12_000);
  });
});

describe('browsing, editing and deleting rows (selectbsj, updatebsj, deletebsj)', () => {
  it('pages and filters rows, edits, adds and deletes them with each value checked', async () => {
    const t = await createdTable(STUDENT, 'student_rows');
    const lines: (string | number)[][] = [HEADER];
    for (let i = 1; i <= 25; i++)
      lines.push([
        `S${String(i).padStart(3, '0')}`,
        i % 2 ? `张${i}` : `李${i}`,
        17 + (i % 5),
        '3.00',
        `2024-09-${String(i).padStart(2, '0')}`,
        i % 3 ? '是' : '否',
      ]);
    expect((await upload(admin, `/ckb/drsj?id=${t.id}`, await xlsx(lines))).statusCode).toBe(200);

    const page2 = (await get(admin, `/ckb/selectbsj?id=${t.id}&current=2&size=10`)).json().data;
    expect(page2).toMatchObject({ total: 25, pages: 3, current: 2, size: 10 });
    expect(page2.records.map((r: { xh: string }) => r.xh)).toEqual(
      Array.from({ length: 10 }, (_, i) => `S${String(i + 11).padStart(3, '0')}`),
    );
    const filter = (f: unknown[]) => encodeURIComponent(JSON.stringify(f));
    const zhang = (
      await get(
        admin,
        `/ckb/selectbsj?id=${t.id}&size=100&filters=${filter([
          { field: 'xm', op: 'contains', value: '张' },
          { field: 'nl', op: 'gte', value: 20 },
        ])}`,
      )
    ).json().data;
    // 张 at odd i; nl = 17 + i % 5 >= 20 at i % 5 in {3, 4}: i = 3, 9, 13, 19, 23.
    expect(zhang.records.map((r: { xh: string }) => r.xh)).toEqual(['S003', 'S009', 'S013', 'S019', 'S023']);
    const dated = (
      await get(
        admin,
        `/ckb/selectbsj?id=${t.id}&filters=${filter([
          { field: 'rxrq', op: 'lte', value: '2024-09-03' },
          { field: 'zx', op: 'eq', value: '是' },
        ])}`,
      )
    ).json().data;
    expect(dated.records.map((r: { xh: string }) => r.xh)).toEqual(['S001', 'S002']);
    // A wildcard in a contains filter is a plain character.
    expect(
      (
        await get(admin, `/ckb/selectbsj?id=${t.id}&filters=${filter([{ field: 'xm', op: 'contains', value: '%' }])}`)
      ).json().data.total,
    ).toBe(0);

    const badFilters: [unknown, string][] = [
      [[{ field: 'nope', op: 'eq', value: '1' }], M.filterFieldUnknown('nope')],
      [[{ field: 'nl', op: 'contains', value: '1' }], M.filterOpNotFor('包含', '整数')],
      [[{ field: 'nl', op: 'eq', value: 'x' }], M.filterRefused('年龄', '应为整数')],
      [[{ field: 'rxrq', op: 'gte', value: '' }], M.filterRefused('入学日期', '不能为空')],
      [[{ field: 'xh"; drop table x; --', op: 'eq', value: '1' }], M.filterFieldUnknown('xh"; drop table x; --')],
    ];
    for (const [f, message] of badFilters) {
      const res = await get(admin, `/ckb/selectbsj?id=${t.id}&filters=${filter(f as unknown[])}`);
      expect(res.statusCode, JSON.stringify(f)).toBe(400);
      expect(res.json().meta.message).toBe(message);
    }
    const notJson = await get(admin, `/ckb/selectbsj?id=${t.id}&filters=%5B%7Bnot`);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().meta.message).toContain(M.filterBad);

    // Edit a row: only the fields named change.
    const edited = await post(admin, '/ckb/updatebsj', {
      id: t.id,
      rowId: 1,
      values: { xm: '张一', jd: 3.99, ZX: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ id: 1, xh: 'S001', xm: '张一', jd: '3.99', zx: false, nl: '18' });
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ rowId: 1, values: { xm: '' } }, 400, M.valueRefused('姓名', '不能为空')],
      [{ rowId: 1, values: { nl: '1.5' } }, 400, M.valueRefused('年龄', '应为整数')],
      [{ rowId: 1, values: { xh: 'S002' } }, 409, M.duplicateValue('学号', 'S002')],
      [{ rowId: 1, values: { nope: 1 } }, 400, M.unknownColumn('nope')],
      [{ rowId: 1, values: {} }, 400, M.noValues],
      [{ rowId: 999, values: { xm: '无' } }, 404, M.rowNotFound],
      [{ values: { xh: 'S100' } }, 400, M.valueRefused('姓名', '不能为空')],
    ];
    for (const [body, status, message] of refusals) {
      const res = await post(admin, '/ckb/updatebsj', { id: t.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().meta.message).toBe(message);
    }
    // Its own value is not a duplicate of itself.
    expect((await post(admin, '/ckb/updatebsj', { id: t.id, rowId: 1, values: { xh: 'S001' } })).statusCode).toBe(200);
    const added = await post(admin, '/ckb/updatebsj', {
      id: t.id,
      values: { xh: 'S100', xm: '新生', rxrq: '2025-09-01' },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ id: 26, xh: 'S100', xm: '新生', rxrq: '2025-09-01', nl: null });

    const office = await s.login('zgfb01');
    expect((await post(office, '/ckb/updatebsj', { id: t.id, rowId: 1, values: { xm: '越权' } })).statusCode).toBe(403);
    expect((await get(office, `/ckb/selectbsj?id=${t.id}`)).statusCode).toBe(200);

    const missing = await post(admin, '/ckb/deletebsj', { id: t.id, rowIds: [2, 999] });
    expect(missing.statusCode).toBe(404);
    expect(await count(t.name)).toBe(26);
    const deleted = await post(admin, '/ckb/deletebsj', { id: t.id, rowIds: [2, 3, 26] });
    expect(deleted.json()).toMatchObject({ meta: { message: M.rowDeleted(3) }, data: { count: 3 } });
    expect(await count(t.name)).toBe(23);
  });
});

describe('Excel export and structure (dcbsj, dcbjg, drbjg, downloadTemplate)', () => {
  it('exports the rows, streamed, with the filters of the browse, and they import back', async () => {
    const t = await createdTable(STUDENT, 'student_export');
    const lines: (string | number)[][] = [HEADER];
    for (let i = 1; i <= 4500; i++) lines.push([`E${i}`, `学生${i}`, 18, '3.25', '2024-09-01', i % 2 ? '是' : '否']);
    lines.push(['E9999', '长数', '9223372036854775807', '-99.99', '2000-02-29', '']);
    expect((await upload(admin, `/ckb/drsj?id=${t.id}`, await xlsx(lines))).statusCode).toBe(200);

    const res = await get(admin, `/ckb/dcbsj?id=${t.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('表student_export数据.xlsx'));
    const rows = await sheet(res.rawPayload);
    expect(rows).toHaveLength(4502);
    expect(rows[0]).toEqual(HEADER);
    expect(rows[1]).toEqual(['E1', '学生1', 18, 3.25, new Date('2024-09-01T00:00:00Z'), '是']);
    // A bigint beyond a double's exact range stays text, so nothing is rounded.
    expect(rows[4501]).toEqual(['E9999', '长数', '9223372036854775807', -99.99, new Date('2000-02-29T00:00:00Z')]);

    const filtered = await get(
      admin,
      `/ckb/dcbsj?id=${t.id}&filters=${encodeURIComponent(JSON.stringify([{ field: 'zx', op: 'eq', value: false }]))}`,
    );
    expect(await sheet(filtered.rawPayload)).toHaveLength(2251);
    const badFilter = await get(
      admin,
      `/ckb/dcbsj?id=${t.id}&filters=${encodeURIComponent('[{"field":"x","op":"eq"}]')}`,
    );
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().meta.message).toBe(M.filterFieldUnknown('x'));

    // A label with characters Excel refuses in a sheet name (a workbook Excel would call damaged) is cleaned.
    const ck = (await get(admin, `/ckb/selectAll`)).json().data.find((x: { id: number }) => x.id === t.id).ckid;
    await post(admin, '/ckb/update', { id: t.id, ckid: ck, bm: t.name, bzwm: '学生/成绩[2024]:*?' });
    const odd = await get(admin, `/ckb/dcbsj?id=${t.id}`);
    expect(odd.statusCode).toBe(200);
    expect(await sheet(odd.rawPayload)).toHaveLength(4502);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(odd.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets[0]!.name).toBe('学生_成绩_2024____');

    // The export imports back into a table of the same structure.
    const copy = await createdTable(STUDENT, 'student_copy');
    const back = await upload(admin, `/ckb/drsj?id=${copy.id}`, res.rawPayload);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.count).toBe(4501);
    const last = (await get(admin, `/ckb/selectbsj?id=${copy.id}&current=4501&size=1`)).json().data.records[0];
    expect(last).toMatchObject({ xh: 'E9999', nl: '9223372036854775807', jd: '-99.99', rxrq: '2000-02-29', zx: null });
  });

  it('exports a structure that imports into another table, and names every bad structure row', async () => {
    const t = await createdTable(STUDENT, 'student_structure');
    const exported = await get(admin, `/ckb/dcbjg?id=${t.id}`);
    expect(exported.statusCode).toBe(200);
    const rows = await sheet(exported.rawPayload);
    expect(rows[0]).toEqual(STRUCTURE_COLUMNS.map((c) => c.header));
    expect(rows[1]).toEqual(['xh', '学号', '文本', 10, undefined, '是', '是']);
    expect(rows[4]).toEqual(['jd', '绩点', '小数', 4, 2, '否', '否']);

    const ck = (await post(admin, '/ck/insert', { ckmc: '结构仓库' })).json().data.id;
    const target = (await post(admin, '/ckb/insert', { ckid: ck, bm: 'structure_copy', bzwm: '结构副本' })).json().data
      .id;
    await post(admin, '/ckbzd/insert', { ckbid: target, zdm: 'old', zdzwm: '旧字段', zdlx: 'text' });
    const imported = await upload(admin, `/ckb/drbjg?id=${target}`, exported.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ meta: { message: M.structureImported(6) }, data: { count: 6 } });
    const fields = (await get(admin, `/ckbzd/selectAll?ckbid=${target}`)).json().data;
    expect(fields.map((f: { zdm: string }) => f.zdm)).toEqual(['xh', 'xm', 'nl', 'jd', 'rxrq', 'zx']);
    expect(fields[3]).toMatchObject({ zdlx: 'decimal', cd: 4, xsws: 2, sfbt: false });
    expect(fields[0]).toMatchObject({ zdlx: 'text', cd: 10, sfbt: true, sfwy: true });

    const header = STRUCTURE_COLUMNS.map((c) => c.header);
    const bad = await upload(
      admin,
      `/ckb/drbjg?id=${target}`,
      await xlsx([
        header,
        ['select', '关键字', '文本'],
        ['a"b', '引号', '文本'],
        ['ok1', '', '钱'],
        ['ok2', '长度', '整数', 5],
        ['ok3', '小数', '小数', 4, 4],
        ['ok4', '标记', 'boolean', '', '', '也许'],
        ['OK4', '重复', 'text', '', '', '', '', '没有的维度'],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    const msg = bad.json().meta.message as string;
    expect(msg).toContain(`第2行「字段名」：${M.identifierKeyword('select')}（“select”）`);
    expect(msg).toContain(`第3行「字段名」：${M.identifierFormat}（“a"b”）`);
    expect(msg).toContain('第4行「中文名称」：不能为空');
    expect(msg).toContain('第4行「类型」：应为 文本、整数、小数、日期、是否 之一（“钱”）');
    expect(msg).toContain(`第5行「长度」：${M.lengthOnlyText}（“5”）`);
    expect(msg).toContain(`第6行「小数位数」：${M.scaleRange}（“4”）`);
    expect(msg).toContain('第7行「必填」：应为“是”或“否”（“也许”）');
    expect(msg).toContain('第8行「字段名」：字段名与第7行重复（“OK4”）');
    expect(msg).toContain('第8行「关联维度」：维度不存在（“没有的维度”）');
    expect((await get(admin, `/ckbzd/selectAll?ckbid=${target}`)).json().data).toHaveLength(6);

    // A created table keeps its fields: the structure import is for tables not created yet.
    const created = await upload(admin, `/ckb/drbjg?id=${t.id}`, exported.rawPayload);
    expect(created.statusCode).toBe(409);
    expect(created.json().meta.message).toBe(M.structureImportPhysical('student_structure'));

    const tpl = await get(admin, '/ckb/downloadTemplate?type=structure');
    expect(tpl.statusCode).toBe(200);
    expect((await sheet(tpl.rawPayload))[0]).toEqual(header);
    const noId = await get(admin, '/ckb/downloadTemplate');
    expect(noId.statusCode).toBe(400);
    expect(noId.json().meta.message).toBe(M.tableIdRequired);
  });
});
