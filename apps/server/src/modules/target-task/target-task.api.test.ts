import { MSG, TASK_MSG } from '@zg/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, yearTargets } from '../../db/schema';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const W = '/api/herm-wbs';
const post = (me: TestSession, url: string, payload: object) =>
  me.request({ method: 'POST', url: `${W}${url}`, payload });
const get = async (me: TestSession, url: string) => (await me.request({ method: 'GET', url: `${W}${url}` })).json();

async function card(me: TestSession, id: number) {
  return (await get(me, `/targetTask/${id}`)).data;
}

async function publishTarget(fbr: TestSession) {
  const target = await post(fbr, '/yearTarget/insert', {
    name: '2026年度教学质量提升',
    cycleYear: 2026,
    chargeDepartId: 'D04',
    auditorId: 'shr01',
  });
  expect(target.statusCode).toBe(200);
  const yearTargetId = target.json().data.id as number;
  const ids: number[] = [];
  for (const [rwmc, departmentId, rwlx] of [
    ['课程思政示范课建设', 'D02', 'A'],
    ['教学诊改平台上线', 'D02', 'B'],
    ['学生满意度提升', 'D03', 'C'],
  ] as const) {
    const res = await post(fbr, '/targetTask/insert', {
      yearTargetId,
      rwmc,
      rwlx,
      departmentId,
      kssj: '2026-01-01',
      jssj: '2026-12-31',
      weight: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().data.id);
  }
  return { yearTargetId, ids };
}

describe('year target to executing task, each step by its own role', () => {
  it('publishes, pushes, accepts, decomposes, defines and approves', async () => {
    const fbr = await s.login('fbr01');
    const { yearTargetId, ids } = await publishTarget(fbr);
    const [a, b, c] = ids as [number, number, number];
    for (const id of ids) {
      expect((await post(fbr, `/targetTask/${id}/push`, { version: 1 })).statusCode).toBe(200);
    }

    const head = await s.login('bmfzr01');
    const headList = (await get(head, '/targetTask/selectPage?kind=departmentTask')).data;
    expect(headList.records.map((r: { id: number }) => r.id).sort()).toEqual([a, b].sort());
    expect((await card(head, a)).abilities).toMatchObject({ accept: true, push: false });
    // The head of another department does not see it: it is answered as a missing task.
    const otherHead = await s.login('bmfzr03');
    const refused = await post(otherHead, `/targetTask/${a}/accept`, { version: 2 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().meta.message).toBe(TASK_MSG.taskNotFound);
    expect((await post(head, `/targetTask/${a}/accept`, { version: 2 })).statusCode).toBe(200);

    const child = await post(head, '/targetTask/insert', {
      yearTargetId,
      parentId: a,
      rwmc: '建设10门课程思政示范课',
      rwlx: 'A',
      ownerId: 'rwfzr01',
      kssj: '2026-02-01',
      jssj: '2026-11-30',
      weight: 100,
    });
    expect(child.statusCode, child.body).toBe(200);
    const childId = child.json().data.id as number;
    expect((await post(head, `/targetTask/${a}/resolve`, { version: 3 })).statusCode).toBe(200);
    expect((await card(head, a)).rwzt).toBe('executeing');

    const owner = await s.login('rwfzr01');
    const mine = (await get(owner, '/targetTask/selectPage?kind=myTask')).data;
    expect(mine.records.map((r: { id: number }) => r.id)).toEqual([childId]);
    expect(mine.records[0]).toMatchObject({
      rwzt: 'waitDefine',
      fbbm: '教务处',
      fzrmc: '张伟',
      jkrmc: '赵敏',
      rwnf: '2026',
    });
    expect(
      (await owner.request({ method: 'POST', url: `${W}/targetTaskAudit/${childId}/submit`, payload: { version: 1 } }))
        .statusCode,
    ).toBe(200);

    const auditor = await s.login('shr01');
    const review = (await get(auditor, '/targetTask/selectPage?kind=reviewTask')).data;
    expect(review.records.map((r: { id: number }) => r.id)).toEqual([childId]);
    const badRefuse = await auditor.request({
      method: 'POST',
      url: `${W}/targetTaskAudit/${childId}/refuse`,
      payload: { version: 2 },
    });
    expect(badRefuse.statusCode).toBe(400);
    expect(badRefuse.json().meta.message).toBe(TASK_MSG.reasonRequired);
    expect(
      (await auditor.request({ method: 'POST', url: `${W}/targetTaskAudit/${childId}/pass`, payload: { version: 2 } }))
        .statusCode,
    ).toBe(200);
    expect((await card(owner, childId)).rwzt).toBe('executeing');

    const leader = await s.login('xld01');
    const tree = (await get(leader, `/targetTask/tree?yearTargetId=${yearTargetId}`)).data;
    expect(tree).toHaveLength(4);
    for (const t of tree) expect(Object.values(t.abilities).some(Boolean), t.rwmc).toBe(false);
    expect(tree.find((t: { id: number }) => t.id === childId).parentId).toBe(a);

    const [target] = await s.database.db.select().from(yearTargets).where(eq(yearTargets.id, yearTargetId));
    expect(target?.status).toBe('doing');
    const log = await s.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(childId)));
    expect(log.map((l) => l.action)).toEqual(['task.create', 'task.define', 'task.pass']);
    expect((await card(head, b)).rwzt).toBe('waitAccept');
    expect((await card(fbr, c)).fbbm).toBe('学生工作处');
  });
});

