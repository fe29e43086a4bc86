import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

/** 运行监控 (issue 34 item 4): the quality office's figures, through the other modules' public read functions. */

let s: TestServer;
const URL = '/api/herm-xxjk/queryOperationMonitoring';
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('queryOperationMonitoring', () => {
  it('answers the quality office with the gauge, the department figures and each job kind’s health', async () => {
    await s.database.db.execute(sql`insert into jobs (kind, payload, status, updated_at, last_error)
      values ('test.monitor', '{}', 'failed', now(), '失败'), ('test.monitor', '{}', 'done', now() - interval '1 hour', null),
             ('test.monitor', '{}', 'queued', now() - interval '2 hour', null)`);
    const publisher = await s.login('zgfb01');
    const res = await publisher.request({ method: 'GET', url: `${URL}?year=2026` });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.year).toBe(2026);
    expect(data.autoRate).toEqual({ auto: 0, total: 0 });
    expect(data.targetTasks).toMatchObject({ total: expect.any(Number), finished: expect.any(Number) });
    expect(data.jobs.find((j: { kind: string }) => j.kind === 'test.monitor')).toMatchObject({
      lastStatus: 'failed',
      failures: 1,
      queued: 1,
    });
    const figures = await publisher.request({
      method: 'POST',
      url: '/api/herm-xxjk/indicatorDataShow',
      payload: { year: 2026, zb: 'diagnosis' },
    });
    expect(figures.statusCode, figures.body).toBe(200);
    expect(figures.json().data).toMatchObject({ year: 2026, zb: 'diagnosis', list: [] });
    const bad = await publisher.request({
      method: 'POST',
      url: '/api/herm-xxjk/indicatorDataShow',
      payload: { year: 2026, zb: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    const years = await publisher.request({ method: 'GET', url: '/api/herm-xxjk/indicatorDataShow/queryYears' });
    expect(years.statusCode, years.body).toBe(200);
    expect(Array.isArray(years.json().data)).toBe(true);
  });

  it('is refused to a task owner', async () => {
    const owner = await s.login('rwfzr01');
    expect((await owner.request({ method: 'GET', url: URL })).statusCode).toBe(403);
    const years = await owner.request({ method: 'GET', url: '/api/herm-xxjk/indicatorDataShow/queryYears' });
    expect(years.statusCode).toBe(403);
  });
});
