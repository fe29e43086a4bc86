import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { multipartBody } from '../../test/zip';
import { benchmarkSchoolsOf, saveBenchmarkSchools, schoolsByCodes } from '.';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { FEATURE_FLAGS: 'newTaskManagement' } });
});
afterAll(async () => {
  await s?.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('school picker data', () => {
  it('searches and filters schools and lists the filter options', async () => {
    const me = await s.login('fbr01');
    const all = (await me.request({ method: 'GET', url: '/api/user/school/list' })).json().data;
    expect(all.total).toBeGreaterThanOrEqual(100);
    const gd = (
      await me.request({ method: 'GET', url: `/api/user/school/list?province=${encodeURIComponent('广东')}` })
    ).json().data;
    expect(gd.total).toBeGreaterThan(0);
    expect(gd.list.every((x: { schoolProvince: string }) => x.schoolProvince === '广东')).toBe(true);
    const named = (
      await me.request({ method: 'GET', url: `/api/user/school/list?name=${encodeURIComponent('职业')}&pageSize=5` })
    ).json().data;
    expect(named.list).toHaveLength(5);
    const options = (await me.request({ method: 'GET', url: '/api/user/school/options' })).json().data;
    expect(options.natures).toEqual(expect.arrayContaining(['公办', '民办']));
    expect(options.provinces.length).toBeGreaterThanOrEqual(25);
  });

  it('saves and returns the common-query settings per user', async () => {
    const me = await s.login('fbr01');
    const empty = (await me.request({ method: 'GET', url: '/api/user/school/selected' })).json().data;
    expect(empty).toEqual({ schoolLevel: [], schoolNature: [], schoolProvince: [], state: true });
    const body = { schoolLevel: ['高职(专科)'], schoolNature: ['公办'], schoolProvince: ['浙江', '江苏'] };
    const saved = await me.request({ method: 'POST', url: '/api/user/school/updateSelected', payload: body });
    expect(saved.json().meta.success).toBe(true);
    const again = (await me.request({ method: 'GET', url: '/api/user/school/selected' })).json().data;
    expect(again).toEqual({ ...body, state: true });
    const other = (await (await s.login('xld01')).request({ method: 'GET', url: '/api/user/school/selected' })).json()
      .data;
    expect(other.schoolProvince).toEqual([]);
  });
});

describe('benchmark schools', () => {
  it('saves the chosen schools per user, in order, replacing the previous choice', async () => {
    const me = await s.login('bmfzr01');
    const none = (await me.request({ method: 'GET', url: '/api/user/school/benchmark' })).json();
    expect(none).toMatchObject({ meta: { success: true }, data: [] });
    const all = (await me.request({ method: 'GET', url: '/api/user/school/list?pageSize=3' })).json().data.list;
    const codes = [all[2].schoolCode, all[0].schoolCode];
    const saved = await me.request({
      method: 'POST',
      url: '/api/user/school/benchmark/update',
      payload: { schoolCodes: codes },
    });
    expect(saved.json().meta).toMatchObject({ success: true, message: '保存成功' });
    expect(saved.json().data.map((x: { schoolCode: string }) => x.schoolCode)).toEqual(codes);
    const again = (await me.request({ method: 'GET', url: '/api/user/school/benchmark' })).json().data;
    expect(again).toEqual([all[2], all[0]]);

    const replaced = await me.request({
      method: 'POST',
      url: '/api/user/school/benchmark/update',
      payload: { schoolCodes: [all[1].schoolCode] },
    });
    expect(replaced.json().data).toEqual([all[1]]);
    // Another user's choice is their own.
    const other = (await (await s.login('xld01')).request({ method: 'GET', url: '/api/user/school/benchmark' })).json();
    expect(other.data).toEqual([]);
  });

  it('refuses unknown, repeated or too many schools with a Chinese message', async () => {
    const me = await s.login('bmfzr01');
    const post = (schoolCodes: string[]) =>
      me.request({ method: 'POST', url: '/api/user/school/benchmark/update', payload: { schoolCodes } });
    const unknown = await post(['0000000000']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().meta.message).toBe('所选学校不存在，请重新选择');
    const list = (await me.request({ method: 'GET', url: '/api/user/school/list?pageSize=11' })).json().data.list;
    const repeated = await post([list[0].schoolCode, list[0].schoolCode]);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().meta.message).toContain('对标院校不能重复');
    const many = await post(list.map((x: { schoolCode: string }) => x.schoolCode));
    expect(many.statusCode).toBe(400);
    expect(many.json().meta.message).toContain('最多选择 10 所对标院校');
    // Nothing was changed by the refused calls.
    expect((await me.request({ method: 'GET', url: '/api/user/school/benchmark' })).json().data).toHaveLength(1);
  });

  it('is for signed-in users only', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/user/school/benchmark' });
    expect(res.statusCode).toBe(401);
  });

  it('gives the modules above the benchmark list, schools by code and the demo seed (index.ts)', async () => {
    const db = s.database.db;
    await saveBenchmarkSchools(db, 'zgfb01', ['4112019003', '4112019002']);
    expect((await benchmarkSchoolsOf(db, 'zgfb01')).map((r) => r.schoolCode)).toEqual(['4112019003', '4112019002']);
    expect(await schoolsByCodes(db, ['4112019002', 'NOPE'])).toEqual([
      { schoolCode: '4112019002', schoolName: '天津医学高等专科学校' },
    ]);
    expect(await schoolsByCodes(db, [])).toEqual([]);
  });
});

describe('app config and system setting', () => {
  it('tells the web the feature flags before sign-in', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/user/appConfig' });
    expect(res.json().data).toEqual({ version: 'V3.5', featureFlags: ['newTaskManagement'], casEnabled: false });
  });

  it('lets only administrators rename the system and upload a logo, tags stripped on the way out', async () => {
    const head = await s.login('bmfzr01');
    const denied = await head.request({
      method: 'POST',
      url: '/api/user/systemSetting/update',
      payload: { systemName: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    const admin = await s.login('zyadmin');
    const res = await admin.request({
      method: 'POST',
      url: '/api/user/systemSetting/update',
      payload: { systemName: '<b>示范职业技术学院</b>质量平台' },
    });
    expect(res.json().data.systemName).toBe('示范职业技术学院质量平台');
    const logo = await admin.request({
      method: 'POST',
      url: '/api/user/systemSetting/logoUpload',
      ...multipartBody({}, { name: 'logo.png', content: PNG }),
    });
    expect(logo.statusCode).toBe(200);
    const url = logo.json().data.logoAttachment.url as string;
    const img = await s.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const pub = (await s.app.inject({ method: 'GET', url: '/api/user/systemSetting' })).json().data;
    expect(pub.systemName).toBe('示范职业技术学院质量平台');
    expect(pub.logoAttachment.url).toBe(url);
  });
});
