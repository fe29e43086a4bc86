import fs from 'node:fs';
import { Session } from './lib/http';
import { startServer } from './lib/server';

const dir = '/tmp/zg-crash';
fs.rmSync(`${dir}/server.pid`, { force: true });
const f = JSON.parse(process.env.FIX ?? '{}');
const s = await startServer({ entry: 'product', port: 18104, env: { DATA_DIR: dir }, logFile: '/tmp/zg-crash2.log' });
try {
  const { openDatabase } = await import('@zg/server/src/db/client');
  const slots = JSON.parse(fs.readFileSync('/tmp/zg-crash-fixtures.json', 'utf8')).reportSlots;
  const slot = slots[0];
  const owner = await Session.login(s.base, slot.ownerId);
  const aud = await Session.login(s.base, slot.auditorId);
  const list = await owner.get(`/api/herm-wbs/targetTaskSituation/list?taskId=${slot.taskId}`);
  console.log(list.status, list.body.slice(0, 400));
  let t = performance.now();
  const sub = await owner.post('/api/herm-wbs/targetTaskSituation/insert', {
    taskId: slot.taskId,
    periodKey: slot.periodKey,
    kind: 'process',
    content: 'x',
  });
  console.log('submit', sub.status, sub.body.slice(0, 200), (performance.now() - t).toFixed(0));
  const id = JSON.parse(sub.body).data?.id;
  t = performance.now();
  const rej = await aud.post('/api/herm-wbs/targetTaskSituation/auditTargetTask', {
    id,
    version: 1,
    result: 'reject',
    reason: 'r',
  });
  console.log('reject', rej.status, rej.body.slice(0, 200), (performance.now() - t).toFixed(0));
} finally {
  await s.stop();
}
