import { DATA_MANAGE_MSG, COLLECTION_MSG as M } from '@zg/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { multipartBody } from '../../test/zip';

let s: TestServer;
let admin: TestSession;
let filler: TestSession;
let other: TestSession;
let auditor: TestSession;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('zyadmin');
  filler = await s.login('rwfzr01');
  other = await s.login('rwfzr02');
  auditor = await s.login('zgfb01');
});
afterAll(async () => {
  await s?.close();
});

const C = '/api/herm-sjcj';
const G = '/api/herm-sjgl';
const post = (me: TestSession, url: string, payload: object = {}) =>
  me.request({ method: 'POST', url: `${url.startsWith('/api') ? '' : C}${url}`, payload });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${C}${url}` });
const data = async (res: Promise<LightMyRequestResponse>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};
/** A refusal: its status and its Chinese message. */
const refused = async (res: Promise<LightMyRequestResponse>, status: number, message?: string) => {
  const r = await res;
  expect(r.statusCode).toBe(status);
  const body = r.json();
  expect(body.meta.success).toBe(false);
  if (message) expect(body.meta.message).toContain(message);
  return body.meta.message as string;
};
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const warehouseRows = async (table: string) =>
  rowsOf<Record<string, unknown>>(
    await s.database.db.execute(sql`select * from ${sql.identifier('warehouse')}.${sql.identifier(table)} order by id`),
  );

const FIELDS = [
  { zdm: 'gh', zdzwm: '工号', zdlx: 'text', cd: 10, sfbt: true, sfwy: true },
  { zdm: 'xm', zdzwm: '姓名', zdlx: 'text', cd: 6, sfbt: true },
  { zdm: 'ts', zdzwm: '天数', zdlx: 'integer' },
  { zdm: 'bl', zdzwm: '比例', zdlx: 'decimal', cd: 5, xsws: 2 },
  { zdm: 'rq', zdzwm: '开始日期', zdlx: 'date' },
  { zdm: 'sfwc', zdzwm: '是否完成', zdlx: 'boolean' },
  { zdm: 'lx', zdzwm: '实践类型', zdlx: 'text', cd: 20 },
];

let seq = 0;
/** A created warehouse table with FIELDS: its id, name and field ids by column name. */
async function table(name = `cj_t${++seq}`) {
  const ck = await data(post(admin, `${G}/ck/insert`, { ckmc: `采集仓库${name}` }));
  const t = await data(post(admin, `${G}/ckb/insert`, { ckid: ck.id, bm: name, bzwm: `采集表${name}` }));
  const ids: Record<string, number> = {};
  for (const f of FIELDS) ids[f.zdm] = (await data(post(admin, `${G}/ckbzd/insert`, { ckbid: t.id, ...f }))).id;
  await data(post(admin, `${G}/ckb/cjwlb`, { id: t.id }));
  return { id: t.id as number, name, ids };
}

let constantType = 0;
async function practiceTypes() {
  if (constantType) return constantType;
  const t = await data(post(admin, '/constantTypes/insert', { code: 'sjlx', name: '实践类型' }));
  for (const [value, label] of [
    ['qy', '企业实践'],
    ['gz', '挂职锻炼'],
  ])
    await data(post(admin, '/constants/insert', { typeId: t.id, value, label }));
  constantType = t.id;
  return constantType;
}

async function directory() {
  return (await data(post(admin, '/formDirectorys/insert', { name: `目录${++seq}` }))).id as number;
}

const formFields = (ids: Record<string, number>, typeId: number) => [
  { fieldId: ids.gh, label: '工号', kind: 'text', unique: true },
  { fieldId: ids.xm, label: '姓名', kind: 'text' },
  { fieldId: ids.ts, label: '天数', kind: 'number', min: 0, max: 365 },
  { fieldId: ids.bl, label: '比例', kind: 'number', decimals: 1 },
  { fieldId: ids.rq, label: '开始日期', kind: 'date' },
  { fieldId: ids.sfwc, label: '是否完成', kind: 'yesNo' },
  { fieldId: ids.lx, label: '实践类型', kind: 'select', constantTypeId: typeId },
];

/** A published form over a new table. */
async function publishedForm(tableType: 'fixed' | 'floating' = 'floating') {
  const t = await table();
  const typeId = await practiceTypes();
  const form = await data(
    post(admin, '/forms/insert', {
      directoryId: await directory(),
      name: `教师企业实践${seq}`,
      tableId: t.id,
      tableType,
      fields: formFields(t.ids, typeId),
    }),
  );
  await data(post(admin, `/forms/${form.id}/publishById`));
  return { form, table: t };
}

const TASK = { cycle: '2026', startDate: '2020-01-01', deadline: '2099-12-31', auditorId: 'zgfb01' };
/** A task of the form allocated to rwfzr01; its fill task's id. */
async function fillTask(formId: number, over: Record<string, unknown> = {}) {
  const task = await data(
    post(admin, '/tasks/insert', { name: `采集${++seq}`, formId, userIds: ['rwfzr01'], ...TASK, ...over }),
  );
  const [fill] = await data(get(admin, `/taskAllocations/list?taskId=${task.id}`));
  return { taskId: task.id as number, id: fill.id as number };
}

const GOOD = { gh: 'T001', xm: '张伟', ts: '20', bl: '0.5', rq: '2026-03-01', sfwc: true, lx: 'qy' };

describe('form directories (a tree)', () => {
  it('builds a tree, refuses a loop, too deep a line and deleting a directory that is not empty', async () => {
    const root = await data(post(admin, '/formDirectorys/insert', { name: '教师' }));
    const child = await data(post(admin, '/formDirectorys/insert', { name: '实践', parentId: root.id }));
    const tree = await data(get(admin, '/formDirectorys/tree'));
    const node = tree.find((n: { id: number }) => n.id === root.id);
    expect(node.children.map((c: { name: string }) => c.name)).toEqual(['实践']);
    await refused(
      post(admin, '/formDirectorys/update', { id: root.id, name: '教师', parentId: child.id }),
      400,
      M.directoryParentLoop,
    );
    await refused(post(admin, `/formDirectorys/${root.id}/delete`), 409, '目录“教师”下还有子目录或表单');
    let parent = child.id;
    for (let i = 0; i < 3; i++)
      parent = (await data(post(admin, '/formDirectorys/insert', { name: `第${i + 3}级`, parentId: parent }))).id;
    await refused(post(admin, '/formDirectorys/insert', { name: '第6级', parentId: parent }), 400, M.directoryTooDeep);
    await refused(post(admin, '/formDirectorys/insert', { name: '' }), 400, '请输入名称');
    await refused(post(admin, '/formDirectorys/insert', { name: '孤儿', parentId: 999999 }), 404, M.directoryNotFound);
    await refused(post(filler, '/formDirectorys/insert', { name: '填报人不能建目录' }), 403);
  });
});

describe('forms bound to a warehouse table', () => {
  it('keep their table: 删除物理表 is refused while a form writes into it, naming the form', async () => {
    const { form, table: t } = await publishedForm();
    const message = await refused(post(admin, `${G}/ckb/scwlb`, { id: t.id }), 409);
    expect(message).toBe(DATA_MANAGE_MSG.tableInUse(t.name, M.tableUsedByForms([form.name])));
  });

  it('checks every field against the table, publishes versions and keeps tasks on the version they were given', async () => {
    const t = await table();
    const typeId = await practiceTypes();
    const dir = await directory();
    const base = { directoryId: dir, name: '教师企业实践', tableId: t.id };
    const fields = formFields(t.ids, typeId);
    await refused(
      post(admin, '/forms/insert', { ...base, fields: [{ fieldId: 999999, label: 'x', kind: 'text' }] }),
      400,
      M.formFieldUnknown(1),
    );
    await refused(
      post(admin, '/forms/insert', {
        ...base,
        fields: [...fields.slice(0, 2), { fieldId: t.ids.ts, label: '天数', kind: 'date' }],
      }),
      400,
      '第 3 个字段“天数”：组件类型“日期”不能绑定“整数”类型的数据表字段',
    );
    await refused(
      post(admin, '/forms/insert', { ...base, fields: [fields[0], fields[0]] }),
      400,
      '第 2 个字段：数据表字段“工号”已绑定过',
    );
    await refused(
      post(admin, '/forms/insert', { ...base, fields: [fields[0]] }),
      400,
      M.formFieldRequiredMissing('姓名'),
    );
    await refused(
      post(admin, '/forms/insert', {
        ...base,
        fields: [...fields.slice(0, 2), { fieldId: t.ids.lx, label: '实践类型', kind: 'select' }],
      }),
      400,
      M.formFieldNeedsConstant(3, '实践类型'),
    );
    await refused(
      post(admin, '/forms/insert', {
        ...base,
        fields: [...fields.slice(0, 2), { fieldId: t.ids.ts, label: '天数', kind: 'number', min: 9, max: 1 }],
      }),
      400,
      M.formFieldMinMax(3, '天数'),
    );
    await refused(post(admin, '/forms/insert', { ...base, fields, tableConfigId: 999999 }), 400, '所选表格配置不存在');
    await refused(post(admin, '/forms/insert', { ...base, fields, tableType: 'round' }), 400);

    const form = await data(post(admin, '/forms/insert', { ...base, fields }));
    expect(form).toMatchObject({ version: 0, changedSincePublish: true, abilities: { publish: true } });
    expect(form.fields[0]).toMatchObject({ required: true, unique: true }); // the table's rules carried over
    await refused(
      post(admin, '/tasks/insert', { name: '未发布', formId: form.id, userIds: ['rwfzr01'], ...TASK }),
      409,
      M.formNotPublished('教师企业实践'),
    );

    const published = await post(admin, `/forms/${form.id}/publishById`);
    expect(published.json()).toMatchObject({
      meta: { message: M.published(1) },
      data: { version: 1, changedSincePublish: false },
    });
    const { id } = await fillTask(form.id);
    // Editing the draft changes no published version: the fill task still fills version 1's seven fields.
    const edited = await data(
      post(admin, '/forms/update', { ...base, id: form.id, name: '教师企业实践（修订）', fields: fields.slice(0, 2) }),
    );
    expect(edited).toMatchObject({ version: 1, changedSincePublish: true });
    const filled = await data(get(filler, `/datas/queryDatasByParam?fillTaskId=${id}`));
    expect(filled.fields).toHaveLength(7);
    // The grid learns whether it may add rows.
    expect(filled.tableType).toBe('floating');
    expect((await post(admin, `/forms/${form.id}/publishById`)).json().meta.message).toBe(M.published(2));
    await refused(post(admin, `/forms/${form.id}/delete`), 409, '已有采集任务');
    await refused(post(filler, `/forms/${form.id}/publishById`), 403);
    expect((await data(get(filler, `/forms/list?directoryId=${dir}`)))[0].abilities).toEqual({
      edit: false,
      publish: false,
      remove: false,
    });
  });
});

async function xlsx(rows: (string | number | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = (me: TestSession, url: string, content: Buffer) =>
  me.request({ method: 'POST', url: `${C}${url}`, ...multipartBody({}, { name: 'c.xlsx', content }) });

describe('constants', () => {
  it('keeps types and values, refuses duplicates and deleting a type a form uses', async () => {
    const t = await data(post(admin, '/constantTypes/insert', { code: 'xl', name: '学历' }));
    await refused(
      post(admin, '/constantTypes/insert', { code: 'xl', name: '学历2' }),
      409,
      M.constantTypeCodeTaken('xl'),
    );
    await refused(post(admin, '/constantTypes/insert', { code: '1中文', name: '坏编码' }), 400, '编码只能包含字母');
    const c = await data(post(admin, '/constants/insert', { typeId: t.id, value: 'bk', label: '本科' }));
    await refused(
      post(admin, '/constants/insert', { typeId: t.id, value: 'bk', label: '本科2' }),
      409,
      M.constantValueTaken('bk'),
    );
    await data(post(admin, '/constants/update', { ...c, label: '大学本科' }));
    expect(await data(get(filler, `/constants/list?typeId=${t.id}`))).toEqual([{ ...c, label: '大学本科' }]);
    await data(post(admin, '/constants/ids/delete', { ids: [c.id] }));
    await refused(post(admin, '/constants/ids/delete', { ids: [c.id] }), 404, M.constantNotFound);
    await data(post(admin, `/constantTypes/${t.id}/delete`));
    await publishedForm();
    await refused(post(admin, `/constantTypes/${constantType}/delete`), 409, M.constantTypeInUse('实践类型'));
  });

  it('imports a sheet all or nothing, naming each bad row', async () => {
    await data(post(admin, '/constantTypes/insert', { code: 'zc', name: '职称' }));
    const template = await get(admin, '/constants/template');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const header = ['常量类型编码', '常量值', '显示名称', '排序'];
    const message = await refused(
      upload(
        admin,
        '/constants/import',
        await xlsx([
          header,
          ['zc', 'js', '教授', 1],
          ['nope', 'x', 'X', null],
          ['zc', 'js', '重复', 2],
          ['zc', '', '', 'a'],
        ]),
      ),
      400,
    );
    expect(message).toContain('第3行');
    expect(message).toContain('常量类型不存在');
    expect(message).toContain('与第2行重复');
    expect(message).toContain('第5行');
    const typeId = (await data(get(admin, '/constantTypes/list'))).find((x: { code: string }) => x.code === 'zc').id;
    expect(await data(get(admin, `/constants/list?typeId=${typeId}`))).toEqual([]); // nothing half-saved
    const ok = await upload(
      admin,
      '/constants/import',
      await xlsx([header, ['zc', 'js', '教授', 1], ['zc', 'fjs', '副教授', 2]]),
    );
    expect(ok.json()).toMatchObject({ data: { count: 2 } });
    expect((await data(get(admin, `/constants/list?typeId=${typeId}`))).map((x: { label: string }) => x.label)).toEqual(
      ['教授', '副教授'],
    );
    await refused(upload(filler, '/constants/import', await xlsx([header])), 403);
  });
});

describe('collection tasks', () => {
  it('refuses bad tasks with Chinese messages', async () => {
    const { form } = await publishedForm();
    const base = { name: '坏任务', formId: form.id, ...TASK };
    await refused(post(admin, '/tasks/insert', base), 400, M.taskNoAssignees);
    await refused(post(admin, '/tasks/insert', { ...base, userIds: ['nobody'] }), 400, M.userNotFound('nobody'));
    await refused(
      post(admin, '/tasks/insert', { ...base, departmentIds: ['NOPE'] }),
      400,
      M.departmentNotFound('NOPE'),
    );
    await refused(
      post(admin, '/tasks/insert', { ...base, userIds: ['rwfzr01'], deadline: '2019-01-01' }),
      400,
      M.taskDates,
    );
    await refused(post(admin, '/tasks/insert', { ...base, userIds: ['rwfzr01'], deadline: '2026-02-30' }), 400);
    await refused(post(filler, '/tasks/insert', { ...base, userIds: ['rwfzr01'] }), 403);
    await refused(get(filler, '/tasks/list'), 403);
    await refused(
      post(admin, '/tasks/insert', { ...base, userIds: ['rwfzr01'], auditorOf: { rwfzr02: 'shr01' } }),
      400,
      M.auditorForWhom('rwfzr02'),
    );
    await refused(
      post(admin, '/tasks/insert', { ...base, userIds: ['rwfzr01'], auditorOf: { rwfzr01: 'ghost' } }),
      400,
      M.userNotFound('ghost'),
    );
  });

  it('gives each allocation its auditor: the one named for it, or the task auditor', async () => {
    const { form } = await publishedForm();
    const task = await data(
      post(admin, '/tasks/insert', {
        name: '分别审核',
        formId: form.id,
        ...TASK,
        departmentIds: ['D02'],
        userIds: ['rwfzr01'],
        auditorOf: { D02: 'shr01' },
      }),
    );
    expect(task.counts).toEqual({ uncommitted: 2, waitAudit: 0, finished: 0 });
    const fills = await data(get(admin, `/taskAllocations/list?taskId=${task.id}`));
    expect(fills.map((f: { departmentId: string | null; auditorId: string }) => [f.departmentId, f.auditorId])).toEqual(
      [
        ['D02', 'shr01'],
        [null, 'zgfb01'],
      ],
    );
  });

  it('closes overdue tasks (closeOutdatedTask), after which nothing can be filled', async () => {
    const { form } = await publishedForm();
    const { id, taskId } = await fillTask(form.id, { startDate: '2020-01-01', deadline: '2020-12-31' });
    await refused(
      post(filler, '/datas/updateOrInsert', { fillTaskId: id, rows: [GOOD] }),
      409,
      M.pastDeadline('2020-12-31'),
    );
    const closed = await data(post(admin, '/tasks/closeOutdatedTask'));
    expect(closed.closed).toBeGreaterThanOrEqual(1);
    expect((await data(get(admin, '/tasks/list'))).find((t: { id: number }) => t.id === taskId)).toMatchObject({
      closed: true,
    });
    await refused(post(filler, '/datas/updateOrInsert', { fillTaskId: id, rows: [GOOD] }), 409, M.taskClosed);
    const later = await fillTask(form.id, { startDate: '2099-01-01', deadline: '2099-12-31' });
    await refused(
      post(filler, '/datas/updateOrInsert', { fillTaskId: later.id, rows: [GOOD] }),
      409,
      M.notStarted('2099-01-01'),
    );
  });
});

describe('filling in', () => {
  it('checks every cell by the form and the warehouse, naming the row and field; nothing half-saved', async () => {
    const { form } = await publishedForm();
    const { id } = await fillTask(form.id);
    const save = (rows: object[]) => post(filler, '/datas/updateOrInsert', { fillTaskId: id, rows });
    await data(save([GOOD]));
    const cases: [object, string][] = [
      [{ xm: '名字太长了超过六个字' }, M.cellRefused(2, '姓名', '不能超过6个字符')],
      [{ ts: 'abc' }, M.cellRefused(2, '天数', '应为整数')],
      [{ ts: '6.5' }, M.cellRefused(2, '天数', '应为整数')],
      [{ ts: '400' }, M.cellRefused(2, '天数', M.aboveMax(365))],
      [{ ts: '-1' }, M.cellRefused(2, '天数', M.belowMin(0))],
      [{ bl: '0.55' }, M.cellRefused(2, '比例', M.decimals(1))],
      [{ rq: '2026-02-30' }, '第 2 行“开始日期”'],
      [{ lx: 'xx' }, M.cellRefused(2, '实践类型', M.notOption('xx'))],
      [{ xm: '' }, M.cellRefused(2, '姓名', '不能为空')],
      [{ gh: 'T000' }, M.duplicateInRows(2, '工号', 1)],
      [{ zz: '1' }, M.cellUnknown(2, 'zz')],
    ];
    for (const [row, message] of cases)
      await refused(
        save([
          { ...GOOD, gh: 'T000' },
          { ...GOOD, gh: 'T009', ...row },
        ]),
        400,
        message,
      );
    // The rows saved before are still the ones there.
    expect((await data(get(filler, `/datas/queryDatasByParam?fillTaskId=${id}`))).rows).toEqual([
      { gh: 'T001', xm: '张伟', ts: '20', bl: '0.5', rq: '2026-03-01', sfwc: true, lx: 'qy' },
    ]);
    await refused(post(filler, '/datas/updateOrInsert', { fillTaskId: id, rows: [{ gh: { a: 1 } }] }), 400);
  });

  it('gives a template per form and imports a filled sheet all or nothing, listing every bad row', async () => {
    const { form } = await publishedForm();
    const { id } = await fillTask(form.id);
    const template = await get(filler, `/datas/template?fillTaskId=${id}`);
    expect(template.statusCode, template.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as unknown as ExcelJS.Buffer);
    const header = ['工号', '姓名', '天数', '比例', '开始日期', '是否完成', '实践类型'];
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(header);
    const notes: unknown[][] = [];
    wb.worksheets[1]!.eachRow((r) => notes.push((r.values as unknown[]).slice(1)));
    expect(notes.find((n) => n[0] === '实践类型')?.[1]).toContain('可选：企业实践、挂职锻炼');
    const importAs = async (me: TestSession, rows: (string | number | null)[][]) =>
      me.request({
        method: 'POST',
        url: `${C}/datas/import?fillTaskId=${id}`,
        ...multipartBody({}, { name: '填报.xlsx', content: await xlsx(rows) }),
      });
    const message = await refused(
      importAs(filler, [
        header,
        ['T001', '张伟', 20, 0.5, '2026-03-01', '是', '企业实践'],
        ['T002', '李娜', 'abc', null, null, '否', '挂职锻炼'],
        ['T001', '王磊', 400, null, null, null, '出国'],
      ]),
      400,
    );
    expect(message).toContain('第3行');
    expect(message).toContain('天数');
    expect(message).toContain('应为整数');
    expect(message).toContain('与第 2 行重复');
    expect(message).toContain(M.aboveMax(365));
    expect(message).toContain(M.notOption('出国'));
    expect((await data(get(filler, `/datas/queryDatasByParam?fillTaskId=${id}`))).rows).toEqual([]); // nothing saved
    await refused(
      importAs(filler, [
        ['工号', '姓名'],
        ['T1', '甲'],
      ]),
      400,
      '表头应为“天数”',
    );
    const done = await importAs(filler, [
      header,
      ['T001', '张伟', 20, 0.5, '2026-03-01', '是', '企业实践'],
      ['T002', '李娜', null, null, null, '否', 'gz'],
    ]);
    expect(done.json()).toMatchObject({ data: { count: 2 }, meta: { message: M.imported(2) } });
    expect((await data(get(filler, `/datas/queryDatasByParam?fillTaskId=${id}`))).rows).toEqual([
      { gh: 'T001', xm: '张伟', ts: '20', bl: '0.5', rq: '2026-03-01', sfwc: true, lx: 'qy' },
      { gh: 'T002', xm: '李娜', ts: null, bl: null, rq: null, sfwc: false, lx: 'gz' },
    ]);
    await refused(importAs(other, [header]), 404, M.fillTaskNotFound);
  });

  it('keeps a fixed table to one row and refuses committing nothing', async () => {
    const { form } = await publishedForm('fixed');
    const { id } = await fillTask(form.id);
    await refused(
      post(filler, '/datas/updateOrInsert', { fillTaskId: id, rows: [GOOD, { ...GOOD, gh: 'T2' }] }),
      400,
      M.fixedOneRow,
    );
    await refused(post(filler, `/fillTasks/${id}/commit`), 400, M.noRows);
  });

  it('answers checkDataUnique against the warehouse table', async () => {
    const { form, table: t } = await publishedForm();
    const { id } = await fillTask(form.id);
    expect(await data(get(filler, `/datas/checkDataUnique?fillTaskId=${id}&fieldId=${t.ids.gh}&value=T001`))).toEqual({
      unique: true,
      message: null,
    });
    await data(post(admin, `${G}/ckb/updatebsj`, { id: t.id, values: { gh: 'T001', xm: '已有' } }));
    const taken = await data(get(filler, `/datas/checkDataUnique?fillTaskId=${id}&fieldId=${t.ids.gh}&value=T001`));
    expect(taken.unique).toBe(false);
    expect(taken.message).toBe(M.valueTaken('工号', 'T001'));
    await refused(
      get(other, `/datas/checkDataUnique?fillTaskId=${id}&fieldId=${t.ids.gh}&value=T001`),
      404,
      M.fillTaskNotFound,
    );
  });
});

describe('the fill-task machine over HTTP: states x actions x roles', () => {
  type State = 'uncommitted' | 'waitAudit' | 'finished';
  type Action = 'commit' | 'withdraw' | 'pass' | 'reject' | 'rollback';
  type Who = 'filler' | 'auditor' | 'admin' | 'other';
  const ACTIONS: Record<Action, (me: TestSession, id: number) => ReturnType<TestSession['request']>> = {
    commit: (me, id) => post(me, `/fillTasks/${id}/commit`),
    withdraw: (me, id) => post(me, `/fillTasks/${id}/withdraw`),
    pass: (me, id) => post(me, `/fillTasks/${id}/audit`, { pass: true }),
    reject: (me, id) => post(me, `/fillTasks/${id}/audit`, { pass: false, opinion: '请核对天数' }),
    rollback: (me, id) => post(me, '/fillTasks/rollback', { id, opinion: '数据有误' }),
  };
  const who = (w: Who) => ({ filler, auditor, admin, other })[w];
  // 200 with the state reached; 409 wrong state; 403 not the filler or auditor; 404 someone else's fill task.
  const EXPECTED: Record<State, Record<Action, Record<Who, State | 403 | 404 | 409>>> = {
    uncommitted: {
      commit: { filler: 'waitAudit', auditor: 403, admin: 403, other: 404 },
      withdraw: { filler: 409, auditor: 409, admin: 409, other: 404 },
      pass: { filler: 409, auditor: 409, admin: 409, other: 404 },
      reject: { filler: 409, auditor: 409, admin: 409, other: 404 },
      rollback: { filler: 409, auditor: 409, admin: 409, other: 404 },
    },
    waitAudit: {
      commit: { filler: 409, auditor: 409, admin: 409, other: 404 },
      withdraw: { filler: 'uncommitted', auditor: 403, admin: 403, other: 404 },
      pass: { filler: 403, auditor: 'finished', admin: 'finished', other: 404 },
      reject: { filler: 403, auditor: 'uncommitted', admin: 'uncommitted', other: 404 },
      rollback: { filler: 409, auditor: 409, admin: 409, other: 404 },
    },
    finished: {
      commit: { filler: 409, auditor: 409, admin: 409, other: 404 },
      withdraw: { filler: 409, auditor: 409, admin: 409, other: 404 },
      pass: { filler: 409, auditor: 409, admin: 409, other: 404 },
      reject: { filler: 409, auditor: 409, admin: 409, other: 404 },
      rollback: { filler: 403, auditor: 'uncommitted', admin: 'uncommitted', other: 404 },
    },
  };
  let formId = 0;
  beforeAll(async () => {
    formId = (await publishedForm()).form.id;
  });
  async function inState(state: State) {
    const { id } = await fillTask(formId);
    await data(post(filler, '/datas/updateOrInsert', { fillTaskId: id, rows: [GOOD] }));
    if (state !== 'uncommitted') await data(ACTIONS.commit(filler, id));
    if (state === 'finished') await data(ACTIONS.pass(auditor, id));
    return id;
  }
  for (const state of Object.keys(EXPECTED) as State[])
    for (const action of Object.keys(ACTIONS) as Action[])
      for (const w of ['filler', 'auditor', 'admin', 'other'] as Who[]) {
        const want = EXPECTED[state][action][w];
        it(`${state} ${action} by ${w} -> ${want}`, async () => {
          const id = await inState(state);
          const res = await ACTIONS[action](who(w), id);
          const [mine] = (await data(get(admin, `/fillTasks/list?scope=all`))).filter(
            (f: { id: number }) => f.id === id,
          );
          if (typeof want === 'string') {
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json().data.state).toBe(want);
            expect(mine.state).toBe(want);
            const log = rowsOf<{ n: number }>(
              await s.database.db.execute(
                sql`select count(*)::int as n from audit_log where entity_type = 'fillTask' and entity_id = ${String(id)} and action = ${`fillTask.${action === 'pass' || action === 'reject' ? action : action}`}`,
              ),
            );
            expect(log[0]!.n).toBe(1);
          } else {
            expect(res.statusCode, res.body).toBe(want);
            expect(res.json().meta.message).toMatch(/[\u4e00-\u9fa5]/);
            expect(mine.state).toBe(state); // nothing moved
          }
        });
      }

  it('asks the reason of a reject and of a rollback', async () => {
    const id = await inState('waitAudit');
    await refused(post(auditor, `/fillTasks/${id}/audit`, { pass: false }), 400, M.opinionRequired);
    await data(ACTIONS.pass(auditor, id));
    await refused(post(auditor, '/fillTasks/rollback', { id, opinion: '  ' }), 400, M.opinionRequired);
  });

  it('shows each person only their own fill tasks, with what they may do', async () => {
    const id = await inState('waitAudit');
    const mine = await data(get(filler, '/fillTasks/list?scope=mine'));
    expect(mine.find((f: { id: number }) => f.id === id).abilities).toMatchObject({ withdraw: true, pass: false });
    expect((await data(get(other, '/fillTasks/list?scope=mine'))).some((f: { id: number }) => f.id === id)).toBe(false);
    const queue = await data(get(auditor, '/fillTasks/list?scope=audit&state=waitAudit'));
    expect(queue.find((f: { id: number }) => f.id === id).abilities).toMatchObject({ pass: true, reject: true });
    await refused(get(filler, '/fillTasks/list?scope=all'), 403);
    const counts = await data(get(filler, '/fillTasks/counts?scope=mine'));
    expect(counts.waitAudit).toBe((await data(get(filler, '/fillTasks/list?scope=mine&state=waitAudit'))).length);
    expect(counts.waitAudit).toBeGreaterThan(0);
    expect(await data(get(other, '/fillTasks/counts?scope=mine'))).toEqual({
      uncommitted: 0,
      waitAudit: 0,
      finished: 0,
    });
    await refused(get(other, `/datas/queryDatasByParam?fillTaskId=${id}`), 404, M.fillTaskNotFound);
  });

  it('audits several at once, all or none', async () => {
    const a = await inState('waitAudit');
    const b = await inState('uncommitted');
    await refused(
      post(auditor, '/taskAllocations/audit', { ids: [a, b], pass: true }),
      409,
      '当前状态为“未提交”，不能审核通过',
    );
    expect(
      (await data(get(auditor, '/fillTasks/list?scope=audit'))).find((f: { id: number }) => f.id === a).state,
    ).toBe('waitAudit');
    await data(post(filler, `/fillTasks/${b}/commit`));
    const done = await data(post(auditor, '/taskAllocations/audit', { ids: [a, b], pass: true }));
    expect(done.map((f: { state: string }) => f.state)).toEqual(['finished', 'finished']);
  });

  it('tells the auditor of each fill submitted (填报待审核) in the notification centre, never the filler', async () => {
    type Item = { kind: string; kindName: string; title: string; body: string; link: string };
    const told = async (me: TestSession) =>
      (
        (await me.request({ method: 'GET', url: '/api/notification/list?unread=true&size=50' })).json().data
          .records as Item[]
      ).filter((n) => n.kind === 'fillAudit');
    const before = (await told(auditor)).length;
    const id = await inState('waitAudit');
    const after = await told(auditor);
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ kindName: '填报待审核', link: '/dataCollection/audit', body: '提交人：张伟' });
    expect(after[0]!.title).toMatch(/^填报待审核：.+ · 张伟$/);
    // Withdrawn and submitted again: a new submission, told again; the filler is told of nothing of their own.
    await data(ACTIONS.withdraw(filler, id));
    await data(ACTIONS.commit(filler, id));
    expect(await told(auditor)).toHaveLength(before + 2);
    expect(await told(filler)).toEqual([]);
    // A refused submission tells nobody (the transaction rolled back).
    await refused(ACTIONS.commit(filler, id), 409);
    expect(await told(auditor)).toHaveLength(before + 2);
  });
});

describe('taskAllocations: batch export', () => {
  it('exports the rows of the chosen allocations with their filler and state, for the collection administrators', async () => {
    const { form } = await publishedForm();
    const { id, taskId } = await fillTask(form.id, { departmentIds: ['D02'] });
    const all = await data(get(admin, `/taskAllocations/list?taskId=${taskId}`));
    // The department allocation comes first: rwfzr01 (张伟) works in 教务处 (D02), so fills it as a member.
    expect(all.map((f: { assigneeName: string }) => f.assigneeName)).toEqual(['教务处', '张伟']);
    await data(
      post(filler, '/datas/updateOrInsert', { fillTaskId: id, rows: [GOOD, { ...GOOD, gh: 'T002', sfwc: false }] }),
    );
    const res = await get(admin, `/taskAllocations/export?taskId=${taskId}&ids=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['填报对象', '状态', '工号', '姓名', '天数', '比例', '开始日期', '是否完成', '实践类型']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[7]])).toEqual([
      ['教务处', '未提交', 'T001', '是'],
      ['教务处', '未提交', 'T002', '否'],
    ]);
    await refused(get(admin, `/taskAllocations/export?taskId=${taskId}&ids=${id},999999`), 404, M.fillTaskNotFound);
    await refused(get(admin, `/taskAllocations/export?taskId=${taskId}&ids=1;drop`), 400, '所选填报任务的格式不正确');
    await refused(get(filler, `/taskAllocations/export?taskId=${taskId}`), 403);
  });

  it('names who may act when a person may not', async () => {
    const { form } = await publishedForm();
    const { id } = await fillTask(form.id);
    await data(post(filler, '/datas/updateOrInsert', { fillTaskId: id, rows: [GOOD] }));
    await refused(post(auditor, `/fillTasks/${id}/commit`), 403, M.notAllowed('提交', '填报人'));
    await data(post(filler, `/fillTasks/${id}/commit`));
    await refused(post(filler, `/fillTasks/${id}/commit`), 409, M.wrongState('提交', '待审核'));
    await refused(post(filler, `/fillTasks/${id}/audit`, { pass: true }), 403, M.notAllowed('审核通过', '审核人'));
    await data(post(auditor, `/fillTasks/${id}/audit`, { pass: true }));
    await refused(
      post(filler, '/fillTasks/rollback', { id, opinion: '我想改' }),
      403,
      M.notAllowed('回退', '审核人或采集管理员'),
    );
  });
});

