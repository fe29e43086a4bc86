import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FILE_MSG, LIMITS } from '@zg/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, uploadSessions } from '../../db/schema';
import { openTestDatabase, startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { taskIn, post as wbsPost, yearTarget } from '../../test/wbs-fixtures';
import { multipartBody, readZip } from '../../test/zip';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)]);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const BASE = '/api/herm-zdgj/rest/file';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { MAX_UPLOAD_MB: '60' } });
});
afterAll(async () => {
  await s?.close();
});

async function upload(me: TestSession, name: string, content: Buffer) {
  return me.request({ method: 'POST', url: `${BASE}/upload`, ...multipartBody({}, { name, content }) });
}

function sendChunk(me: TestSession, guid: string, file: Buffer, idx: number, corrupt = false, fileName?: string) {
  const chunks = Math.ceil(file.length / LIMITS.chunkSize);
  const part = Buffer.from(file.subarray(idx * LIMITS.chunkSize, (idx + 1) * LIMITS.chunkSize));
  const digest = sha(part);
  if (corrupt) part[0] = (part[0] ?? 0) ^ 0xff;
  const fields = { guid, chunk: String(idx), chunks: String(chunks), size: String(file.length), sha256: digest };
  return me.request({
    method: 'POST',
    url: `${BASE}/chunk`,
    ...multipartBody(fileName ? { ...fields, fileName } : fields, { name: 'blob', content: part }),
  });
}

/** Sends every chunk of `file` under `guid` (the first with the file name), asks for the merge and waits for it. */
async function chunkedUpload(me: TestSession, guid: string, file: Buffer, fileName: string) {
  const chunks = Math.ceil(file.length / LIMITS.chunkSize);
  for (let idx = 0; idx < chunks; idx += 1) {
    const res = await sendChunk(me, guid, file, idx, false, idx === 0 ? fileName : undefined);
    expect(res.statusCode, res.body).toBe(200);
  }
  const merge = await me.request({ method: 'POST', url: `${BASE}/merge`, payload: { guid, fileName } });
  expect(merge.statusCode, merge.body).toBe(200);
  return waitMerged(me, s, guid);
}

/** The session of one uploader's guid, read from the database. */
async function sessionOf(server: TestServer, uploaderId: string, guid: string) {
  const rows = await server.database.db.select().from(uploadSessions).where(eq(uploadSessions.guid, guid));
  return rows.find((r) => r.uploaderId === uploaderId);
}

const download = (me: TestSession, id: string) => me.request({ method: 'GET', url: `${BASE}/files/download?id=${id}` });
const fileRow = async (id: string) => (await s.database.db.select().from(files).where(eq(files.id, id)))[0];

async function waitMerged(me: TestSession, server: TestServer, guid: string) {
  await server.app.jobs.drain();
  const res = await me.request({ method: 'GET', url: `${BASE}/mergeStatus?guid=${guid}` });
  return res.json().data as { status: string; fileId: string | null; message: string | null };
}

