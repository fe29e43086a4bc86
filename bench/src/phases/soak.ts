import type { Fixtures } from '@zg/server/src/seed/story';
import { type Reply, Session } from '../lib/http';
import type { ServerHandle } from '../lib/server';
import { sleep } from '../lib/server';
import { type LatencySummary, summarise } from '../lib/stats';
import { listQuery } from './api';

const W = '/api/herm-wbs';

export interface SoakFigures {
  seconds: number;
  connections: number;
  requests: number;
  rps: number;
  errors: number;
  errorSamples: string[];
  ops: { op: string; requests: number; errors: number; latency: LatencySummary }[];
  rss: { startMb: number; endMb: number; peakMb: number; samples: { s: number; mb: number }[] };
}

type Op = { name: string; weight: number; write: boolean };

const OPS: Op[] = [
  { name: 'list.publisher', weight: 15, write: false },
  { name: 'list.head', weight: 10, write: false },
  { name: 'detail', weight: 20, write: false },
  { name: 'warnings.total', weight: 10, write: false },
  { name: 'analysis', weight: 10, write: false },
  { name: 'reports', weight: 10, write: false },
  { name: 'update', weight: 10, write: true },
  { name: 'report', weight: 15, write: true },
];

const ANALYSES = ['taskStatusAnalysis', 'departmentTaskFinishRate', 'finishRankRate'];

/** The operation at a point of the weights' total (0 <= at < total). */
export function pickOp(at: number): Op {
  let rest = at;
  for (const o of OPS) {
    if (rest < o.weight) return o;
    rest -= o.weight;
  }
  return OPS[OPS.length - 1]!;
}

/**
 * 32 simulated users for a fixed time, each sending its next request when the last one is answered: reads (task
 * lists, details, warning counts, analyses, reports) and writes (task updates by the publisher, progress reports
 * sent by owners and rejected by auditors). Every non-200 answer and every failed connection counts as an error.
 */
