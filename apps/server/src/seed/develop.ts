import type { Db } from '../db/client';
import { publishedQcps } from '../modules/standard';
import { developmentRead, linkTaskQcps } from '../modules/target-task';
import { ADMIN_USER } from './demo';
import { actorOf, DEMO_DIAGNOSIS_STANDARD } from './diagnosis';

/** How many of the story's issued top-level tasks serve QCPs in the demo. */
const LINKED_TASKS = 14;

/**
 * 发展中心's demo (issue 35): the story's issued top-level tasks of the last five years, the first LINKED_TASKS of
 * each year's turn, each serving one QCP of the diagnosed major standard (whose results the daily computation fills)
 * and every third one a QCP of the school standard as well, so xld01 sees tasks beside real-looking figures. Through
 * the modules' public surfaces, as the task form would save them.
 */
export async function seedDemoDevelop(db: Db, now: Date) {
  const year = now.getFullYear();
  const qcps = await publishedQcps(db);
  const major = qcps.filter((q) => q.systemName === DEMO_DIAGNOSIS_STANDARD);
  const others = qcps.filter((q) => q.systemName !== DEMO_DIAGNOSIS_STANDARD);
  if (!major.length) return 0;
  const read = await developmentRead(db, actorOf(ADMIN_USER.id), { startYear: year - 4, endYear: year });
  // Alternate the years (newest first) so both years of the story get linked tasks.
  const byYear = new Map<number, number[]>();
  const yearOf = new Map(read.targets.map((t) => [t.id, t.year]));
  for (const t of read.tasks) {
    const y = yearOf.get(t.yearTargetId) ?? year;
    byYear.set(y, [...(byYear.get(y) ?? []), t.id]);
  }
  const lists = [...byYear.entries()].sort((a, b) => b[0] - a[0]).map(([, ids]) => ids);
  const picked: number[] = [];
  for (let i = 0; picked.length < LINKED_TASKS && lists.some((l) => i < l.length); i++)
    for (const l of lists) if (i < l.length && picked.length < LINKED_TASKS) picked.push(l[i]!);
  await linkTaskQcps(
    db,
    picked.map((taskId, i) => ({
      taskId,
      nodeIds: [
        major[i % major.length]!.id,
        ...(i % 3 === 0 && others.length ? [others[(i / 3) % others.length]!.id] : []),
      ],
    })),
  );
  return picked.length;
}
