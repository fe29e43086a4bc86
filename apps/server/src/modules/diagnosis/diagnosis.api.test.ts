import { DIAGNOSIS_MSG as M } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../platform/jobs';
import { type DiagnosisWorld, diagnosisWorld, failMajor, publishDiagnosis } from '../../test/diagnosis-fixtures';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { data, get, post } from '../../test/zdgj-client';

/**
 * 诊断改进 through the API (issue 30): one object task from publishing through targets set, submitted and audited,
 * results computed (one object's algorithm failing while the others finish), a revised result audited, to
 * diagnoseagain; who sees and may do what; bad input answered in Chinese.
 */

let s: TestServer;
let admin: TestSession;
let fbr: TestSession;
let shr: TestSession;
let fzr: TestSession;
let jkr: TestSession;
let stranger: TestSession;
let world: DiagnosisWorld;

async function refused(p: ReturnType<typeof get>, status: number, message?: string) {
  const res = await p;
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json().meta.message).toBe(message);
  return res.json().meta.message as string;
}

beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-03-10T09:00:00');
  admin = await s.login('zyadmin');
  fbr = await s.login('zgfb01');
  shr = await s.login('shr01');
  fzr = await s.login('zyfzr01');
  jkr = await s.login('rwfzr01');
  stranger = await s.login('rwfzr02');
  world = await diagnosisWorld(s, admin);
});
afterAll(async () => {
  await s?.close();
});

type Row = { id: number; zkdmc: string; zlx: string; jgz: string | null; mbz: string | null; [k: string]: unknown };
const rowsOf = async (me: TestSession, dxrwid: number) =>
  (await data(get(me, `/rest/quality/select?dxrwid=${dxrwid}`))) as {
    list: Row[];
    eachLevelCount: number[];
    objectTask: { mbzt: string; abilities: Record<string, boolean> };
  };
const byName = (rows: Row[], name: string) => rows.find((r) => r.zkdmc === name)!;
const objectsOf = async (me: TestSession, rwid: number) =>
  (await data(get(me, `/rest/obj/select?rwid=${rwid}&pageSize=50`))).list as {
    id: number;
    dxbm: string;
    gzdxmc: string;
    fzr: { id: string } | null;
    mbzt: string;
  }[];

