import { DIAGNOSIS_MSG as M, ROLE, QUALITY_VIEW_MSG as V } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiagnosisWorld, diagnosisWorld, publishDiagnosis, userWithRoles } from '../../test/diagnosis-fixtures';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { data, get, post, refused, Z } from '../../test/zdgj-client';
import { multipartBody } from '../../test/zip';

/**
 * The monitoring views through the API (issue 31): the monitoring table's rows and flags, 分析与改进
 * (rest/disqualified/update) by the person in charge and a sharer only, a row's attachments by stage
 * (rest/quality/uploadFileList, the 'Quality' owner policy), the sampling records within a date range.
 */

let s: TestServer;
let fbr: TestSession;
let fzr: TestSession;
let sharer: TestSession;
let jkr: TestSession;
let stranger: TestSession;
let world: DiagnosisWorld;
let m01: number;
const rowIds = new Map<string, number>();
const rid = (name: string) => rowIds.get(name)!;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 7)]);

const upload = async (me: TestSession, name: string) =>
  (
    await data(
      me.request({ method: 'POST', url: `${Z}/rest/file/upload`, ...multipartBody({}, { name, content: PDF }) }),
    )
  ).fileId as string;

beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-03-10T09:00:00');
  const admin = await s.login('zyadmin');
  fbr = await s.login('zgfb01');
  fzr = await s.login('zyfzr01');
  await userWithRoles(s, 'zyfzr09', [ROLE.diagnosisObject], 'D07');
  sharer = await s.login('zyfzr09');
  jkr = await s.login('rwfzr01');
  stranger = await s.login('rwfzr02');
  world = await diagnosisWorld(s, admin, '监测视图诊改标准');
  const task = await publishDiagnosis(fbr, world, { rwmc: '监测视图任务' });
  const objects = (await data(get(fbr, `/rest/obj/select?rwid=${task.id}&pageSize=50`))).list as {
    id: number;
    dxbm: string;
  }[];
  m01 = objects.find((o) => o.dxbm === 'M01')!.id;
  await data(post(fbr, '/rest/obj/authority', { id: m01, gxrids: ['zyfzr09'], cjrids: [] }));
  await data(post(fbr, '/rest/quality/updateupmbz', { ids: [m01] }));
  const rows = (await data(get(fzr, `/rest/quality/select?dxrwid=${m01}`))).list as { id: number; zkdmc: string }[];
  for (const r of rows) rowIds.set(r.zkdmc, r.id);
  await data(post(fzr, '/rest/quality/calresult', { dxrwid: m01 }));
  await data(
    post(fzr, '/rest/quality/updatejgz', {
      dxrwid: m01,
      list: [
        { id: rid('人才培养方案'), jgz: '0' },
        { id: rid('专业评估'), jgz: '良好' },
      ],
    }),
  );
});
afterAll(async () => {
  await s?.close();
});

describe('the monitoring statistics table', () => {
  it('lists every row with its levels, values and flags; the flags filter the below-standard and unfinished tables', async () => {
    const all = await data(get(jkr, `/rest/quality/select?dxrwid=${m01}`));
    expect(all.eachLevelCount).toEqual([1, 1, 4]);
    const byName = (n: string) => all.list.find((r: { zkdmc: string }) => r.zkdmc === n);
    expect(byName('就业率')).toMatchObject({ bzz: '85', mbz: '85', jgz: '92.5', dis: false, unfin: false, jgdj: 'A' });
    expect(byName('人才培养方案')).toMatchObject({ bzz: '1', mbz: '1', jgz: '0', dis: true, unfin: true });
    expect(byName('人才培养方案').levels.map((l: { name: string }) => l.name)).toEqual([
      '计分卡',
      '就业质量',
      '人才培养方案',
    ]);
    // isedit: the person in charge and a sharer; the monitor sees the rows read-only.
    expect(byName('就业率').isedit).toBe(false);
    expect((await data(get(fzr, `/rest/quality/select?dxrwid=${m01}`))).list[0].isedit).toBe(true);
    expect((await data(get(sharer, `/rest/quality/select?dxrwid=${m01}`))).list[0].isedit).toBe(true);
    const dis = await data(get(jkr, `/rest/quality/select?dxrwid=${m01}&flag=dis`));
    expect(dis.list.map((r: { zkdmc: string }) => r.zkdmc)).toEqual(['人才培养方案']);
    const unfin = await data(get(jkr, `/rest/quality/select?dxrwid=${m01}&flag=unfin`));
    expect(unfin.list.map((r: { zkdmc: string }) => r.zkdmc)).toEqual(['人才培养方案']);
    await refused(get(stranger, `/rest/quality/select?dxrwid=${m01}`), 404);
  });
});