describe('small uploads', () => {
  it('stores a file and refuses the spec cases with the spec messages', async () => {
    const me = await s.login('rwfzr01');
    const ok = await upload(me, '年度报告.pdf', PDF);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ fileName: '年度报告.pdf', size: PDF.length, sha256: sha(PDF) });

    const exe = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), randomBytes(200)]);
    const renamed = await upload(me, 'setup.pdf', exe);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().meta.message).toBe('文件内容与扩展名不符');
    const bat = await upload(me, 'run.bat', Buffer.from('echo 1'));
    expect(bat.json().meta.message).toBe('只能上传指定类型的文件');
    const longName = await upload(me, `${'长'.repeat(201)}.pdf`, PDF);
    expect(longName.statusCode).toBe(400);
    expect(longName.json().meta.message).toBe('文件名不能超过200个字符');
    expect((await upload(me, `${'长'.repeat(200)}.pdf`, PDF)).statusCode).toBe(200);
    const empty = await upload(me, 'empty.txt', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toBe('文件为空');
  });

  it('refuses an oversized file with the spec message and keeps nothing of it', async () => {
    const t = await startTestServer({ env: { MAX_UPLOAD_MB: '1' } });
    try {
      const me = await t.login('rwfzr01');
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(1024 * 1024 + 10)]);
      const res = await upload(me, '大文件.pdf', big);
      expect(res.statusCode).toBe(413);
      expect(res.json().meta.message).toBe('"大文件.pdf" 文件大小超过 1 MB');
      const rows = await t.database.db.select().from(files).where(eq(files.name, '大文件.pdf'));
      expect(rows).toEqual([]);
      const leftovers = fs.existsSync(path.join(t.app.config.DATA_DIR, 'files'))
        ? fs
            .readdirSync(path.join(t.app.config.DATA_DIR, 'files'), { recursive: true })
            .filter((f) => String(f).endsWith('.part'))
        : [];
      expect(leftovers).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('chunked uploads', () => {
  it('merges a 50 MB file sent out of order, with a duplicate and a corrupted chunk retried, to the same SHA-256', async () => {
    const me = await s.login('rwfzr01');
    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(50 * 1024 * 1024 - 9)]);
    const chunks = Math.ceil(file.length / LIMITS.chunkSize);
    const guid = randomUUID();
    const order = [...Array(chunks).keys()].sort(() => Math.random() - 0.5);
    const corruptAt = order[5]!;
    for (const idx of order) {
      if (idx === corruptAt) {
        const bad = await sendChunk(me, guid, file, idx, true);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().meta.message).toBe(FILE_MSG.chunkInvalid);
      }
      const res = await sendChunk(me, guid, file, idx);
      expect(res.statusCode, `chunk ${idx}`).toBe(200);
    }
    expect((await sendChunk(me, guid, file, order[0]!)).statusCode).toBe(200);

    const merge = await me.request({
      method: 'POST',
      url: `${BASE}/merge`,
      payload: { guid, fileName: '大报告.pdf', lxId: 6 },
    });
    expect(merge.json().data.status).toBe('waitting');
    const status = await waitMerged(me, s, guid);
    expect(status.status).toBe('success');
    // The file gets an id the server made, never the client's guid.
    expect(status.fileId).toMatch(/^[0-9a-f-]{36}$/);
    expect(status.fileId).not.toBe(guid);
    const dl = await download(me, status.fileId!);
    expect(dl.statusCode).toBe(200);
    expect(sha(dl.rawPayload)).toBe(sha(file));
    expect(dl.headers['content-disposition']).toContain(encodeURIComponent('大报告.pdf'));
  }, 120_000);

  it('refuses a chunk of the wrong size and a merge of an incomplete upload', async () => {
    const me = await s.login('rwfzr01');
    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * LIMITS.chunkSize)]);
    const guid = randomUUID();
    const short = await me.request({
      method: 'POST',
      url: `${BASE}/chunk`,
      ...multipartBody(
        { guid, chunk: '0', chunks: '3', size: String(file.length), sha256: sha(file.subarray(0, 100)) },
        { name: 'blob', content: file.subarray(0, 100) },
      ),
    });
    expect(short.statusCode).toBe(400);
    expect((await sendChunk(me, guid, file, 0)).statusCode).toBe(200);
    const merge = await me.request({ method: 'POST', url: `${BASE}/merge`, payload: { guid, fileName: 'a.pdf' } });
    expect(merge.statusCode).toBe(400);
    expect(merge.json().meta.message).toBe(FILE_MSG.chunksIncomplete);
    // Another user's chunk under the same guid opens a session of their own: it never joins this one.
    const other = await s.login('rwfzr02');
    expect((await sendChunk(other, guid, file, 1)).statusCode).toBe(200);
    const mine = await sessionOf(s, 'rwfzr01', guid);
    const theirs = await sessionOf(s, 'rwfzr02', guid);
    expect(theirs?.id).not.toBe(mine?.id);
    const { listChunks } = await import('./files.repository');
    expect((await listChunks(s.database.db, mine!.id)).map((c) => c.idx)).toEqual([0]);
    expect((await listChunks(s.database.db, theirs!.id)).map((c) => c.idx)).toEqual([1]);
  });

  it('loses nothing across restarts between chunks and during the merge, and leaves no orphaned bytes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-files-'));
    const { database, drop } = await openTestDatabase();
    const env = { DATA_DIR: dataDir, JOB_LOCK_SECONDS: '1' };
    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5 * LIMITS.chunkSize + 1234)]);
    const guid = randomUUID();
    try {
      let t = await startTestServer({ env, database });
      let me = await t.login('rwfzr01');
      for (const idx of [0, 2, 4]) expect((await sendChunk(me, guid, file, idx)).statusCode).toBe(200);
      await t.close();

      t = await startTestServer({ env, database });
      me = await t.login('rwfzr01');
      for (const idx of [1, 3, 5]) expect((await sendChunk(me, guid, file, idx)).statusCode).toBe(200);
      await me.request({ method: 'POST', url: `${BASE}/merge`, payload: { guid, fileName: '重启.pdf' } });
      const session = await sessionOf(t, 'rwfzr01', guid);
      expect(fs.existsSync(path.join(dataDir, 'chunks', session!.id, '0'))).toBe(true);
      // The instance claims the merge job and dies after writing the bytes under the id it recorded, before the row.
      await database.db.execute(
        sql`update jobs set status = 'running', attempts = 1, locked_until = now() + interval '1 second' where kind = 'file.merge'`,
      );
      const crashed = randomUUID();
      await database.db
        .update(uploadSessions)
        .set({ pendingFileId: crashed })
        .where(eq(uploadSessions.id, session!.id));
      const shard = path.join(dataDir, 'files', crashed.slice(0, 2));
      fs.mkdirSync(shard, { recursive: true });
      fs.writeFileSync(path.join(shard, crashed), file);
      fs.writeFileSync(path.join(shard, `${crashed}.deadbeef.part`), file.subarray(0, 1000));
      await t.close();

      t = await startTestServer({ env, database });
      me = await t.login('rwfzr01');
      const during = (await me.request({ method: 'GET', url: `${BASE}/mergeStatus?guid=${guid}` })).json().data;
      expect(during.status).toBe('waitting');
      expect((await download(me, crashed)).statusCode).toBe(404);
      await new Promise((r) => setTimeout(r, 1100));
      const status = await waitMerged(me, t, guid);
      expect(status.status).toBe('success');
      expect(status.fileId).not.toBe(crashed);
      const dl = await download(me, status.fileId!);
      expect(sha(dl.rawPayload)).toBe(sha(file));
      // The crashed attempt's bytes, referenced by no file row, are gone; the chunks too.
      expect(fs.existsSync(path.join(shard, crashed))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'chunks', session!.id))).toBe(false);
      expect((await sessionOf(t, 'rwfzr01', guid))?.pendingFileId).toBeNull();
      await t.close();
    } finally {
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('cleans up abandoned chunks after the set time', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-clean-'));
    const t = await startTestServer({ env: { DATA_DIR: dataDir, CHUNK_TTL_HOURS: '0.0001' } });
    try {
      const me = await t.login('rwfzr01');
      const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(LIMITS.chunkSize * 2)]);
      const guid = randomUUID();
      await sendChunk(me, guid, file, 0);
      const session = await sessionOf(t, 'rwfzr01', guid);
      expect(fs.existsSync(path.join(dataDir, 'chunks', session!.id, '0'))).toBe(true);
      // A directory of no session (one dropped by migration 0012, named by an old guid) goes too.
      const orphan = path.join(dataDir, 'chunks', randomUUID());
      fs.mkdirSync(orphan);
      fs.writeFileSync(path.join(orphan, '0'), 'x');
      await new Promise((r) => setTimeout(r, 500));
      const { runCleanup } = await import('./files.service');
      const done = await runCleanup({
        db: t.database.db,
        hooks: t.app.hooks,
        store: t.app.fileStore,
        config: t.app.config,
      });
      expect(done.uploads).toBe(1);
      expect(fs.existsSync(path.join(dataDir, 'chunks', session!.id))).toBe(false);
      expect(fs.existsSync(orphan)).toBe(false);
      const status = await me.request({ method: 'GET', url: `${BASE}/mergeStatus?guid=${guid}` });
      expect(status.statusCode).toBe(404);
    } finally {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a chunked upload never addresses a stored file', () => {
  const pdf2 = (tag: string) => Buffer.concat([Buffer.from(`%PDF-1.7 ${tag}\n`), randomBytes(LIMITS.chunkSize + 100)]);

  it("merging with another user's file id (or one's own) as the guid leaves that file alone and makes a new one", async () => {
    const a = await s.login('rwfzr01');
    const aBytes = Buffer.concat([Buffer.from('%PDF-1.4 A\n'), randomBytes(2000)]);
    const target = (await upload(a, '甲的文件.pdf', aBytes)).json().data.fileId as string;
    const before = await fileRow(target);

    const b = await s.login('rwfzr02');
    const bBytes = pdf2('B');
    const status = await chunkedUpload(b, target, bBytes, '乙的文件.pdf');
    expect(status.status).toBe('success');
    expect(status.fileId).not.toBe(target);
    // A's bytes and row are as they were; B has a file of their own.
    expect(await fileRow(target)).toEqual(before);
    expect(sha((await download(a, target)).rawPayload)).toBe(sha(aBytes));
    const bFile = await fileRow(status.fileId!);
    expect(bFile).toMatchObject({ uploaderId: 'rwfzr02', name: '乙的文件.pdf', sha256: sha(bBytes) });
    expect(sha((await download(b, status.fileId!)).rawPayload)).toBe(sha(bBytes));
    expect((await download(b, target)).statusCode).toBe(404);

    // Even the file's own uploader cannot overwrite it through a guid.
    const again = await chunkedUpload(a, target, pdf2('A2'), '甲的新文件.pdf');
    expect(again.status).toBe('success');
    expect(again.fileId).not.toBe(target);
    expect(await fileRow(target)).toEqual(before);
    expect(sha((await download(a, target)).rawPayload)).toBe(sha(aBytes));
  });

  it('two users sending the same guid at once each get their own file', async () => {
    const a = await s.login('rwfzr01');
    const b = await s.login('rwfzr02');
    const guid = randomUUID();
    const aBytes = pdf2('A');
    const bBytes = pdf2('B');
    const chunks = Math.ceil(aBytes.length / LIMITS.chunkSize);
    const sends = [...Array(chunks).keys()].flatMap((idx) => [
      sendChunk(a, guid, aBytes, idx),
      sendChunk(b, guid, bBytes, idx),
    ]);
    for (const res of await Promise.all(sends)) expect(res.statusCode, res.body).toBe(200);
    const merges = await Promise.all([
      a.request({ method: 'POST', url: `${BASE}/merge`, payload: { guid, fileName: '甲.pdf' } }),
      b.request({ method: 'POST', url: `${BASE}/merge`, payload: { guid, fileName: '乙.pdf' } }),
    ]);
    for (const m of merges) expect(m.statusCode, m.body).toBe(200);
    const [aStatus, bStatus] = [await waitMerged(a, s, guid), await waitMerged(b, s, guid)];
    expect(aStatus.status).toBe('success');
    expect(bStatus.status).toBe('success');
    expect(new Set([aStatus.fileId, bStatus.fileId, guid]).size).toBe(3);
    expect(sha((await download(a, aStatus.fileId!)).rawPayload)).toBe(sha(aBytes));
    expect(sha((await download(b, bStatus.fileId!)).rawPayload)).toBe(sha(bBytes));
    expect(await fileRow(aStatus.fileId!)).toMatchObject({ uploaderId: 'rwfzr01', name: '甲.pdf' });
    expect(await fileRow(bStatus.fileId!)).toMatchObject({ uploaderId: 'rwfzr02', name: '乙.pdf' });
  });

  it("a department library file and an owner's report attachment survive an auditor and an outsider merging onto them", async () => {
    const owner = await s.login('rwfzr01'); // 教务处 D02, owner of the task
    const head = await s.login('bmfzr07'); // head of D07, whose library every signed-in user reads
    const libBytes = Buffer.concat([Buffer.from('%PDF-1.4 library\n'), randomBytes(500)]);
    const lib = await head.request({
      method: 'POST',
      url: '/api/docrepo/upload',
      ...multipartBody({ bmid: 'D07' }, { name: '制度汇编.pdf', content: libBytes }),
    });
    expect(lib.statusCode, lib.body).toBe(200);
    const libId = lib.json().data.fileId as string;

    const before = s.app.clock.now();
    s.app.clock.set('2026-02-05T10:00:00');
    let reportId: number;
    let attachId: string;
    const attachBytes = Buffer.from('%PDF-1.4 january report');
    try {
      const target = await yearTarget(s, '附件防护年度目标');
      const taskId = await taskIn(s, target, 'D02', 'executeing', { name: '附件防护任务' });
      attachId = (await upload(owner, '一月进度.pdf', attachBytes)).json().data.fileId;
      const rep = await wbsPost(owner, '/targetTaskSituation/insert', {
        taskId,
        periodKey: '2026-01',
        kind: 'process',
        content: '完成课程标准修订',
        fileIds: [attachId],
        progress: 20,
      });
      expect(rep.statusCode, rep.body).toBe(200);
      reportId = rep.json().data.id;
    } finally {
      s.app.clock.set(before);
    }
    const listUrl = `${BASE}/files/list?ownerType=TaskProgress&ownerId=${reportId}`;
    const auditor = await s.login('shr01');
    const seen = (await auditor.request({ method: 'GET', url: listUrl })).json().data;
    expect(seen.map((f: { fileId: string }) => f.fileId)).toEqual([attachId]);
    const libRow = await fileRow(libId);
    const attachRow = await fileRow(attachId);

    // The auditor sees the attachment's id, an outsider the library's: both try to merge onto them.
    const outsider = await s.login('rwfzr02');
    const onAttach = await chunkedUpload(auditor, attachId, pdf2('auditor'), '替换.pdf');
    const onLib = await chunkedUpload(outsider, libId, pdf2('outsider'), '替换.pdf');
    expect(onAttach.status).toBe('success');
    expect(onLib.status).toBe('success');
    expect(onAttach.fileId).not.toBe(attachId);
    expect(onLib.fileId).not.toBe(libId);

    expect(await fileRow(libId)).toEqual(libRow);
    expect(await fileRow(attachId)).toEqual(attachRow);
    expect(sha((await download(head, libId)).rawPayload)).toBe(sha(libBytes));
    const library = (await outsider.request({ method: 'GET', url: `${BASE}/files/list?ownerType=DocRepo&ownerId=D07` }))
      .json()
      .data.map((f: { fileId: string }) => f.fileId);
    expect(library).toEqual([libId]);
    expect(sha((await download(owner, attachId)).rawPayload)).toBe(sha(attachBytes));
    const after = (await owner.request({ method: 'GET', url: listUrl })).json().data;
    expect(after).toMatchObject([{ fileId: attachId, fileName: '一月进度.pdf', uploaderName: '张伟' }]);
    // The new files are the attackers' own, unattached.
    expect(await fileRow(onAttach.fileId!)).toMatchObject({ uploaderId: 'shr01', ownerType: 'Unattached' });
    expect(await fileRow(onLib.fileId!)).toMatchObject({ uploaderId: 'rwfzr02', ownerType: 'Unattached' });
  });
});

