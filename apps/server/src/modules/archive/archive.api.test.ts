import { ARCHIVE_MSG } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { pdf, post, taskIn, upload, yearTarget } from '../../test/wbs-fixtures';
import { readZip } from '../../test/zip';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const A = '/api/herm-wbs/targetTaskFileArchive';
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url });
const page = async (me: TestSession, q: string) => {
  const res = await get(me, `${A}/selectPage?size=50&${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    total: number;
    records: { fileId: string; fileName: string; fileType: string; sourceName: string }[];
  };
};
const names = async (me: TestSession, q: string) => (await page(me, q)).records.map((r) => r.fileName).sort();

async function attach(me: TestSession, ownerType: string, ownerId: number, fileId: string, fileType?: number) {
  const res = await me.request({
    method: 'POST',
    url: '/api/herm-zdgj/rest/file/files/saveList',
    payload: { list: [{ fileId, fileType }], context: { ownerType, ownerId: String(ownerId) } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('file archives (file-all, file-myself)', () => {
  it('list every document of the tasks a user may see, by type, and zip them', async () => {
    s.app.clock.set('2026-01-05T10:00:00');
    const fbr = await s.login('fbr01');
    const types = (await get(fbr, '/api/herm-zdgj/rest/file/fileTypes?pageSize=100')).json().data.list as {
      id: number;
      name: string;
    }[];
    const typeId = (name: string) => types.find((t) => t.name === name)!.id;

    const target = await yearTarget(s, '归档目标');
    await attach(fbr, 'YearTask', target, await upload(fbr, '年度目标责任书.pdf', pdf('yt')));
    const t1 = await taskIn(s, target, 'D02', 'executeing', { name: '教务任务' });
    const t2 = await taskIn(s, target, 'D03', 'executeing', { name: '学工任务' });
    const owner1 = await s.login('rwfzr01');
    await attach(owner1, 'NodeTask', t1, await upload(owner1, '教务任务分解.pdf', pdf('t1')), typeId('任务分解文件'));
    const owner2 = await s.login('rwfzr02');
    await attach(owner2, 'NodeTask', t2, await upload(owner2, '学工任务说明.pdf', pdf('t2')));
    s.app.clock.set('2026-02-03T10:00:00');
    const evidence = await upload(owner1, '一月进度佐证.pdf', pdf('jan'));
    const rep = await post(owner1, '/targetTaskSituation/insert', {
      taskId: t1,
      periodKey: '2026-01',
      kind: 'process',
      content: '一月进度',
      fileIds: [evidence],
    });
    expect(rep.statusCode, rep.body).toBe(200);

    const leader = await s.login('xld01');
    const all = await page(leader, 'type=file-all');
    expect(all.records.map((r) => [r.fileName, r.fileType, r.sourceName]).sort()).toEqual(
      [
        ['一月进度佐证.pdf', '过程文件', `${ARCHIVE_MSG.sourceProgress} 2026-01`],
        ['学工任务说明.pdf', ARCHIVE_MSG.untyped, ARCHIVE_MSG.sourceTask],
        ['年度目标责任书.pdf', '年度目标文件', ARCHIVE_MSG.sourceYearTarget],
        ['教务任务分解.pdf', '任务分解文件', ARCHIVE_MSG.sourceTask],
      ].sort(),
    );
    expect(await names(owner1, 'type=file-myself')).toEqual(['一月进度佐证.pdf', '教务任务分解.pdf'].sort());
    expect(await names(owner1, 'type=file-all')).toEqual(
      ['一月进度佐证.pdf', '年度目标责任书.pdf', '教务任务分解.pdf'].sort(),
    );
    expect(await names(await s.login('bmfzr03'), 'type=file-all')).toEqual(
      ['学工任务说明.pdf', '年度目标责任书.pdf'].sort(),
    );
    expect(await names(fbr, 'type=file-myself')).toEqual(['年度目标责任书.pdf']);
    expect(await names(leader, 'lxId=0')).toEqual(['学工任务说明.pdf']);
    expect(await names(leader, `lxId=${typeId('过程文件')}`)).toEqual(['一月进度佐证.pdf']);
    expect(await names(leader, `taskId=${t1}`)).toEqual(['一月进度佐证.pdf', '教务任务分解.pdf'].sort());
    expect(await names(leader, 'name=学工')).toEqual(['学工任务说明.pdf']);
    expect(await names(leader, 'year=2025')).toEqual([]);
    const paged = await get(leader, `${A}/selectPage?size=3&current=2`);
    expect(paged.json().data).toMatchObject({ total: 4, pages: 2, current: 2 });
    expect(paged.json().data.records).toHaveLength(1);

    const counts = (await get(leader, `${A}/typeCount?type=file-all`)).json().data;
    expect(counts).toEqual([
      { lxId: typeId('年度目标文件'), name: '年度目标文件', count: 1 },
      { lxId: typeId('任务分解文件'), name: '任务分解文件', count: 1 },
      { lxId: typeId('过程文件'), name: '过程文件', count: 1 },
      { lxId: 0, name: ARCHIVE_MSG.untyped, count: 1 },
    ]);

    // The task's auditor downloads a progress attachment it lists.
    const auditor = await s.login('shr01');
    const progressFile = (await page(auditor, 'type=file-all&name=一月')).records[0]!;
    const one = await get(auditor, `/api/herm-zdgj/rest/file/files/download?id=${progressFile.fileId}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toBe('%PDF-1.4 jan');

    // Bulk zip: every document of the filter, or the checked ones, never one outside the archive.
    const zipAll = await get(leader, `${A}/download?type=file-all`);
    expect(zipAll.statusCode).toBe(200);
    expect(zipAll.headers['content-type']).toBe('application/zip');
    expect([...readZip(zipAll.rawPayload).keys()].sort()).toEqual(all.records.map((r) => r.fileName).sort());
    const mine = await page(owner1, 'type=file-myself');
    const picked = mine.records.find((r) => r.fileName === '一月进度佐证.pdf')!;
    const zipOne = await get(owner1, `${A}/download?type=file-myself&ids=${picked.fileId}`);
    expect([...readZip(zipOne.rawPayload).entries()].map(([k, v]) => [k, v.toString()])).toEqual([
      ['一月进度佐证.pdf', '%PDF-1.4 jan'],
    ]);
    const foreign = all.records.find((r) => r.fileName === '学工任务说明.pdf')!;
    const refused = await get(owner1, `${A}/download?type=file-all&ids=${foreign.fileId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().meta.message).toBe(ARCHIVE_MSG.notInArchive);
    expect((await get(await s.login('zgfb01'), `${A}/selectPage`)).statusCode).toBe(403);
  });
});