describe('publishing a diagnosis task', () => {
  it('publishes a published standard to every object of its dimension, chargers from 部门职责 unless named', async () => {
    const task = await publishDiagnosis(fbr, world, { rwmc: '2025-2026学年专业诊改' });
    expect(task).toMatchObject({ rwmc: '2025-2026学年专业诊改', rwzt: 'normal', nf: 2025, dxsl: 3, zbsl: 12, rwjd: 0 });
    expect(task).toMatchObject({ jkr: { id: 'rwfzr01' }, shr: { id: 'shr01' }, cjr: { id: 'zgfb01' }, wd: 'major' });
    const objects = await objectsOf(fbr, task.id);
    expect(objects.map((o) => [o.dxbm, o.fzr?.id])).toEqual([
      ['M01', 'zyfzr01'],
      ['M02', 'bmfzr07'],
      ['M03', 'bmfzr07'],
    ]);
    const { list, eachLevelCount } = await rowsOf(fbr, objects[0]!.id);
    expect(list.map((r) => r.zkdmc)).toEqual(['就业率', '在校生数', '人才培养方案', '专业评估']);
    expect(eachLevelCount).toEqual([1, 1, 4]);
    expect(byName(list, '就业率')).toMatchObject({
      levels: [{ name: '计分卡' }, { name: '就业质量' }, { name: '就业率' }],
      bzz: '85',
      zlx: 'percent',
      jsgz: '诊改就业率 V1',
    });
    expect(byName(list, '专业评估')).toMatchObject({
      jsgz: '手工填报',
      levelOptions: ['优秀', '良好', '合格', '不合格'],
    });
  });

  it('publishes to the objects chosen; refuses bad input with a Chinese message', async () => {
    const two = await publishDiagnosis(fbr, world, { dxbms: ['M01', 'M02'] });
    expect(two.dxsl).toBe(2);
    await refused(
      post(fzr, '/rest/task/insert', {
        rwmc: 'x',
        zqid: world.cycleId,
        kssj: '2026-03-01',
        jssj: '2026-04-01',
        bzid: world.systemId,
        shrid: 'shr01',
      }),
      403,
    );
    const base = { zqid: world.cycleId, kssj: '2026-03-01', jssj: '2026-04-01', bzid: world.systemId, shrid: 'shr01' };
    await refused(post(fbr, '/rest/task/insert', { ...base, rwmc: '倒序', kssj: '2026-05-01' }), 400, M.endBeforeStart);
    await refused(
      post(fbr, '/rest/task/insert', { ...base, rwmc: '无对象', dxbms: ['NOPE'] }),
      400,
      M.objectUnknown('NOPE'),
    );
    await refused(
      post(fbr, '/rest/task/insert', { ...base, rwmc: '无人', shrid: 'nobody' }),
      400,
      M.userUnknown('nobody'),
    );
    await refused(post(fbr, '/rest/task/insert', { ...base, rwmc: two.rwmc }), 409, M.nameTaken(two.rwmc));
    await refused(
      post(fbr, '/rest/task/insert', { ...base, rwmc: '无标准', bzid: 2_000_000_000 }),
      404,
      M.standardNotFound,
    );
    await refused(post(fbr, '/rest/task/insert', { ...base, rwmc: 'x'.repeat(101) }), 400);
    // A draft standard cannot be published.
    await s.database.db.execute(sql`update standard_systems set state = 'draft' where id = ${world.systemId}`);
    try {
      await refused(post(fbr, '/rest/task/insert', { ...base, rwmc: '草稿' }), 400, M.standardNotPublished);
    } finally {
      await s.database.db.execute(sql`update standard_systems set state = 'published' where id = ${world.systemId}`);
    }
  });

  it('shows a task to its people only: the person in charge sees their own object task, a stranger nothing', async () => {
    const task = await publishDiagnosis(fbr, world);
    expect((await data(get(fzr, `/rest/task/selectdto?id=${task.id}`))).userTypes).toEqual(['fzr']);
    expect((await objectsOf(fzr, task.id)).map((o) => o.dxbm)).toEqual(['M01']);
    await refused(get(stranger, `/rest/task/selectdto?id=${task.id}`), 404, M.taskNotFound);
    const mine = await data(get(stranger, '/rest/task/selectlist?pageSize=100'));
    expect(mine.list.some((t: { id: number }) => t.id === task.id)).toBe(false);
    const fzrList = await data(get(fzr, '/rest/task/selectlist?userType=fzr&pageSize=100'));
    expect(fzrList.list.map((t: { id: number }) => t.id)).toContain(task.id);
    const counts = await data(get(fbr, '/rest/task/selectnum?userType=fbr'));
    expect(counts.all).toBe(counts.normal + counts.pause + counts.finished);
    const [, m02] = await objectsOf(fbr, task.id);
    await refused(get(fzr, `/rest/quality/select?dxrwid=${m02!.id}`), 404, M.objectTaskNotFound);
    await refused(post(stranger, '/rest/obj/authority', { id: m02!.id, gxrids: ['rwfzr02'] }), 404);
  });
});