describe('content check of a chunked upload', () => {
  it('refuses a mislabelled file on its first chunk, and at the merge when the first chunk came without the name', async () => {
    const me = await s.login('rwfzr01');
    // 7 MB of PDF bytes named .zip: twelve chunks, refused on the first.
    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(7 * 1024 * 1024 - 9)]);
    expect(Math.ceil(file.length / LIMITS.chunkSize)).toBe(12);
    const guid = randomUUID();
    const first = await sendChunk(me, guid, file, 0, false, '资料.zip');
    expect(first.statusCode).toBe(415);
    expect(first.json().meta.message).toBe(FILE_MSG.contentMismatch);
    expect(FILE_MSG.contentMismatch).toBe('文件内容与扩展名不符');
    // Nothing was kept of it.
    expect(await sessionOf(s, 'rwfzr01', guid)).toBeUndefined();
    expect((await me.request({ method: 'GET', url: `${BASE}/mergeStatus?guid=${guid}` })).statusCode).toBe(404);
    // A disallowed extension in the name is refused on the first chunk too.
    const exe = await sendChunk(me, randomUUID(), file, 0, false, 'setup.exe');
    expect(exe.statusCode).toBe(415);
    expect(exe.json().meta.message).toBe(FILE_MSG.typeNotAllowed);
    // The right name passes the first chunk.
    expect((await sendChunk(me, randomUUID(), file, 0, false, '资料.pdf')).statusCode).toBe(200);

    // An older client sends no name with its chunks: the merge refuses it with the same message.
    const small = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(LIMITS.chunkSize)]);
    const late = randomUUID();
    for (const idx of [0, 1]) expect((await sendChunk(me, late, small, idx)).statusCode).toBe(200);
    await me.request({ method: 'POST', url: `${BASE}/merge`, payload: { guid: late, fileName: '资料.zip' } });
    const status = await waitMerged(me, s, late);
    expect(status).toEqual({ status: 'failure', fileId: null, message: FILE_MSG.contentMismatch });
    const session = await sessionOf(s, 'rwfzr01', late);
    expect(session?.pendingFileId).toBeNull();
  });
});

