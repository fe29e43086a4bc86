import { STANDARD_MSG as M, STANDARD_EXCEL_COLUMNS, type StandardNode } from '@zg/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { multipartBody } from '../../test/zip';
import {
  matchNodesToVersion,
  newerVersionsOf,
  STANDARD_USERS,
  type SystemVersionTree,
  systemVersionTree,
} from './index';

let s: TestServer;
let admin: TestSession;
let publisher: TestSession;
let stranger: TestSession;
let auditor: TestSession;
let office: TestSession;
let publisherName: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('zyadmin');
  publisher = await s.login('zgfb01');
  stranger = await s.login('rwfzr01');
  auditor = await s.login('shr01');
  office = await s.login('sjgl01');
  publisherName = publisher.record.userName as string;
});
afterAll(async () => {
  await s?.close();
});

const B = '/api/herm-mbbz';
const G = '/api/herm-sjgl';
const post = (me: TestSession, url: string, payload: object = {}) =>
  me.request({ method: 'POST', url: url.startsWith('/api') ? url : `${B}${url}`, payload });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${B}${url}` });
const data = async (res: Promise<LightMyRequestResponse>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};
const refused = async (res: Promise<LightMyRequestResponse>, status: number, message?: string) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  const body = r.json();
  expect(body.meta.success).toBe(false);
  if (message) expect(body.meta.message).toContain(message);
  return body.meta.message as string;
};

type Row = Partial<Record<(typeof STANDARD_EXCEL_COLUMNS)[number]['key'], string>>;
async function xlsx(rows: Row[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('目标标准');
  ws.addRow(STANDARD_EXCEL_COLUMNS.map((c) => c.header));
  for (const r of rows) ws.addRow(STANDARD_EXCEL_COLUMNS.map((c) => r[c.key] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = (me: TestSession, url: string, fields: Record<string, string>, content: Buffer) =>
  me.request({ method: 'POST', url: `${B}${url}`, ...multipartBody(fields, { name: '目标标准.xlsx', content }) });

let seq = 0;
/** A value algorithm and a detail algorithm (their current versions' ids and names). */
async function algorithms() {
  const group = await data(post(admin, `${G}/algorithmGroup/insert`, { zmc: `标准测试组${++seq}` }));
  const make = async (name: string, kind: string) =>
    data(
      post(admin, `${G}/algorithmContent/insert`, {
        sfzid: group.id,
        sfmc: name,
        sflx: kind,
        sql: 'select count(*) as value from warehouse.t where major = :objectId',
      }),
    );
  const value = await make(`双师比例算法${seq}`, 'value');
  const detail = await make(`双师明细算法${seq}`, 'detail');
  return {
    value: { id: value.bbid as number, name: value.sfmc as string },
    detail: { id: detail.bbid as number, name: detail.sfmc as string },
  };
}

const SHEET = (valueAlgorithm: string, detailAlgorithm?: string): Row[] => [
  { dimension: '人才培养', nh: '人才培养质量' },
  {
    dimension: '人才培养',
    qcp: '双师素质教师比例',
    nh: '双师素质专任教师占比',
    zdbz: '不低于 60%',
    bzz: '60',
    zlx: '百分比',
    fsdl: '是',
    calRule: `${valueAlgorithm}/V1`,
    detailRule: detailAlgorithm ?? '',
    direction: '越高越好',
    gradeRule: 'A=80;B=70;C=60',
    warningMode: '按值',
    warningOperator: '<',
    warningValue: '60',
    warningCycle: '每月',
  },
  { dimension: '计分卡', qcp: '双师素质教师比例', level1: '企业实践教师数', zlx: '数值', fsdl: '是' },
  { dimension: '计分卡', qcp: '双师素质教师比例', level1: '企业实践教师数', level2: '半年以上', zlx: '数值', bzz: '5' },
  { dimension: '计分卡', qcp: '人才培养方案', bzz: '1', zlx: '有无', fsdl: '否' },
  { dimension: '教学条件' },
  {
    dimension: '教学条件',
    qcp: '专业评估',
    bzz: '合格',
    zlx: '等级',
    gradeRule: '优秀=A;良好=B;合格=C;不合格=D',
    warningMode: '按等级',
    warningOperator: '=',
    warningValue: 'D',
    warningCycle: '无',
  },
];

/** The tree without ids, for comparing two systems. */
const shape = (tree: StandardNode[]): unknown =>
  tree.map(({ id: _i, parentId: _p, children, ...rest }) => ({ ...rest, children: shape(children) }));
const find = (tree: StandardNode[], name: string): StandardNode | undefined => {
  for (const n of tree) {
    if (n.name === name) return n;
    const inner = find(n.children, name);
    if (inner) return inner;
  }
  return undefined;
};

async function importNew(me: TestSession, rows: Row[], name = `专业诊改标准${++seq}`) {
  const change = await data(
    upload(
      me,
      '/quality/persistQuality',
      { name, dimension: 'major', startYear: '2025', endYear: '2026' },
      await xlsx(rows),
    ),
  );
  return change.systemId as number;
}
const full = async (me: TestSession, id: number) => data(get(me, `/target/getTargetFull?id=${id}`));

let algo: Awaited<ReturnType<typeof algorithms>>;
beforeAll(async () => {
  algo = await algorithms();
});

describe('import, copy, edit, export', () => {
  it('imports a system from the sheet (old category names renamed), copies it for next year, edits the copy and leaves the original as it was', async () => {
    const id = await importNew(publisher, SHEET(algo.value.name), '2025-2026专业诊改标准');
    const original = await full(publisher, id);
    expect(original.system).toMatchObject({
      state: 'draft',
      version: 1,
      nodeCount: 7,
      qcpCount: 3,
      dimension: 'major',
    });
    expect(original.tree.map((n: StandardNode) => n.name)).toEqual(['计分卡', '资源表']);
    const qcp = find(original.tree, '双师素质教师比例')!;
    expect(qcp).toMatchObject({
      kind: 'qcp',
      depth: 2,
      zlx: 'percent',
      bzz: '60',
      fsdl: true,
      calRule: algo.value.id,
      calRuleName: `${algo.value.name}/V1`,
      direction: 'higher',
      gradeRule: { type: 'thresholds', A: 80, B: 70, C: 60 },
      warningRule: { mode: 'value', operator: '<', value: 60, cycle: 'month' },
    });
    expect(find(original.tree, '半年以上')).toMatchObject({ kind: 'indicator', depth: 4 });

    const copy = await data(post(publisher, `/target/${id}/copyTargetFull`));
    expect(copy).toMatchObject({
      name: '2026-2027专业诊改标准',
      startYear: 2026,
      endYear: 2027,
      state: 'draft',
      version: 1,
    });
    const copied = await full(publisher, copy.id);
    expect(shape(copied.tree)).toEqual(shape(original.tree));

    const copyQcp = find(copied.tree, '双师素质教师比例')!;
    const edited = await data(
      post(publisher, '/catalog/update', {
        id: copyQcp.id,
        name: '双师素质教师比例',
        bzz: '65',
        zlx: 'percent',
        fsdl: true,
        calRule: algo.value.id,
        direction: 'higher',
        gradeRule: { type: 'thresholds', A: 85, B: 75, C: 65 },
        warningRule: { mode: 'level', operator: '=', grade: 'D', cycle: 'week' },
      }),
    );
    expect(edited).toMatchObject({ systemId: copy.id, versioned: false, nodeId: copyQcp.id });
    await data(post(publisher, `/catalog/${find(copied.tree, '人才培养方案')!.id}/delete`));
    const after = await full(publisher, copy.id);
    expect(find(after.tree, '双师素质教师比例')).toMatchObject({
      bzz: '65',
      warningRule: { mode: 'level', grade: 'D' },
    });
    expect(find(after.tree, '人才培养方案')).toBeUndefined();
    // The original is untouched.
    expect(await full(publisher, id)).toEqual(original);
  });

  it('exports a system that reimports to the same tree; the template imports as it is', async () => {
    const id = await importNew(publisher, SHEET(algo.value.name, algo.detail.name));
    const before = await full(publisher, id);
    // The 详情算法 written by name is its current version, and the export writes it back as 名称/V1.
    expect(find(before.tree, '双师素质教师比例')).toMatchObject({
      detailRule: algo.detail.id,
      detailRuleName: `${algo.detail.name}/V1`,
    });
    const file = await get(publisher, `/quality/export?systemId=${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const again = await data(
      upload(
        publisher,
        '/quality/persistQuality',
        { name: '再导入', dimension: 'major', startYear: '2025', endYear: '2026' },
        file.rawPayload,
      ),
    );
    expect(shape((await full(publisher, again.systemId)).tree)).toEqual(shape(before.tree));
    // Importing into the system replaces its tree with the same one (the old nodes go to the recycle bin).
    const into = await data(upload(publisher, '/quality/persistQuality', { systemId: String(id) }, file.rawPayload));
    expect(into).toMatchObject({ systemId: id, versioned: false });
    expect(shape((await full(publisher, id)).tree)).toEqual(shape(before.tree));

    const template = await get(publisher, '/quality/template');
    expect(template.statusCode).toBe(200);
    const checked = await data(
      upload(
        publisher,
        '/quality/import',
        { name: '模板', dimension: 'major', startYear: '2025', endYear: '2025' },
        template.rawPayload,
      ),
    );
    expect(checked.count).toBeGreaterThan(3);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['目标标准', '说明']);
  });

  it('offers the value algorithms at their current version as 计算规则 to whoever has the menu, not detail ones', async () => {
    // The auditor reads 目标标准 without 数据管理's rights: the algorithm catalogue refuses them, this list does not.
    const catalogue = await auditor.request({
      method: 'GET',
      url: `${G}/algorithmContent/selectlikename?current=1&size=10`,
    });
    expect(catalogue.statusCode).toBe(403);
    const options = await data(get(auditor, `/catalog/calRules?name=${encodeURIComponent(algo.value.name)}`));
    expect(options).toEqual([
      expect.objectContaining({ id: algo.value.id, label: `${algo.value.name}/V1`, version: 1 }),
    ]);
    const details = await data(get(publisher, `/catalog/calRules?name=${encodeURIComponent(algo.detail.name)}`));
    expect(details).toEqual([]);
    // 详情算法: the detail algorithms only.
    expect(await data(get(auditor, `/catalog/detailRules?name=${encodeURIComponent(algo.detail.name)}`))).toEqual([
      expect.objectContaining({ id: algo.detail.id, label: `${algo.detail.name}/V1`, version: 1 }),
    ]);
    expect(await data(get(auditor, `/catalog/detailRules?name=${encodeURIComponent(algo.value.name)}`))).toEqual([]);
    expect((await get(office, '/catalog/detailRules')).statusCode).toBe(403);
    // The data office has no 目标标准 menu.
    expect((await get(office, '/catalog/calRules')).statusCode).toBe(403);
  });
});

