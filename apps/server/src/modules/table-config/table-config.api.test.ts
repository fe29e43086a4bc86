import { eq } from 'drizzle-orm';
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
      updatedByName: '系统管理员',
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
});
