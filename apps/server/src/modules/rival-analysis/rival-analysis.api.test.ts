import { DOUBLE_HIGH_COLUMNS, RIVAL_COLUMNS } from '@zg/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { multipartBody } from '../../test/zip';
import { seedRivalDemo } from '.';

/**
 * 对标分析 and 双高对比 (issue 35 items 2-3): 本校 against the user's benchmark schools over imported figures, the
 * double-high list and its groups; imports all or nothing with every bad row named; reads for the 智能分析 menu only.
 */

let s: TestServer;
let admin: TestSession; // zyadmin
let keeper: TestSession; // zgfb01: 诊改管理员, keeps the figures
let leader: TestSession; // xld01: school leader, reads
let owner: TestSession; // shr01 (审核人, 诊改审核人): no 智能分析
const R = '/api/herm-xxjk/rivalAnalysis';
const D = '/api/herm-xxjk/doubleHigh';
const OWN = '4113019005'; // 唐山工业职业技术学院
const A = '4112019002'; // 天津医学高等专科学校
const B = '4112019003'; // 天津轻工职业技术学院
const C = '4113019002'; // 石家庄职业技术学院

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
const upload = (me: TestSession, path: string, content: Buffer) =>
  me.request({ method: 'POST', url: path, ...multipartBody({}, { name: 'data.xlsx', content }) });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url });
const FIG_HEADER = RIVAL_COLUMNS.map((c) => c.header);
const UNIT_HEADER = DOUBLE_HIGH_COLUMNS.map((c) => c.header);
//                     code name year jyl  ysr   myd mxmyd sbb  bdl  jsfw sample
const fig = (code: string, year: number, jyl: number | null, sbb: number | null, sample = '') => [
  code,
  '',
  year,
  jyl,
  4000 + year - 2020,
  90,
  null,
  sbb,
  null,
  null,
  sample,
];

