import { SELF_REPORT_MSG as M, ROLE, SELF_REPORT_EXPLAIN_MAX, SELF_REPORT_SUMMARY_MSG as SM } from '@zg/contract';
import { sql } from 'drizzle-orm';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosisWorld, publishDiagnosis, userWithRoles } from '../../test/diagnosis-fixtures';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { data, get, post, refused } from '../../test/zdgj-client';

/**
 * 自我诊断报告 through the API (issue 33): a report generated from a diagnosis task's live rows and warnings, every
 * overview figure checked against a count made here in SQL; the explanations per entry (the length limit, the tick);
 * who may; the submission freezing the figures while the data change, the read showing both.
 */

let s: TestServer;
let fbr: TestSession;
let fzr: TestSession;
let shr: TestSession;
let stranger: TestSession;
let m01: number;
let taskId: number;
let bgid: number;
const rowId: Record<string, number> = {};

const q = async <T>(text: ReturnType<typeof sql>) =>
  ((await s.database.db.execute(text)) as unknown as { rows: T[] }).rows;
const pct = (a: number, b: number) => (b ? Math.round((a * 10000) / b) / 100 : 0);

/** The figures counted here, in SQL over the rows and warnings of M01. */
async function counted() {
  const rows = await q<{ name: string; jgz: string | null; jgdj: string | null; dis: boolean; unfin: boolean }>(
    sql`select name, coalesce(xzjgz, jgz) as jgz, jgdj, dis, unfin from diagnosis_rows
         where object_task_id = ${m01} order by sort, id`,
  );
  const [w] = await q<{ process: number; expired: number; disposed: number }>(
    sql`select count(*) filter (where kind = 'process')::int as process,
               count(*) filter (where kind = 'expired')::int as expired,
               count(disposed_at) filter (where kind in ('process', 'expired'))::int as disposed
          from quality_warnings where object_task_id = ${m01}`,
  );
  return { rows, ...w! };
}

beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-03-10T09:00:00');
  const admin = await s.login('zyadmin');
  fbr = await s.login('zgfb01');
  fzr = await s.login('zyfzr01');
  shr = await s.login('shr01');
  await userWithRoles(s, 'zyfzrS', [ROLE.diagnosisObject], 'D07');
  stranger = await s.login('zyfzrS');
  const world = await diagnosisWorld(s, admin, '自我诊断报告测试标准', {
    在校生数: { warning: { mode: 'value', operator: '<', value: 400, cycle: 'none' } },
  });
  const task = await publishDiagnosis(fbr, world, { kssj: '2026-03-01', jssj: '2026-07-31' });
  taskId = task.id;
  const objects = (await data(get(fbr, `/rest/obj/select?rwid=${task.id}&pageSize=50`))).list;
  m01 = objects.find((o: { dxbm: string }) => o.dxbm === 'M01').id;
  for (const r of (await data(get(fzr, `/rest/quality/select?dxrwid=${m01}`))).list) rowId[r.zkdmc] = r.id;
  // Targets: 就业率 95 (its 92.5 will not reach it), 在校生数 280, 人才培养方案 有.
  await data(
    post(fzr, '/rest/quality/updatembzcommit', {
      dxrwid: m01,
      list: [
        { id: rowId.就业率, mbz: '95' },
        { id: rowId.在校生数, mbz: '280' },
        { id: rowId.人才培养方案, mbz: '1' },
      ],
    }),
  );
  // Computed: 就业率 92.5 (A, unfinished), 在校生数 300 (A, breaks "< 400": a 过程预警); manual 人才培养方案 无 (below
  // standard, unfinished); 专业评估 no result yet.
  await data(post(fzr, '/rest/quality/calresult', { dxrwid: m01 }));
  await data(post(fzr, '/rest/quality/updatejgz', { dxrwid: m01, list: [{ id: rowId.人才培养方案, jgz: '0' }] }));
  const warnings = (await data(get(fzr, `/warningflow/queryWarnList?zkdid=${rowId.在校生数}`))).list;
  expect(warnings).toHaveLength(1);
  await data(post(fzr, '/rest/warningflow/dispose', { id: warnings[0].id, yyfx: '生源不足', clcs: '扩大招生' }));
});
afterAll(async () => {
  await s?.close();
});