describe('分析与改进 (rest/disqualified/update)', () => {
  it('the person in charge and a sharer write cause and measures; the detail shows them', async () => {
    const id = rid('人才培养方案');
    const saved = await fzr.request({
      method: 'POST',
      url: `${Z}/rest/disqualified/update`,
      payload: { id, yyfx: '  培养方案未按期修订  ', gjcs: '本学期内完成修订并报教务处审定' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().meta.message).toBe(V.analysisSaved);
    expect(saved.json().data).toEqual({ id, yyfx: '培养方案未按期修订', gjcs: '本学期内完成修订并报教务处审定' });
    await data(post(sharer, '/rest/disqualified/update', { id, yyfx: '共享人补充的原因', gjcs: '共享人补充的措施' }));
    const detail = await data(get(jkr, `/rest/quality/selectbyid?id=${id}`));
    expect(detail).toMatchObject({ yyfx: '共享人补充的原因', gjcs: '共享人补充的措施', isedit: false });
    expect(detail.sharePos).toEqual([{ gxrmc: expect.any(String) }]);
  });

  it('refuses whoever is not an editor, and empty or over-long text, changing nothing', async () => {
    const id = rid('人才培养方案');
    await refused(post(jkr, '/rest/disqualified/update', { id, yyfx: '监控人', gjcs: '监控人' }), 403, M.notEditor);
    await refused(post(fbr, '/rest/disqualified/update', { id, yyfx: '发布人', gjcs: '发布人' }), 403, M.notEditor);
    await refused(post(stranger, '/rest/disqualified/update', { id, yyfx: '外人', gjcs: '外人' }), 404, M.rowNotFound);
    await refused(post(fzr, '/rest/disqualified/update', { id, yyfx: '   ', gjcs: '措施' }), 400, V.required);
    await refused(post(fzr, '/rest/disqualified/update', { id, yyfx: '原因' }), 400);
    await refused(
      post(fzr, '/rest/disqualified/update', { id, yyfx: '因'.repeat(501), gjcs: '措施' }),
      400,
      V.tooLong(500),
    );
    await refused(post(fzr, '/rest/disqualified/update', { id: 99999999, yyfx: '原因', gjcs: '措施' }), 404);
    const detail = await data(get(fzr, `/rest/quality/selectbyid?id=${id}`));
    expect(detail).toMatchObject({ yyfx: '共享人补充的原因', gjcs: '共享人补充的措施' });
    // 500 characters exactly are taken.
    await data(post(fzr, '/rest/disqualified/update', { id, yyfx: '因'.repeat(500), gjcs: '措'.repeat(500) }));
    expect((await data(get(fzr, `/rest/quality/selectbyid?id=${id}`))).yyfx).toHaveLength(500);
  });
});

describe("a row's attachments (rest/quality/uploadFileList, owner 'Quality')", () => {
  it('editors save a stage list; whoever sees the object task reads and downloads; others are refused', async () => {
    const id = rid('人才培养方案');
    const a = await upload(fzr, '修订计划.pdf');
    const b = await upload(sharer, '整改台账.pdf');
    const list = await data(
      post(fzr, '/rest/quality/uploadFileList', {
        list: [{ fileId: a, fileName: '修订计划.pdf' }],
        context: { zgzkdid: id, objTaskId: m01, stage: 'disqualified' },
      }),
    );
    expect(list.map((f: { fileName: string; stage: string }) => [f.fileName, f.stage])).toEqual([
      ['修订计划.pdf', 'disqualified'],
    ]);
    await data(
      post(sharer, '/rest/quality/uploadFileList', { list: [{ fileId: b }], context: { zgzkdid: id, stage: 'mbbz' } }),
    );
    // The monitor reads every stage and downloads; cannot save.
    const seen = await data(
      jkr.request({ method: 'GET', url: `${Z}/rest/file/files/list?ownerType=Quality&zgzkdid=${id}` }),
    );
    expect(
      seen
        .map((f: { fileName: string; stage: string; canDelete: boolean }) => [f.fileName, f.stage, f.canDelete])
        .sort(),
    ).toEqual([
      ['修订计划.pdf', 'disqualified', false],
      ['整改台账.pdf', 'standard', false],
    ]);
    const dl = await jkr.request({ method: 'GET', url: `${Z}/rest/file/files/download?id=${a}` });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    const c = await upload(jkr, '监控人的.pdf');
    await refused(
      post(jkr, '/rest/quality/uploadFileList', { list: [{ fileId: c }], context: { zgzkdid: id, stage: 'jcyj' } }),
      403,
      M.notEditor,
    );
    // Through the files module's own saveList the 'Quality' policy refuses the monitor too.
    await refused(
      post(jkr, '/rest/file/files/saveList', {
        list: [{ fileId: c }],
        context: { zgzkdid: String(id), stage: 'jcyj' },
      }),
      403,
    );
    // A stranger sees no file of the row and downloads none.
    const none = await data(
      stranger.request({ method: 'GET', url: `${Z}/rest/file/files/list?ownerType=Quality&zgzkdid=${id}` }),
    );
    expect(none).toEqual([]);
    const denied = await stranger.request({ method: 'GET', url: `${Z}/rest/file/files/download?id=${a}` });
    expect([403, 404]).toContain(denied.statusCode);
    await refused(
      post(stranger, '/rest/quality/uploadFileList', { list: [], context: { zgzkdid: id, stage: 'mbbz' } }),
      404,
    );
  });

  it('refuses an unknown stage and a row of another object task', async () => {
    const id = rid('人才培养方案');
    await refused(
      post(fzr, '/rest/quality/uploadFileList', { list: [], context: { zgzkdid: id, stage: 'xx' } }),
      400,
      V.stageUnknown,
    );
    await refused(
      post(fzr, '/rest/quality/uploadFileList', {
        list: [],
        context: { zgzkdid: id, objTaskId: m01 + 1, stage: 'mbbz' },
      }),
      400,
      V.rowNotOfObject,
    );
    // Emptying a stage removes its files.
    const left = await data(
      post(fzr, '/rest/quality/uploadFileList', { list: [], context: { zgzkdid: id, stage: 'disqualified' } }),
    );
    expect(left).toEqual([]);
  });
});

describe('the sampling analysis dialog (rest/quality/samples)', () => {
  it('reads the records of a date range; a reversed range is refused with a Chinese message', async () => {
    const id = rid('专业评估');
    for (const [at, v] of [
      ['2026-03-20T10:00:00', '合格'],
      ['2026-04-02T10:00:00', '优秀'],
    ] as const) {
      s.app.clock.set(at);
      await data(post(fzr, '/rest/quality/updatejgz', { dxrwid: m01, list: [{ id, jgz: v }] }));
    }
    const all = await data(get(jkr, `/rest/quality/samples?id=${id}`));
    expect(all.map((x: { cjz: string }) => x.cjz)).toEqual(['良好', '合格', '优秀']);
    const march = await data(get(jkr, `/rest/quality/samples?id=${id}&start=2026-03-15&end=2026-03-31`));
    expect(march.map((x: { cjz: string; sj: string }) => [x.cjz, x.sj])).toEqual([['合格', '2026-03-20 10:00:00']]);
    await refused(get(jkr, `/rest/quality/samples?id=${id}&start=2026-04-01&end=2026-03-01`), 400, V.rangeReversed);
    await refused(get(jkr, `/rest/quality/samples?id=${id}&start=2026-02-30`), 400);
    await refused(get(stranger, `/rest/quality/samples?id=${id}`), 404);
  });
});

describe("a row's 明细数据 (rest/quality/detail, the node's 详情算法)", () => {
  it('runs the detail algorithm for the object and year, paged; a row without one answers 未配置详情算法', async () => {
    const detail = await data(get(jkr, `/rest/quality/detail?id=${rid('就业率')}&current=1&size=10`));
    expect(detail).toMatchObject({
      configured: true,
      algorithm: '诊改就业明细/V1',
      total: 1,
      current: 1,
      pages: 1,
      truncated: false,
    });
    expect(detail.columns.map((c: { name: string }) => c.name)).toEqual(['专业', '年度', '就业率', '学生数']);
    expect(detail.records).toEqual([{ 专业: 'M01', 年度: 2025, 就业率: 92.5, 学生数: 300 }]);
    expect(detail.runId).toEqual(expect.any(Number));
    // The second page is empty; the person in charge reads the same rows (from the cache).
    expect((await data(get(jkr, `/rest/quality/detail?id=${rid('就业率')}&current=2&size=10`))).records).toEqual([]);
    expect((await data(get(fzr, `/rest/quality/detail?id=${rid('就业率')}`))).records).toHaveLength(1);
    const none = await data(get(fzr, `/rest/quality/detail?id=${rid('在校生数')}`));
    expect(none).toMatchObject({ configured: false, message: V.noDetailRule, records: [], total: 0 });
  });

  it('is 404 to whoever may not see the row, and refuses a bad query in Chinese', async () => {
    await refused(get(stranger, `/rest/quality/detail?id=${rid('就业率')}`), 404, M.rowNotFound);
    await refused(get(jkr, '/rest/quality/detail?id=999999'), 404, M.rowNotFound);
    const bad = await get(jkr, `/rest/quality/detail?id=${rid('就业率')}&size=1000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().meta.message).toMatch(/[\u4e00-\u9fa5]/);
    const noId = await get(jkr, '/rest/quality/detail?id=abc');
    expect(noId.statusCode).toBe(400);
    expect(noId.json().meta.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});
