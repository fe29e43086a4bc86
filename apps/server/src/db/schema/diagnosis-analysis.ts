import { doublePrecision, index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { diagnosisObjectTasks, diagnosisTasks } from './diagnosis';

/**
 * 智能分析 (znfx, modules/diagnosis/quality-analysis.*): a summary per object task of its QCPs' attainment, built by
 * cacheQualityByTaskId and refreshed by every computation of its rows (the ROW_COMPUTED hook) and every bulk change of
 * its targets; the school-wide heat table reads it. `cells` maps a QCP (its node source key) to ok / unfin / dis /
 * none.
 */
export const diagnosisQualityCache = pgTable(
  'diagnosis_quality_cache',
  {
    objectTaskId: integer('object_task_id')
      .primaryKey()
      .references(() => diagnosisObjectTasks.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => diagnosisTasks.id, { onDelete: 'cascade' }),
    total: integer('total').notNull(),
    withResult: integer('with_result').notNull(),
    attained: integer('attained').notNull(),
    dis: integer('dis').notNull(),
    unfin: integer('unfin').notNull(),
    rate: doublePrecision('rate').notNull(),
    cells: jsonb('cells').$type<Record<string, string>>().notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('diagnosis_quality_cache_task_idx').on(t.taskId, t.dis)],
);