describe('synDataByTaskId: audited rows into the warehouse', () => {
  it('the final audit writes the rows in its transaction; collecting the same cycle and person again replaces them; a duplicate refuses the audit whole', async () => {
    const { form, table: t } = await publishedForm();
    const { id, taskId } = await fillTask(form.id);
    await data(
      post(filler, '/datas/updateOrInsert', {
        fillTaskId: id,
        rows: [GOOD, { ...GOOD, gh: 'T002', xm: '李娜', lx: 'gz' }],
      }),
    );
    await refused(post(admin, '/datas/synDataByTaskId', { taskId }), 409, M.notFinished);
    await data(post(filler, `/fillTasks/${id}/commit`));
    expect(await warehouseRows(t.name)).toEqual([]);
    await data(post(auditor, `/fillTasks/${id}/audit`, { pass: true, opinion: '同意' }));
    expect((await warehouseRows(t.name)).map((r) => [r.gh, r.xm, r.ts, r.sfwc])).toEqual([
      ['T001', '张伟', '20', true],
      ['T002', '李娜', '20', true],
    ]);
    // The algorithms' invalidation hook saw the table change (cached results that read it are dropped).
    const changes = async () =>
      rowsOf<{ n: number }>(
        await s.database.db.execute(
          sql`select count(*)::int as n from algorithm_table_changes where table_name = ${t.name}`,
        ),
      )[0]!.n;
    expect(await changes()).toBe(1);
    // synDataByTaskId writes them all again (the administrator's 写入数据仓库): replaced, not added.
    await refused(post(filler, '/datas/synDataByTaskId', { taskId }), 403);
    expect(await data(post(admin, '/datas/synDataByTaskId', { taskId }))).toEqual({ rows: 2 });
    expect((await warehouseRows(t.name)).map((r) => r.gh)).toEqual(['T001', 'T002']);
    // Rolled back, fixed and approved again: the audit replaces the two rows instead of adding to them.
    await data(post(auditor, '/fillTasks/rollback', { id, opinion: '姓名有误' }));
    await data(post(filler, '/datas/updateOrInsert', { fillTaskId: id, rows: [{ ...GOOD, xm: '张伟伟' }] }));
    await data(post(filler, `/fillTasks/${id}/commit`));
    await data(post(auditor, `/fillTasks/${id}/audit`, { pass: true }));
    expect((await warehouseRows(t.name)).map((r) => r.xm)).toEqual(['张伟伟']);
    // A new task for the same cycle and the same person replaces too.
    const again = await fillTask(form.id);
    await data(post(filler, '/datas/updateOrInsert', { fillTaskId: again.id, rows: [{ ...GOOD, xm: '新' }] }));
    await data(post(filler, `/fillTasks/${again.id}/commit`));
    await data(post(auditor, `/fillTasks/${again.id}/audit`, { pass: true }));
    expect((await warehouseRows(t.name)).map((r) => r.xm)).toEqual(['新']);
    // Another cycle whose row collides with a unique value already in the table: the audit is refused whole, naming
    // the field; the fill task waits for audit still and the table is as it was.
    const clash = await fillTask(form.id, { cycle: '2027' });
    await data(post(filler, '/datas/updateOrInsert', { fillTaskId: clash.id, rows: [{ ...GOOD, gh: 'T100' }, GOOD] }));
    await data(post(filler, `/fillTasks/${clash.id}/commit`));
    await refused(post(auditor, `/fillTasks/${clash.id}/audit`, { pass: true }), 409, '字段“工号”的值“T001”已存在');
    expect((await warehouseRows(t.name)).map((r) => r.xm)).toEqual(['新']);
    const [still] = rowsOf<{ state: string }>(
      await s.database.db.execute(sql`select state from collection_fill_tasks where id = ${clash.id}`),
    );
    expect(still?.state).toBe('waitAudit');
    const lineage = rowsOf<{ fill_task_id: number }>(
      await s.database.db.execute(sql`select fill_task_id from collection_synced_rows where table_id = ${t.id}`),
    );
    expect(lineage.map((r) => r.fill_task_id)).toEqual([again.id]);
  });
});