describe('bad input is refused in Chinese, naming the row or the field', () => {
  it('an import: unknown parents, a missing standard value, thresholds out of order, a detail algorithm; nothing stored', async () => {
    const rows: Row[] = [
      { dimension: '专业建设' },
      { dimension: '专业建设', qcp: '不存在的质控点', level1: '指标' },
      { dimension: '专业建设', qcp: '缺标准值', zlx: '百分比' },
      { dimension: '专业建设', qcp: '分数线颠倒', zlx: '数值', direction: '越高越好', gradeRule: 'A=60;B=70;C=80' },
      { dimension: '专业建设', qcp: '详情算法', zlx: '数值', calRule: algo.detail.name },
      { dimension: '专业建设', qcp: '明细是值算法', zlx: '数值', detailRule: algo.value.name },
      { dimension: '专业建设', qcp: '明细不存在', zlx: '数值', detailRule: '没有这个算法/V3' },
    ];
    const message = await refused(
      upload(
        publisher,
        '/quality/persistQuality',
        { name: '坏表', dimension: 'major', startYear: '2025', endYear: '2025' },
        await xlsx(rows),
      ),
      400,
    );
    expect(message).toContain(`第3行：${M.excelUnknownParent('专业建设 / 不存在的质控点')}`);
    expect(message).toContain(`第4行：${M.bzzMissing('百分比')}`);
    expect(message).toContain(`第5行：${M.gradeOrderHigher}`);
    expect(message).toContain(`第6行「计算规则」：${M.calRuleWrongKind('详情算法')}`);
    expect(message).toContain(`第7行「详情算法」：${M.detailRuleWrongKind('值算法')}`);
    expect(message).toContain(`第8行「详情算法」：${M.detailRuleUnknown('没有这个算法/V3')}`);
    const list = await data(get(publisher, '/target/selectPage?name=坏表'));
    expect(list.total).toBe(0);
  });

  it('the form: a cycle, a missing standard value, thresholds out of order, a detail algorithm, a misplaced kind', async () => {
    const id = await importNew(publisher, SHEET(algo.value.name));
    const { tree } = await full(publisher, id);
    const qcp = find(tree, '双师素质教师比例')!;
    const deep = find(tree, '半年以上')!;
    await refused(post(publisher, '/catalog/move', { id: qcp.id, parentId: deep.id, sort: 0 }), 400);
    await refused(
      post(publisher, '/catalog/move', { id: find(tree, '企业实践教师数')!.id, parentId: deep.id, sort: 0 }),
      400,
      M.cycle,
    );
    const fields = { name: '新质控点', zlx: 'percent', fsdl: true };
    const dim = tree[0]!.id;
    await refused(
      post(publisher, '/catalog/insert', { systemId: id, parentId: dim, kind: 'qcp', ...fields }),
      400,
      M.bzzMissing('百分比'),
    );
    await refused(
      post(publisher, '/catalog/insert', {
        systemId: id,
        parentId: dim,
        kind: 'qcp',
        ...fields,
        bzz: '50',
        direction: 'lower',
        gradeRule: { type: 'thresholds', A: 90, B: 80, C: 60 },
      }),
      400,
      M.gradeOrderLower,
    );
    await refused(
      post(publisher, '/catalog/insert', {
        systemId: id,
        parentId: dim,
        kind: 'qcp',
        ...fields,
        bzz: '50',
        calRule: algo.detail.id,
      }),
      400,
      M.calRuleWrongKind('详情算法'),
    );
    await refused(
      post(publisher, '/catalog/insert', {
        systemId: id,
        parentId: dim,
        kind: 'qcp',
        ...fields,
        bzz: '50',
        calRule: 99999,
      }),
      400,
      M.calRuleNotFound,
    );
    const insert = (extra: object) =>
      post(publisher, '/catalog/insert', { systemId: id, parentId: dim, kind: 'qcp', ...fields, bzz: '50', ...extra });
    await refused(insert({ detailRule: algo.value.id }), 400, M.detailRuleWrongKind('值算法'));
    await refused(insert({ detailRule: 99999 }), 400, M.detailRuleNotFound);
    await refused(insert({ zlx: null, bzz: null, detailRule: algo.detail.id }), 400, M.noTypeNoValues);
    const withDetail = await data(insert({ name: '有明细的质控点', detailRule: algo.detail.id }));
    expect(await data(get(publisher, `/catalog/selectById?id=${withDetail.nodeId}`))).toMatchObject({
      detailRule: algo.detail.id,
      detailRuleName: `${algo.detail.name}/V1`,
    });
    await refused(
      post(publisher, '/catalog/insert', { systemId: id, parentId: null, kind: 'qcp', name: '顶层质控点' }),
      400,
      M.kindTop,
    );
    await refused(
      post(publisher, '/catalog/insert', { systemId: id, parentId: dim, kind: 'qcp', name: '双师素质教师比例' }),
      400,
      M.siblingTaken('双师素质教师比例'),
    );
    // A dimension saved under an old category name is stored under the new one.
    const added = await data(
      post(publisher, '/catalog/insert', { systemId: id, parentId: null, kind: 'dimension', name: '社会服务' }),
    );
    expect((await data(get(publisher, `/catalog/selectById?id=${added.nodeId}`))).name).toBe('服务贡献表');
    // A good move reorders.
    const second = find(tree, '人才培养方案')!;
    await data(post(publisher, '/catalog/move', { id: second.id, parentId: dim, sort: 0 }));
    expect((await full(publisher, id)).tree[0].children.map((n: StandardNode) => n.name)).toEqual([
      '人才培养方案',
      '双师素质教师比例',
      '有明细的质控点',
    ]);
  });
});

