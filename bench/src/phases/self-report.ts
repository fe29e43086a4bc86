import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';

/**
 * 自我诊断报告 (issue 33), after phases/diagnosis.ts on the same database (the demo diagnosis task of the 40 majors,
 * computed by that phase): the administrator generates the report of one major's object task (rest/report/generate),
 * then downloads it as Word (rest/report/downloadword: cover, the overview's charts rendered to PNG on the server, the
 * four tables, stamps), one request at a time: 1 warm-up, then `repeats` measured.
 */

const Z = '/api/herm-zdgj';

export interface SelfReportFigures {
  /** The object task's rows in the report's tables (its monitoring rows). */
  rows: number;
  bytes: number;
  status: number;
  latency: LatencySummary;
  /** 全校汇总报告 over every object of the task: started, polled to its end, its Word downloaded once. */
  summary?: { objects: number; state: string; ms: number; wordMs: number; wordStatus: number };
}

interface SummaryJob {
  state: string;
  result: { dxsl: number } | null;
}

export async function measureSelfReportWord(
  publisher: Session,
  admin: Session,
  opts: { repeats: number; log: (line: string) => void },
): Promise<SelfReportFigures> {
  const tasks = dataOf<{ list: { id: number; bzmc: string }[] }>(
    await publisher.get(`${Z}/rest/task/selectlist?pageSize=50`),
    'diagnosis tasks',
  );
  const demo = tasks.list.find((t) => t.bzmc === '专业层面诊改质量标准');
  if (!demo) throw new Error('the demo diagnosis task is missing (bench data without --diagnosis?)');
  const [object] = dataOf<{ list: { id: number }[] }>(
    await publisher.get(`${Z}/rest/obj/select?rwid=${demo.id}`),
    'object tasks',
  ).list;
  if (!object) throw new Error('the demo diagnosis task has no object task');
  const report = dataOf<{ id: number }>(
    await admin.post(`${Z}/rest/report/generate`, { dxrwid: object.id }, 60_000),
    'generate the report',
  );
  const rows = dataOf<{ list: unknown[] }>(
    await admin.get(`${Z}/rest/quality/select?dxrwid=${object.id}`),
    'the object task rows',
  ).list.length;
  const samples: number[] = [];
  let bytes = 0;
  let status = 0;
  for (let i = 0; i < opts.repeats + 1; i++) {
    const t = performance.now();
    const reply = await admin.get(`${Z}/rest/report/downloadword?bgid=${report.id}`, 60_000);
    const ms = performance.now() - t;
    status = reply.status;
    if (status !== 200) throw new Error(`downloadword: HTTP ${status} ${reply.body.slice(0, 200)}`);
    bytes = Number(reply.headers['content-length'] ?? Buffer.byteLength(reply.body, 'latin1'));
    if (i >= 1) samples.push(ms);
  }
  const latency = summarise(samples);
  opts.log(`Word of one report (${rows} rows, ${(bytes / 1024).toFixed(0)} KiB): p95 ${latency.p95.toFixed(0)} ms`);

  // The school-wide summary over the task's objects, as a job polled like its progress bar.
  const t0 = performance.now();
  const started = dataOf<{ id: string }>(
    await admin.post(`${Z}/rest/report/summary`, { rwid: demo.id }),
    'start the summary',
  );
  let job: SummaryJob;
  for (;;) {
    job = dataOf<SummaryJob>(await admin.get(`${Z}/rest/report/summary/job?id=${started.id}`), 'summary poll');
    if (job.state !== 'queued' && job.state !== 'running') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const ms = performance.now() - t0;
  const t1 = performance.now();
  const word = await admin.get(`${Z}/rest/report/summary/downloadword?id=${started.id}`, 60_000);
  const summary = {
    objects: job.result?.dxsl ?? 0,
    state: job.state,
    ms,
    wordMs: performance.now() - t1,
    wordStatus: word.status,
  };
  opts.log(
    `summary of ${summary.objects} objects: ${summary.state} in ${ms.toFixed(0)} ms; its Word ${summary.wordMs.toFixed(0)} ms`,
  );
  return { rows, bytes, status, latency, summary };
}