describe('attachments of file fields (through the file store)', () => {
  it("attaches the filler's own upload to the fill task so its auditor reads it; another's file or no file is refused", async () => {
    const ck = await data(post(admin, `${G}/ck/insert`, { ckmc: '附件采集仓库' }));
    const t = await data(post(admin, `${G}/ckb/insert`, { ckid: ck.id, bm: 'cj_files', bzwm: '附件采集表' }));
    const field = async (zdm: string, zdzwm: string, cd: number) =>
      (await data(post(admin, `${G}/ckbzd/insert`, { ckbid: t.id, zdm, zdzwm, zdlx: 'text', cd }))).id as number;
    const gh = await field('gh', '工号', 10);
    const zm = await field('zm', '证明材料', 64);
    await data(post(admin, `${G}/ckb/cjwlb`, { id: t.id }));
    const form = await data(
      post(admin, '/forms/insert', {
        directoryId: await directory(),
        name: '附件表单',
        tableId: t.id,
        fields: [
          { fieldId: gh, label: '工号', kind: 'text' },
          { fieldId: zm, label: '证明材料', kind: 'file' },
        ],
      }),
    );
    await data(post(admin, `/forms/${form.id}/publishById`));
    const { id } = await fillTask(form.id);
    const uploadAs = async (me: TestSession, name: string) => {
      const up = await me.request({
        method: 'POST',
        url: '/api/herm-zdgj/rest/file/upload',
        ...multipartBody({}, { name, content: Buffer.from(`%PDF-1.4 ${name}`) }),
      });
      expect(up.statusCode, up.body).toBe(200);
      return up.json().data.fileId as string;
    };
    const mine = await uploadAs(filler, '企业证明.pdf');
    const theirs = await uploadAs(other, '别人的证明.pdf');
    const download = (me: TestSession, fileId: string) =>
      me.request({ method: 'GET', url: `/api/herm-zdgj/rest/file/files/download?id=${fileId}` });
    // Before the save the auditor cannot read the filler's upload.
    expect((await download(auditor, mine)).statusCode).toBe(404);

    // Someone else's upload, or no file at all: refused naming the cell, nothing saved.
    await refused(
      post(filler, '/datas/updateOrInsert', {
        fillTaskId: id,
        rows: [
          { gh: 'T1', zm: mine },
          { gh: 'T2', zm: theirs },
        ],
      }),
      400,
      M.cellRefused(2, '证明材料', M.notOwnFile),
    );
    await refused(
      post(filler, '/datas/updateOrInsert', { fillTaskId: id, rows: [{ gh: 'T1', zm: 'not-a-file' }] }),
      400,
      M.cellRefused(1, '证明材料', M.notOwnFile),
    );
    expect((await download(auditor, mine)).statusCode).toBe(404);

    // The filler's own: attached to the fill task (saved again, it stays), and its auditor downloads it.
    await data(post(filler, '/datas/updateOrInsert', { fillTaskId: id, rows: [{ gh: 'T1', zm: mine }] }));
    await data(post(filler, '/datas/updateOrInsert', { fillTaskId: id, rows: [{ gh: 'T1', zm: mine }] }));
    const got = await download(auditor, mine);
    expect(got.statusCode).toBe(200);
    expect(got.body).toContain('企业证明.pdf');
    // Someone who neither fills nor audits it still cannot.
    expect((await download(other, mine)).statusCode).toBe(404);
  });
});