describe('authority', () => {
  it('a user without authority gets 403 on every read and write route that takes the system; a grant lets them read, then write', async () => {
    const id = await importNew(publisher, SHEET(algo.value.name));
    const { tree } = await full(publisher, id);
    const node = find(tree, '双师素质教师比例')!;
    const dim = tree[0]!;
    const file = await xlsx(SHEET(algo.value.name));
    const grant = await data(
      post(publisher, '/targetAuthority/insert', {
        systemId: id,
        subjectKind: 'role',
        subjectId: '2020004',
        access: 'read',
      }),
    );
    const depot = await data(post(publisher, '/taskDepot/insert', { nodeId: node.id }));
    const other = await importNew(publisher, SHEET(algo.value.name));
    await data(post(publisher, `/catalog/${find((await full(publisher, other)).tree, '人才培养方案')!.id}/delete`));
    const batch = (await data(get(publisher, `/recycle/list?systemId=${other}`)))[0].batchId as string;
    const reads = [
      `/target/selectById?id=${id}`,
      `/target/getTargetFull?id=${id}`,
      `/target/usage?id=${id}`,
      `/targetAuthority/list?systemId=${id}`,
      `/catalog/selectById?id=${node.id}`,
      `/quality/export?systemId=${id}`,
      `/recycle/list?systemId=${other}`,
    ];
    const writes: [string, object][] = [
      ['/target/update', { id, name: '改名', startYear: 2025, endYear: 2026 }],
      [`/target/${id}/publish`, {}],
      [`/target/${id}/delete`, {}],
      [`/target/${id}/copyTargetFull`, {}],
      ['/targetAuthority/insert', { systemId: id, subjectKind: 'user', subjectId: 'rwfzr01', access: 'write' }],
      ['/targetAuthority/update', { id: grant.id, access: 'write' }],
      [`/targetAuthority/${grant.id}/delete`, {}],
      ['/catalog/insert', { systemId: id, parentId: dim.id, kind: 'qcp', name: '越权' }],
      ['/catalog/update', { id: node.id, name: '越权' }],
      ['/catalog/move', { id: node.id, parentId: dim.id, sort: 1 }],
      [`/catalog/${node.id}/delete`, {}],
      ['/taskDepot/insert', { nodeId: node.id }],
      ['/taskDepot/use', { depotId: depot.id, parentId: dim.id }],
      ['/recycle/recovery', { batchId: batch }],
      ['/recycle/purge', { batchId: batch }],
    ];
    for (const url of reads) await refused(get(stranger, url), 403, M.noRead.slice(0, 2));
    // A depot item of a system the user cannot read is hidden from them: it answers as a missing one.
    for (const [url, body] of writes)
      expect((await post(stranger, url, body)).statusCode, url).toBe(url === '/taskDepot/use' ? 404 : 403);
    await refused(upload(stranger, '/quality/persistQuality', { systemId: String(id) }, file), 403, M.noWrite);
    await refused(upload(stranger, '/quality/import', { systemId: String(id) }, file), 403, M.noWrite);
    expect((await data(get(stranger, '/target/selectPage'))).records.map((r: { id: number }) => r.id)).not.toContain(
      id,
    );
    // Without the menu at all: refused by the route.
    expect((await get(office, `/target/getTargetFull?id=${id}`)).statusCode).toBe(403);

    // The auditor role was granted read: reads pass, writes are refused.
    expect((await data(get(auditor, `/target/getTargetFull?id=${id}`))).system.abilities).toEqual({
      read: true,
      write: false,
      authority: false,
      remove: false,
    });
    const page = await data(get(auditor, '/target/selectPage'));
    expect(page.records.map((r: { id: number }) => r.id)).toContain(id);
    expect(page.total).toBe(page.records.length);
    expect((await data(get(stranger, '/target/selectPage'))).total).toBe(0);
    await refused(post(auditor, '/catalog/update', { id: node.id, name: '越权' }), 403, M.noWrite);
    await refused(
      post(auditor, '/target/insert', { name: '审核者新建', dimension: 'major', startYear: 2025, endYear: 2025 }),
      403,
      M.noCreate,
    );

    // A user write grant: the stranger edits.
    await data(
      post(publisher, '/targetAuthority/insert', {
        systemId: id,
        subjectKind: 'user',
        subjectId: 'rwfzr01',
        access: 'write',
      }),
    );
    await data(
      post(stranger, '/catalog/update', {
        id: find(tree, '企业实践教师数')!.id,
        name: '企业实践教师人数',
        zlx: 'others',
      }),
    );
    await refused(
      post(publisher, '/targetAuthority/insert', {
        systemId: id,
        subjectKind: 'user',
        subjectId: 'nobody',
        access: 'read',
      }),
      400,
      '用户不存在',
    );
    // The administrator writes everything.
    await data(post(admin, `/target/${id}/publish`));
    expect((await data(get(publisher, `/target/selectById?id=${id}`))).state).toBe('published');
  });
});

