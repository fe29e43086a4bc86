import pg from 'pg';
import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';

/**
 * 监测统计 (issue 31), after phases/diagnosis.ts on the same database: the monitoring table of one object task with
 * 200 rows (rest/quality/select as the monitoring page reads it, and one QCP panel, rest/quality/selectbyid), and the
 * sampling dialog of a row holding five years of daily sampling records (rest/quality/samples, the whole range and one
 * year). Each read one request at a time, 3 warm-up, then `repeats` measured.
 */

const Z = '/api/herm-zdgj';
export const QUALITY_VIEW_BENCH = { tableRows: 200, sampleYears: 5 } as const;

export interface QualityViewFigures {
  table: { rows: number; latency: LatencySummary };
  panel: { latency: LatencySummary };
  samples: { records: number; latency: LatencySummary; yearRecords: number; yearLatency: LatencySummary };
}

async function timed(repeats: number, read: () => Promise<number>) {
  const samples: number[] = [];
  let size = 0;
  for (let i = 0; i < repeats + 3; i++) {
    const t = performance.now();
    size = await read();
    if (i >= 3) samples.push(performance.now() - t);
  }
  return { size, latency: summarise(samples) };
}

/**
 * The object task of the bench's ~500-node system (published by phases/diagnosis.ts) is cut to its first 200 rows in
 * the database, and five years of daily samples are written for its first row; then the reads are measured.
 */
export async function measureQualityView(
  publisher: Session,
  opts: { databaseUrl: string; objectTaskId: number; repeats: number; log: (line: string) => void },
): Promise<QualityViewFigures> {
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  let rowId: number;
  try {
    await client.query(
      `delete from diagnosis_rows where object_task_id = $1 and id not in
         (select id from diagnosis_rows where object_task_id = $1 order by sort, id limit $2)`,
      [opts.objectTaskId, QUALITY_VIEW_BENCH.tableRows],
    );
    const first = await client.query<{ id: number }>(
      'select id from diagnosis_rows where object_task_id = $1 order by sort, id limit 1',
      [opts.objectTaskId],
    );
    rowId = first.rows[0]!.id;
    await client.query(
      `insert into diagnosis_samples (row_id, sampled_at, value)
         select $1, d, (50 + random() * 50)::numeric(10, 2)::text
         from generate_series(now() - interval '5 years', now(), interval '1 day') d`,
      [rowId],
    );
  } finally {
    await client.end();
  }
  const table = await timed(opts.repeats, async () => {
    const r = await publisher.get(`${Z}/rest/quality/select?dxrwid=${opts.objectTaskId}`);
    return dataOf<{ list: unknown[] }>(r, 'monitoring table').list.length;
  });
  opts.log(`monitoring table (${table.size} rows): p95 ${table.latency.p95.toFixed(1)} ms`);
  const panel = await timed(opts.repeats, async () => {
    dataOf(await publisher.get(`${Z}/rest/quality/selectbyid?id=${rowId}`), 'QCP panel');
    return 1;
  });
  const all = await timed(opts.repeats, async () => {
    const r = await publisher.get(`${Z}/rest/quality/samples?id=${rowId}`);
    return dataOf<unknown[]>(r, 'samples').length;
  });
  const yearStart = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const year = await timed(opts.repeats, async () => {
    const r = await publisher.get(`${Z}/rest/quality/samples?id=${rowId}&start=${yearStart}`);
    return dataOf<unknown[]>(r, 'samples of a year').length;
  });
  opts.log(`samples (${all.size} over five years): p95 ${all.latency.p95.toFixed(1)} ms`);
  return {
    table: { rows: table.size, latency: table.latency },
    panel: { latency: panel.latency },
    samples: { records: all.size, latency: all.latency, yearRecords: year.size, yearLatency: year.latency },
  };
}
