import { DIMENSION_COLUMNS, EXCEL_MSG, LIST_PAGE_MAX, DIMENSION_MSG as M, MSG, ROLE } from '@zg/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dimensionObjects, userRoles } from '../../db/schema';
import { DEMO_USERS } from '../../seed/demo';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { multipartBody } from '../../test/zip';
import { dimensionObjectsWithDuty, upsertDimensionObjects } from '.';

let s: TestServer;
let admin: TestSession;
const typeId = new Map<string, number>();
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('zyadmin');
  const types = (await get(admin, '/dimension/queryDiemensionType?pageNum=1&pageSize=10000000')).json().data;
  for (const t of types.list) typeId.set(t.wdbm, t.id);
});
afterAll(async () => {
  await s?.close();
});

const S = '/api/herm-sjgl';
const post = (me: TestSession, url: string, payload: object) =>
  me.request({ method: 'POST', url: `${S}${url}`, payload });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${S}${url}` });
const upload = (me: TestSession, content: Buffer, name = 'dims.xlsx') =>
  me.request({ method: 'POST', url: `${S}/dimension/upload`, ...multipartBody({}, { name, content }) });
const HEADER = DIMENSION_COLUMNS.map((c) => c.header);

async function xlsx(rows: (string | number | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function sheet(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

async function object(wdid: number, dxbm: string, dxmc: string, sjid?: number) {
  const res = await post(admin, '/dimension/insert', { wdid, dxbm, dxmc, ...(sjid ? { sjid } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
const T = (code: string) => typeId.get(code)!;

describe('dimension types (queryDiemensionType)', () => {
  it('lists the eleven built-in types as the option list asks (pageSize 10000000), with their parent rules', async () => {
    const res = await get(admin, '/dimension/queryDiemensionType?pageNum=1&pageSize=10000000');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBeGreaterThanOrEqual(11);
    expect(data.list.slice(0, 4).map((t: { wdmc: string }) => t.wdmc)).toEqual(['学校', '学院', '专业', '课程']);
    expect(data.list.find((t: { wdbm: string }) => t.wdbm === 'course')).toMatchObject({ nz: true, sjlx: ['major'] });
  });

  it('adds, renames and deletes a type of its own; refuses built-in ones and one in use, naming the use', async () => {
    const made = await post(admin, '/dimension/type/insert', { wdbm: 'base', wdmc: '实训基地', px: 20 });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ wdbm: 'base', nz: false, sjlx: null, dxs: 0 });
    const id = made.json().data.id as number;
    const again = await post(admin, '/dimension/type/insert', { wdbm: 'BASE', wdmc: '基地2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().meta.message).toBe(M.typeCodeTaken('BASE'));
    const badCode = await post(admin, '/dimension/type/insert', { wdbm: '基地', wdmc: '基地3' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().meta.message).toContain(M.typeCodeFormat);

    const builtin = await post(admin, '/dimension/type/delete', { id: T('course') });
    expect(builtin.statusCode).toBe(409);
    expect(builtin.json().meta.message).toBe(M.builtinType('课程'));
    const recode = await post(admin, '/dimension/type/update', { id: T('course'), wdbm: 'lesson', wdmc: '课程' });
    expect(recode.statusCode).toBe(400);
    expect(recode.json().meta.message).toBe(M.builtinTypeCode('课程'));

    // Linked from a warehouse field: refused naming the table and field, not the generic FK message.
    const ck = (await post(admin, '/ck/insert', { ckmc: '基地仓库' })).json().data.id;
    const ckb = (await post(admin, '/ckb/insert', { ckid: ck, bm: 'base_info', bzwm: '基地信息' })).json().data.id;
    const zd = await post(admin, '/ckbzd/insert', { ckbid: ckb, zdm: 'jd', zdzwm: '基地', zdlx: 'text', wdid: id });
    expect(zd.statusCode, zd.body).toBe(200);
    const linked = await post(admin, '/dimension/type/delete', { id });
    expect(linked.statusCode).toBe(409);
    expect(linked.json().meta.message).toBe(M.typeLinked('实训基地', '基地信息.基地'));
    await post(admin, '/ckbzd/ids/delete', { ids: [zd.json().data.id] });

    const o = await object(id, 'B1', '一号基地');
    const busy = await post(admin, '/dimension/type/delete', { id });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().meta.message).toBe(M.typeHasObjects('实训基地', 1));
    await post(admin, '/dimension/delete', { ids: [o] });

    const renamed = await post(admin, '/dimension/type/update', { id, wdbm: 'base', wdmc: '实训基地（校内）' });
    expect(renamed.json().data.wdmc).toBe('实训基地（校内）');
    const gone = await post(admin, '/dimension/type/delete', { id });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await post(admin, '/dimension/type/delete', { id })).statusCode).toBe(404);
  });
});

describe('dimension objects', () => {
  it('are added with parents of the right type, paged by type, searched, and shown with their parent chain', async () => {
    const college = await object(T('college'), 'X01', '信息工程学院');
    const major = await object(T('major'), 'M01', '软件技术', college);
    await object(T('major'), 'M02', '计算机网络技术', college);
    const course = await object(T('course'), 'C01', '程序设计基础', major);

    const page = await get(admin, `/dimension/queryDimension?wdid=${T('major')}&pageNum=1&pageSize=10`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ total: 2, pageNum: 1, pageSize: 10 });
    expect(page.json().data.list[0]).toMatchObject({
      id: major,
      wdbm: 'major',
      wdmc: '专业',
      dxbm: 'M01',
      dxmc: '软件技术',
      sjid: college,
      sjmc: '信息工程学院',
      sjwdmc: '学院',
      sfqy: true,
      xjs: 1,
    });
    const search = await get(
      admin,
      `/dimension/queryDimension?wdid=${T('major')}&keyword=${encodeURIComponent('网络')}`,
    );
    expect(search.json().data.list.map((o: { dxbm: string }) => o.dxbm)).toEqual(['M02']);
    const children = await get(admin, `/dimension/queryDimension?sjid=${college}`);
    expect(children.json().data.total).toBe(2);
    // The objects are an ordinary list: 10000000 (the TYPE list's option size) is refused naming the cap (issue 28).
    const all = await get(admin, `/dimension/queryDimension?pageNum=1&pageSize=10000000`);
    expect(all.statusCode).toBe(400);
    expect(all.json().meta.message).toContain(MSG.pageSizeTooLarge(LIST_PAGE_MAX));
    const most = await get(admin, `/dimension/queryDimension?pageNum=1&pageSize=${LIST_PAGE_MAX}`);
    expect(most.json().data.pageSize).toBe(LIST_PAGE_MAX);

    const detail = await get(admin, `/dimension/queryDetailDimension?id=${course}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      dxmc: '程序设计基础',
      xjs: 0,
      sjlj: [
        { id: college, wdmc: '学院', dxmc: '信息工程学院' },
        { id: major, wdmc: '专业', dxmc: '软件技术' },
      ],
      zrbm: [],
    });
    expect((await get(admin, '/dimension/queryDetailDimension?id=999999')).statusCode).toBe(404);
  });

  it('answers duplicate codes, unknown or wrong-typed parents and cycles with Chinese messages', async () => {
    const college = await object(T('college'), 'X02', '机电工程学院');
    const dup = await post(admin, '/dimension/insert', { wdid: T('college'), dxbm: 'X02', dxmc: '重复' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().meta.message).toBe(M.codeTaken('学院', 'X02'));
    // The same code in another type is another object.
    await object(T('major'), 'X02', '同编码专业', college);

    const noParent = await post(admin, '/dimension/insert', {
      wdid: T('major'),
      dxbm: 'M9',
      dxmc: '孤儿',
      sjid: 999999,
    });
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json().meta.message).toBe(M.parentNotFound);
    const wrongType = await post(admin, '/dimension/insert', {
      wdid: T('course'),
      dxbm: 'C9',
      dxmc: '错挂课程',
      sjid: college,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().meta.message).toBe(M.parentType('课程', '专业'));
    const noType = await post(admin, '/dimension/insert', { wdid: 999999, dxbm: 'Z', dxmc: 'Z' });
    expect(noType.statusCode).toBe(404);
    expect(noType.json().meta.message).toBe(M.typeNotFound);
    const empty = await post(admin, '/dimension/insert', { wdid: T('college'), dxbm: ' ', dxmc: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toContain(M.codeRequired);

    // Departments may sit under departments: a cycle is refused.
    const a = await object(T('department'), 'DA', '甲部门');
    const b = await object(T('department'), 'DB', '乙部门', a);
    const c = await object(T('department'), 'DC', '丙部门', b);
    const cycle = await post(admin, '/dimension/update', { id: a, dxbm: 'DA', dxmc: '甲部门', sjid: c });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().meta.message).toBe(M.parentCycle('丙部门'));
    const self = await post(admin, '/dimension/update', { id: a, dxbm: 'DA', dxmc: '甲部门', sjid: a });
    expect(self.json().meta.message).toBe(M.parentCycle('甲部门'));
    const recode = await post(admin, '/dimension/update', { id: c, dxbm: 'DB', dxmc: '丙部门', sjid: b });
    expect(recode.statusCode).toBe(409);
    expect(recode.json().meta.message).toBe(M.codeTaken('部门', 'DB'));
    const moved = await post(admin, '/dimension/update', { id: c, dxbm: 'DC2', dxmc: '丙部门', sjid: a, sfqy: false });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ dxbm: 'DC2', sjid: a, sfqy: false });
  });

  it('refuses deleting an object with children or a responsible department, naming them; deletes a whole branch', async () => {
    const college = await object(T('college'), 'X03', '经管学院');
    const major = await object(T('major'), 'M31', '会计', college);
    const withChild = await post(admin, '/dimension/delete', { ids: [college] });
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json().meta.message).toBe(M.objectHasChildren('经管学院', 1, '会计'));

    const saved = await post(admin, '/departmentDuty/save', { bmid: 'D02', dxids: [major] });
    expect(saved.statusCode, saved.body).toBe(200);
    const withDuty = await post(admin, '/dimension/delete', { ids: [major] });
    expect(withDuty.statusCode).toBe(409);
    expect(withDuty.json().meta.message).toBe(M.objectHasDuty('会计', '“教务处”'));
    await post(admin, '/departmentDuty/save', { bmid: 'D02', dxids: [] });

    // Parent and child together go at once.
    const both = await post(admin, '/dimension/delete', { ids: [college, major] });
    expect(both.statusCode, both.body).toBe(200);
    expect(await s.database.db.select().from(dimensionObjects).where(eq(dimensionObjects.id, college))).toEqual([]);
    expect((await post(admin, '/dimension/delete', { ids: [college] })).statusCode).toBe(404);
  });

  it('are kept by administrators and the data office only; an ordinary teacher is refused', async () => {
    const teacher = await s.login('rwfzr01');
    expect((await get(teacher, '/dimension/queryDimension')).statusCode).toBe(403);
    expect((await post(teacher, '/dimension/insert', { wdid: T('college'), dxbm: 'T', dxmc: 'T' })).statusCode).toBe(
      403,
    );
    expect((await post(teacher, '/departmentDuty/save', { bmid: 'D02', dxids: [] })).statusCode).toBe(403);
    expect((await upload(teacher, await xlsx([HEADER]))).statusCode).toBe(403);
    // The 数据管理 menu reads, but does not write.
    const reader = await s.login('zgfb01');
    expect((await get(reader, '/dimension/queryDimension')).statusCode).toBe(200);
    expect((await post(reader, '/dimension/type/insert', { wdbm: 'x', wdmc: 'x' })).statusCode).toBe(403);
    // The data office keeps them.
    await s.database.db.insert(userRoles).values({ userId: 'xld01', roleId: ROLE.dataOffice });
    const office = await s.login('xld01');
    const made = await post(office, '/dimension/insert', { wdid: T('college'), dxbm: 'OFFICE1', dxmc: '数据办学院' });
    expect(made.statusCode, made.body).toBe(200);
    expect((await post(office, '/dimension/delete', { ids: [made.json().data.id] })).statusCode).toBe(200);
  });
});