describe('generation from live data', () => {
  it('is for the person in charge; a stranger sees no object task; the auditor reads but may not write', async () => {
    await refused(post(stranger, '/rest/report/generate', { dxrwid: m01 }), 404, M.objectNotFound);
    await refused(post(shr, '/rest/report/generate', { dxrwid: m01 }), 403, M.notCharger);
    const r = await data(post(fzr, '/rest/report/generate', { dxrwid: m01 }));
    bgid = r.id;
    expect(r).toMatchObject({ dxrwid: m01, lc: 1, zt: 'draft', ztmc: '草稿', submittedAt: null, changes: [] });
    expect(r.abilities).toMatchObject({ explain: true, submit: true, share: true, expertReview: false });
    // Generating again answers the same report of the round.
    expect((await data(post(fzr, '/rest/report/generate', { dxrwid: m01 }))).id).toBe(bgid);
    await refused(get(stranger, `/rest/report/selectbybgid?bgid=${bgid}`), 404, M.notFound);
    const seen = await data(get(shr, `/rest/report/selectbybgid?bgid=${bgid}`));
    expect(seen.abilities).toMatchObject({ explain: false, submit: false, share: false });
  });

  it('has the header and every overview figure as counted here', async () => {
    const r = await data(get(fzr, `/rest/report/selectbybgid?bgid=${bgid}`));
    const { header, overview, rows, warnings } = r.content;
    expect(header).toMatchObject({
      reportName: expect.stringContaining('软件技术自我诊断报告'),
      reportHeaderVos: [{ cjmc: '软件技术', cjdmid: 'M01', cjname: '软件技术(M01)' }],
      principal: expect.any(String),
      createTimeFmt: '2026-03-10 09:00:00',
    });
    expect(header.principal.length).toBeGreaterThan(0);

    const c = await counted();
    const total = c.rows.length;
    const measured = c.rows.filter((x) => x.jgz !== null);
    const below = c.rows.filter((x) => x.dis);
    const reached = measured.filter((x) => !x.dis).length;
    const unfinished = c.rows.filter((x) => x.unfin);
    const done = measured.filter((x) => !x.unfin).length;
    // The world as set up: four rows, one below standard, two unfinished, one without a result.
    expect([total, below.length, unfinished.length, total - measured.length]).toEqual([4, 1, 2, 1]);
    const graded = c.rows.filter((x) => ['A', 'B', 'C', 'D'].includes(x.jgdj ?? ''));

    expect(overview.item1.zkdzsl).toBe(total);
    expect(overview.item1.zkddbqkList).toEqual([
      { name: '达标', value: reached, zb: pct(reached, total) },
      { name: '未达标', value: below.length, zb: pct(below.length, total) },
      { name: '暂无结果', value: total - measured.length, zb: pct(total - measured.length, total) },
    ]);
    expect(overview.item1.zkdhglList).toEqual([
      { name: '达标', value: reached, zb: pct(reached, measured.length) },
      { name: '未达标', value: below.length, zb: pct(below.length, measured.length) },
    ]);
    expect(overview.item1.zgQualitiesRankList).toEqual(
      ['A', 'B', 'C', 'D'].map((g) => {
        const n = graded.filter((x) => x.jgdj === g).length;
        return { name: g, value: n, zb: pct(n, graded.length) };
      }),
    );
    expect(overview.item1.wdbzkdsl).toBe(below.length);
    expect(overview.item1.wdbzkdmcs).toEqual(below.map((x) => x.name));
    expect(overview.item1.wdbzkdejzbs).toEqual(['就业质量']);

    expect(overview.item2).toEqual({
      wcl: pct(done, total),
      zkdwcqkList: [
        { name: '已完成', value: done, zb: pct(done, total) },
        { name: '未完成', value: unfinished.length, zb: pct(unfinished.length, total) },
        { name: '暂无结果', value: total - measured.length, zb: pct(total - measured.length, total) },
      ],
      wwczkdsl: unfinished.length,
      wwczkdmcs: unfinished.map((x) => x.name),
      wwczkdejzbs: ['就业质量'],
    });

    const yjcs = c.process + c.expired;
    expect(yjcs).toBe(1);
    expect(overview.item3).toEqual({
      yjcs,
      yjcll: pct(c.disposed, yjcs),
      yjqkList: [
        { name: '过程预警', value: c.process, zb: pct(c.process, yjcs) },
        { name: '逾期预警', value: c.expired, zb: pct(c.expired, yjcs) },
      ],
      zkdmcs: ['在校生数'],
      zkdyjcs: [{ name: '在校生数', value: 1, zb: 100 }],
    });
    // The tables: every row; the warning records with the disposal's texts.
    expect(rows.map((x: { zkdmc: string }) => x.zkdmc)).toEqual(c.rows.map((x) => x.name));
    expect(rows[0]).toMatchObject({ levels: ['计分卡', '就业质量', '就业率'], bzz: '85', mbz: '95', jgz: '92.5' });
    expect(warnings).toEqual([
      expect.objectContaining({ zkdmc: '在校生数', allNum: 1, disposeNum: 1, yyfx: '生源不足', clcs: '扩大招生' }),
    ]);
  });
});

