import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FILE_MSG, LIMITS } from '@zg/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { openTestDatabase, startTestServer, type TestServer, type TestSession } from '../../test/harness';
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

function sendChunk(me: TestSession, guid: string, file: Buffer, idx: number, corrupt = false) {
  const chunks = Math.ceil(file.length / LIMITS.chunkSize);
  const part = Buffer.from(file.subarray(idx * LIMITS.chunkSize, (idx + 1) * LIMITS.chunkSize));
  const digest = sha(part);
  if (corrupt) part[0] = (part[0] ?? 0) ^ 0xff;
  return me.request({
    method: 'POST',
    url: `${BASE}/chunk`,
    ...multipartBody(
      { guid, chunk: String(idx), chunks: String(chunks), size: String(file.length), sha256: digest },
      { name: 'blob', content: part },
    ),
  });
}

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
    expect(renamed.json().meta.message).toBe('只能上传指定类型的文件');
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
    expect(status).toMatchObject({ status: 'success', fileId: guid });
    const dl = await me.request({ method: 'GET', url: `${BASE}/files/download?id=${guid}` });
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
    // Another user cannot add to or merge someone else's upload.
    const other = await s.login('rwfzr02');
    expect((await sendChunk(other, guid, file, 1)).statusCode).toBe(403);
  });

  it('loses nothing across restarts between chunks and during the merge', async () => {
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
      // The instance claims the merge job and dies mid-way: a half-written temporary file is left behind.
      await database.db.execute(
        sql`update jobs set status = 'running', attempts = 1, locked_until = now() + interval '1 second' where kind = 'file.merge'`,
      );
      const shard = path.join(dataDir, 'files', guid.slice(0, 2));
      fs.mkdirSync(shard, { recursive: true });
      fs.writeFileSync(path.join(shard, `${guid}.deadbeef.part`), file.subarray(0, 1000));
      await t.close();

      t = await startTestServer({ env, database });
      me = await t.login('rwfzr01');
      const during = (await me.request({ method: 'GET', url: `${BASE}/mergeStatus?guid=${guid}` })).json().data;
      expect(during.status).toBe('waitting');
      expect((await me.request({ method: 'GET', url: `${BASE}/files/download?id=${guid}` })).statusCode).toBe(404);
      await new Promise((r) => setTimeout(r, 1100));
      const status = await waitMerged(me, t, guid);
      expect(status.status).toBe('success');
      const dl = await me.request({ method: 'GET', url: `${BASE}/files/download?id=${guid}` });
      expect(sha(dl.rawPayload)).toBe(sha(file));
      expect(fs.existsSync(path.join(dataDir, 'chunks', guid))).toBe(false);
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
      expect(fs.existsSync(path.join(dataDir, 'chunks', guid, '0'))).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
      const { runCleanup } = await import('./files.service');
      const done = await runCleanup({ db: t.database.db, store: t.app.fileStore, config: t.app.config });
      expect(done.uploads).toBe(1);
      expect(fs.existsSync(path.join(dataDir, 'chunks', guid))).toBe(false);
      const status = await me.request({ method: 'GET', url: `${BASE}/mergeStatus?guid=${guid}` });
      expect(status.statusCode).toBe(404);
    } finally {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
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