describe('who sees what', () => {
  it('limits each role to its tasks on the server', async () => {
    const fbr = await s.login('fbr01');
    const { ids } = await publishTarget(fbr);
    const owner = await s.login('rwfzr02');
    const seen = (await get(owner, '/targetTask/selectPage?kind=yearTask&size=100')).data.records.map(
      (r: { id: number }) => r.id,
    );
    for (const id of ids) expect(seen).not.toContain(id);
    expect((await owner.request({ method: 'GET', url: `${W}/targetTask/${ids[0]}` })).statusCode).toBe(404);
    const dep3 = await s.login('bmfzr03');
    const depSeen = (await get(dep3, '/targetTask/selectPage?kind=yearTask&size=100')).data.records.map(
      (r: { id: number }) => r.id,
    );
    expect(depSeen).toContain(ids[2]);
    expect(depSeen).not.toContain(ids[0]);
    const leader = await s.login('xld01');
    const all = (await get(leader, '/targetTask/selectPage?kind=yearTask&size=100')).data.records.map(
      (r: { id: number }) => r.id,
    );
    for (const id of ids) expect(all).toContain(id);
    expect((await post(leader, `/targetTask/${ids[0]}/push`, { version: 1 })).statusCode).toBe(403);
  });
});

describe('bad input and concurrency', () => {
  it('refuses bad dates, cycle values of another type and owners outside the department, changing nothing', async () => {
    const fbr = await s.login('fbr01');
    const { yearTargetId, ids } = await publishTarget(fbr);
    const base = { yearTargetId, rwmc: '测试', rwlx: 'C', departmentId: 'D02', kssj: '2026-05-01', jssj: '2026-04-01' };
    const early = await post(fbr, '/targetTask/insert', base);
    expect(early.statusCode).toBe(400);
    expect(early.json().meta.message).toBe(TASK_MSG.endBeforeStart);
    const wrongCycle = await post(fbr, '/targetTask/insert', {
      ...base,
      jssj: '2026-06-01',
      cycleTypeId: 1,
      cycleValueIds: [6],
    });
    expect(wrongCycle.json().meta.message).toBe(TASK_MSG.cycleValueMismatch);
    const outsider = await post(fbr, '/targetTask/insert', { ...base, jssj: '2026-06-01', ownerId: 'rwfzr02' });
    expect(outsider.json().meta.message).toBe(TASK_MSG.ownerNotInDepartment);

    await post(fbr, `/targetTask/${ids[0]}/push`, { version: 1 });
    const head = await s.login('bmfzr01');
    await post(head, `/targetTask/${ids[0]}/accept`, { version: 2 });
    const outside = await post(head, '/targetTask/insert', {
      yearTargetId,
      parentId: ids[0],
      rwmc: '超出范围',
      rwlx: 'C',
      ownerId: 'rwfzr01',
      kssj: '2025-12-01',
      jssj: '2026-03-01',
    });
    expect(outside.json().meta.message).toBe(TASK_MSG.outsideParent);
    const wrongState = await post(fbr, `/targetTask/${ids[0]}/push`, { version: 3 });
    expect(wrongState.statusCode).toBe(409);
    expect(wrongState.json().meta.message).toBe(TASK_MSG.wrongState);
  });

  it('lets one of two simultaneous actions win and tells the other the task changed', async () => {
    const fbr = await s.login('fbr01');
    const { ids } = await publishTarget(fbr);
    await post(fbr, `/targetTask/${ids[1]}/push`, { version: 1 });
    const head = await s.login('bmfzr01');
    const [x, y] = await Promise.all([
      post(head, `/targetTask/${ids[1]}/accept`, { version: 2 }),
      post(fbr, `/targetTask/${ids[1]}/withdraw`, { version: 2 }),
    ]);
    const codes = [x.statusCode, y.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect(codes[1]).toBe(409);
    const loser = x.statusCode === 409 ? x : y;
    expect([TASK_MSG.changed, TASK_MSG.wrongState]).toContain(loser.json().meta.message);
  });

  it('deletes a year target only when it holds no task', async () => {
    const fbr = await s.login('fbr01');
    const { yearTargetId } = await publishTarget(fbr);
    const res = await post(fbr, `/yearTarget/${yearTargetId}/delete`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().meta.message).toBe(TASK_MSG.yearTargetInUse);
    const empty = (
      await post(fbr, '/yearTarget/insert', { name: '空目标', cycleYear: 2026, chargeDepartId: 'D04' })
    ).json().data.id;
    expect((await post(fbr, `/yearTarget/${empty}/delete`, {})).statusCode).toBe(200);
  });
});

describe('dates and cycle values', () => {
  /** The ids of a cycle type by its name (年, 学年, 学期, 时间段, 时间点) and of the named values. */
  async function cycle(me: TestSession, typeName: string, valueNames: string[]) {
    const types: { id: number; lxmc: string; values: { cycleId: number; cycleNumber: string }[] }[] = (
      await get(me, '/cycleType/list')
    ).data;
    const type = types.find((t) => t.lxmc === typeName)!;
    return {
      cycleTypeId: type.id,
      cycleValueIds: valueNames.map((n) => type.values.find((v) => v.cycleNumber === n)!.cycleId),
    };
  }

  it('refuses a date that is not on the calendar, naming it, and stores nothing', async () => {
    const fbr = await s.login('fbr01');
    const { yearTargetId } = await publishTarget(fbr);
    const base = {
      yearTargetId,
      rwmc: '日期检查',
      rwlx: 'C',
      departmentId: 'D02',
      kssj: '2026-01-01',
      jssj: '2026-12-31',
    };
    for (const [field, value] of [
      ['kssj', '2026-02-30'],
      ['jssj', '2026-13-01'],
    ] as const) {
      const res = await post(fbr, '/targetTask/insert', { ...base, [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().meta.message).toBe(`${MSG.invalidInput}（请求体）：${field}：${MSG.noSuchDate(value)}`);
    }
    const names = (await get(fbr, `/targetTask/selectPage?yearTargetId=${yearTargetId}&size=50`)).data.records.map(
      (t: { rwmc: string }) => t.rwmc,
    );
    expect(names).not.toContain('日期检查');
  });

  it('refuses cycle values outside the task dates on create and on update, naming them, never dropping them', async () => {
    const fbr = await s.login('fbr01');
    const { yearTargetId } = await publishTarget(fbr);
    const base = {
      yearTargetId,
      rwmc: '半年报告',
      rwlx: 'C',
      departmentId: 'D02',
      kssj: '2026-01-01',
      jssj: '2026-06-30',
    };
    const late = await post(fbr, '/targetTask/insert', {
      ...base,
      ...(await cycle(fbr, '时间段', ['2026年上半年', '2026年下半年'])),
    });
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().meta.message).toBe(TASK_MSG.cycleValueOutside(['2026年下半年'], '2026-01-01', '2026-06-30'));
    expect(late.json().meta.message).toBe(
      '周期值“2026年下半年”不在任务的起止时间（2026-01-01 至 2026-06-30）之内，请调整周期值或起止时间',
    );
    const years = await post(fbr, '/targetTask/insert', {
      ...base,
      ...(await cycle(fbr, '年', ['2024', '2026', '2027'])),
    });
    expect(years.json().meta.message).toBe(TASK_MSG.cycleValueOutside(['2024', '2027'], '2026-01-01', '2026-06-30'));
    const point = await post(fbr, '/targetTask/insert', {
      ...base,
      ...(await cycle(fbr, '时间点', ['2026-06-30', '2026-12-31'])),
    });
    expect(point.json().meta.message).toBe(TASK_MSG.cycleValueOutside(['2026-12-31'], '2026-01-01', '2026-06-30'));

    // Inside its dates (a half-year clipped by them is inside), the task is saved with every value it names.
    const half = await cycle(fbr, '时间段', ['2026年上半年', '2026年下半年']);
    const ok = await post(fbr, '/targetTask/insert', { ...base, jssj: '2026-09-30', ...half });
    expect(ok.statusCode, ok.body).toBe(200);
    const id = ok.json().data.id as number;
    expect((await get(fbr, `/targetTask/getTargetTaskVo?id=${id}`)).data).toMatchObject({
      cycleValueIds: half.cycleValueIds,
      zqz: '2026年上半年,2026年下半年',
    });
    // Moving the dates past a value is refused on update too, and the task keeps what it had.
    const moved = await post(fbr, '/targetTask/update', {
      ...base,
      ...half,
      id,
      version: 1,
      kssj: '2026-07-01',
      jssj: '2026-12-31',
    });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json().meta.message).toBe(TASK_MSG.cycleValueOutside(['2026年上半年'], '2026-07-01', '2026-12-31'));
    expect((await get(fbr, `/targetTask/getTargetTaskVo?id=${id}`)).data).toMatchObject({
      kssj: '2026-01-01',
      jssj: '2026-09-30',
      version: 1,
    });
  });
});

describe('documents of year targets and tasks', () => {
  it('are written by the publisher and read only by those who see the target', async () => {
    const fbr = await s.login('fbr01');
    const { yearTargetId, ids } = await publishTarget(fbr);
    const { multipartBody } = await import('../../test/zip');
    const up = await fbr.request({
      method: 'POST',
      url: '/api/herm-zdgj/rest/file/upload',
      ...multipartBody({}, { name: '年度目标文件.pdf', content: Buffer.from('%PDF-1.4 target') }),
    });
    const fileId = up.json().data.fileId;
    const save = await fbr.request({
      method: 'POST',
      url: '/api/herm-zdgj/rest/file/files/saveList',
      payload: { list: [{ fileId, fileType: 1 }], context: { ownerType: 'YearTask', ownerId: String(yearTargetId) } },
    });
    expect(save.statusCode, save.body).toBe(200);
    await post(fbr, `/targetTask/${ids[2]}/push`, { version: 1 });
    const url = `/api/herm-zdgj/rest/file/files/list?ownerType=YearTask&ownerId=${yearTargetId}`;
    const head3 = await s.login('bmfzr03');
    const seen = (await head3.request({ method: 'GET', url })).json().data;
    expect(seen.map((f: { fileName: string }) => f.fileName)).toEqual(['年度目标文件.pdf']);
    expect(seen[0].canDelete).toBe(false);
    const stranger = await s.login('rwfzr04');
    expect((await stranger.request({ method: 'GET', url })).json().data).toEqual([]);
    expect(
      (await stranger.request({ method: 'GET', url: `/api/herm-zdgj/rest/file/files/download?id=${fileId}` }))
        .statusCode,
    ).toBe(404);
  });
});