describe('explanations per entry', () => {
  it('saves an explanation and a tick; refuses one over the limit, an unknown entry, and anyone but the writer', async () => {
    await data(post(fzr, '/rest/report/explain/save', { bgid, id: 1, nr: '质控点总体达标，人才培养方案待补齐。' }));
    await data(post(fzr, '/rest/report/explain/save', { bgid, id: 3, isChecked: false }));
    await refused(
      post(fzr, '/rest/report/explain/save', { bgid, id: 2, nr: '长'.repeat(SELF_REPORT_EXPLAIN_MAX + 1) }),
      400,
      M.explainTooLong,
    );
    await refused(post(fzr, '/rest/report/explain/save', { bgid, id: 4, nr: '无' }), 400, M.sectionUnknown);
    await refused(post(shr, '/rest/report/explain/save', { bgid, id: 2, nr: '审核人' }), 403, M.notCharger);
    await refused(post(stranger, '/rest/report/explain/save', { bgid, id: 2, nr: '他人' }), 404, M.notFound);
    const r = await data(get(fzr, `/rest/report/selectbybgid?bgid=${bgid}`));
    expect(r.entries).toEqual([
      { id: 1, num: '1.', name: '质控点分析', nr: '质控点总体达标，人才培养方案待补齐。', isChecked: true },
      { id: 2, num: '2.', name: '任务完成进度分析', nr: '', isChecked: true },
      { id: 3, num: '3.', name: '预警分析', nr: '', isChecked: false },
    ]);
  });
});

describe('submission', () => {
  it('freezes the figures: the data change, the report keeps them and shows both where they differ', async () => {
    s.app.clock.set('2026-03-11T10:00:00');
    const before = (await data(get(fzr, `/rest/report/selectbybgid?bgid=${bgid}`))).content;
    await data(post(fzr, '/rest/report/submit', { bgid }));
    await refused(post(fzr, '/rest/report/submit', { bgid }), 409, M.wrongState('已提交'));
    await refused(post(fzr, '/rest/report/explain/save', { bgid, id: 1, nr: '改' }), 409, M.wrongState('已提交'));
    // Today's data change: 专业评估 gets 不合格 (below standard, grade D).
    s.app.clock.set('2026-03-12T10:00:00');
    await data(post(fzr, '/rest/quality/updatejgz', { dxrwid: m01, list: [{ id: rowId.专业评估, jgz: '不合格' }] }));
    const c = await counted();
    expect(c.rows.filter((x) => x.dis)).toHaveLength(2);

    const r = await data(get(fzr, `/rest/report/selectbybgid?bgid=${bgid}`));
    expect(r).toMatchObject({ zt: 'submitted', ztmc: '已提交', submittedAt: '2026-03-11 10:00:00' });
    expect(r.abilities).toMatchObject({ explain: false, submit: false });
    expect(r.content.overview).toEqual(before.overview);
    expect(r.content.header.createTimeFmt).toBe('2026-03-11 10:00:00');
    expect(r.content.overview.item1.wdbzkdsl).toBe(1);
    expect(r.today.item1.wdbzkdsl).toBe(2);
    expect(r.changes).toEqual(
      expect.arrayContaining([
        { field: 'wdbzkdsl', label: '未达标质控点数', submitted: '1', today: '2' },
        { field: 'gradeD', label: 'D 等级数', submitted: '0', today: '1' },
        { field: 'wdbzkdmcs', label: '未达标质控点', submitted: '人才培养方案', today: '人才培养方案、专业评估' },
      ]),
    );
    expect(r.changes.find((x: { field: string }) => x.field === 'zkdzsl')).toBeUndefined();
  });

  it('lists the reports the user sees with their filters; cjsj as yyyy-MM-dd', async () => {
    const mine = await data(get(fzr, '/rest/report/selectpage?pageNum=1&pageSize=10'));
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ id: bgid, cjsj: '2026-03-10', dxrwmc: '软件技术', zt: 'submitted' });
    expect(mine.list[0].fzrmc).toBeTruthy();
    expect((await data(get(fzr, '/rest/report/selectpage?dxrwmc=软件'))).total).toBe(1);
    expect((await data(get(fzr, '/rest/report/selectpage?dxrwmc=大数据'))).total).toBe(0);
    expect((await data(get(fzr, '/rest/report/selectpage?zt=draft'))).total).toBe(0);
    expect((await data(get(shr, '/rest/report/selectpage'))).total).toBe(1);
    expect((await data(get(stranger, '/rest/report/selectpage'))).total).toBe(0);
    await refused(get(fzr, '/rest/report/selectpage?pageSize=100000'), 400);
  });
});

