import type { Db } from '@zg/server/src/db/client';
import { seedDemoDiagnosis } from '@zg/server/src/seed/diagnosis';
import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';
import { STANDARD_BENCH } from './standard';
import { measureSchoolView, type SchoolViewFigures } from './znfx';

/**
 * 诊断改进 (issue 30): the bench data holds the demo school's warehouse (40 majors, 1 200 courses, the indicators'
 * algorithms), the standard systems, the department duties and the demo's diagnosis task of the 40 majors
 * (seed/diagnosis.ts). Signed in as the publisher zgfb01 the phase computes that whole task (a tracked job, polled
 * each 250 ms as the browser's progress bar is, recording the percentages seen), publishes the course-level
 * standard to all 1 200 courses (the systems looked up as zyadmin, who reads them all), and publishes the ~500-node bench system to one major and reads its rows
 * (rest/quality/select) one request at a time.
 */

const Z = '/api/herm-zdgj';

/** The bench data's diagnosis part (after the standards): duties and the demo task. */
export async function prepareDiagnosis(db: Db, today: string) {
  return seedDemoDiagnosis(db, today);
}

export interface DiagnosisFigures {
  /** The whole 40-major task computed as a job. */
  compute: { objects: number; rows: number; computed: number; failed: number; ms: number; percents: number[] };
  /** The course-level standard published to every course. */
  publish: { objects: number; rows: number; ms: number; status: number };
  /** rest/quality/select of one object task with many rows. */
  rows: { rows: number; latency: LatencySummary; requests: number; objectTaskId?: number };
  /** 智能分析's school view of the task published to every course (issue 31). */
  schoolView?: SchoolViewFigures;
}

interface Job {
  state: string;
  percent: number;
  result: { computed: number; failed: number } | null;
  message: string | null;
}

async function systemIdOf(s: Session, name: string) {
  const page = dataOf<{ records: { id: number; name: string }[] }>(
    await s.get(`/api/herm-mbbz/target/selectPage?name=${encodeURIComponent(name)}&size=50`),
    'standard systems',
  );
  const found = page.records.find((r) => r.name === name);
  if (!found) throw new Error(`no standard system ${name}`);
  return found.id;
}

export async function measureDiagnosis(
  publisher: Session,
  opts: { repeats: number; log: (line: string) => void; admin: Session },
): Promise<DiagnosisFigures> {
  const tasks = dataOf<{ list: { id: number; dxsl: number; zbsl: number; bzmc: string; zqid: number }[] }>(
    await publisher.get(`${Z}/rest/task/selectlist?pageSize=50`),
    'diagnosis tasks',
  );
  const demo = tasks.list.find((t) => t.bzmc === '专业层面诊改质量标准');
  if (!demo) throw new Error('the demo diagnosis task is missing (bench data without --diagnosis?)');

  // 1. The whole task as a job, polled like the progress bar.
  const t0 = performance.now();
  const started = dataOf<{ id: string }>(
    await publisher.post(`${Z}/rest/task/calresult`, { id: demo.id }),
    'calresult',
  );
  const percents: number[] = [];
  let job: Job;
  for (;;) {
    job = dataOf<Job>(await publisher.get(`${Z}/rest/task/calresult/job?id=${started.id}`), 'poll');
    if (percents.at(-1) !== job.percent) percents.push(job.percent);
    if (job.state !== 'queued' && job.state !== 'running') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const compute = {
    objects: demo.dxsl,
    rows: demo.zbsl,
    computed: job.result?.computed ?? 0,
    failed: job.result?.failed ?? 0,
    ms: performance.now() - t0,
    percents,
  };
  opts.log(`computed ${compute.computed} rows of ${compute.objects} majors in ${(compute.ms / 1000).toFixed(2)} s`);

  // 2. Publishing to every course.
  const zqid = demo.zqid;
  const course = await systemIdOf(opts.admin, '课程层面诊改质量标准');
  const t1 = performance.now();
  const published = await publisher.post(
    `${Z}/rest/task/insert`,
    { rwmc: `基准课程诊改${Date.now()}`, zqid, kssj: '2026-01-01', jssj: '2026-12-31', bzid: course, shrid: 'shr01' },
    120_000,
  );
  const publishMs = performance.now() - t1;
  const p = published.status === 200 ? dataOf<{ id: number; dxsl: number; zbsl: number }>(published, 'publish') : null;
  const publish = { objects: p?.dxsl ?? 0, rows: p?.zbsl ?? 0, ms: publishMs, status: published.status };
  opts.log(`published to ${publish.objects} courses (${publish.rows} rows) in ${(publishMs / 1000).toFixed(2)} s`);

  // 3. One object task of the ~500-node system: its rows read whole.
  const big = await systemIdOf(opts.admin, STANDARD_BENCH.bigName);
  const one = dataOf<{ id: number }>(
    await publisher.post(`${Z}/rest/task/insert`, {
      rwmc: `基准大标准${Date.now()}`,
      zqid,
      kssj: '2026-01-01',
      jssj: '2026-12-31',
      bzid: big,
      shrid: 'shr01',
      dxbms: ['ZY0101'],
    }),
    'publish big',
  );
  const [object] = dataOf<{ list: { id: number }[] }>(
    await publisher.get(`${Z}/rest/obj/select?rwid=${one.id}`),
    'object',
  ).list;
  const samples: number[] = [];
  let rowCount = 0;
  for (let i = 0; i < opts.repeats + 3; i++) {
    const t = performance.now();
    const reply = await publisher.get(`${Z}/rest/quality/select?dxrwid=${object!.id}`);
    const ms = performance.now() - t;
    rowCount = dataOf<{ list: unknown[] }>(reply, 'rows').list.length;
    if (i >= 3) samples.push(ms);
  }
  const rows = { rows: rowCount, latency: summarise(samples), requests: samples.length, objectTaskId: object!.id };
  opts.log(`rows of one object task (${rowCount}): p95 ${rows.latency.p95.toFixed(1)} ms`);
  const schoolView = p ? await measureSchoolView(publisher, p.id, opts) : undefined;
  return { compute, publish, rows, schoolView };
}