describe('in use, depot, recycle bin', () => {
  it('a change to a system a diagnosis task uses goes to a new version; the used one stays; deleting it is refused', async () => {
    const id = await importNew(publisher, SHEET(algo.value.name));
    const used = new Set<number>([id]);
    s.app.hooks.add(STANDARD_USERS, 'test-diagnosis', async (systemId) =>
      used.has(systemId) ? '诊改任务“2026专业诊改”' : null,
    );
    const before = await full(publisher, id);
    const qcp = find(before.tree, '双师素质教师比例')!;
    const change = await data(
      post(publisher, '/catalog/update', {
        id: qcp.id,
        name: '双师素质教师比例',
        zlx: 'percent',
        bzz: '70',
        fsdl: true,
      }),
    );
    expect(change).toMatchObject({ versioned: true, version: 2, message: M.newVersion(2) });
    expect(change.systemId).not.toBe(id);
    const v2 = await full(publisher, change.systemId);
    expect(v2.system).toMatchObject({ version: 2, previousVersionId: id, state: 'draft' });
    expect(find(v2.tree, '双师素质教师比例')).toMatchObject({ id: change.nodeId, bzz: '70' });
    // A second change goes to the same new version.
    const second = await data(post(publisher, `/catalog/${find(before.tree, '人才培养方案')!.id}/delete`));
    expect(second).toMatchObject({ systemId: change.systemId, versioned: true });
    expect(find((await full(publisher, change.systemId)).tree, '人才培养方案')).toBeUndefined();
    // An added node goes to the same new version, under the copy of the parent named in the used system.
    const added = await data(
      post(publisher, '/catalog/insert', {
        systemId: id,
        parentId: before.tree[0].id,
        kind: 'qcp',
        name: '新增质控点',
        zlx: 'percent',
        bzz: '60',
        fsdl: true,
      }),
    );
    expect(added).toMatchObject({ systemId: change.systemId, versioned: true, message: M.newVersion(2) });
    const v2added = await full(publisher, change.systemId);
    expect(v2added.tree[0].children.map((n: StandardNode) => n.name)).toContain('新增质控点');
    expect(find(v2added.tree, '新增质控点')).toMatchObject({ id: added.nodeId });
    // A move and an import into the used system go to the same new version too.
    const moved = await data(
      post(publisher, '/catalog/move', { id: find(before.tree, '专业评估')!.id, parentId: before.tree[0].id, sort: 0 }),
    );
    expect(moved).toMatchObject({ systemId: change.systemId, versioned: true });
    expect((await full(publisher, change.systemId)).tree[0].children[0].name).toBe('专业评估');
    const imported = await data(
      upload(publisher, '/quality/persistQuality', { systemId: String(id) }, await xlsx([{ dimension: '专业建设' }])),
    );
    expect(imported).toMatchObject({ systemId: change.systemId, versioned: true, message: M.newVersion(2) });
    expect((await full(publisher, change.systemId)).tree.map((n: StandardNode) => n.name)).toEqual(['专业建设']);
    expect(await full(publisher, id)).toEqual(before);
    expect(await data(get(publisher, `/target/usage?id=${id}`))).toEqual({
      inUse: true,
      users: ['诊改任务“2026专业诊改”'],
    });
    await refused(post(publisher, `/target/${id}/delete`), 400, '诊改任务“2026专业诊改”');
    used.clear();
  });

  it('keeps a QCP in the task depot and puts a copy under a dimension of another system', async () => {
    const id = await importNew(publisher, SHEET(algo.value.name));
    const target = await importNew(publisher, [{ dimension: '专业建设' }]);
    const { tree } = await full(publisher, id);
    const saved = await data(post(publisher, '/taskDepot/insert', { nodeId: find(tree, '双师素质教师比例')!.id }));
    expect(saved).toMatchObject({ name: '双师素质教师比例', dimension: 'major', nodeCount: 3 });
    // Who saved it, by name, and when, in the school's time.
    expect(saved.creator).toBe(publisherName);
    expect(saved.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await refused(post(publisher, '/taskDepot/insert', { nodeId: tree[0].id }), 400, M.depotOnlyQcp);
    // Read only by those who may read the system it came from (issue 28): not by a holder of the menu alone ...
    const seenBy = async (me: TestSession) =>
      (await data(get(me, '/taskDepot/list?dimension=major'))).map((d: { id: number }) => d.id);
    expect(await seenBy(stranger)).not.toContain(saved.id);
    await refused(get(stranger, `/taskDepot/selectById?id=${saved.id}`), 404, M.depotNotFound);
    // ... while the administrators read every item.
    expect(await seenBy(admin)).toContain(saved.id);
    // A read grant on the system opens its items.
    await data(
      post(publisher, '/targetAuthority/insert', {
        systemId: id,
        subjectKind: 'user',
        subjectId: 'rwfzr01',
        access: 'read',
      }),
    );
    expect(await seenBy(stranger)).toContain(saved.id);
    expect((await data(get(stranger, `/taskDepot/selectById?id=${saved.id}`))).snapshot.name).toBe('双师素质教师比例');
    const dim = (await full(publisher, target)).tree[0];
    const used = await data(post(publisher, '/taskDepot/use', { depotId: saved.id, parentId: dim.id }));
    const after = await full(publisher, target);
    expect(shape(after.tree[0].children)).toEqual(shape([find(tree, '双师素质教师比例')!]));
    expect(used.nodeId).toBe(after.tree[0].children[0].id);
    await refused(
      post(publisher, '/taskDepot/use', { depotId: saved.id, parentId: dim.id }),
      400,
      M.siblingTaken('双师素质教师比例'),
    );
    await refused(post(stranger, `/taskDepot/${saved.id}/delete`), 403, M.noDepot);
    await data(post(publisher, `/taskDepot/${saved.id}/delete`));
  });

  it('deleted subtrees and systems go to the recycle bin, recover whole, or are purged', async () => {
    const id = await importNew(publisher, SHEET(algo.value.name));
    const before = await full(publisher, id);
    const dimension = before.tree[0];
    await data(post(publisher, `/catalog/${dimension.id}/delete`));
    expect((await full(publisher, id)).tree.map((n: StandardNode) => n.name)).toEqual(['资源表']);
    const [entry] = await data(get(publisher, `/recycle/list?systemId=${id}`));
    expect(entry).toMatchObject({ kind: 'nodes', name: '计分卡', nodeCount: 5, systemId: id });
    // Who deleted it by name (the staff number beside it), and when, in the school's time.
    expect(entry).toMatchObject({ deletedBy: publisherName, deletedById: 'zgfb01' });
    expect(entry.deletedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await data(post(publisher, '/recycle/recovery', { batchId: entry.batchId }));
    expect(await full(publisher, id)).toEqual({
      ...before,
      system: { ...before.system, updatedAt: expect.any(String) },
    });
    await refused(post(publisher, '/recycle/recovery', { batchId: entry.batchId }), 404, M.recycleNotFound);

    await data(post(publisher, `/target/${id}/delete`));
    await refused(get(publisher, `/target/getTargetFull?id=${id}`), 404, M.systemNotFound);
    const systems = await data(get(publisher, '/recycle/list'));
    const gone = systems.find((e: { systemId: number; kind: string }) => e.systemId === id && e.kind === 'system');
    expect(gone).toMatchObject({ nodeCount: 7 });
    await data(post(publisher, '/recycle/recovery', { batchId: gone.batchId }));
    expect((await full(publisher, id)).system.nodeCount).toBe(7);
    await data(post(publisher, `/target/${id}/delete`));
    const again = (await data(get(publisher, '/recycle/list'))).find(
      (e: { systemId: number; kind: string }) => e.systemId === id && e.kind === 'system',
    );
    await refused(post(stranger, '/recycle/purge', { batchId: again.batchId }), 403, M.noWrite);
    await data(post(publisher, '/recycle/purge', { batchId: again.batchId }));
    await refused(post(publisher, '/recycle/recovery', { batchId: again.batchId }), 404);
    await refused(post(publisher, '/recycle/purge', { batchId: 'not-a-uuid' }), 400);
  });
});

describe('the node tree other modules read (no user)', () => {
  const named = (t: SystemVersionTree, name: string, parentName?: string) =>
    t.nodes.find(
      (n) =>
        n.name === name && (parentName === undefined || t.nodes.find((p) => p.id === n.parentId)?.name === parentName),
    )!;

  it('reads a version: parent, level, value type, standard value, rule, direction, grade and warning rules, in tree order', async () => {
    const id = await importNew(publisher, SHEET(algo.value.name));
    const db = s.app.database.db;
    const tree = (await systemVersionTree(db, id))!;
    expect(tree.system).toMatchObject({ id, dimension: 'major', state: 'draft', version: 1, previousVersionId: null });
    expect(tree.nodes).toHaveLength(7);
    // Parents come before their children, and each level is its parent's plus one.
    for (const [i, n] of tree.nodes.entries()) {
      if (n.parentId === null) expect(n.level).toBe(1);
      else {
        const p = tree.nodes.findIndex((x) => x.id === n.parentId);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThan(i);
        expect(n.level).toBe(tree.nodes[p]!.level + 1);
      }
    }
    expect(named(tree, '计分卡')).toMatchObject({ kind: 'dimension', level: 1, parentId: null, zlx: null });
    const qcp = named(tree, '双师素质教师比例', '计分卡');
    expect(qcp).toMatchObject({
      kind: 'qcp',
      level: 2,
      parentId: named(tree, '计分卡').id,
      zlx: 'percent',
      bzz: '60',
      calRule: algo.value.id,
      direction: 'higher',
      fsdl: true,
      source: null,
    });
    expect(qcp.gradeRule).not.toBeNull();
    // The description and the diagnosis standard come too (a diagnosis row copies them).
    expect(tree.nodes.find((n) => n.nh === '双师素质专任教师占比')).toMatchObject({
      name: '双师素质教师比例',
      zdbz: '不低于 60%',
    });
    expect(qcp.warningRule).toMatchObject({ mode: 'value', operator: '<', value: 60 });
    const deep = named(tree, '半年以上');
    expect(deep).toMatchObject({ level: 4, parentId: named(tree, '企业实践教师数').id, zlx: 'others', bzz: '5' });
    expect(named(tree, '专业评估')).toMatchObject({ zlx: 'levels', calRule: null, direction: null });
    // A missing system, and a deleted one, have no tree.
    expect(await systemVersionTree(db, 2_000_000_000)).toBeNull();
    const gone = await importNew(publisher, SHEET(algo.value.name));
    await data(post(publisher, `/target/${gone}/delete`));
    expect(await systemVersionTree(db, gone)).toBeNull();
  });

  it('follows a system in use to its newer version and matches the nodes through their sources', async () => {
    const id = await importNew(publisher, SHEET(algo.value.name));
    const db = s.app.database.db;
    s.app.hooks.add(STANDARD_USERS, 'test-read', async (systemId) => (systemId === id ? '诊改任务“读取测试”' : null));
    const v1 = (await systemVersionTree(db, id))!;
    expect(await newerVersionsOf(db, id)).toEqual([]);
    // Changing the used system makes V2; deleting a node there leaves that node without a match.
    const qcp = named(v1, '双师素质教师比例', '计分卡');
    const change = await data(
      post(publisher, '/catalog/update', { id: qcp.id, name: qcp.name, zlx: 'percent', bzz: '75', fsdl: true }),
    );
    const v2Id = change.systemId as number;
    const v2 = (await systemVersionTree(db, v2Id))!;
    expect(v2.system).toMatchObject({ id: v2Id, version: 2, previousVersionId: id });
    expect(named(v2, '双师素质教师比例', '计分卡')).toMatchObject({ source: qcp.id, bzz: '75' });
    for (const n of v2.nodes) expect(v1.nodes.map((o) => o.id)).toContain(n.source);
    const gone = named(v2, '专业评估');
    await data(post(publisher, `/catalog/${gone.id}/delete`));
    expect((await newerVersionsOf(db, id)).map((v) => v.id)).toEqual([v2Id]);
    const map = (await matchNodesToVersion(db, id, v2Id))!;
    for (const n of v1.nodes) {
      if (n.name === '专业评估') expect(map.has(n.id)).toBe(false);
      else expect(v2.nodes.find((x) => x.id === map.get(n.id))).toMatchObject({ name: n.name, level: n.level });
    }
    // The same version matches itself; an older one is not a newer version.
    expect([...(await matchNodesToVersion(db, v2Id, v2Id))!.entries()].every(([a, b]) => a === b)).toBe(true);
    expect(await matchNodesToVersion(db, v2Id, id)).toBeNull();
    s.app.hooks.remove(STANDARD_USERS, 'test-read');
  });
});