describe('Word', () => {
  it('downloads the reviewed report with its sections, chart images, tables, stamps and scores', async () => {
    const zj = await s.login('zj01');
    const xxsh = await s.login('xxsh01');
    await data(post(zj, '/rest/report/review/expertreview', { bgid, fhjg: 'local', score: 86.5 }));
    await data(post(xxsh, '/rest/report/review/schoolreview', { bgid, fhjg: 'effective', score: 92 }));
    await refused(get(stranger, `/rest/report/downloadword?bgid=${bgid}`), 404, M.notFound);
    const res = await get(fzr, `/rest/report/downloadword?bgid=${bgid}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(String(res.headers['content-disposition'])).toContain('.docx');
    const { value: html } = await mammoth.convertToHtml({ buffer: res.rawPayload });
    const textOf = html.replace(/<[^>]+>/g, ' ');
    for (const words of [
      '软件技术自我诊断报告',
      '总体概述',
      '1. 质控点分析',
      '2. 任务完成进度分析',
      '目标监测统计表',
      '未达标指标统计表',
      '未完成目标统计表',
      '预警信息记录表',
      '专家评审：部分有效，得分 86.50',
      '学校审核：有效，得分 92.00',
      '说明：质控点总体达标，人才培养方案待补齐。',
      '提交后数据变化',
    ])
      expect(textOf, words).toContain(words);
    // Entry 3 was ticked out: its paragraph and charts are not in the document.
    expect(textOf).not.toContain('3. 预警分析');
    const alts = [...html.matchAll(/<img [^>]*alt="([^"]*)"/g)].map((m) => m[1]);
    expect(alts).toEqual([
      '专家评审章：部分有效',
      '学校审核章：有效',
      '质控点分析：达标情况',
      '质控点分析：结果等级',
      '任务完成进度分析：完成情况',
    ]);
    for (const m of html.matchAll(/<img [^>]*src="data:image\/png;base64,([^"]+)"/g))
      expect(Buffer.from(m[1]!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    // The four tables and the changes since submission; the rows as counted.
    expect((html.match(/<table>/g) ?? []).length).toBe(5);
    const c = await counted();
    for (const r of c.rows) expect(textOf).toContain(r.name);
  });

  it('lists the self-diagnosis templates (not the target-task ones) and puts the chosen one’s text on the cover', async () => {
    const W = '/api/herm-wbs/targetReportTemplate';
    const admin = await s.login('zyadmin');
    const add = async (body: object) => {
      const res = await admin.request({ method: 'POST', url: `${W}/insert`, payload: body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: number; mblx: string };
    };
    const mine = await add({
      mbmc: '专业自诊模板',
      bgbt: '{rwmc}专业自我诊断报告',
      bgsm: '质量管理办公室编制',
      mblx: 'selfDiagnosis',
    });
    const task = await add({ mbmc: '任务报告模板', bgbt: '{rwmc}完成情况报告' });
    expect([mine.mblx, task.mblx]).toEqual(['selfDiagnosis', 'targetTask']);
    const bad = await admin.request({ method: 'POST', url: `${W}/insert`, payload: { mbmc: 'x', mblx: 'other' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().meta.message).toContain('模板类型只能是');
    const list = await data(get(fzr, '/rest/report/template/selectlist'));
    expect(list).toEqual([
      { id: mine.id, mbmc: '专业自诊模板', bgbt: '{rwmc}专业自我诊断报告', bgsm: '质量管理办公室编制' },
    ]);
    const res = await get(fzr, `/rest/report/downloadword?bgid=${bgid}&mbid=${mine.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { value: text } = await mammoth.extractRawText({ buffer: res.rawPayload });
    expect(text).toContain('软件技术专业自我诊断报告');
    expect(text).toContain('质量管理办公室编制');
    // A target-task template is no self-diagnosis cover; nor does a self-diagnosis one lay out a task report.
    await refused(get(fzr, `/rest/report/downloadword?bgid=${bgid}&mbid=${task.id}`), 404, M.templateNotFound);
    const page = await admin.request({ method: 'GET', url: `${W}/selectPage?mblx=selfDiagnosis` });
    expect(page.json().data.records.map((t: { id: number }) => t.id)).toEqual([mine.id]);
  });
});

describe('the school-wide summary (全校汇总报告)', () => {
  it('runs as a job over every object of the task: ranking, grades and below-standard QCPs as counted here, as Word', async () => {
    await refused(post(fzr, '/rest/report/summary', { rwid: taskId }), 403, SM.notAllowed);
    await refused(get(fzr, '/rest/report/summary/tasks'), 403, SM.notAllowed);
    expect((await data(get(fbr, '/rest/report/summary/tasks'))).map((t: { id: number }) => t.id)).toContain(taskId);
    await refused(post(fbr, '/rest/report/summary', { rwid: 999999 }), 404, SM.taskNotFound);
    const started = await data(post(fbr, '/rest/report/summary', { rwid: taskId }));
    await s.app.jobs.drain();
    const job = await data(get(fbr, `/rest/report/summary/job?id=${started.id}`));
    const objects = await q<{ id: number; name: string }>(
      sql`select id, object_name as name from diagnosis_object_tasks where task_id = ${taskId} order by id`,
    );
    expect(job).toMatchObject({ state: 'done', percent: 100, done: objects.length, total: objects.length });
    const summary = job.result;
    const rows = await q<{ name: string; oid: number; jgdj: string | null; dis: boolean; measured: boolean }>(
      sql`select r.name, r.object_task_id as oid, r.jgdj, r.dis, coalesce(r.xzjgz, r.jgz) is not null as measured
            from diagnosis_rows r join diagnosis_object_tasks o on o.id = r.object_task_id where o.task_id = ${taskId}`,
    );
    expect(summary).toMatchObject({ rwid: taskId, dxsl: objects.length, zkdsl: rows.length });
    for (const o of summary.objects) {
      const id = objects.find((x) => x.name === o.dxmc)!.id;
      const mine = rows.filter((r) => r.oid === id);
      const below = mine.filter((r) => r.dis).length;
      const reached = mine.filter((r) => r.measured && !r.dis).length;
      expect(o).toMatchObject({ zkdsl: mine.length, dbsl: reached, wdbsl: below, dbl: pct(reached, reached + below) });
    }
    const rates = summary.objects.map((o: { dbl: number }) => o.dbl);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    // M01 has 人才培养方案 below standard: it leads the list of below-standard QCPs with the objects counted here.
    const belowObjects = new Set(rows.filter((r) => r.dis && r.name === '人才培养方案').map((r) => r.oid)).size;
    expect(summary.frequentBelow[0]).toMatchObject({ name: '人才培养方案', value: belowObjects });
    for (const g of summary.gradeDistribution) expect(g.value).toBe(rows.filter((r) => r.jgdj === g.name).length);

    // Another user's job answers as missing; the Word file is drawn from the result.
    await refused(get(shr, `/rest/report/summary/job?id=${started.id}`), 404);
    await refused(get(shr, `/rest/report/summary/downloadword?id=${started.id}`), 404);
    const res = await get(fbr, `/rest/report/summary/downloadword?id=${started.id}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const { value: text } = await mammoth.extractRawText({ buffer: res.rawPayload });
    for (const part of ['全校汇总报告', '诊改对象排名', '等级分布', '未达标最多的质控点', '软件技术', '人才培养方案'])
      expect(text).toContain(part);
    const { value: html } = await mammoth.convertToHtml({ buffer: res.rawPayload });
    expect(html.match(/<table>/g)?.length).toBe(3);
    expect(html).toContain('<img');
  });
});
