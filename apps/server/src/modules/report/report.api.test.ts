import { REPORT_MSG } from '@zg/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { finishTask, get, pdf, post, taskIn, upload, yearTarget } from '../../test/wbs-fixtures';
import { readZip } from '../../test/zip';
import { evaluateWarnings } from '../warning';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const at = (d: string) => s.app.clock.set(`${d}T10:00:00`);

describe('the API document', () => {
  it('publishes every route of reports, performance, archives and the annual analysis', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/herm-wbs/targetReportTemplate/ids/delete',
      '/api/herm-wbs/targetReportCover/{id}/default',
      '/api/herm-wbs/targetReport/generateReport',
      '/api/herm-wbs/targetReport/download',
      '/api/herm-zdgj/performance/report/selectPage',
      '/api/herm-wbs/targetTaskDetail/getPerformAccessDetailSituation',
      '/api/herm-wbs/targetTaskDetail/export',
      '/api/herm-wbs/targetTaskFileArchive/download',
      '/api/herm-ndwbs/analysis/queryGrid',
      '/api/herm-wbs/targetTaskSummaryAnalysis/tasks',
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe('report templates and covers', () => {
  it('are kept by administrators and publishers, read by the target-task menus', async () => {
    const admin = await s.login('zyadmin');
    const owner = await s.login('rwfzr01');
    const denied = await post(owner, '/targetReportTemplate/insert', { mbmc: '越权模板' });
    expect(denied.statusCode).toBe(403);

    const created = await post(admin, '/targetReportTemplate/insert', {
      mbmc: '年度任务报告模板',
      bgbt: '{rwmc}年度总结报告',
      bgsm: '本报告由系统根据任务的进度报告自动生成。',
      sections: ['facts', 'progress', 'attachments', 'warnings', 'charts'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const tpl = created.json().data;
    expect(tpl).toMatchObject({ mbmc: '年度任务报告模板', bgbt: '{rwmc}年度总结报告', cjrmc: '系统管理员' });

    const empty = await post(admin, '/targetReportTemplate/insert', { mbmc: '空模板', sections: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toContain(REPORT_MSG.sectionsRequired);

    const fbr = await s.login('fbr01');
    const other = (await post(fbr, '/targetReportTemplate/insert', { mbmc: '简版', sections: ['facts'] })).json().data;
    expect(
      (
        await post(fbr, '/targetReportTemplate/update', {
          id: other.id,
          mbmc: '简版（改）',
          sections: ['facts', 'progress'],
        })
      ).statusCode,
    ).toBe(200);
    const page = (await get(owner, '/targetReportTemplate/selectPage?mbmc=简版')).json().data;
    expect(page).toMatchObject({ total: 1, current: 1, pages: 1 });
    expect(page.records[0]).toMatchObject({ mbmc: '简版（改）', sections: ['facts', 'progress'] });
    expect((await post(fbr, '/targetReportTemplate/ids/delete', { ids: [other.id] })).statusCode).toBe(200);
    const gone = await post(fbr, '/targetReportTemplate/ids/delete', { ids: [other.id] });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().meta.message).toBe(REPORT_MSG.templateNotFound);

    // The first cover becomes the default; the default cannot go while another exists.
    const c1 = (
      await post(admin, '/targetReportCover/insert', {
        fmmc: '学校封面',
        fmbt: '目标任务完成情况报告',
        xxmc: '示范职业技术学院',
      })
    ).json().data;
    expect(c1.sfmr).toBe(true);
    const c2 = (await post(admin, '/targetReportCover/insert', { fmmc: '备用封面', fmbt: '备用标题' })).json().data;
    expect(c2.sfmr).toBe(false);
    const refused = await post(admin, `/targetReportCover/${c1.id}/delete`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().meta.message).toBe(REPORT_MSG.defaultCoverDelete);
    expect((await post(admin, `/targetReportCover/${c2.id}/default`, {})).json().meta.message).toBe(
      REPORT_MSG.defaultSet,
    );
    const covers = (await get(owner, '/targetReportCover/selectpage')).json().data.records;
    expect(covers.map((c: { fmmc: string; sfmr: boolean }) => [c.fmmc, c.sfmr])).toEqual([
      ['备用封面', true],
      ['学校封面', false],
    ]);
    expect((await post(admin, `/targetReportCover/${c1.id}/default`, {})).statusCode).toBe(200);
    expect((await post(admin, `/targetReportCover/${c2.id}/delete`, {})).statusCode).toBe(200);
    expect((await post(owner, `/targetReportCover/${c1.id}/default`, {})).statusCode).toBe(403);
  });
});

describe('the report of a task', () => {
  it('is generated from progress, attachments and warnings, rated, submitted, refused, resubmitted and passed', async () => {
    at('2026-01-05');
    const target = await yearTarget(s, '报告目标');
    const taskId = await taskIn(s, target, 'D02', 'executeing', { name: '精品课程建设', end: '2026-04-30' });
    const owner = await s.login('rwfzr01');
    const auditor = await s.login('shr01');

    // Not the owner, and not yet worth a report for an unpushed task.
    const head = await s.login('bmfzr01');
    const notOwner = await post(head, '/targetReport/generateReport', { taskId });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().meta.message).toBe(REPORT_MSG.notOwner);
    const unpushed = await taskIn(s, target, 'D02', 'notPushed');
    const admin = await s.login('zyadmin');
    const early = await post(admin, '/targetReport/generateReport', { taskId: unpushed });
    expect(early.statusCode).toBe(409);
    expect(early.json().meta.message).toBe(REPORT_MSG.taskNotStarted);

    // A task document, two process reports with an attachment and progress, a warning, then the final report.
    const doc = await upload(owner, '任务书.pdf', pdf('mission'));
    expect(
      (
        await owner.request({
          method: 'POST',
          url: '/api/herm-zdgj/rest/file/files/saveList',
          payload: { list: [{ fileId: doc }], context: { ownerType: 'NodeTask', ownerId: String(taskId) } },
        })
      ).statusCode,
    ).toBe(200);
    // January's report is late; the seeded process type (过程预警) raises it at its monthly check, the 25th at 09:00.
    at('2026-02-25');
    await evaluateWarnings(s.database.db, s.app.clock);
    const jan = await upload(owner, '一月进度佐证.pdf', pdf('jan'));
    const r1 = await post(owner, '/targetTaskSituation/insert', {
      taskId,
      periodKey: '2026-01',
      kind: 'process',
      content: '完成课程标准修订',
      fileIds: [jan],
      progress: 30,
    });
    expect(r1.statusCode, r1.body).toBe(200);
    await post(auditor, '/targetTaskSituation/auditTargetTask', { id: r1.json().data.id, version: 1, result: 'pass' });
    at('2026-03-03');
    const r2 = await post(owner, '/targetTaskSituation/insert', {
      taskId,
      periodKey: '2026-02',
      kind: 'process',
      content: '完成教学视频录制',
      progress: 60,
    });
    await post(auditor, '/targetTaskSituation/auditTargetTask', { id: r2.json().data.id, version: 1, result: 'pass' });
    await finishTask(s, taskId, 'rwfzr01', '2026-04-20T10:00:00');
    at('2026-04-21');

    const none = (await get(owner, `/targetReport/getReportByTask?taskId=${taskId}`)).json();
    expect(none.data).toBeNull();
    // A self-diagnosis template lays out no target-task report.
    const selfTpl = await post(admin, '/targetReportTemplate/insert', {
      mbmc: '自我诊断报告模板',
      mblx: 'selfDiagnosis',
      sections: ['facts'],
    });
    expect(selfTpl.statusCode, selfTpl.body).toBe(200);
    const wrongKind = await post(owner, '/targetReport/generateReport', { taskId, templateId: selfTpl.json().data.id });
    expect(wrongKind.statusCode).toBe(404);
    expect(wrongKind.json().meta.message).toBe(REPORT_MSG.templateNotFound);
    expect((await get(owner, `/targetReport/getReportByTask?taskId=${taskId}`)).json().data).toBeNull();
    const gen = await post(owner, '/targetReport/generateReport', { taskId });
    expect(gen.statusCode, gen.body).toBe(200);
    expect(gen.json().meta.message).toBe(REPORT_MSG.generated);
    let report = gen.json().data;
    expect(report).toMatchObject({
      rwmc: '精品课程建设',
      bgbt: '精品课程建设年度总结报告',
      mbmc: '年度任务报告模板',
      fmmc: '学校封面',
      bgzt: 'draft',
      zpdj: null,
      abilities: { regenerate: true, rate: true, submit: false, audit: false },
    });
    expect(report.content.cover).toEqual({
      title: '目标任务完成情况报告',
      subtitle: null,
      school: '示范职业技术学院',
      date: '2026-04-21',
    });
    expect(
      report.content.progress.map((p: { periodKey: string; progress: number }) => [p.periodKey, p.progress]),
    ).toEqual([
      ['2026-01', 30],
      ['2026-02', 60],
      ['final', 100],
    ]);
    expect(report.content.attachments.map((a: { fileName: string; source: string }) => [a.fileName, a.source])).toEqual(
      [
        ['任务书.pdf', REPORT_MSG.sourceTask],
        ['一月进度佐证.pdf', `${REPORT_MSG.sourceProgress} 2026-01`],
      ],
    );
    expect(report.content.warnings.length).toBeGreaterThanOrEqual(1);
    expect(report.content.facts).toMatchObject({ rwzt: 'hasDone', rwztmc: '已完成', fbbm: '教务处', fzrmc: '张伟' });

    // Submitting needs a level; the owner rates it, an outdated version is refused.
    const noLevel = await post(owner, '/targetReport/submitAudit', { id: report.id, version: report.version });
    expect(noLevel.statusCode).toBe(400);
    expect(noLevel.json().meta.message).toBe(REPORT_MSG.levelRequired);
    expect(
      (await post(owner, '/targetReport/updateLevelSelf', { id: report.id, version: report.version, zpdj: 'E' }))
        .statusCode,
    ).toBe(400);
    const rated = await post(owner, '/targetReport/updateLevelSelf', {
      id: report.id,
      version: report.version,
      zpdj: 'A',
    });
    expect(rated.json().meta.message).toBe(REPORT_MSG.levelSaved);
    const stale = await post(owner, '/targetReport/updateLevelSelf', {
      id: report.id,
      version: report.version,
      zpdj: 'B',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().meta.message).toBe(REPORT_MSG.changed);
    report = (await get(owner, `/targetReport/getReportByTask?taskId=${taskId}`)).json().data;
    expect(report).toMatchObject({ zpdj: 'A', zpdjmc: '优秀', abilities: { submit: true } });
    expect(
      (await post(owner, '/targetReport/submitAudit', { id: report.id, version: report.version })).statusCode,
    ).toBe(200);

    // Locked while under review; only the task's auditor audits; a refusal needs a reason.
    const locked = await post(owner, '/targetReport/generateReport', { taskId });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().meta.message).toBe(REPORT_MSG.notEditable);
    report = (await get(auditor, `/targetReport/getReportByTask?taskId=${taskId}`)).json().data;
    expect(report).toMatchObject({ bgzt: 'reviewing', abilities: { audit: true, rate: false } });
    const queue = (await get(auditor, '/targetReport/getReportPage?kind=review')).json().data;
    expect(queue.records.map((r: { id: number }) => r.id)).toEqual([report.id]);
    const notAuditor = await post(head, '/targetReport/audit', {
      id: report.id,
      version: report.version,
      result: 'pass',
    });
    expect(notAuditor.statusCode).toBe(403);
    expect(notAuditor.json().meta.message).toBe(REPORT_MSG.notAuditor);
    const noReason = await post(auditor, '/targetReport/audit', {
      id: report.id,
      version: report.version,
      result: 'refuse',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().meta.message).toBe(REPORT_MSG.reasonRequired);
    expect(
      (
        await post(auditor, '/targetReport/audit', {
          id: report.id,
          version: report.version,
          result: 'refuse',
          reason: '自评依据不足',
        })
      ).statusCode,
    ).toBe(200);
    const again = await post(auditor, '/targetReport/audit', {
      id: report.id,
      version: report.version + 1,
      result: 'pass',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().meta.message).toBe(REPORT_MSG.notReviewing);

    // Back with the owner: rated again and resubmitted, then passed.
    report = (await get(owner, `/targetReport/getReportByTask?taskId=${taskId}`)).json().data;
    expect(report).toMatchObject({ bgzt: 'refuse', shyj: '自评依据不足', shrmc: '赵敏', abilities: { rate: true } });
    await post(owner, '/targetReport/updateLevelSelf', { id: report.id, version: report.version, zpdj: 'B' });
    await post(owner, '/targetReport/submitAudit', { id: report.id, version: report.version + 1 });
    expect(
      (await post(auditor, '/targetReport/audit', { id: report.id, version: report.version + 2, result: 'pass' }))
        .statusCode,
    ).toBe(200);
    report = (await get(owner, `/targetReport/getReportByTask?taskId=${taskId}`)).json().data;
    expect(report).toMatchObject({
      bgzt: 'pass',
      bgztmc: '审核通过',
      zpdj: 'B',
      shyj: null,
      abilities: { rate: false },
    });

    const actions = await s.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'targetReport'), eq(auditLog.entityId, String(report.id))))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual([
      'targetReport.generate',
      'targetReport.rate',
      'targetReport.submit',
      'targetReport.refuse',
      'targetReport.rate',
      'targetReport.submit',
      'targetReport.pass',
    ]);
    expect(
      await s.database.db.select().from(auditLog).where(like(auditLog.action, 'reportTemplate.%')),
    ).not.toHaveLength(0);

    // The Word document: cover title, one table row per progress report, the charts as PNG images.
    const res = await get(owner, `/targetReport/download?id=${report.id}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('精品课程建设年度总结报告.docx'));
    const zip = readZip(res.rawPayload);
    const xml = zip.get('word/document.xml')!.toString('utf8');
    const texts = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]);
    expect(texts).toContain('目标任务完成情况报告');
    expect(texts).toContain('示范职业技术学院');
    expect(texts).toContain('精品课程建设年度总结报告');
    expect(texts).toContain('本报告由系统根据任务的进度报告自动生成。');
    for (const content of ['完成课程标准修订', '完成教学视频录制', '任务全部完成']) {
      expect(texts.filter((t) => t === content)).toHaveLength(1);
    }
    // The progress table: header plus one row per progress report.
    const tables = xml.split('<w:tbl>').slice(1);
    const progressTable = tables.find((t) => t.includes('完成课程标准修订'))!;
    expect(progressTable.match(/<w:tr[ >]/g)).toHaveLength(1 + 3);
    expect(texts).toContain('一月进度佐证.pdf');
    expect(texts).toContain('B 良好');
    const images = [...zip.keys()].filter((k) => /^word\/media\/.+\.png$/.test(k));
    expect(images.length).toBe(3);
    for (const k of images) expect(zip.get(k)!.subarray(1, 4).toString('latin1')).toBe('PNG');

    // Others who cannot see the task cannot read or download it.
    const stranger = await s.login('rwfzr06');
    expect((await get(stranger, `/targetReport/download?id=${report.id}`)).statusCode).toBe(404);
    expect((await get(stranger, '/targetReport/getReportPage')).json().data.total).toBe(0);
    expect((await get(await s.login('xld01'), '/targetReport/getReportPage?bgzt=pass')).json().data.total).toBe(1);
  });
});