describe('task transitions through the API', () => {
  it('pauses, resumes and finishes as the machine says; the others are refused', async () => {
    const task = await publishDiagnosis(fbr, world);
    await refused(post(fzr, '/rest/task/pause', { id: task.id }), 403, M.notPublisher);
    await refused(post(fbr, '/rest/task/resume', { id: task.id }), 409);
    expect((await data(post(fbr, '/rest/task/pause', { id: task.id }))).rwzt).toBe('pause');
    const [m01] = await objectsOf(fbr, task.id);
    await refused(post(fzr, '/rest/quality/updatembzcommit', { dxrwid: m01!.id, list: [] }), 409, M.taskPaused);
    expect((await data(post(fbr, '/rest/task/resume', { id: task.id }))).rwzt).toBe('normal');
    const updated = await data(
      post(fbr, '/rest/task/update', {
        id: task.id,
        rwmc: `${task.rwmc}改`,
        kssj: '2026-03-01',
        jssj: '2026-08-31',
        shrid: 'shr01',
      }),
    );
    expect(updated).toMatchObject({ rwmc: `${task.rwmc}改`, jssj: '2026-08-31' });
    const done = await data(post(fbr, '/rest/task/finish', { id: task.id }));
    expect(done.rwzt).toBe('finished');
    expect(done.abilities).toMatchObject({ update: false, pause: false, resume: false, finish: false, delete: true });
    await refused(post(fbr, '/rest/task/pause', { id: task.id }), 409, M.taskFinished);
    await data(post(fbr, '/rest/task/ids/delete', { ids: [task.id] }));
    await refused(get(fbr, `/rest/task/selectdto?id=${task.id}`), 404);
  });
});

