import { MSG } from '@zg/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const T = '/api/herm-sjcj/tableConfiguration';

describe('table configurations', () => {
  it('creates a fixed table with a starter layout, saves it against its version and lists it', async () => {
    const admin = await s.login('zyadmin');
    const created = await admin.request({
      method: 'POST',
      url: `${T}/insert`,
      payload: { name: '专任教师基本情况表', tableType: 'fixed' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const table = created.json().data;
    expect(table).toMatchObject({
      name: '专任教师基本情况表',
      tableType: 'fixed',
      head: ['列1', '列2', '列3'],
      rows: [
        ['', '', ''],
        ['', '', ''],
        ['', '', ''],
      ],
      version: 1,
      createdByName: '系统管理员',
      updatedByName: '系统管理员',
      abilities: { canEdit: true, canDelete: true },
    });

    const layout = {
      id: table.id,
      version: 1,
      name: '专任教师基本情况表',
      tableType: 'fixed',
      head: ['项目', '人数', '占比'],
      rows: [
        ['正高级', '', ''],
        ['副高级', '', ''],
      ],
    };
    const saved = await admin.request({ method: 'POST', url: `${T}/update`, payload: layout });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ head: ['项目', '人数', '占比'], version: 2 });
    expect((await admin.request({ method: 'GET', url: `${T}/${table.id}` })).json().data.rows).toEqual(layout.rows);

    // A second save from the same version read is refused: someone saved in between.
    const stale = await admin.request({ method: 'POST', url: `${T}/update`, payload: { ...layout, name: '旧' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().meta.message).toBe('表格配置已被他人修改，请刷新后再保存');

    const list = (await admin.request({ method: 'GET', url: `${T}/list?pageNum=1&pageSize=10` })).json().data;
    expect(list.list[0]).toMatchObject({ id: table.id, columns: 3, rowCount: 2, tableType: 'fixed' });
    const audits = await s.app.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'tableConfig'));
    expect(audits.map((a) => a.action)).toEqual(['tableConfig.create', 'tableConfig.update']);
  });

  it('checks the layout with Chinese messages', async () => {
    const admin = await s.login('zyadmin');
    const { id } = (
      await admin.request({
        method: 'POST',
        url: `${T}/insert`,
        payload: { name: '课程开设情况', tableType: 'floating' },
      })
    ).json().data;
    const base = { id, version: 1, name: '课程开设情况', tableType: 'floating', head: ['课程名称'], rows: [] };
    const bad = async (change: object) => {
      const res = await admin.request({ method: 'POST', url: `${T}/update`, payload: { ...base, ...change } });
      expect(res.statusCode).toBe(400);
      return res.json().meta.message as string;
    };
    expect(await bad({ rows: [['x']] })).toContain('浮动表没有预设行');
    expect(await bad({ tableType: 'fixed', rows: [['a', 'b']] })).toContain('每一行的单元格数必须与表头列数一致');
    expect(await bad({ head: [] })).toContain('表格至少需要 1 列');
    expect(await bad({ head: ['  '] })).toContain('表头不能为空');
    expect(await bad({ head: ['字'.repeat(501)] })).toContain('单元格内容最多 500 个字符');
    expect(await bad({ head: Array.from({ length: 31 }, (_, i) => `列${i}`) })).toContain('表格最多 30 列');
    const missing = await admin.request({ method: 'GET', url: `${T}/999999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().meta.message).toBe('表格配置不存在或已被删除');
    expect((await admin.request({ method: 'POST', url: `${T}/${id}/delete`, payload: {} })).statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `${T}/${id}` })).statusCode).toBe(404);
  });

  it('is for the data collection and data management menus only', async () => {
    const owner = await s.login('rwfzr01');
    // rwfzr01 is a diagnosis object too, which grants data collection.
    expect((await owner.request({ method: 'GET', url: `${T}/list` })).statusCode).toBe(200);
    const head = await s.login('bmfzr01');
    const denied = await head.request({
      method: 'POST',
      url: `${T}/insert`,
      payload: { name: 'x', tableType: 'fixed' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('belongs to its creator: others with the menu read it, only the creator or the administrator change it', async () => {
    const admin = await s.login('zyadmin');
    const mine = await s.login('rwfzr01');
    // rwfzr02 holds the same roles as rwfzr01 (task owner and diagnosis object, which grants 数据采集).
    const other = await s.login('rwfzr02');
    const create = async (who: typeof admin, name: string) => {
      const res = await who.request({ method: 'POST', url: `${T}/insert`, payload: { name, tableType: 'fixed' } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: number; head: string[]; rows: string[][]; version: number };
    };
    const layout = (t: { id: number; version: number }, name: string) => ({
      id: t.id,
      version: t.version,
      name,
      tableType: 'fixed',
      head: ['项目', '数量'],
      rows: [['', '']],
    });
    const write = (who: typeof admin, url: string, payload: object) =>
      who.request({ method: 'POST', url: `${T}${url}`, payload });
    const refused = (res: { statusCode: number; json(): { meta: { message: string } } }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().meta.message).toBe(MSG.noPermission);
    };

    // What the probe did: a task owner deleted (or rewrote) the administrator's configuration.
    const school = await create(admin, '学校基本信息表');
    const seen = await mine.request({ method: 'GET', url: `${T}/${school.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({
      createdByName: '系统管理员',
      abilities: { canEdit: false, canDelete: false },
    });
    refused(await write(mine, `/${school.id}/delete`, {}));
    refused(await write(mine, '/update', layout(school, '被改写')));
    const kept = (await admin.request({ method: 'GET', url: `${T}/${school.id}` })).json().data;
    expect(kept).toMatchObject({ name: '学校基本信息表', version: 1, abilities: { canEdit: true, canDelete: true } });

    // A task owner's own configuration: a second task owner reads it and cannot change it.
    const own = await create(mine, '课程建设情况表');
    refused(await write(other, '/update', layout(own, '他人改写')));
    refused(await write(other, `/${own.id}/delete`, {}));
    const listed = async (who: typeof admin) => {
      const res = await who.request({ method: 'GET', url: `${T}/list?pageNum=1&pageSize=50` });
      const rows = res.json().data.list as { id: number; createdByName: string; abilities: object }[];
      return new Map(rows.map((r) => [r.id, [r.createdByName, r.abilities]]));
    };
    const byOther = await listed(other);
    expect(byOther.get(own.id)).toEqual(['张伟', { canEdit: false, canDelete: false }]);
    expect(byOther.get(school.id)).toEqual(['系统管理员', { canEdit: false, canDelete: false }]);
    expect((await listed(mine)).get(own.id)).toEqual(['张伟', { canEdit: true, canDelete: true }]);
    expect((await listed(admin)).get(own.id)).toEqual(['张伟', { canEdit: true, canDelete: true }]);

    // The refused attempts changed nothing: the creator saves against the version first read, then the administrator.
    const saved = await write(mine, '/update', layout(own, '课程建设情况表（修订）'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ version: 2, createdByName: '张伟', updatedByName: '张伟' });
    const byAdmin = await write(admin, '/update', layout({ id: own.id, version: 2 }, '课程建设情况表（定稿）'));
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data).toMatchObject({ version: 3, createdByName: '张伟', updatedByName: '系统管理员' });
    // The administrator's save leaves the creator the owner: the other user is still refused, the creator deletes it.
    expect((await write(other, `/${own.id}/delete`, {})).statusCode).toBe(403);
    expect((await write(mine, `/${own.id}/delete`, {})).statusCode).toBe(200);
    expect((await write(admin, `/${school.id}/delete`, {})).statusCode).toBe(200);

    // Only the writes that were allowed left an audit row.
    const audits = await s.app.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'tableConfig'), eq(auditLog.entityId, String(own.id))));
    expect(audits.map((a) => `${a.action} ${a.actorId}`)).toEqual([
      'tableConfig.create rwfzr01',
      'tableConfig.update rwfzr01',
      'tableConfig.update zyadmin',
      'tableConfig.delete rwfzr01',
    ]);
  });
});