describe('attachments of a record', () => {
  it('attaches, lists, zips, and deletes with permission checks (department library)', async () => {
    const owner = await s.login('rwfzr01'); // 教务处 D02
    const ids: string[] = [];
    for (const [name, content] of [
      ['计划.pdf', PDF],
      ['照片.png', PNG],
      ['计划.pdf', Buffer.concat([Buffer.from('%PDF-1.3\n'), randomBytes(100)])],
    ] as const) {
      const res = await owner.request({
        method: 'POST',
        url: '/api/docrepo/upload',
        ...multipartBody({ bmid: 'D02' }, { name, content }),
      });
      expect(res.statusCode).toBe(200);
      ids.push(res.json().data.fileId);
    }
    const outsider = await s.login('rwfzr02'); // 党政办 D01? another department
    const refused = await outsider.request({
      method: 'POST',
      url: '/api/docrepo/upload',
      ...multipartBody({ bmid: 'D02' }, { name: 'x.pdf', content: PDF }),
    });
    expect(refused.statusCode).toBe(403);

    const list = (
      await outsider.request({ method: 'GET', url: `${BASE}/files/list?ownerType=DocRepo&ownerId=D02` })
    ).json().data;
    expect(list).toHaveLength(3);
    expect(list.every((a: { canDelete: boolean }) => !a.canDelete)).toBe(true);
    expect(list[1].previewUrl).toContain('/files/preview');

    const zip = await outsider.request({
      method: 'GET',
      url: `${BASE}/files/downloadFiles?ids=${ids.join(',')}&name=${encodeURIComponent('课程建设')}`,
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(encodeURIComponent('课程建设支撑附件.zip'));
    const entries = readZip(zip.rawPayload);
    expect([...entries.keys()]).toEqual(['计划.pdf', '照片.png', '计划(1).pdf']);
    expect(entries.get('照片.png')?.equals(PNG)).toBe(true);

    const preview = await outsider.request({ method: 'GET', url: `${BASE}/files/preview?id=${ids[1]}` });
    expect(preview.headers['content-disposition']).toMatch(/^inline/);
    expect(preview.headers['content-type']).toBe('image/png');

    expect((await outsider.request({ method: 'POST', url: `${BASE}/files/${ids[0]}/delete` })).statusCode).toBe(403);
    const del = await owner.request({ method: 'POST', url: `${BASE}/files/${ids[0]}/delete` });
    expect(del.statusCode).toBe(200);
    expect((await owner.request({ method: 'GET', url: `${BASE}/files/download?id=${ids[0]}` })).statusCode).toBe(404);
  });

  it("keeps a user's unattached uploads private and lets only writers save a record's list", async () => {
    const me = await s.login('rwfzr01');
    const up = (await upload(me, '说明.txt', Buffer.from('进度说明'))).json().data.fileId as string;
    const other = await s.login('rwfzr02');
    const peek = await other.request({ method: 'GET', url: `${BASE}/files/download?id=${up}` });
    expect(peek.statusCode).toBe(404);
    expect(peek.json().meta.message).toBe(FILE_MSG.fileNotFound);

    // Quality rows have no policy until their module lands: only administrators may attach to them.
    const ctx = { ownerType: 'Quality', zgzkdid: 'Q1', stage: 'zwzd' };
    const denied = await me.request({
      method: 'POST',
      url: `${BASE}/files/saveList`,
      payload: { list: [{ fileId: up }], context: ctx },
    });
    expect(denied.statusCode).toBe(403);
    const admin = await s.login('zyadmin');
    const mine = (await upload(admin, '证明.pdf', PDF)).json().data.fileId as string;
    const saved = await admin.request({
      method: 'POST',
      url: `${BASE}/files/saveList`,
      payload: { list: [{ fileId: mine }], context: ctx },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().meta.message).toBe('导入成功！');
    expect(saved.json().data[0]).toMatchObject({ fileId: mine, stage: 'diagnosis', canDelete: true });
    // Someone else's upload cannot be attached, even by a writer.
    const theirs = await admin.request({
      method: 'POST',
      url: `${BASE}/files/saveList`,
      payload: { list: [{ fileId: mine }, { fileId: up }], context: ctx },
    });
    expect(theirs.statusCode).toBe(403);
    // Saving an empty list removes the stage's files.
    const cleared = await admin.request({
      method: 'POST',
      url: `${BASE}/files/saveList`,
      payload: { list: [], context: ctx },
    });
    expect(cleared.json().data).toEqual([]);
  });

  it('lists the file types, 内部支撑文件 among them, and registers a name and type', async () => {
    const me = await s.login('rwfzr01');
    const types = (await me.request({ method: 'GET', url: `${BASE}/fileTypes?pageNum=1&pageSize=10` })).json().data;
    const internal = types.list.find((t: { name: string }) => t.name === '内部支撑文件');
    expect(internal).toBeDefined();
    const id = (await upload(me, 'raw.pdf', PDF)).json().data.fileId;
    const reg = await me.request({
      method: 'POST',
      url: `${BASE}/files/insert`,
      payload: { mc: '支撑材料', wjlx: 'pdf', fjId: id, lxId: internal.id },
    });
    expect(reg.json().data).toEqual({ fileId: id, fileName: '支撑材料.pdf' });
  });
});

describe('the department library (文件库): merge of a chunked upload, shareById', () => {
  const D = '/api/docrepo';
  const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(LIMITS.chunkSize + 5000)]);

  /** Sends every chunk of `bytes` under `guid`, the first with its name. */
  async function chunks(me: TestSession, guid: string, bytes: Buffer, fileName: string) {
    for (let idx = 0; idx < Math.ceil(bytes.length / LIMITS.chunkSize); idx += 1) {
      const res = await sendChunk(me, guid, bytes, idx, false, idx === 0 ? fileName : undefined);
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  it('merges a chunked upload straight into a library its uploader may write; others are refused', async () => {
    const member = await s.login('rwfzr01'); // 教务处 D02
    const outsider = await s.login('rwfzr02'); // 学生工作处 D03
    const guid = randomUUID();
    await chunks(member, guid, file, '教学管理制度汇编.pdf');
    // Into another department's library: refused, and the upload stays waiting for a merge.
    const elsewhere = await member.request({
      method: 'POST',
      url: `${D}/merge`,
      payload: { guid, fileName: '教学管理制度汇编.pdf', bmid: 'D03' },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect((await sessionOf(s, 'rwfzr01', guid))?.status).toBe('uploading');
    // Another user naming the guid reaches no upload of theirs.
    const stolen = await outsider.request({
      method: 'POST',
      url: `${D}/merge`,
      payload: { guid, fileName: '教学管理制度汇编.pdf', bmid: 'D03' },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().meta.message).toBe(FILE_MSG.uploadNotFound);
    // Into the member's own library (the default department): merged by the files module's job.
    const merge = await member.request({
      method: 'POST',
      url: `${D}/merge`,
      payload: { guid, fileName: '教学管理制度汇编.pdf', fName: '制度汇编' },
    });
    expect(merge.statusCode, merge.body).toBe(200);
    const done = await waitMerged(member, s, guid);
    expect(done.status).toBe('success');
    expect(await fileRow(done.fileId!)).toMatchObject({
      ownerType: 'DocRepo',
      ownerId: 'D02',
      name: '制度汇编.pdf',
      uploaderId: 'rwfzr01',
      sha256: sha(file),
    });
    const list = await member.request({ method: 'GET', url: `${BASE}/files/list?ownerType=DocRepo&ownerId=D02` });
    expect(list.json().data.map((f: { fileId: string }) => f.fileId)).toContain(done.fileId);
    // A mislabelled merge is refused as any merge is.
    const fake = randomUUID();
    await chunks(member, fake, Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(100)]), '伪装.pdf');
    const wrong = await member.request({
      method: 'POST',
      url: `${D}/merge`,
      payload: { guid: fake, fileName: '伪装.png' },
    });
    expect(wrong.statusCode).toBe(200);
    expect(await waitMerged(member, s, fake)).toMatchObject({ status: 'failure', message: FILE_MSG.contentMismatch });
  });

  it('shares a library file with named users by id, replacing the list; only those who may write its library', async () => {
    const member = await s.login('rwfzr01');
    const outsider = await s.login('rwfzr02');
    const head = await s.login('bmfzr01'); // heads 教务处
    const small = await member.request({
      method: 'POST',
      url: `${D}/upload`,
      ...multipartBody({ bmid: 'D02' }, { name: '课程标准.pdf', content: PDF }),
    });
    const id = small.json().data.fileId as string;
    const share = (me: TestSession, userIds: string[], fileId = id) =>
      me.request({ method: 'POST', url: `${D}/shareById`, payload: { id: fileId, userIds } });

    expect((await share(outsider, ['xld01'])).statusCode).toBe(403);
    const shared = await share(member, ['rwfzr02', 'xld01', 'xld01']);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().meta.message).toBe(FILE_MSG.shared(2));
    const names = shared.json().data as { userId: string; userName: string; sharedBy: string; sharedAt: string }[];
    expect(names.map((n) => n.userId).sort()).toEqual(['rwfzr02', 'xld01']);
    expect(names.every((n) => n.userName !== n.userId && n.sharedBy === member.record.userName)).toBe(true);
    expect(names[0]!.sharedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The recipient finds it among the files shared with them, with the library and the sharer by name.
    const mine = await outsider.request({ method: 'GET', url: `${D}/sharedWithMe` });
    expect(mine.json().data).toMatchObject({ total: 1, pageNum: 1 });
    expect(mine.json().data.list[0]).toMatchObject({
      fileId: id,
      fileName: '课程标准.pdf',
      bmid: 'D02',
      bmmc: '教务处',
      gxrmc: member.record.userName,
    });
    expect((await download(outsider, id)).statusCode).toBe(200);
    // The department's head may share it too, and sees who has it; an outsider may not look.
    const replaced = await share(head, ['zgfb01']);
    expect(replaced.json().data.map((n: { userId: string }) => n.userId)).toEqual(['zgfb01']);
    expect((await outsider.request({ method: 'GET', url: `${D}/sharedWithMe` })).json().data.total).toBe(0);
    const who = await member.request({ method: 'GET', url: `${D}/shares?id=${id}` });
    expect(who.json().data.map((n: { userId: string }) => n.userId)).toEqual(['zgfb01']);
    expect((await outsider.request({ method: 'GET', url: `${D}/shares?id=${id}` })).statusCode).toBe(403);
    // Refusals in Chinese: an unknown user, oneself, a file that is not a library's, a missing file.
    expect((await share(member, ['nobody'])).json().meta.message).toBe(FILE_MSG.shareUnknownUser('nobody'));
    expect((await share(member, ['rwfzr01'])).json().meta.message).toBe(FILE_MSG.shareSelf);
    const own = (await upload(member, '私人.pdf', PDF)).json().data.fileId as string;
    expect((await share(member, ['xld01'], own)).json().meta.message).toBe(FILE_MSG.shareOnlyLibrary);
    expect((await share(member, ['xld01'], randomUUID())).statusCode).toBe(404);
    // An empty list shares it with none; every share is in the audit log.
    expect((await share(member, [])).json().meta.message).toBe(FILE_MSG.shared(0));
    const audits = await s.database.db.execute(sql`select actor_id from audit_log where action = 'file.share'`);
    expect((audits as unknown as { rows: { actor_id: string }[] }).rows.map((r) => r.actor_id)).toEqual([
      'rwfzr01',
      'bmfzr01',
      'rwfzr01',
    ]);
  });
});