describe('one object task from targets to a new round', () => {
  let taskId: number;
  let m01: number;
  let rows: Row[];
  beforeAll(async () => {
    taskId = (await publishDiagnosis(fbr, world, { rwmc: '全流程' })).id;
    m01 = (await objectsOf(fbr, taskId))[0]!.id;
    rows = (await rowsOf(fzr, m01)).list;
  });
  const id = (name: string) => byName(rows, name).id;

  it('checks targets by value type and direction, naming the value', async () => {
    const save = (list: object[]) => post(fzr, '/rest/quality/updatembzcommit', { dxrwid: m01, list });
    await refused(save([{ id: id('就业率'), mbz: '80' }]), 400, `就业率：${M.targetBelowStandard('80', '85')}`);
    await refused(save([{ id: id('就业率'), mbz: '101' }]), 400, `就业率：${M.percentRange('目标值', '101')}`);
    await refused(save([{ id: id('人才培养方案'), mbz: '2' }]), 400, `人才培养方案：${M.haveValue('目标值', '2')}`);
    await refused(
      save([{ id: id('专业评估'), mbz: '一般' }]),
      400,
      `专业评估：${M.levelValue('目标值', '一般', '优秀、良好、合格、不合格')}`,
    );
    const other = (await rowsOf(fbr, (await objectsOf(fbr, taskId))[1]!.id)).list[0]!;
    await refused(save([{ id: other.id, mbz: '90' }]), 400, M.rowNotInTask(other.id));
    await refused(post(jkr, '/rest/quality/updatembzcommit', { dxrwid: m01, list: [] }), 403, M.notCharger);
    // Nothing was lost: no target was written.
    expect((await rowsOf(fzr, m01)).list.every((r) => r.mbz === null)).toBe(true);
  });

  it('saves, submits; the auditor refuses with a reason, then passes; the trail shows it newest first', async () => {
    const targets = [
      { id: id('就业率'), mbz: '90' },
      { id: id('在校生数'), mbz: '280' },
      { id: id('人才培养方案'), mbz: '1' },
    ];
    await data(post(fzr, '/rest/quality/updatembzcommit', { dxrwid: m01, list: targets }));
    await refused(
      post(fzr, '/rest/quality/updatembzcommit', { dxrwid: m01, list: [], commit: true }),
      400,
      M.targetsMissing('专业评估'),
    );
    const sent = await data(
      post(fzr, '/rest/quality/updatembzcommit', {
        dxrwid: m01,
        list: [{ id: id('专业评估'), mbz: '良好' }],
        commit: true,
      }),
    );
    expect(sent.mbzt).toBe('waitaudit');
    await refused(post(fzr, '/rest/quality/updatembzcommit', { dxrwid: m01, list: [] }), 409, M.targetsNotSubmittable);
    const queue = await data(get(shr, '/rest/obj/selectbyshjd?shjd=target&pageSize=100'));
    expect(queue.list.map((o: { id: number }) => o.id)).toContain(m01);
    // The home page's to-dos count the lists they open.
    const todo = await data(get(shr, '/rest/obj/todo'));
    expect(todo.toAudit).toBe((await data(get(shr, '/rest/obj/selectbyshjd'))).total);
    expect(todo.toAudit).toBeGreaterThan(0);
    expect((await data(get(stranger, '/rest/obj/todo'))).toSubmit).toBeNull();
    const mine = await data(get(fzr, '/rest/obj/todo'));
    expect(mine.toSubmit).toBe((await data(get(fzr, '/rest/obj/select?userType=fzr&state=tosubmit'))).total);
    await refused(post(fzr, '/rest/audit/pass', { dxrwid: m01 }), 403, M.notAuditor);
    await refused(post(shr, '/rest/audit/refuse', { dxrwid: m01 }), 400, M.refuseReasonRequired);
    await refused(post(shr, '/rest/audit/refuse', { dxrwid: m01, reason: 'x'.repeat(501) }), 400);
    await data(post(shr, '/rest/audit/refuse', { dxrwid: m01, reason: '就业率目标偏低' }));
    await data(post(fzr, '/rest/audit/submit', { dxrwid: m01 }));
    expect(await data(post(shr, '/rest/audit/pass', { dxrwid: m01 }))).toEqual({ n: 1 });
    await refused(post(shr, '/rest/audit/pass', { dxrwid: m01 }), 409, M.nothingToAudit);
    const trail = await data(get(fzr, `/rest/audit/dynamic?dxrwid=${m01}`));
    expect(trail.map((a: { dz: string }) => a.dz)).toEqual(['pass', 'submit', 'refuse', 'submit']);
    expect(trail[2]).toMatchObject({ shjd: 'target', yj: '就业率目标偏低', czr: { id: 'shr01', name: '赵敏' } });
  });

  it('the publisher issues the other objects’ targets down (standard values where none was set)', async () => {
    const others = (await objectsOf(fbr, taskId)).slice(1).map((o) => o.id);
    await refused(post(fzr, '/rest/quality/updateupmbz', { ids: others }), 404);
    expect(await data(post(fbr, '/rest/quality/updateupmbz', { ids: others }))).toEqual({ n: 2 });
    const m02 = await rowsOf(fbr, others[0]!);
    expect(m02.objectTask.mbzt).toBe('toaudit');
    expect(m02.list.map((r) => r.mbz)).toEqual(['85', '100', '1', '合格']);
  });

  it('computes the whole task as a job; one object failing keeps its last value and shows why, the others finish', async () => {
    const started = await data(post(jkr, '/rest/task/calresult', { id: taskId }));
    await s.app.jobs.drain();
    const job = await data(get(jkr, `/rest/task/calresult/job?id=${started.id}`));
    expect(job).toMatchObject({ state: 'done', percent: 100, done: 3, total: 3 });
    expect(job.result).toMatchObject({ computed: 6, failed: 0, manual: 6 });
    await refused(get(fzr, `/rest/task/calresult/job?id=${started.id}`), 404);
    const first = (await rowsOf(fzr, m01)).list;
    expect(byName(first, '就业率')).toMatchObject({ jgz: '92.5', jgdj: 'A', unfin: false, dis: false, cwxx: null });
    expect(byName(first, '在校生数')).toMatchObject({ jgz: '300', jgdj: 'A', unfin: false, dis: false });
    const m03 = (await objectsOf(fbr, taskId))[2]!.id;
    expect(byName((await rowsOf(fbr, m03)).list, '就业率')).toMatchObject({
      jgz: '70',
      jgdj: 'C',
      dis: true,
      unfin: true,
    });

    await failMajor(s, 'M03');
    try {
      const again = await data(post(fbr, '/rest/task/calresult', { id: taskId }));
      await refused(post(fbr, '/rest/task/calresult', { id: taskId }), 409, M.calculationUnderWay);
      await s.app.jobs.drain();
      const second = await data(get(fbr, `/rest/task/calresult/job?id=${again.id}`));
      expect(second.result).toMatchObject({ computed: 5, failed: 1 });
      expect(second.result.failures[0]).toMatchObject({ gzdxmc: '大数据技术', zkdmc: '在校生数' });
      const kept = byName((await rowsOf(fbr, m03)).list, '在校生数');
      expect(kept.jgz).toBe('80');
      expect(kept.cwxx).toContain('计算失败');
    } finally {
      await failMajor(s, 'M03', false);
    }
    const future = await data(get(fbr, `/getFutureTaskResult?rwid=${taskId}`));
    expect(future).toMatchObject({ rwid: taskId, scheduled: true, jobId: expect.any(String) });
    expect(future.lastRun).not.toBeNull();
  });

  it('computes one object task in the request; the person in charge enters manual results; samples and lineage', async () => {
    await refused(post(stranger, '/rest/quality/calresult', { dxrwid: m01 }), 404);
    const one = await data(post(fzr, '/rest/quality/calresult', { dxrwid: m01 }));
    expect(one).toMatchObject({ computed: 2, failed: 0, manual: 2 });
    await refused(
      post(fzr, '/rest/quality/updatejgz', { dxrwid: m01, list: [{ id: id('就业率'), jgz: '99' }] }),
      400,
      M.notManual('就业率'),
    );
    await refused(
      post(fzr, '/rest/quality/updatejgz', { dxrwid: m01, list: [{ id: id('人才培养方案'), jgz: '3' }] }),
      400,
      `人才培养方案：${M.haveValue('结果值', '3')}`,
    );
    await data(
      post(fzr, '/rest/quality/updatejgz', {
        dxrwid: m01,
        list: [
          { id: id('人才培养方案'), jgz: '1' },
          { id: id('专业评估'), jgz: '合格' },
        ],
      }),
    );
    const now = (await rowsOf(fzr, m01)).list;
    expect(byName(now, '人才培养方案')).toMatchObject({ jgz: '1', jgdj: 'Y', unfin: false });
    expect(byName(now, '专业评估')).toMatchObject({ jgz: '合格', jgdj: 'C', unfin: true, dis: false });

    const samples = await data(get(fzr, `/rest/quality/samples?id=${id('就业率')}`));
    expect(samples.length).toBeGreaterThanOrEqual(2);
    expect(samples.every((x: { cjz: string; runId: number }) => x.cjz === '92.5' && x.runId > 0)).toBe(true);
    const lineage = await data(get(fzr, `/rest/quality/lineage?id=${id('就业率')}`));
    expect(lineage).toMatchObject({ dxbm: 'M01', value: '92.5', manual: false });
    expect(lineage.run).toMatchObject({ sfmc: '诊改就业率', sql: expect.stringContaining('diag_major') });
    expect(lineage.run.tables).toContain('diag_major');
    const manual = await data(get(fzr, `/rest/quality/lineage?id=${id('专业评估')}`));
    expect(manual).toMatchObject({ manual: true, run: null, czr: { id: 'zyfzr01' } });
    await refused(get(stranger, `/rest/quality/lineage?id=${id('就业率')}`), 404, M.rowNotFound);
    const detail = await data(get(shr, `/rest/quality/selectbyid?id=${id('就业率')}`));
    expect(detail).toMatchObject({ gzdxmc: '软件技术', datasourceVos: [{ sjlx: '算法', jsgz: '诊改就业率 V1' }] });
  });

  it('a revised result needs a reason and waits for the auditor; passing it regrades the row', async () => {
    const revise = (payload: object) => post(fzr, '/rest/quality/updateupjgz', payload);
    expect(await refused(revise({ id: id('就业率'), value: '84', reason: ' ' }), 400)).toContain(M.reasonRequired);
    await refused(
      revise({ id: id('就业率'), value: '184', reason: '口径修正' }),
      400,
      M.percentRange('修正结果值', '184'),
    );
    await data(revise({ id: id('就业率'), value: '84', reason: '剔除延期毕业生' }));
    await refused(revise({ id: id('就业率'), value: '83', reason: '再改' }), 409, M.revisionPending);
    const waiting = byName((await rowsOf(shr, m01)).list, '就业率');
    expect(waiting).toMatchObject({ xzjgzzt: 'waitaudit', xzjgzdsh: '84', xzjgz: null, jgdj: 'A' });
    const queue = await data(get(shr, '/rest/obj/selectbyshjd?shjd=xzjgz'));
    expect(queue.list.map((o: { id: number }) => o.id)).toContain(m01);
    expect(await data(post(shr, '/rest/audit/pass', { dxrwid: m01, shjd: 'xzjgz' }))).toEqual({ n: 1 });
    expect(byName((await rowsOf(fzr, m01)).list, '就业率')).toMatchObject({
      xzjgz: '84',
      xzjgzzt: 'toaudit',
      jgdj: 'C',
      unfin: true,
      dis: true,
    });
    // A revised target is audited the same way, and is refused with a reason.
    await data(post(fzr, '/rest/quality/updatexzmbz', { id: id('在校生数'), value: '260', reason: '招生计划调整' }));
    await data(post(shr, '/rest/audit/refuse', { dxrwid: m01, shjd: 'xzmbz', reason: '依据不足' }));
    expect(byName((await rowsOf(fzr, m01)).list, '在校生数')).toMatchObject({ xzmbzzt: 'refused', xzmbz: null });
  });

  it('scores the object, then starts a new round keeping this round’s results as the last round’s', async () => {
    const score = await data(post(fzr, '/rest/obj/calScore', { id: m01 }));
    // 就业率 C (70), 在校生数 A (100), 人才培养方案 Y (100), 专业评估 C (70): 85.
    expect(score).toMatchObject({ score: 85, graded: 4, grades: { A: 1, C: 2, Y: 1 } });
    expect(await data(get(fzr, `/getCalScoreResult?dxrwid=${m01}`))).toMatchObject({ score: 85 });
    const again = await data(post(fzr, '/rest/obj/diagnoseagain', { id: m01 }));
    expect(again).toMatchObject({ lc: 2, mbzt: 'tosubmit', score: null });
    const next = (await rowsOf(fzr, m01)).list;
    expect(byName(next, '就业率')).toMatchObject({ sljsz: '84', sldj: 'C', jgz: null, mbz: null, xzjgz: null });
    expect(byName(next, '专业评估')).toMatchObject({ sljsz: '合格', sldj: 'C' });
  });
});