beforeAll(async () => {
  s = await startTestServer();
  [admin, keeper, leader, owner] = await Promise.all([
    s.login('zyadmin'),
    s.login('zgfb01'),
    s.login('xld01'),
    s.login('shr01'),
  ]);
  const saved = await leader.request({
    method: 'POST',
    url: '/api/user/school/benchmark/update',
    payload: { schoolCodes: [A, B, C, OWN] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await s?.close();
});

describe('access', () => {
  it('refuses a user without 智能分析 (403) and lets only the keepers import or set 本校', async () => {
    for (const url of [`${R}/queryAVGAnalysis`, `${D}/queryYear`, `${D}/getHighSchoolCode`, `${R}/queryDoubleSchool`])
      expect((await get(owner, url)).statusCode, url).toBe(403);
    const rival = await owner.request({ method: 'POST', url: `${R}/querySchoolRival`, payload: {} });
    expect(rival.statusCode).toBe(403);
    expect(rival.json().meta.message).toMatch(/权限/);
    expect((await upload(owner, `${R}/upload`, await xlsx([FIG_HEADER]))).statusCode).toBe(403);
    expect((await upload(leader, `${R}/upload`, await xlsx([FIG_HEADER]))).statusCode).toBe(403);
    expect((await upload(leader, `${D}/upload`, await xlsx([UNIT_HEADER]))).statusCode).toBe(403);
    const own = await leader.request({ method: 'POST', url: `${R}/updateOwnSchool`, payload: { schoolCode: OWN } });
    expect(own.statusCode).toBe(403);
  });
});

describe('本校 and the figures import', () => {
  it('sets 本校 from the school list only', async () => {
    const bad = await keeper.request({ method: 'POST', url: `${R}/updateOwnSchool`, payload: { schoolCode: 'X1' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().meta.message).toBe('学校代码不存在，请在学校列表中选择');
    const good = await keeper.request({ method: 'POST', url: `${R}/updateOwnSchool`, payload: { schoolCode: OWN } });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toEqual({ schoolCode: OWN, schoolName: '唐山工业职业技术学院', own: true });
  });

  it('imports a good sheet whole', async () => {
    const res = await upload(
      keeper,
      `${R}/upload`,
      await xlsx([
        FIG_HEADER,
        fig(OWN, 2023, 90, 18),
        fig(OWN, 2024, 91, 17.5),
        fig(OWN, 2025, 92.5, 17),
        fig(A, 2024, 95, 16),
        fig(A, 2025, 96, 16, '是'),
        fig(B, 2025, 93, 19),
        fig(C, 2025, 93, 21),
        fig(C, 2023, 89, null),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ meta: { success: true, message: '导入成功，共 8 行' }, data: { count: 8 } });
  });

  it('refuses a sheet with unknown schools or wrong types, naming every bad row, and saves nothing', async () => {
    const res = await upload(
      keeper,
      `${R}/upload`,
      await xlsx([
        FIG_HEADER,
        fig('9999999999', 2025, 90, 18),
        fig(OWN, 'abc' as unknown as number, 90, 18),
        [OWN, '', 2022, '九十', 4000, 90, null, 18, null, null, ''],
        fig(A, 2022, 120, 18),
        fig(B, 2022, 80, 15, '可能'),
        fig(B, 2022, 81, 15),
        [C, '', 2022, null, null, null, null, null, null, null, ''],
      ]),
    );
    expect(res.statusCode).toBe(400);
    const msg: string = res.json().meta.message;
    expect(msg).toMatch(/^导入失败/);
    for (const part of [
      '第2行',
      '学校代码',
      '9999999999',
      '第3行',
      '年份',
      '第4行',
      '就业率(%)',
      '须为数字',
      '第5行',
      '须在 0-100 之间',
      '第6行',
      '示例数据',
      '第7行',
      '重复',
      '第8行',
      '至少填写一个指标',
    ])
      expect(msg, part).toContain(part);
    const after = await leader.request({ method: 'POST', url: `${R}/querySchoolRival`, payload: {} });
    expect(after.json().data.years).toEqual([2023, 2024, 2025]);
  });

  it('refuses a file with the wrong header', async () => {
    const res = await upload(
      keeper,
      `${R}/upload`,
      await xlsx([
        ['学校', '年份'],
        ['x', 2025],
      ]),
    );
    expect(res.statusCode).toBe(400);
  });

  it('gives a template and an export that imports back', async () => {
    const template = await get(leader, `${R}/downloadtemplate`);
    expect(template.statusCode).toBe(200);
    expect((await sheet(template.rawPayload))[0]).toEqual(FIG_HEADER);
    const exported = await get(leader, `${R}/download`);
    const rows = await sheet(exported.rawPayload);
    expect(rows).toHaveLength(9);
    expect(rows.find((r) => r[0] === A && r[2] === 2025)).toEqual([
      A,
      '天津医学高等专科学校',
      2025,
      96,
      4005,
      90,
      undefined,
      16,
      undefined,
      undefined,
      '是',
    ]);
    const again = await upload(keeper, `${R}/upload`, exported.rawPayload);
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('rivalAnalysis', () => {
  it('querySchoolRival: 本校 first, then the benchmark schools, in the latest year; or two side by side', async () => {
    const res = await leader.request({ method: 'POST', url: `${R}/querySchoolRival`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.ownSchool).toEqual({ schoolCode: OWN, schoolName: '唐山工业职业技术学院', own: true });
    expect(d.rivals.map((r: { schoolCode: string }) => r.schoolCode)).toEqual([A, B, C]);
    expect(d.year).toBe(2025);
    expect(d.canKeep).toBe(false);
    expect(
      (await keeper.request({ method: 'POST', url: `${R}/querySchoolRival`, payload: {} })).json().data.canKeep,
    ).toBe(true);
    expect(d.rows.map((r: { schoolCode: string; values: { jyl: number } }) => [r.schoolCode, r.values.jyl])).toEqual([
      [OWN, 92.5],
      [A, 96],
      [B, 93],
      [C, 93],
    ]);
    expect(d.rows[1].sample).toBe(true);
    expect(d.rows[0].sample).toBe(false);
    expect(d.rows[0].values.mxmyd).toBeNull();

    const two = await leader.request({
      method: 'POST',
      url: `${R}/querySchoolRival`,
      payload: { year: 2024, schoolCodes: [A, OWN] },
    });
    expect(
      two
        .json()
        .data.rows.map((r: { schoolName: string; own: boolean; values: { sbb: number } }) => [
          r.schoolName,
          r.own,
          r.values.sbb,
        ]),
    ).toEqual([
      ['天津医学高等专科学校', false, 16],
      ['唐山工业职业技术学院', true, 17.5],
    ]);
    const unknown = await leader.request({
      method: 'POST',
      url: `${R}/querySchoolRival`,
      payload: { schoolCodes: ['NOPE', OWN] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().meta.message).toBe('学校代码不存在，请在学校列表中选择');
  });

  it('queryTrendAnalysis: one indicator over the years, gaps as null; bad input refused', async () => {
    const res = await get(leader, `${R}/queryTrendAnalysis?indicator=jyl`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.years).toEqual([2023, 2024, 2025]);
    expect(d.series.map((x: { schoolCode: string; values: unknown[] }) => [x.schoolCode, x.values])).toEqual([
      [OWN, [90, 91, 92.5]],
      [A, [null, 95, 96]],
      [B, [null, null, 93]],
      [C, [89, null, 93]],
    ]);
    const span = await get(leader, `${R}/queryTrendAnalysis?indicator=jyl&startYear=2024&endYear=2025`);
    expect(span.json().data.years).toEqual([2024, 2025]);
    expect((await get(leader, `${R}/queryTrendAnalysis?indicator=nope`)).json().meta.message).toContain('指标不存在');
    const reversed = await get(leader, `${R}/queryTrendAnalysis?indicator=jyl&startYear=2025&endYear=2020`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().meta.message).toMatch(/起止年份不正确/);
    expect((await get(leader, `${R}/queryTrendAnalysis?indicator=jyl&startYear=1800`)).statusCode).toBe(400);
  });

  it('queryRankAnalysis: the better first (a lower 生师比 ranks first), ties share a rank, no figure last', async () => {
    const jyl = (await get(leader, `${R}/queryRankAnalysis?indicator=jyl&year=2025`)).json().data;
    expect(jyl.list.map((r: { schoolCode: string; rank: number }) => [r.schoolCode, r.rank])).toEqual([
      [A, 1],
      [B, 2],
      [C, 2],
      [OWN, 4],
    ]);
    const sbb = (await get(leader, `${R}/queryRankAnalysis?indicator=sbb&year=2023`)).json().data;
    expect(sbb.list.map((r: { schoolCode: string; rank: number | null }) => [r.schoolCode, r.rank])).toEqual([
      [OWN, 1],
      [A, null],
      [B, null],
      [C, null],
    ]);
  });

  it('queryAVGAnalysis: 本校 against the rivals’ average, highest and lowest', async () => {
    const d = (await get(leader, `${R}/queryAVGAnalysis?year=2025`)).json().data;
    expect(d.count).toBe(3);
    expect(d.list.find((r: { indicator: string }) => r.indicator === 'jyl')).toEqual({
      indicator: 'jyl',
      own: 92.5,
      avg: 94,
      max: 96,
      min: 93,
      count: 3,
    });
    expect(d.list.find((r: { indicator: string }) => r.indicator === 'bdl')).toMatchObject({
      own: null,
      avg: null,
      count: 0,
    });
    const empty = (await get(leader, `${R}/queryAVGAnalysis?year=2030`)).json().data;
    expect(empty.count).toBe(0);
  });
});

describe('doubleHigh', () => {
  it('queryYear names the 2019 first round with the official total before anything is imported', async () => {
    const res = await get(leader, `${D}/queryYear`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([{ year: 2019, label: '2019年（第一轮）', recorded: 0, expected: 197 }]);
  });

  it('imports the list (unknown codes, categories and grades refused, every row named) and pages it', async () => {
    const bad = await upload(
      keeper,
      `${D}/upload`,
      await xlsx([
        UNIT_HEADER,
        [2019, '天津医学高等专科学校', 'NOPE', '高水平学校', 'B', '护理、药学', 'x', ''],
        [2019, '某学院', '', '双高学校', 'D', '', '', ''],
        [19, '', '', '高水平专业群', 'A', '', '', '否'],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    for (const part of ['第2行', 'NOPE', '第3行', '类别', '档次', '第4行', '批次年份', '学校名称'])
      expect(bad.json().meta.message, part).toContain(part);
    expect((await get(leader, `${D}/getHighSchoolCode`)).json().data.total).toBe(0);

    const good = await upload(
      keeper,
      `${D}/upload`,
      await xlsx([
        UNIT_HEADER,
        [2019, '天津医学高等专科学校', A, '高水平学校', 'B', '护理、药学', '教职成函〔2019〕14号', ''],
        [2019, '天津轻工职业技术学院', B, '高水平学校', 'C档', '模具设计与制造', '', '否'],
        [2019, '石家庄职业技术学院', C, '高水平专业群', 'B', '', '', '是'],
        [2019, '天津交通职业学院', '', '高水平专业群', 'B', '物流管理', '', ''],
      ]),
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.count).toBe(4);

    const page = (await get(leader, `${D}/getHighSchoolCode?pageSize=2`)).json().data;
    expect(page).toMatchObject({ total: 4, pageNum: 1, pageSize: 2, recorded: 4, expected: 197, canKeep: false });
    expect(page.list).toHaveLength(2);
    expect(page.counts).toContainEqual({ kind: 'school', grade: 'A', recorded: 0, expected: 10 });
    expect(page.counts).toContainEqual({ kind: 'major', grade: 'B', recorded: 2, expected: 59 });
    const majors = (await get(leader, `${D}/getHighSchoolCode?kind=major&name=交通`)).json().data;
    expect(
      majors.list.map((u: { schoolName: string; schoolCode: string | null; sample: boolean }) => [
        u.schoolName,
        u.schoolCode,
        u.sample,
      ]),
    ).toEqual([['天津交通职业学院', null, false]]);
    expect((await get(leader, `${D}/queryYear`)).json().data[0].recorded).toBe(4);
    const exported = await sheet((await get(leader, `${D}/download?year=2019`)).rawPayload);
    expect(exported[0]).toEqual(UNIT_HEADER);
    expect(exported).toHaveLength(5);
    expect((await sheet((await get(leader, `${D}/downloadtemplate`)).rawPayload))[0]).toEqual(UNIT_HEADER);
  });

  it('queryDoubleSchool: 本校 against each category and grade and the whole list', async () => {
    const res = await get(leader, `${R}/queryDoubleSchool?year=2025`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.batch).toBe(2019);
    expect(d.sample).toBe(true); // 天津医学高等专科学校's 2025 figures were imported as 示例数据
    expect(d.groups).toEqual([
      { key: 'school-B', kind: 'school', grade: 'B', units: 1, withFigures: 1 },
      { key: 'school-C', kind: 'school', grade: 'C', units: 1, withFigures: 1 },
      { key: 'major-B', kind: 'major', grade: 'B', units: 2, withFigures: 1 },
      { key: 'all', kind: 'all', grade: null, units: 4, withFigures: 3 },
    ]);
    expect(d.list.find((r: { indicator: string }) => r.indicator === 'jyl')).toEqual({
      indicator: 'jyl',
      own: 92.5,
      averages: { 'school-B': 96, 'school-C': 93, 'major-B': 93, all: 94 },
    });
  });
});

describe('the demo seed', () => {
  it('ships the sourced double-high units with their source and 示例数据 figures marked sample', async () => {
    await s.database.db.transaction((tx) => seedRivalDemo(tx, ['zyadmin']));
    const page = (await get(admin, `${D}/getHighSchoolCode?pageSize=50`)).json().data;
    const sourced = page.list.filter((u: { source: string }) => u.source.startsWith('https://'));
    expect(sourced).toHaveLength(8);
    expect(sourced.every((u: { sample: boolean; year: number }) => !u.sample && u.year === 2019)).toBe(true);
    expect(sourced.find((u: { schoolName: string }) => u.schoolName === '天津市职业大学')).toMatchObject({
      kind: 'school',
      grade: 'A',
      majors: '眼视光技术、包装工程技术',
      source: 'https://toopx.cn/tj/news-id-360293.html',
    });
    const rival = (await admin.request({ method: 'POST', url: `${R}/querySchoolRival`, payload: {} })).json().data;
    expect(rival.rivals).toHaveLength(8);
    expect(rival.year).toBe(2025);
    expect(rival.rows.every((r: { sample: boolean }) => r.sample)).toBe(true);
    const trend = (await get(admin, `${R}/queryTrendAnalysis?indicator=ysr`)).json().data;
    expect(trend.years).toEqual([2021, 2022, 2023, 2024, 2025]);
    expect(trend.series.every((x: { values: unknown[] }) => x.values.every((v) => typeof v === 'number'))).toBe(true);
  });
});
