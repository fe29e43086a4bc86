import { and, count, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qualityWarnings } from '../../db/schema';

/** Open warnings (not forecasts) of the given object tasks, counted per object task (operation monitoring). */
export async function openWarningsByObjectTask(db: Db, objectTaskIds: number[]) {
  if (!objectTaskIds.length) return new Map<number, number>();
  const rows = await db
    .select({ objectTaskId: qualityWarnings.objectTaskId, n: count() })
    .from(qualityWarnings)
    .where(
      and(
        isNull(qualityWarnings.closedAt),
        ne(qualityWarnings.kind, 'forecast'),
        inArray(qualityWarnings.objectTaskId, objectTaskIds),
      ),
    )
    .groupBy(qualityWarnings.objectTaskId);
  return new Map(rows.map((r) => [r.objectTaskId, Number(r.n)]));
}
