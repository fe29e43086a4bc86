import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';

/**
 * Data collection (issue 20 "Performance"), on a database holding the demo collection (seedDemoCollection: the
 * floating form 教师企业实践 writing into the warehouse table cj_teacher_practice): a collection task allocated to five
 * fillers; one filler saves a 2 000-row floating table again and again (updateOrInsert: every cell checked, the rows
 * replaced in one transaction); then each filler saves 2 000 rows and commits, the administrator passes all five (which
 * writes their 10 000 rows into the warehouse), and the rows are written again (synDataByTaskId, one transaction), three times (each run
 * replaces the rows the previous one wrote). The final audit writes the rows too: the batch pass is timed as well.
 */

const C = '/api/herm-sjcj';
export const COLLECTION_ROWS = 2000;
export const COLLECTION_FILLERS = ['rwfzr01', 'rwfzr02', 'rwfzr03', 'rwfzr04', 'rwfzr05'];

export interface CollectionFigures {
  rowsPerSave: number;
  fields: number;
  /** One filler's save of the whole floating table. */
  save: LatencySummary & { runs: number };
  /** The batch pass of the five fill tasks, which writes their rows into the warehouse (the final audit does). */
  audit: { rows: number; ms: number };
  /** The audited rows written into the warehouse again (synDataByTaskId). */
  syncs: { rows: number; ms: number }[];
}

const TYPES = ['gg', 'dg', 'jsfw', 'gzdl'];

/** `n` rows of the demo practice form, distinct per filler. */
export function practiceRows(filler: number, n: number) {
  return Array.from({ length: n }, (_, i) => ({
    gh: `T${filler}${String(i).padStart(6, '0')}`,
    xm: `教师${filler}-${i}`,
    qymc: `合作企业${i % 97}有限公司`,
    sjlx: TYPES[i % TYPES.length],
    ksrq: `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    ts: String(1 + (i % 300)),
    zmcl: '',
    sfwc: i % 3 === 0 ? '否' : '是',
  }));
}

export async function measureCollection(
  admin: Session,
  fillers: Session[],
  opts: { today: string; deadline: string; repeats: number; syncs: number; log: (line: string) => void },
): Promise<CollectionFigures> {
  const forms = dataOf<{ id: number; name: string; fields: unknown[] }[]>(await admin.get(`${C}/forms/list`), 'forms');
  const form = forms.find((f) => f.name === '教师企业实践');
  if (!form) throw new Error('demo form 教师企业实践 missing: was the database seeded with the collection?');
  const task = dataOf<{ id: number }>(
    await admin.post(`${C}/tasks/insert`, {
      name: '性能测试：教师企业实践',
      formId: form.id,
      cycle: 'bench',
      startDate: opts.today,
      deadline: opts.deadline,
      userIds: fillers.map((f) => f.userId),
      auditorId: admin.userId,
    }),
    'task',
  );
  const fills = dataOf<{ id: number; assigneeId: string }[]>(
    await admin.get(`${C}/taskAllocations/list?taskId=${task.id}`),
    'allocations',
  );
  const fillOf = (s: Session) => fills.find((f) => f.assigneeId === s.userId)!.id;

  // 1. One filler saves the 2 000-row table again and again (3 warm-up saves).
  const first = fillers[0]!;
  const rows = practiceRows(1, COLLECTION_ROWS);
  const times: number[] = [];
  for (let k = 0; k < opts.repeats + 3; k++) {
    const t = performance.now();
    dataOf(await first.post(`${C}/datas/updateOrInsert`, { fillTaskId: fillOf(first), rows }, 60_000), 'save');
    if (k >= 3) times.push(performance.now() - t);
  }
  const save = { ...summarise(times), runs: times.length };
  opts.log(`save ${COLLECTION_ROWS} rows: p50 ${save.p50.toFixed(0)} ms, p95 ${save.p95.toFixed(0)} ms`);

  // 2. Every filler saves and commits; the administrator passes them all; the rows go into the warehouse.
  for (const [i, s] of fillers.entries()) {
    const id = fillOf(s);
    if (i > 0)
      dataOf(
        await s.post(
          `${C}/datas/updateOrInsert`,
          { fillTaskId: id, rows: practiceRows(i + 1, COLLECTION_ROWS) },
          60_000,
        ),
        'save',
      );
    dataOf(await s.post(`${C}/fillTasks/${id}/commit`, {}), 'commit');
  }
  const passed = performance.now();
  dataOf(await admin.post(`${C}/taskAllocations/audit`, { ids: fills.map((f) => f.id), pass: true }, 120_000), 'audit');
  const audit = { rows: COLLECTION_ROWS * fillers.length, ms: performance.now() - passed };
  opts.log(`pass ${fillers.length} fill tasks (${audit.rows} rows into the warehouse): ${audit.ms.toFixed(0)} ms`);
  const syncs: CollectionFigures['syncs'] = [];
  for (let k = 0; k < opts.syncs; k++) {
    const t = performance.now();
    const r = dataOf<{ rows: number }>(
      await admin.post(`${C}/datas/synDataByTaskId`, { taskId: task.id }, 120_000),
      'sync',
    );
    syncs.push({ rows: r.rows, ms: performance.now() - t });
    opts.log(`sync ${r.rows} rows: ${(performance.now() - t).toFixed(0)} ms`);
  }
  return { rowsPerSave: COLLECTION_ROWS, fields: form.fields.length, save, audit, syncs };
}