describe('Excel (upload, download, downloadtemplate)', () => {
  it('imports all or nothing, with parents later in the file, and names each bad row and column', async () => {
    const template = await get(admin, '/dimension/downloadtemplate');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    expect((await sheet(template.rawPayload))[0]).toEqual(HEADER);

    const before = (await get(admin, '/dimension/queryDimension?pageSize=1')).json().data.total;
    const bad = await upload(
      admin,
      await xlsx([
        HEADER,
        ['课程', 'IC1', '数据库原理', '', 'IM1', 1, '是'],
        ['宿舍', 'Z1', '一号楼', '', '', '', ''],
        ['课程', 'IC1', '重复课程', '', 'IM1', '', ''],
        ['课程', 'IC2', '无上级课程', '', 'NOPE', '', ''],
        ['部门', 'ID1', '甲', '部门', 'ID2', '', ''],
        ['部门', 'ID2', '乙', '部门', 'ID1', '', ''],
        ['专业', 'IM1', '大数据技术', '', 'IX1', '', ''],
        ['学院', 'IX1', '数字学院', '', '', '', ''],
      ]),
    );
    expect(bad.statusCode, bad.body).toBe(400);
    const message = bad.json().meta.message as string;
    expect(message).toContain(EXCEL_MSG.importFailed(5));
    expect(message).toContain(EXCEL_MSG.cell(3, '类型', M.rule.unknownType, '宿舍'));
    expect(message).toContain(EXCEL_MSG.cell(4, '编码', M.rule.duplicateInFile(2), 'IC1'));
    expect(message).toContain(EXCEL_MSG.cell(5, '上级编码', M.rule.unknownParent, 'NOPE'));
    expect(message).toContain(EXCEL_MSG.cell(6, '上级编码', M.rule.cycle, 'ID2'));
    expect(message).toContain(EXCEL_MSG.cell(7, '上级编码', M.rule.cycle, 'ID1'));
    expect((await get(admin, '/dimension/queryDimension?pageSize=1')).json().data.total).toBe(before);

    const good = await upload(
      admin,
      await xlsx([
        HEADER,
        ['课程', 'IC1', '数据库原理', '', 'IM1', 1, '是'],
        ['专业', 'IM1', '大数据技术', '', 'IX1', '', ''],
        ['学院', 'IX1', '数字学院', '', '', '', '否'],
      ]),
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toEqual({ count: 3, created: 3, updated: 0 });
    expect(good.json().meta.message).toBe(M.imported(3));
    const course = (await get(admin, `/dimension/queryDimension?wdid=${T('course')}&keyword=IC1`)).json().data.list[0];
    expect(course).toMatchObject({ dxmc: '数据库原理', sjbm: 'IM1', sjmc: '大数据技术', px: 1 });

    // Again with a new name: the same objects are updated.
    const again = await upload(admin, await xlsx([HEADER, ['学院', 'IX1', '数字技术学院', '', '', '', '']]));
    expect(again.json().data).toEqual({ count: 1, created: 0, updated: 1 });
    const [audit] = await s.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'dimensionObject.import'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit?.actorId).toBe('zyadmin');
  });

  it('refuses wrong headers, an empty sheet and a file that is not xlsx', async () => {
    const headers = await upload(
      admin,
      await xlsx([
        ['类型', '编码', '名字'],
        ['学院', 'Q', 'Q'],
      ]),
    );
    expect(headers.statusCode).toBe(400);
    expect(headers.json().meta.message).toBe(EXCEL_MSG.headerMismatch);
    const empty = await upload(admin, await xlsx([HEADER]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toBe(EXCEL_MSG.emptySheet);
    const notXlsx = await upload(admin, Buffer.from('a,b'), 'dims.csv');
    expect(notXlsx.statusCode).toBe(415);
  });

  it('exports objects of a type (streamed) in the template’s shape, which imports back', async () => {
    const college = await object(T('college'), 'EX1', '导出学院');
    await object(T('major'), 'EM1', '导出专业', college);
    const res = await get(admin, `/dimension/download?wdid=${T('major')}&keyword=EM`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const rows = await sheet(res.rawPayload);
    expect(rows).toEqual([HEADER, ['专业', 'EM1', '导出专业', '学院', 'EX1', 0, '是']]);
    const back = await upload(admin, res.rawPayload);
    expect(back.json().data).toEqual({ count: 1, created: 0, updated: 1 });
    expect((await get(admin, '/dimension/download?wdid=999999')).statusCode).toBe(404);
  });
});

describe('department responsibilities (departmentDuty)', () => {
  it('saves the set a department answers for, lists it by department and by type, and refuses another’s object', async () => {
    const college = await object(T('college'), 'RX1', '职责学院');
    const m1 = await object(T('major'), 'RM1', '职责专业一', college);
    const m2 = await object(T('major'), 'RM2', '职责专业二', college);
    const saved = await post(admin, '/departmentDuty/save', { bmid: 'D07', dxids: [m1, m2, m1] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ bmid: 'D07', bmmc: '信息工程学院' });
    expect(saved.json().data.dxs.map((o: { dxbm: string }) => o.dxbm)).toEqual(['RM1', 'RM2']);

    const byDepartment = await get(admin, '/departmentDuty/queryByDepartment?bmid=D07');
    expect(byDepartment.json().data.dxs).toHaveLength(2);
    const byType = await get(admin, `/departmentDuty/queryByType?wdid=${T('major')}&keyword=RM&pageSize=10`);
    expect(byType.json().data.list).toEqual([
      expect.objectContaining({ dxbm: 'RM1', bmid: 'D07', bmmc: '信息工程学院' }),
      expect.objectContaining({ dxbm: 'RM2', bmid: 'D07' }),
    ]);

    // Another department cannot take an object D07 answers for; nothing of its set changes.
    await post(admin, '/departmentDuty/save', { bmid: 'D08', dxids: [college] });
    const taken = await post(admin, '/departmentDuty/save', { bmid: 'D08', dxids: [m2] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().meta.message).toBe(M.dutyTaken('职责专业二', '信息工程学院'));
    const d08 = (await get(admin, '/departmentDuty/queryByDepartment?bmid=D08')).json().data.dxs;
    expect(d08.map((o: { id: number }) => o.id)).toEqual([college]);

    // Replacing the set.
    const replaced = await post(admin, '/departmentDuty/save', { bmid: 'D07', dxids: [m2] });
    expect(replaced.json().data.dxs.map((o: { id: number }) => o.id)).toEqual([m2]);
    const free = await get(admin, `/departmentDuty/queryByType?wdid=${T('major')}&keyword=RM&bmid=D08`);
    expect(free.json().data.list.map((o: { dxbm: string }) => o.dxbm)).toEqual(['RM1']);

    const missing = await post(admin, '/departmentDuty/save', { bmid: 'D07', dxids: [999999] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().meta.message).toBe(M.objectNotFound);
    const noDepartment = await get(admin, '/departmentDuty/queryByDepartment?bmid=NOPE');
    expect(noDepartment.statusCode).toBe(404);
    expect(noDepartment.json().meta.message).toBe(M.departmentNotFound);
  });
});

describe('dimensionObjectsWithDuty (the objects a diagnosis task is published to)', () => {
  it('lists the objects of a type with their parents and their responsible department and its head', async () => {
    const db = s.app.database.db;
    const college = await object(T('college'), 'WX1', '对象学院');
    const m1 = await object(T('major'), 'WM1', '对象专业一', college);
    const m2 = await object(T('major'), 'WM2', '对象专业二', college);
    const m3 = await object(T('major'), 'WM3', '对象专业三');
    const c1 = await object(T('course'), 'WC1', '对象课程一', m1);
    expect((await post(admin, '/departmentDuty/save', { bmid: 'D07', dxids: [m1, m2] })).statusCode).toBe(200);
    const ids = [m1, m2, m3, c1, college];
    const majors = await dimensionObjectsWithDuty(db, 'major', { ids });
    const head = DEMO_USERS.find((u) => u.id === 'bmfzr07')!;
    expect(majors).toEqual([
      {
        id: m1,
        code: 'WM1',
        name: '对象专业一',
        sort: 0,
        enabled: true,
        parent: { id: college, code: 'WX1', name: '对象学院', typeCode: 'college' },
        department: { id: 'D07', name: '信息工程学院', head: { id: 'bmfzr07', name: head.name } },
      },
      expect.objectContaining({ id: m2, department: expect.objectContaining({ id: 'D07' }) }),
      expect.objectContaining({ id: m3, parent: null, department: null }),
    ]);
    expect(await dimensionObjectsWithDuty(db, 'course', { ids })).toEqual([
      expect.objectContaining({ id: c1, parent: { id: m1, code: 'WM1', name: '对象专业一', typeCode: 'major' } }),
    ]);
    // Disabled objects are left out unless asked for; the whole type without ids holds ours too.
    await db.update(dimensionObjects).set({ enabled: false }).where(eq(dimensionObjects.id, m3));
    expect((await dimensionObjectsWithDuty(db, 'major', { ids }))!.map((o) => o.id)).toEqual([m1, m2]);
    expect((await dimensionObjectsWithDuty(db, 'major', { ids, includeDisabled: true }))!.map((o) => o.id)).toEqual([
      m1,
      m2,
      m3,
    ]);
    expect((await dimensionObjectsWithDuty(db, 'major'))!.map((o) => o.id)).toEqual(expect.arrayContaining([m1, m2]));
    expect(await dimensionObjectsWithDuty(db, 'major', { ids: [] })).toEqual([]);
    expect(await dimensionObjectsWithDuty(db, 'no-such-type')).toBeNull();
  });
});

describe('upsertDimensionObjects (the demo seed)', () => {
  it('writes a list with parents by code, updates on a second run, and refuses a bad list whole', async () => {
    const items = [
      { typeCode: 'course', code: 'SC1', name: '种子课程', parentCode: 'SM1' },
      { typeCode: 'major', code: 'SM1', name: '种子专业', parentCode: 'SX1' },
      { typeCode: 'college', code: 'SX1', name: '种子学院' },
      { typeCode: 'teacher', code: 'ST1', name: '种子教师', parentCode: 'SX1', parentTypeCode: 'college' },
    ];
    expect(await upsertDimensionObjects(s.database.db, items)).toEqual({ created: 4, updated: 0 });
    expect(await upsertDimensionObjects(s.database.db, items)).toEqual({ created: 0, updated: 4 });
    await expect(
      upsertDimensionObjects(s.database.db, [{ typeCode: 'course', code: 'SC2', name: '坏课程', parentCode: 'NONE' }]),
    ).rejects.toThrow(/parentCode/);
    const rows = await s.database.db.select().from(dimensionObjects).where(eq(dimensionObjects.code, 'SC2'));
    expect(rows).toEqual([]);
  });

  it('writes thousands in batches, children listed before their parents', async () => {
    const students = Array.from({ length: 2500 }, (_, i) => ({
      typeCode: 'student',
      code: `BS${String(i).padStart(5, '0')}`,
      name: `学生${i}`,
      parentCode: `BC${i % 3}`,
    }));
    const classes = [0, 1, 2].map((i) => ({ typeCode: 'class', code: `BC${i}`, name: `班级${i}`, parentCode: 'SM1' }));
    expect(await upsertDimensionObjects(s.database.db, [...students, ...classes])).toEqual({
      created: 2503,
      updated: 0,
    });
    const [counted] = (
      (await s.database.db.execute(sql`
        select count(*)::int as n from dimension_objects s join dimension_objects c on c.id = s.parent_id
        where s.code like 'BS%' and c.code like 'BC%'`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(counted?.n).toBe(2500);

    // The export reads them back in batches of 1000 (keyset on type, order, id): every one once, in order.
    const res = await get(admin, `/dimension/download?wdid=${T('student')}&keyword=BS`);
    expect(res.statusCode).toBe(200);
    const rows = await sheet(res.rawPayload);
    expect(rows).toHaveLength(2501);
    expect(rows[1]).toEqual(['学生', 'BS00000', '学生0', '班级', 'BC0', 0, '是']);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(2500);
    expect(rows[2500]![1]).toBe('BS02499');
  });
});
