import { SELF_REPORT_MSG as M } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosisWorld, publishDiagnosis, userWithRoles } from '../../test/diagnosis-fixtures';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { data, get, post, refused } from '../../test/zdgj-client';

/**
 * 自我诊断报告's review through the API (issue 33 item 3): 校外专家 then 学校审核, each once, a result and a score to
 * two decimals; every bad input the issue lists refused with its Chinese message; sending back with a reason and
 * submitting again; the queues; the discussion; sharing with named users.
 */

let s: TestServer;
let admin: TestSession;
let fzr: TestSession;
let shr: TestSession;
let zj: TestSession;
let xxsh: TestSession;
let stranger: TestSession;
let bgid: number;
let other: number;

const detail = (me: TestSession, id = bgid) => data(get(me, `/rest/report/selectbybgid?bgid=${id}`));
const expert = (me: TestSession, body: object) => post(me, '/rest/report/review/expertreview', { bgid, ...body });
const school = (me: TestSession, body: object) => post(me, '/rest/report/review/schoolreview', { bgid, ...body });
const queue = async (me: TestSession, kind: string, done = false) =>
  (await data(post(me, '/rest/report/review/select', { kind, done }))).list.map((r: { id: number }) => r.id);

beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-03-10T09:00:00');
  admin = await s.login('zyadmin');
  const fbr = await s.login('zgfb01');
  fzr = await s.login('zyfzr01');
  shr = await s.login('shr01');
  zj = await s.login('zj01');
  xxsh = await s.login('xxsh01');
  await userWithRoles(s, 'zyfzrV', ['2020005'], 'D07');
  stranger = await s.login('zyfzrV');
  const world = await diagnosisWorld(s, admin, '自我诊断报告评审测试标准');
  const task = await publishDiagnosis(fbr, world);
  const objects = (await data(get(fbr, `/rest/obj/select?rwid=${task.id}&pageSize=50`))).list;
  const id = (code: string) => objects.find((o: { dxbm: string }) => o.dxbm === code).id as number;
  bgid = (await data(post(fzr, '/rest/report/generate', { dxrwid: id('M01') }))).id;
  other = (await data(post(admin, '/rest/report/generate', { dxrwid: id('M02') }))).id;
});
afterAll(async () => {
  await s?.close();
});

describe('reviewers', () => {
  it('see no draft; see a submitted report and their queue', async () => {
    await refused(get(zj, `/rest/report/selectbybgid?bgid=${bgid}`), 404, M.notFound);
    expect(await queue(zj, 'expert')).toEqual([]);
    await data(post(fzr, '/rest/report/submit', { bgid }));
    expect((await detail(zj)).abilities).toMatchObject({ expertReview: true, schoolReview: false, reject: true });
    expect(await queue(zj, 'expert')).toEqual([bgid]);
    expect(await queue(xxsh, 'school')).toEqual([]);
    await refused(post(zj, '/rest/report/review/select', { kind: 'school' }), 403, M.queueNotAllowed);
    await refused(post(fzr, '/rest/report/review/select', { kind: 'expert' }), 403, M.queueNotAllowed);
  });

  it('refuses a review by neither reviewer, the wrong one, a bad result or score', async () => {
    await refused(expert(fzr, { fhjg: 'local', score: 80 }), 403, M.notReviewer);
    await refused(expert(shr, { fhjg: 'local', score: 80 }), 403, M.notReviewer);
    await refused(expert(xxsh, { fhjg: 'local', score: 80 }), 403, M.notExpert);
    await refused(school(xxsh, { fhjg: 'effective', score: 80 }), 409, M.wrongState('已提交'));
    for (const score of [100.01, -1, 86.505, 1e-7, Number.NaN])
      await refused(expert(zj, { fhjg: 'local', score }), 400, M.scoreInvalid);
    await refused(expert(zj, { fhjg: 'local', score: '86.5' }), 400, M.scoreInvalid);
    await refused(expert(zj, { fhjg: 'local' }), 400, M.scoreInvalid);
    await refused(expert(zj, { fhjg: 'good', score: 80 }), 400, M.resultInvalid);
    await refused(expert(zj, { fhjg: 'local', score: 80, opinion: '长'.repeat(2001) }), 400, M.opinionTooLong);
    expect((await detail(fzr)).expertReviewVo).toBeNull();
  });

  it('the expert reviews once (部分有效, 86.50); then the school once (有效)', async () => {
    await data(expert(zj, { fhjg: 'local', score: 86.5, opinion: '整体较好，预警处理需加强' }));
    const r = await detail(fzr);
    expect(r).toMatchObject({ zt: 'expertReviewed', ztmc: '专家已评审' });
    expect(r.expertReviewVo).toMatchObject({
      fhjg: 'local',
      fhjgmc: '部分有效',
      score: '86.50',
      isChecked: true,
      reviewer: '宋明远',
      opinion: '整体较好，预警处理需加强',
    });
    await refused(expert(zj, { fhjg: 'effective', score: 90 }), 409, M.reviewTwice('专家评审'));
    expect(await queue(zj, 'expert')).toEqual([]);
    expect(await queue(zj, 'expert', true)).toEqual([bgid]);
    expect(await queue(xxsh, 'school')).toEqual([bgid]);
    await data(school(xxsh, { fhjg: 'effective', score: 100, isChecked: false }));
    await refused(school(xxsh, { fhjg: 'effective', score: 95 }), 409, M.reviewTwice('学校审核'));
    const done = await detail(zj);
    expect(done).toMatchObject({ zt: 'schoolReviewed', ztmc: '学校已审核' });
    expect(done.schoolReviewVo).toMatchObject({ fhjg: 'effective', fhjgmc: '有效', score: '100.00', isChecked: false });
    expect(done.abilities).toMatchObject({ expertReview: false, schoolReview: false, reject: false });
    await refused(post(xxsh, '/rest/report/reject', { bgid, reason: '太迟' }), 409, M.wrongState('学校已审核'));
  });
});

