import { AUTH_MSG, MAX_PAGE_SIZE } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(filename: string, content: Buffer) {
  const boundary = '----zgtest';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('/api/user: the signed-in user', () => {
  it('returns menus, roles (with the derived department-head role) and basic info', async () => {
    const head = await s.login('bmfzr01');
    const menus = (await head.request({ method: 'GET', url: '/api/user/menus' })).json().data;
    expect(menus.map((m: { meniId: string; menuId: string }) => m.menuId)).toContain('wbs');
    expect(menus[0]).toEqual(expect.objectContaining({ menuId: 'homePage', menuName: '首页', path: '/index' }));
    const roles = (await head.request({ method: 'GET', url: '/api/user/roles' })).json().data;
    expect(roles.map((r: { roleId: string }) => r.roleId)).toEqual(['targetDepartHead', 'targetTaskDepart']);
    const info = (await head.request({ method: 'GET', url: '/api/user/basicInfo' })).json().data;
    expect(info).toEqual({
      userId: 'bmfzr01',
      userName: '王建国',
      orgId: 'D02',
      newChargeDeparmentList: [{ bmid: 'D02', bmmc: '教务处', fzrmc: '王建国' }],
    });
  });

  it('lists roles, departments and user types paged as the spec', async () => {
    const me = await s.login('rwfzr01');
    const roles = (await me.request({ method: 'GET', url: '/api/user/roleList?pageNum=1&pageSize=10000000' })).json();
    // The ten roles of the target-task and diagnosis halves, the data office's (数据管理员), and the self-diagnosis
    // reports' reviewers (校外专家, 学校审核).
    expect(roles.data.total).toBe(13);
    expect(roles.data).toMatchObject({ pageNum: 1, pageSize: MAX_PAGE_SIZE });
    const page2 = (await me.request({ method: 'GET', url: '/api/user/roleList?pageNum=2&pageSize=4' })).json().data;
    expect(page2.list).toHaveLength(4);
    const deps = (
      await me.request({ method: 'GET', url: '/api/user/departmentList?pageNum=1&pageSize=100000' })
    ).json();
    expect(deps.data.total).toBe(10);
    expect(deps.data.list[1]).toEqual({
      departmentId: 'D02',
      departmentName: '教务处',
      chargeUserId: 'bmfzr01',
      chargeUserName: '王建国',
      departmentChargerName: '王建国',
      shortNameZh: '教务处',
      shortNameEn: 'AAO',
    });
    const types = (
      await me.request({ method: 'GET', url: '/api/user/userTypeList?pageNum=1&pageSize=10000000' })
    ).json();
    expect(types.data.list[0]).toEqual({ userTypeId: 'staff', userTypeName: '教职工' });
  });

  it('searches users by staff number or name, at most 100 a page', async () => {
    const me = await s.login('fbr01');
    const byName = (
      await me.request({
        method: 'GET',
        url: `/api/user/search?pageNum=1&pageSize=100&name=${encodeURIComponent('张')}`,
      })
    ).json();
    expect(byName.meta.success).toBe(true);
    expect(byName.data.list).toEqual([{ userId: 'rwfzr01', userName: '张伟' }]);
    const byId = (
      await me.request({ method: 'GET', url: '/api/user/search?pageNum=1&pageSize=100&name=bmfzr' })
    ).json();
    expect(byId.data.total).toBe(10);
    const wildcard = (await me.request({ method: 'GET', url: '/api/user/search?name=%25' })).json();
    expect(wildcard.data.total).toBe(0);
    const tooMany = await me.request({ method: 'GET', url: '/api/user/search?pageSize=101' });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('/api/user: personal centre', () => {
  it('saves trimmed contact details and refuses bad formats with the spec messages', async () => {
    const me = await s.login('rwfzr02');
    const res = await me.request({
      method: 'POST',
      url: '/api/user/personalInfo/update',
      payload: { email: '  liu@school.edu.cn ', phone: ' 13812345678', qq: '12345678 ', sex: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.message).toBe(AUTH_MSG.userInfoUpdated);
    expect(res.json().data).toMatchObject({ email: 'liu@school.edu.cn', phone: '13812345678', qq: '12345678', sex: 2 });
    const landline = await me.request({
      method: 'POST',
      url: '/api/user/personalInfo/update',
      payload: { phone: '0571-88881234' },
    });
    expect(landline.statusCode).toBe(200);
    for (const [payload, message] of [
      [{ email: 'not-an-email' }, '邮箱格式不正确！'],
      [{ phone: '12345' }, '联系电话格式不正确！'],
      [{ qq: 'abc' }, 'QQ格式不正确！'],
    ] as const) {
      const bad = await me.request({ method: 'POST', url: '/api/user/personalInfo/update', payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().meta.message).toContain(message);
    }
    const other = await me.request({
      method: 'POST',
      url: '/api/user/personalInfo/update',
      payload: { id: 'zyadmin', qq: '10001' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('changes the password with the spec rules and ends every session of the user', async () => {
    const me = await s.login('rwfzr03');
    const second = await s.login('rwfzr03');
    const rules: [Record<string, string>, string][] = [
      [{ newPassword: 'abc12345', newPasswordCopy: 'abc12345' }, '请输入旧密码！'],
      [{ oldPassword: 'Demo@2026', newPasswordCopy: 'abc12345' }, '请输入新密码！'],
      [{ oldPassword: 'Demo@2026', newPassword: 'abc12345' }, '请输入确认新密码！'],
      [{ oldPassword: 'Demo@2026', newPassword: '        ', newPasswordCopy: '        ' }, '不能为纯空格！'],
      [
        { oldPassword: 'Demo@2026', newPassword: 'abcdefgh', newPasswordCopy: 'abcdefgh' },
        '密码必须包含字母和数字,必须大于等于8位！',
      ],
      [
        { oldPassword: 'Demo@2026', newPassword: 'abc1234', newPasswordCopy: 'abc1234' },
        '密码必须包含字母和数字,必须大于等于8位！',
      ],
      [{ oldPassword: 'Demo@2026', newPassword: 'abc12345', newPasswordCopy: 'abc12346' }, '请与确认新密码一致！'],
      [{ oldPassword: 'Wrong@2026', newPassword: 'abc12345', newPasswordCopy: 'abc12345' }, '旧密码不正确！'],
    ];
    for (const [payload, message] of rules) {
      const res = await me.request({ method: 'POST', url: '/api/user/password/update', payload });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().meta.message, message).toContain(message);
    }
    const done = await me.request({
      method: 'POST',
      url: '/api/user/password/update',
      payload: { oldPassword: 'Demo@2026', newPassword: 'New@2026x', newPasswordCopy: 'New@2026x' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().meta.message).toBe(AUTH_MSG.passwordChanged);
    expect((await second.request({ method: 'GET', url: '/api/user/basicInfo' })).statusCode).toBe(401);
    expect((await me.request({ method: 'GET', url: '/api/user/basicInfo' })).statusCode).toBe(401);
    await expect(s.login('rwfzr03', 'Demo@2026')).rejects.toThrow();
    expect((await s.login('rwfzr03', 'New@2026x')).record.userId).toBe('rwfzr03');
  });

  it('stores an avatar, serves it inline, and refuses other types and renamed executables', async () => {
    const me = await s.login('rwfzr04');
    const up = await me.request({ method: 'POST', url: '/api/user/portraitChange', ...multipart('头像.png', PNG) });
    expect(up.statusCode).toBe(200);
    expect(up.json().meta.message).toBe(AUTH_MSG.avatarUpdated);
    const url = up.json().data.headPortrait as string;
    const img = await me.request({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const profile = (await me.request({ method: 'GET', url: '/api/user/personalInfo' })).json().data;
    expect(profile).toMatchObject({ headPortrait: url, isUseDefaultAvatar: false, departmentName: '人事处' });

    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);
    const renamed = await me.request({ method: 'POST', url: '/api/user/portraitChange', ...multipart('a.png', exe) });
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().meta.message).toBe(AUTH_MSG.avatarTypeInvalid);
    const pdf = await me.request({
      method: 'POST',
      url: '/api/user/portraitChange',
      ...multipart('a.pdf', Buffer.from('%PDF-1.4')),
    });
    expect(pdf.statusCode).toBe(415);

    const restore = await me.request({
      method: 'POST',
      url: '/api/user/personalInfo/update',
      payload: { isUseDefaultAvatar: true },
    });
    expect(restore.json().data).toMatchObject({ headPortrait: null, isUseDefaultAvatar: true });
  });

  it('stores the theme per user', async () => {
    const me = await s.login('xld01');
    const res = await me.request({ method: 'POST', url: '/api/user/theme', payload: { themeType: '#24293e' } });
    expect(res.statusCode).toBe(200);
    expect((await me.request({ method: 'GET', url: '/api/user/personalInfo' })).json().data.theme).toBe('#24293e');
    const bad = await me.request({ method: 'POST', url: '/api/user/theme', payload: { themeType: 'javascript:x' } });
    expect(bad.statusCode).toBe(400);
  });
});
