import { QUALITY_WARNING_MSG as M } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosisWorld, publishDiagnosis } from '../../test/diagnosis-fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import { signRemote } from './quality-warning.remote';

/**
 * handleWarningRemote (issue 32 item 5): a call signed with the configured secret is accepted once; a replay, an old
 * timestamp, a bad signature, a missing header are refused with a Chinese message; without a secret nothing is.
 */

const SECRET = 'remote-secret-0123456789abcdef-0123456789';
const URL = '/api/herm-zdgj/handleWarningRemote';
let s: TestServer;
let rowId: number;

const call = (body: string, ts: string, sig: string) =>
  s.app.inject({
    method: 'POST',
    url: URL,
    payload: body,
    headers: { 'content-type': 'application/json', 'x-zg-timestamp': ts, 'x-zg-signature': sig },
  });
const nowTs = () => String(Math.floor(s.app.clock.now().getTime() / 1000));

beforeAll(async () => {
  s = await startTestServer({ env: { WARNING_REMOTE_SECRET: SECRET } });
  s.app.clock.set('2026-03-10T09:00:00');
  const admin = await s.login('zyadmin');
  const fbr = await s.login('zgfb01');
  const world = await diagnosisWorld(s, admin, '远程预警测试标准', {
    在校生数: { warning: { mode: 'value', operator: '<', value: 150, cycle: 'none' } },
  });
  const task = await publishDiagnosis(fbr, world);
  const objects = (await fbr.request({ method: 'GET', url: `/api/herm-zdgj/rest/obj/select?rwid=${task.id}` })).json()
    .data.list;
  const m01 = objects.find((o: { dxbm: string }) => o.dxbm === 'M01').id;
  const rows = (await fbr.request({ method: 'GET', url: `/api/herm-zdgj/rest/quality/select?dxrwid=${m01}` })).json()
    .data.list;
  rowId = rows.find((r: { zkdmc: string }) => r.zkdmc === '在校生数').id;
});
afterAll(async () => {
  await s?.close();
});

describe('handleWarningRemote', () => {
  it('accepts a signed call once and refuses its replay', async () => {
    const body = JSON.stringify({ zkdid: rowId, jgz: '120', ly: '学工系统' });
    const ts = nowTs();
    const sig = signRemote(SECRET, ts, body);
    const first = await call(body, ts, sig);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ meta: { message: M.remoteAccepted }, data: { created: true } });
    const again = await call(body, ts, sig);
    expect(again.statusCode).toBe(409);
    expect(again.json().meta.message).toBe(M.remoteReplay);
    // A new call (a new timestamp) on a row whose warning is open is accepted without a second warning.
    s.app.clock.set('2026-03-10T09:00:05');
    const ts2 = nowTs();
    const second = await call(body, ts2, signRemote(SECRET, ts2, body));
    expect(second.json().data).toEqual({ id: first.json().data.id, created: false });
    const fzr = await s.login('zyfzr01');
    const list = (
      await fzr.request({ method: 'GET', url: `/api/herm-zdgj/warningflow/queryWarnList?zkdid=${rowId}` })
    ).json().data.list;
    expect(list).toEqual([expect.objectContaining({ ly: '学工系统', jgz: '120', yjz: '< 150', yjlx: 'process' })]);
  });

  it('refuses an old timestamp, a bad signature, a missing header, a body not signed as sent', async () => {
    const body = JSON.stringify({ zkdid: rowId, jgz: '110', ly: '学工系统' });
    const old = String(Number(nowTs()) - 301);
    const r1 = await call(body, old, signRemote(SECRET, old, body));
    expect([r1.statusCode, r1.json().meta.message]).toEqual([401, M.remoteOld]);
    const ts = nowTs();
    const r2 = await call(body, ts, signRemote('another-secret-0123456789abcdef-012345', ts, body));
    expect([r2.statusCode, r2.json().meta.message]).toEqual([401, M.remoteBadSignature]);
    const r3 = await s.app.inject({
      method: 'POST',
      url: URL,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect([r3.statusCode, r3.json().meta.message]).toEqual([401, M.remoteNoSignature]);
    const tampered = body.replace('110', '10');
    const r4 = await call(tampered, ts, signRemote(SECRET, ts, body));
    expect([r4.statusCode, r4.json().meta.message]).toEqual([401, M.remoteBadSignature]);
    const r5 = await call('{bad', ts, 'x');
    expect(r5.statusCode).toBe(400);
    const noRow = JSON.stringify({ zkdid: 999999, jgz: '1', ly: 'x' });
    const r6 = await call(noRow, ts, signRemote(SECRET, ts, noRow));
    expect([r6.statusCode, r6.json().meta.message]).toEqual([400, M.rowNotFound]);
  });

  it('refuses everything when no secret is configured', async () => {
    const t = await startTestServer();
    try {
      const res = await t.app.inject({ method: 'POST', url: URL, payload: { zkdid: 1, jgz: '1', ly: 'x' } });
      expect([res.statusCode, res.json().meta.message]).toEqual([403, M.remoteOff]);
    } finally {
      await t.close();
    }
  });
});
