import { AUTH_MSG, ROLE, SYSTEM_MSG } from '@zg/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { multipartBody } from '../../test/zip';

/** 系统管理: users, import/export, roles and menus, departments, settings, audit log and sessions (issue 36). */

let s: TestServer;
let admin: TestSession;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('zyadmin');
});
afterAll(async () => {
  await s?.close();
});

const get = (who: TestSession, url: string) => who.request({ method: 'GET', url });
const post = (who: TestSession, url: string, payload: object = {}) => who.request({ method: 'POST', url, payload });
const data = (res: LightMyRequestResponse) => res.json().data;

async function xlsx(rows: (string | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(['工号', '姓名', '性别', '部门编码', '部门名称', '用户类型编码', '角色编码', '联系电话', '邮箱', '状态']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importFile(content: Buffer, fields: Record<string, string> = { password: 'Init1234' }) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/system/user/import',
    ...multipartBody(fields, { name: 'users.xlsx', content }),
  });
  if (res.statusCode !== 200) return { start: res, job: null };
  await s.app.jobs.drain();
  const job = await get(admin, `/api/system/user/importJob?id=${data(res).id}`);
  return { start: res, job: data(job) };
}

describe('users', () => {
  it('creates, filters, edits and grants; the new user must change the initial password first', async () => {
    const created = await post(admin, '/api/system/user/create', {
      userId: 'T9001',
      userName: '新教师',
      sex: 2,
      departmentId: 'D02',
      userTypeId: 'staff',
      phone: '13912345678',
      email: 'new@example.edu.cn',
      roleIds: [],
      password: 'Start2026a',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(data(created)).toMatchObject({ userId: 'T9001', departmentName: '教务处', mustChangePassword: true });
    expect(data(created).createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const again = await post(admin, '/api/system/user/create', {
      userId: 'T9001',
      userName: 'x',
      password: 'Start2026a',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().meta.message).toBe(SYSTEM_MSG.userIdTaken('T9001'));
    const badDep = await post(admin, '/api/system/user/create', {
      userId: 'T9002',
      userName: 'x',
      departmentId: 'NOPE',
      password: 'Start2026a',
    });
    expect(badDep.json().meta.message).toBe(SYSTEM_MSG.departmentUnknown('NOPE'));
    const badPhone = await post(admin, '/api/system/user/create', {
      userId: 'T9002',
      userName: 'x',
      phone: '12',
      password: 'Start2026a',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().meta.message).toContain(AUTH_MSG.phoneInvalid);
    const weak = await post(admin, '/api/system/user/create', { userId: 'T9002', userName: 'x', password: 'abc' });
    expect(weak.json().meta.message).toContain(AUTH_MSG.passwordRule);

    const list = data(await get(admin, '/api/system/user/list?keyword=T900&departmentId=D02&enabled=true'));
    expect(list.list.map((u: { userId: string }) => u.userId)).toEqual(['T9001']);

    // Signed in with the initial password, only self-service answers until it is changed.
    const teacher = await s.login('T9001', 'Start2026a');
    expect(teacher.record.mustChangePassword).toBe(true);
    const blocked = await get(teacher, '/api/herm-wbs/taskType/list');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().meta.message).toBe(SYSTEM_MSG.mustChangePassword);
    const changed = await post(teacher, '/api/user/password/update', {
      oldPassword: 'Start2026a',
      newPassword: 'Mine2026b',
      newPasswordCopy: 'Mine2026b',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // Granting 诊改对象 takes effect on the next request: the menu map carries 目标标准 and 数据采集.
    const t2 = await s.login('T9001', 'Mine2026b');
    expect(Object.keys(t2.record.menus as object)).not.toContain('standard');
    const granted = await post(admin, '/api/system/user/T9001/update', {
      userName: '新教师',
      departmentId: 'D02',
      roleIds: [ROLE.diagnosisObject],
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const menus = data(await get(t2, '/api/user/menus')).map((m: { menuId: string }) => m.menuId);
    expect(menus).toEqual(expect.arrayContaining(['standard', 'dataCollection']));
    const byRole = data(await get(admin, `/api/system/user/list?roleId=${ROLE.diagnosisObject}&keyword=T9001`));
    expect(byRole.total).toBe(1);
  });

  it('disables a user: their session is refused on the next request; enabling lets them sign in again', async () => {
    const teacher = await s.login('rwfzr01');
    expect((await get(teacher, '/api/user/basicInfo')).statusCode).toBe(200);
    const off = await post(admin, '/api/system/user/rwfzr01/disable');
    expect(off.statusCode, off.body).toBe(200);
    expect(data(off).enabled).toBe(false);
    expect((await get(teacher, '/api/user/basicInfo')).statusCode).toBe(401);
    await expect(s.login('rwfzr01')).rejects.toThrow();
    expect((await post(admin, '/api/system/user/rwfzr01/enable')).statusCode).toBe(200);
    await s.login('rwfzr01');
  });

  it('refuses disabling yourself and removing the last administrator', async () => {
    const self = await post(admin, '/api/system/user/zyadmin/disable');
    expect(self.statusCode).toBe(409);
    expect(self.json().meta.message).toBe(SYSTEM_MSG.disableSelf);
    const own = await post(admin, '/api/system/user/zyadmin/update', { userName: '系统管理员', roleIds: [] });
    expect(own.json().meta.message).toBe(SYSTEM_MSG.dropOwnAdmin);
    // A second administrator may remove the first only while another enabled one remains.
    await post(admin, '/api/system/user/rwfzr02/update', { userName: '任务负责人二', roleIds: [ROLE.admin] });
    const second = await s.login('rwfzr02');
    const last = await post(second, '/api/system/user/zyadmin/disable');
    expect(last.statusCode, last.body).toBe(200);
    const alone = await post(second, '/api/system/user/rwfzr02/update', { userName: 'x', roleIds: [] });
    expect(alone.json().meta.message).toBe(SYSTEM_MSG.dropOwnAdmin);
    expect((await post(second, '/api/system/user/zyadmin/enable')).statusCode).toBe(200);
    admin = await s.login('zyadmin');
    await post(admin, '/api/system/user/rwfzr02/update', { userName: '任务负责人二', roleIds: [ROLE.targetTaskOwner] });
  });

  it('resets a password: sessions end and the user must change it', async () => {
    const u = await s.login('rwfzr03');
    const reset = await post(admin, '/api/system/user/rwfzr03/resetPassword', {
      password: 'Reset2026x',
      passwordCopy: 'Reset2026x',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await get(u, '/api/user/basicInfo')).statusCode).toBe(401);
    const back = await s.login('rwfzr03', 'Reset2026x');
    expect(back.record.mustChangePassword).toBe(true);
    const mismatch = await post(admin, '/api/system/user/rwfzr03/resetPassword', {
      password: 'Reset2026x',
      passwordCopy: 'Other2026x',
    });
    expect(mismatch.json().meta.message).toContain(AUTH_MSG.passwordMismatchConfirm);
  });
});

describe('Excel', () => {
  it('imports all rows or none, naming every bad row', async () => {
    const bad = await xlsx([
      ['T8001', '甲', '男', 'D01', '', 'staff', '2020005', '13800000001', 'a@x.cn', '启用'],
      ['zyadmin', '乙', '', 'D01', '', '', '', '', '', ''],
      ['T8003', '丙', '', 'D99', '', '', 'nosuch', '12', 'bad@', ''],
    ]);
    const { job } = await importFile(bad);
    expect(job.state).toBe('failed');
    expect(job.report.errorCount).toBe(5);
    expect(job.report.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [3, '工号'],
      [4, '部门编码'],
      [4, '角色编码'],
      [4, '联系电话'],
      [4, '邮箱'],
    ]);
    expect(job.report.errors[0].reason).toBe(SYSTEM_MSG.userIdTaken('zyadmin'));
    const none = data(await get(admin, '/api/system/user/list?keyword=T800'));
    expect(none.total).toBe(0);

    const good = await xlsx(
      Array.from({ length: 10 }, (_, i) => [`T80${i}`, `教师${i}`, '女', 'D02', '', 'staff', '', '', '', '启用']),
    );
    const ok = await importFile(good);
    expect(ok.job.state, JSON.stringify(ok.job)).toBe('done');
    expect(ok.job.result).toEqual({ created: 10, updated: 0 });
    await s.login('T805', 'Init1234');
  });

  it('refuses an import without a strong initial password, and a file that is not xlsx', async () => {
    const noPw = await importFile(await xlsx([['T7001', '甲', '', '', '', '', '', '', '', '']]), {});
    expect(noPw.start.statusCode).toBe(400);
    const weak = await importFile(await xlsx([['T7001', '甲', '', '', '', '', '', '', '', '']]), { password: 'abc' });
    expect(weak.start.json().meta.message).toBe(AUTH_MSG.passwordRule);
  });

  it('exports users in the template’s columns, and the export imports back unchanged', async () => {
    const tpl = await get(admin, '/api/system/user/template');
    expect(tpl.statusCode).toBe(200);
    const exp = await get(admin, '/api/system/user/export?departmentId=D02');
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const header = (wb.worksheets[0]!.getRow(1).values as string[]).slice(1);
    expect(header[0]).toBe('工号');
    const before = data(await get(admin, '/api/system/user/list?departmentId=D02&pageSize=100'));
    const back = await importFile(exp.rawPayload, { password: 'Init1234', mode: 'upsert' });
    expect(back.job.state, JSON.stringify(back.job)).toBe('done');
    expect(back.job.result).toEqual({ created: 0, updated: before.total });
    const after = data(await get(admin, '/api/system/user/list?departmentId=D02&pageSize=100'));
    const strip = (l: { list: Record<string, unknown>[] }) => l.list.map(({ lastAccessAt: _a, ...u }) => u);
    expect(strip(after)).toEqual(strip(before));
  });
});

describe('roles and menus', () => {
  it('creates a role, sets its menus as a tree of keys, refuses unknown keys and deleting a held role', async () => {
    const created = await post(admin, '/api/system/role/create', { roleName: '督导' });
    expect(created.statusCode, created.body).toBe(200);
    const role = data(created).find((r: { roleName: string }) => r.roleName === '督导');
    expect(role).toMatchObject({ builtIn: false, userCount: 0, menuKeys: [] });
    const unknown = await post(admin, `/api/system/role/${role.roleId}/menus`, { menuKeys: ['homePage', 'nope'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().meta.message).toBe(SYSTEM_MSG.menuUnknown('nope'));
    const sys = await post(admin, `/api/system/role/${role.roleId}/menus`, { menuKeys: ['system'] });
    expect(sys.json().meta.message).toBe(SYSTEM_MSG.systemMenuAdminOnly);
    const set = await post(admin, `/api/system/role/${role.roleId}/menus`, { menuKeys: ['homePage', 'performance'] });
    expect(data(set).find((r: { roleId: string }) => r.roleId === role.roleId).menuKeys).toEqual([
      'homePage',
      'performance',
    ]);
    // A holder sees the change on the next request.
    await post(admin, '/api/system/user/rwfzr04/update', { userName: '任务负责人四', roleIds: [role.roleId] });
    const holder = await s.login('rwfzr04');
    const menus = () => get(holder, '/api/user/menus').then((r) => data(r).map((m: { menuId: string }) => m.menuId));
    expect(await menus()).toEqual(['homePage', 'performance']);
    await post(admin, `/api/system/role/${role.roleId}/menus`, { menuKeys: ['homePage'] });
    expect(await menus()).toEqual(['homePage']);
    const users = data(await get(admin, `/api/system/role/${role.roleId}/users`));
    expect(users.list.map((u: { userId: string }) => u.userId)).toEqual(['rwfzr04']);

    const held = await post(admin, `/api/system/role/${role.roleId}/delete`);
    expect(held.statusCode).toBe(409);
    expect(held.json().meta.message).toBe(SYSTEM_MSG.roleHeld(1));
    const builtIn = await post(admin, `/api/system/role/${ROLE.publisher}/delete`);
    expect(builtIn.json().meta.message).toBe(SYSTEM_MSG.roleBuiltIn);
    const keep = await post(admin, `/api/system/role/${ROLE.admin}/menus`, { menuKeys: ['homePage'] });
    expect(keep.json().meta.message).toBe(SYSTEM_MSG.adminKeepsSystemMenu);
    await post(admin, '/api/system/user/rwfzr04/update', { userName: '任务负责人四', roleIds: [ROLE.targetTaskOwner] });
    const gone = await post(admin, `/api/system/role/${role.roleId}/delete`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(data(gone).some((r: { roleId: string }) => r.roleId === role.roleId)).toBe(false);
  });
});

describe('departments', () => {
  it('adds, moves, refuses a cycle, disables only an empty one; a new department version snapshots the tree', async () => {
    const add = await post(admin, '/api/system/department/create', {
      departmentId: 'D50',
      departmentName: '信息中心',
      parentId: 'D01',
      chargeUserId: 'bmfzr01',
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(data(add).find((d: { departmentId: string }) => d.departmentId === 'D50')).toMatchObject({
      parentId: 'D01',
      chargeUserName: expect.any(String),
    });
    const cycle = await post(admin, '/api/system/department/D01/update', {
      departmentName: '党政办公室',
      parentId: 'D50',
    });
    expect(cycle.json().meta.message).toBe(SYSTEM_MSG.departmentCycle);
    const taken = await post(admin, '/api/system/department/create', { departmentId: 'D50', departmentName: 'x' });
    expect(taken.json().meta.message).toBe(SYSTEM_MSG.departmentIdTaken('D50'));
    const inUse = await post(admin, '/api/system/department/D02/disable');
    expect(inUse.statusCode).toBe(409);
    const renamed = await post(admin, '/api/system/department/D50/update', {
      departmentName: '网络信息中心',
      parentId: null,
    });
    expect(renamed.statusCode).toBe(200);
    const version = await post(admin, '/api/herm-sjgl/departmentVersion/insert', {
      bbmc: '2026版',
      sxrq: '2026-09-01',
    });
    expect(version.statusCode, version.body).toBe(200);
    const items = data(await get(admin, `/api/herm-sjgl/departmentVersion/${data(version).id}/departments`));
    expect(JSON.stringify(items)).toContain('网络信息中心');
    // A later change shows in the next version only.
    await post(admin, '/api/system/department/D50/update', { departmentName: '信息化办公室', parentId: null });
    const old = data(await get(admin, `/api/herm-sjgl/departmentVersion/${data(version).id}/departments`));
    expect(JSON.stringify(old)).not.toContain('信息化办公室');
    expect((await post(admin, '/api/system/department/D50/disable')).statusCode).toBe(200);
  });
});

describe('settings, audit log and sessions', () => {
  it('saves the name, CAS and idle timeout; tests CAS reachability only', async () => {
    const saved = await post(admin, '/api/system/setting/update', {
      systemName: '某某职业技术学院诊改平台',
      casEnabled: false,
      sessionIdleMinutes: 30,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data(saved)).toMatchObject({ systemName: '某某职业技术学院诊改平台', sessionIdleMinutes: 30 });
    const needs = await post(admin, '/api/system/setting/update', {
      systemName: 'x',
      casEnabled: true,
      sessionIdleMinutes: 30,
    });
    expect(needs.json().meta.message).toContain(SYSTEM_MSG.casServerRequired);
    const unreachable = await post(admin, '/api/system/setting/casTest', { casServerUrl: 'http://127.0.0.1:1/cas' });
    expect(data(unreachable).reachable).toBe(false);
    const notImage = await admin.request({
      method: 'POST',
      url: '/api/user/systemSetting/logoUpload',
      ...multipartBody({}, { name: 'logo.png', content: Buffer.from('not an image at all') }),
    });
    expect(notImage.statusCode).toBe(415);
  });

  it('ends a session idle past the timeout the administrator set', async () => {
    await post(admin, '/api/system/setting/update', { systemName: 'x', sessionIdleMinutes: 5 });
    const u = await s.login('rwfzr05');
    await s.database.db.execute(
      (await import('drizzle-orm'))
        .sql`update sessions set last_seen_at = now() - interval '6 minutes' where user_id = 'rwfzr05'`,
    );
    expect((await get(u, '/api/user/basicInfo')).statusCode).toBe(401);
    await post(admin, '/api/system/setting/update', { systemName: 'x', sessionIdleMinutes: 120 });
  });

  it('lists the audit log by person and action, pages by key and exports', async () => {
    const grants = data(await get(admin, '/api/system/auditLog/list?action=user.grantRole&entityId=T9001'));
    expect(grants.list[0]).toMatchObject({ actorId: 'zyadmin', entityType: 'user', entityId: 'T9001' });
    expect(grants.list[0].detail).toContain(ROLE.diagnosisObject);
    const first = data(await get(admin, '/api/system/auditLog/list?actorId=zyadmin&pageSize=3'));
    expect(first.list).toHaveLength(3);
    const second = data(await get(admin, `/api/system/auditLog/list?actorId=zyadmin&pageSize=3&before=${first.next}`));
    expect(Number(second.list[0].id)).toBeLessThan(Number(first.list[2].id));
    const today = first.list[0].at.slice(0, 10);
    const dated = data(await get(admin, `/api/system/auditLog/list?from=${today}&to=${today}&pageSize=5`));
    expect(dated.list.length).toBeGreaterThan(0);
    const badDate = await get(admin, '/api/system/auditLog/list?from=yesterday');
    expect(badDate.statusCode).toBe(400);
    const options = data(await get(admin, '/api/system/auditLog/options'));
    expect(options.entityTypes).toEqual(expect.arrayContaining(['user', 'role', 'department']));
    const exp = await get(admin, '/api/system/auditLog/export?entityType=role');
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBeGreaterThan(1);
  });

  it('a date filter finds exactly the rows of its days, also one written late within its transaction', async () => {
    const { sql } = await import('drizzle-orm');
    // A year back, so every row the suite wrote today is newer: the scan must start at the range, not walk them.
    // Written in this order: the last row's transaction began (at) before the one above it was written.
    // Days and times in the process's zone, as the filter reads them.
    const rows: [string, string][] = [
      ['b', '2025-03-09T23:10:00'],
      ['i1', '2025-03-10T00:00:00'],
      ['i2', '2025-03-11T23:59:59'],
      ['a', '2025-03-12T00:00:00'],
      ['i3', '2025-03-11T23:30:00'],
      ['a2', '2025-03-12T03:00:00'],
    ];
    for (const [id, at] of rows)
      await s.database.db.execute(sql`insert into audit_log (actor_id, action, entity_type, entity_id, at)
        values ('zyadmin', 'probe', 'probe', ${id}, ${new Date(at).toISOString()}::timestamptz)`);
    const dated = data(
      await get(admin, '/api/system/auditLog/list?entityType=probe&from=2025-03-10&to=2025-03-11&pageSize=20'),
    );
    expect(dated.list.map((r: { entityId: string }) => r.entityId)).toEqual(['i3', 'i2', 'i1']);
    const late = data(await get(admin, '/api/system/auditLog/list?entityType=probe&from=2025-03-12&pageSize=20'));
    expect(late.list.map((r: { entityId: string }) => r.entityId)).toEqual(['a2', 'a']);
    const early = data(await get(admin, '/api/system/auditLog/list?entityType=probe&to=2025-03-09&pageSize=20'));
    expect(early.list.map((r: { entityId: string }) => r.entityId)).toEqual(['b']);
  });

  it('lists the sessions signed in now and ends one, not its own', async () => {
    const u = await s.login('rwfzr06');
    const list = data(await get(admin, '/api/system/session/list?keyword=rwfzr06'));
    expect(list.list[0]).toMatchObject({ userId: 'rwfzr06', current: false });
    const mine = data(await get(admin, '/api/system/session/list?keyword=zyadmin')).list.find(
      (x: { current: boolean }) => x.current,
    );
    expect((await post(admin, `/api/system/session/${mine.sessionId}/end`)).statusCode).toBe(409);
    const ended = await post(admin, `/api/system/session/${list.list[0].sessionId}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await get(u, '/api/user/basicInfo')).statusCode).toBe(401);
    expect((await post(admin, `/api/system/session/${list.list[0].sessionId}/end`)).statusCode).toBe(404);
  });

  it('answers every 系统管理 route to administrators only', async () => {
    const teacher = await s.login('bmfzr01');
    for (const url of ['/api/system/user/list', '/api/system/role/list', '/api/system/auditLog/list']) {
      expect((await get(teacher, url)).statusCode, url).toBe(403);
    }
    expect((await post(teacher, '/api/system/role/create', { roleName: 'x' })).statusCode).toBe(403);
  });
});