export async function soak(
  server: ServerHandle,
  f: Fixtures,
  opts: { seconds: number; connections: number; log: (line: string) => void },
): Promise<SoakFigures> {
  const base = server.base;
  const sessions = new Map<string, Session>();
  const sessionOf = async (u: string) => {
    let s = sessions.get(u);
    if (!s) {
      s = await Session.login(base, u);
      sessions.set(u, s);
    }
    return s;
  };
  const fbr = await sessionOf('fbr01');
  const head = await sessionOf('bmfzr01');
  const slots = f.reportSlots.filter((s, i, a) => a.findIndex((x) => x.taskId === s.taskId) === i);
  for (const s of slots.slice(0, opts.connections)) {
    await sessionOf(s.ownerId);
    await sessionOf(s.auditorId);
  }
  const samples = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const errorSamples: string[] = [];
  let total = 0;
  const record = (op: string, ms: number, ok: boolean, why: string) => {
    total += 1;
    const arr = samples.get(op) ?? [];
    arr.push(ms);
    samples.set(op, arr);
    if (!ok) {
      errors.set(op, (errors.get(op) ?? 0) + 1);
      if (errorSamples.length < 10) errorSamples.push(`${op}: ${why}`);
    }
  };
  const timed = async (op: string, call: () => Promise<Reply>): Promise<Reply | null> => {
    const t0 = performance.now();
    try {
      const res = await call();
      record(op, performance.now() - t0, res.status === 200, `HTTP ${res.status} ${res.body.slice(0, 160)}`);
      return res.status === 200 ? res : null;
    } catch (err) {
      record(op, performance.now() - t0, false, (err as Error).message);
      return null;
    }
  };

  const startRss = server.rss();
  const rssSamples: { s: number; mb: number }[] = [{ s: 0, mb: startRss / 2 ** 20 }];
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const sampler = setInterval(() => {
    rssSamples.push({ s: Math.round((performance.now() - started) / 1000), mb: server.rss() / 2 ** 20 });
  }, 5000);
  const totalWeight = OPS.reduce((a, o) => a + o.weight, 0);

  const worker = async (i: number) => {
    const edit = f.editableTasks[i];
    const task = edit ? { id: edit.id, input: edit.input, version: edit.version } : null;
    const slot = slots[i];
    let current: number | null = null;
    let seq = 0;
    while (performance.now() < deadline) {
      const op = pickOp(Math.random() * totalWeight);
      switch (op.name) {
        case 'list.publisher':
          await timed(op.name, () => fbr.get(`${W}/targetTask/selectPage?${listQuery(f.year)}`));
          break;
        case 'list.head':
          await timed(op.name, () => head.get(`${W}/targetTask/selectPage?kind=departmentTask&sort=asc&size=20`));
          break;
        case 'detail': {
          const id = f.detailIds[Math.floor(Math.random() * f.detailIds.length)];
          await timed(op.name, () => fbr.get(`${W}/targetTask/${id}`));
          break;
        }
        case 'warnings.total':
          await timed(op.name, () => fbr.get(`${W}/Task/getWarningCountList`));
          break;
        case 'analysis': {
          const a = ANALYSES[Math.floor(Math.random() * ANALYSES.length)];
          await timed(op.name, () =>
            fbr.get(`${W}/targetTaskSummaryAnalysis/${a}?scope=globalSummaryAnalysis&year=${f.year}`),
          );
          break;
        }
        case 'reports': {
          const id = f.detailIds[Math.floor(Math.random() * f.detailIds.length)];
          await timed(op.name, () => fbr.get(`${W}/targetTaskSituation/list?taskId=${id}`));
          break;
        }
        case 'update': {
          if (!task) break;
          const res = await timed(op.name, () =>
            fbr.post(`${W}/targetTask/update`, {
              ...task.input,
              id: task.id,
              version: task.version,
              rwmc: `浸泡测试任务${task.id}-${++seq}`,
            }),
          );
          if (res) task.version += 1;
          break;
        }
        case 'report': {
          if (!slot) break;
          if (current === null) {
            const owner = sessions.get(slot.ownerId)!;
            const res = await timed(op.name, () =>
              owner.post(`${W}/targetTaskSituation/insert`, {
                taskId: slot.taskId,
                periodKey: slot.periodKey,
                kind: 'process',
                content: `浸泡测试报告-${++seq}`,
              }),
            );
            if (res) current = (JSON.parse(res.body) as { data: { id: number } }).data.id;
          } else {
            const auditor = sessions.get(slot.auditorId)!;
            const id = current;
            const res = await timed(op.name, () =>
              auditor.post(`${W}/targetTaskSituation/auditTargetTask`, {
                id,
                version: 1,
                result: 'reject',
                reason: '浸泡测试：请补充材料',
              }),
            );
            if (res) current = null;
          }
          break;
        }
      }
    }
  };
  const progress = setInterval(() => {
    const s = Math.round((performance.now() - started) / 1000);
    const errs = [...errors.values()].reduce((a, b) => a + b, 0);
    opts.log(
      `soak ${s}/${opts.seconds} s: ${total} requests, ${errs} errors, RSS ${(server.rss() / 2 ** 20).toFixed(0)} MiB`,
    );
  }, 30_000);
  await Promise.all(Array.from({ length: opts.connections }, (_, i) => worker(i)));
  clearInterval(sampler);
  clearInterval(progress);
  const seconds = (performance.now() - started) / 1000;
  const endRss = server.rss();
  rssSamples.push({ s: Math.round(seconds), mb: endRss / 2 ** 20 });
  await sleep(0);
  return {
    seconds,
    connections: opts.connections,
    requests: total,
    rps: total / seconds,
    errors: [...errors.values()].reduce((a, b) => a + b, 0),
    errorSamples,
    ops: [...samples.entries()].map(([op, arr]) => ({
      op,
      requests: arr.length,
      errors: errors.get(op) ?? 0,
      latency: summarise(arr),
    })),
    rss: {
      startMb: startRss / 2 ** 20,
      endMb: endRss / 2 ** 20,
      peakMb: Math.max(...rssSamples.map((x) => x.mb)),
      samples: rssSamples,
    },
  };
}
