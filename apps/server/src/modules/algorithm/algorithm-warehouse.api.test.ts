/**
 * The algorithms and the warehouse below them, through the warehouse's own routes: a change of a table's rows or
 * structure drops the results cached from it, and 删除物理表 is refused while an algorithm's current version reads it.
 */
import { ALGORITHM_MSG, DATA_MANAGE_MSG } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

let s: TestServer;
let admin: TestSession;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('zyadmin');
});
afterAll(async () => {
  await s?.close();
});

const S = '/api/herm-sjgl';
async function post(url: string, payload: object) {
  const res = await admin.request({ method: 'POST', url: `${S}${url}`, payload });
  return res;
}
async function ok(url: string, payload: object) {
  const res = await post(url, payload);
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json().data;
}

describe('algorithms over warehouse tables kept by data management', () => {
  let tableId = 0;
  let algorithmId = 0;

  beforeAll(async () => {
    const ck = await ok('/ck/insert', { ckmc: '算法联动仓库' });
    tableId = (await ok('/ckb/insert', { ckid: ck.id, bm: 'majors_scores', bzwm: '专业成绩' })).id;
    await ok('/ckbzd/insert', { ckbid: tableId, zdm: 'major', zdzwm: '专业', zdlx: 'text', cd: 20, sfbt: true });
    await ok('/ckbzd/insert', { ckbid: tableId, zdm: 'score', zdzwm: '成绩', zdlx: 'integer', sfbt: true });
    await ok('/ckb/cjwlb', { id: tableId });
    for (const [major, score] of [
      ['m01', 80],
      ['m01', 90],
      ['m02', 70],
    ] as const)
      await ok('/ckb/updatebsj', { id: tableId, values: { major, score } });
    const group = await ok('/algorithmGroup/insert', { zmc: '联动测试' });
    const made = await ok('/algorithmContent/insert', {
      sfzid: group.id,
      sfmc: '专业平均成绩',
      sflx: 'value',
      sql: '-- 平均成绩 = 成绩之和 / 人数\nselect avg(score)::numeric(6,2) as value from warehouse.majors_scores where major = :objectId',
    });
    algorithmId = made.id;
  });

  const result = () => ok('/algorithmContent/testResult', { sfid: algorithmId, params: { objectId: 'm01' } });

  it('drops a cached result when a row is added, changed or deleted through the warehouse', async () => {
    expect(await result()).toMatchObject({ value: 85, cached: false });
    expect(await result()).toMatchObject({ value: 85, cached: true });
    const added = await ok('/ckb/updatebsj', { id: tableId, values: { major: 'm01', score: 100 } });
    expect(await result()).toMatchObject({ value: 90, cached: false });
    expect(await result()).toMatchObject({ cached: true });
    await ok('/ckb/updatebsj', { id: tableId, rowId: added.id, values: { score: 40 } });
    expect(await result()).toMatchObject({ value: 70, cached: false });
    await ok('/ckb/deletebsj', { id: tableId, rowIds: [added.id] });
    expect(await result()).toMatchObject({ value: 85, cached: false });
  });

  it('drops a cached result when the table structure changes', async () => {
    expect(await result()).toMatchObject({ cached: true });
    await ok('/ckbzd/insert', { ckbid: tableId, zdm: 'note', zdzwm: '备注', zdlx: 'text', cd: 50 });
    expect(await result()).toMatchObject({ value: 85, cached: false });
  });

  it('refuses to drop a physical table an algorithm reads, naming the algorithm; a table only named in a comment is free', async () => {
    const refused = await post('/ckb/scwlb', { id: tableId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().meta.message).toBe(
      DATA_MANAGE_MSG.tableInUse('majors_scores', ALGORITHM_MSG.tableReadBy(['专业平均成绩'])),
    );
    expect(refused.json().meta.message).toContain('专业平均成绩');

    const ck = await ok('/ck/insert', { ckmc: '注释仓库' });
    const other = await ok('/ckb/insert', { ckid: ck.id, bm: 'only_in_comment', bzwm: '注释表' });
    await ok('/ckbzd/insert', { ckbid: other.id, zdm: 'x', zdzwm: '值', zdlx: 'integer' });
    await ok('/ckb/cjwlb', { id: other.id });
    const group = await ok('/algorithmGroup/insert', { zmc: '注释测试' });
    await ok('/algorithmContent/insert', {
      sfzid: group.id,
      sfmc: '只在注释中提到',
      sflx: 'value',
      sql: '-- 曾经读 warehouse.only_in_comment\nselect count(*) as value from warehouse.majors_scores where major = :objectId',
    });
    expect((await post('/ckb/scwlb', { id: other.id })).statusCode).toBe(200);
  });
});