describe('object tasks: people, objects, charger, refresh', () => {
  it('sets sharers and collectors, lists and removes a collector, changes the charger, adds and removes objects', async () => {
    const task = await publishDiagnosis(fbr, world, { dxbms: ['M01'] });
    const [m01] = await objectsOf(fbr, task.id);
    const o = await data(
      post(fzr, '/rest/obj/authority', { id: m01!.id, gxrids: ['rwfzr03'], cjrids: ['rwfzr04', 'rwfzr05'] }),
    );
    expect(o.gxrs.map((u: { id: string }) => u.id)).toEqual(['rwfzr03']);
    expect(
      (await data(post(fzr, '/rest/quality/selectcollent', { dxrwid: m01!.id }))).map((c: { yhid: string }) => c.yhid),
    ).toEqual(['rwfzr04', 'rwfzr05']);
    const sharer = await s.login('rwfzr03');
    expect((await rowsOf(sharer, m01!.id)).list[0]!.isedit).toBe(true);
    await data(post(fzr, '/rest/quality/deletecl', { dxrwid: m01!.id, yhid: 'rwfzr04' }));
    await refused(post(fzr, '/rest/obj/authority', { id: m01!.id, gxrids: ['ghost'] }), 400, M.userUnknown('ghost'));
    await refused(
      post(fzr, '/rest/obj/updatePushedCharger', { ids: [m01!.id], fzrid: 'rwfzr02' }),
      403,
      M.notPublisher,
    );
    await data(post(fbr, '/rest/obj/updatePushedCharger', { ids: [m01!.id], fzrid: 'rwfzr02' }));
    expect((await data(get(stranger, `/rest/obj/selectbyid?id=${m01!.id}`))).isFzr).toBe(true);
    expect(await data(post(fbr, '/rest/obj/insertlist', { rwid: task.id, dxbms: ['M02', 'M03'] }))).toEqual({
      added: 2,
    });
    await refused(
      post(fbr, '/rest/obj/insertlist', { rwid: task.id, dxbms: ['M02'] }),
      409,
      M.objectTaken('计算机网络技术'),
    );
    const all = await objectsOf(fbr, task.id);
    await data(post(fbr, `/rest/obj/${all[2]!.id}/delete`));
    await data(post(fbr, '/rest/obj/deleteList', { ids: [all[1]!.id] }));
    expect((await objectsOf(fbr, task.id)).length).toBe(1);
  });

  it('moves an object task to the system’s newer version, keeping entered values', async () => {
    const task = await publishDiagnosis(fbr, world, { dxbms: ['M01'] });
    const [m01] = await objectsOf(fbr, task.id);
    await refused(post(fbr, '/rest/obj/refreshTarget', { id: m01!.id }), 409, M.noNewerVersion);
    const before = (await rowsOf(fzr, m01!.id)).list;
    await data(
      post(fzr, '/rest/quality/updatembzcommit', {
        dxrwid: m01!.id,
        list: [{ id: byName(before, '就业率').id, mbz: '95' }],
      }),
    );
    // A change to a system in use goes to a new version (STANDARD_USERS); once published, the object task moves to it.
    const res = await admin.request({
      method: 'POST',
      url: '/api/herm-mbbz/catalog/update',
      payload: {
        id: byName(before, '就业率').zkdid,
        name: '就业率',
        zlx: 'percent',
        bzz: '80',
        direction: 'higher',
        gradeRule: { type: 'thresholds', A: 90, B: 85, C: 70 },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ versioned: true, version: 2 });
    const v2 = res.json().data.systemId as number;
    await refused(post(fzr, '/rest/obj/refreshTarget', { id: m01!.id }), 409, M.noNewerVersion);
    const pub = await admin.request({ method: 'POST', url: `/api/herm-mbbz/target/${v2}/publish` });
    expect(pub.statusCode, pub.body).toBe(200);
    const moved = await data(post(fzr, '/rest/obj/refreshTarget', { id: m01!.id }));
    expect(moved).toMatchObject({ bzid: v2, bzbb: 2, kept: 4, added: 0, removed: 0 });
    const after = (await rowsOf(fzr, m01!.id)).list;
    expect(byName(after, '就业率')).toMatchObject({ bzz: '80', mbz: '95' });
  });
});

describe('the daily computation of tasks under way (diagnosis.schedule)', () => {
  it('computes a normal task in its dates once a day, and not a paused one', async () => {
    const task = await publishDiagnosis(fbr, world, { dxbms: ['M02'] });
    const paused = await publishDiagnosis(fbr, world, { dxbms: ['M02'] });
    await data(post(fbr, '/rest/task/pause', { id: paused.id }));
    const run = async (key: string) => {
      await enqueueJob(s.database.db, 'diagnosis.schedule', {}, { uniqueKey: key });
      await s.app.jobs.drain();
    };
    const before = await data(get(fbr, `/getFutureTaskResult?rwid=${task.id}`));
    expect(before).toMatchObject({ scheduled: true, lastRun: null });
    await run('diag-day-1');
    const after = await data(get(fbr, `/getFutureTaskResult?rwid=${task.id}`));
    expect(after.lastRun).not.toBeNull();
    const [m02] = await objectsOf(fbr, task.id);
    expect(byName((await rowsOf(fbr, m02!.id)).list, '就业率').jgz).toBe('83');
    expect((await data(get(fbr, `/getFutureTaskResult?rwid=${paused.id}`))).lastRun).toBeNull();
    // Once a day: a second run the same day leaves it alone; the next day computes it again.
    await run('diag-day-1b');
    expect((await data(get(fbr, `/getFutureTaskResult?rwid=${task.id}`))).lastRun).toBe(after.lastRun);
    s.app.clock.set('2026-03-11T09:00:00');
    try {
      await run('diag-day-2');
      expect((await data(get(fbr, `/getFutureTaskResult?rwid=${task.id}`))).lastRun).not.toBe(after.lastRun);
    } finally {
      s.app.clock.set('2026-03-10T09:00:00');
    }
  });
});