describe('sending back', () => {
  it('needs a reason; the writer explains and submits again; the earlier reviews are dropped', async () => {
    await data(post(admin, '/rest/report/submit', { bgid: other }));
    await data(post(zj, '/rest/report/review/expertreview', { bgid: other, fhjg: 'improve', score: 60 }));
    await refused(post(xxsh, '/rest/report/reject', { bgid: other }), 400, M.rejectReasonRequired);
    await refused(post(xxsh, '/rest/report/reject', { bgid: other, reason: '   ' }), 400, M.rejectReasonRequired);
    await refused(post(fzr, '/rest/report/reject', { bgid: other, reason: '无' }), 404);
    await refused(post(admin, '/rest/report/reject', { bgid: other, reason: '管理员' }), 403, M.notReviewer);
    await data(post(xxsh, '/rest/report/reject', { bgid: other, reason: '预警分析缺少处理措施说明' }));
    const back = await detail(admin, other);
    expect(back).toMatchObject({ zt: 'rejected', ztmc: '已退回', rejectReason: '预警分析缺少处理措施说明' });
    expect(back.abilities).toMatchObject({ explain: true, submit: true });
    await data(post(admin, '/rest/report/explain/save', { bgid: other, id: 3, nr: '已补充处理措施' }));
    await data(post(admin, '/rest/report/submit', { bgid: other }));
    const again = await detail(zj, other);
    expect(again).toMatchObject({ zt: 'submitted', expertReviewVo: null, schoolReviewVo: null });
    expect(await queue(zj, 'expert')).toEqual([other]);
  });
});

describe('discussion and sharing', () => {
  it('posts and lists the discussion; refuses an empty post and a stranger', async () => {
    await data(post(zj, '/rest/report/discuss/insertdiscuss', { bgid, content: '请补充就业率未完成的原因' }));
    await data(post(fzr, '/rest/report/discuss/insertdiscuss', { bgid, content: '已在说明中补充' }));
    await refused(post(fzr, '/rest/report/discuss/insertdiscuss', { bgid, content: ' ' }), 400, M.discussRequired);
    await refused(
      post(fzr, '/rest/report/discuss/insertdiscuss', { bgid, content: '长'.repeat(1001) }),
      400,
      M.discussTooLong,
    );
    await refused(post(stranger, '/rest/report/discuss/insertdiscuss', { bgid, content: '路过' }), 404);
    const list = await data(get(xxsh, `/rest/report/discuss/selectDiscuss?bgid=${bgid}`));
    expect(list.map((d: { content: string; authorName: string }) => [d.authorName, d.content])).toEqual([
      ['宋明远', '请补充就业率未完成的原因'],
      ['林志华', '已在说明中补充'],
    ]);
  });

  it('shares with named users, who then read it; only the writer shares; unknown users refused', async () => {
    await refused(post(shr, '/rest/report/share', { bgid, userIds: ['zyfzrV'] }), 403, M.notWriter);
    await refused(post(fzr, '/rest/report/share', { bgid, userIds: [] }), 400, M.shareUsersRequired);
    await refused(post(fzr, '/rest/report/share', { bgid, userIds: ['nobody9'] }), 400, M.shareUserUnknown('nobody9'));
    await data(post(fzr, '/rest/report/share', { bgid, userIds: ['zyfzrV', 'zyfzrV'] }));
    const seen = await detail(stranger);
    expect(seen.sharers).toEqual(['用户zyfzrV']);
    expect(seen.abilities).toMatchObject({ share: false, explain: false });
    expect((await data(get(stranger, '/rest/report/selectpage'))).list.map((r: { id: number }) => r.id)).toEqual([
      bgid,
    ]);
  });
});
