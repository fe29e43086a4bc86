import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { schools } from './reference';

/** The schools a user benchmarks against (对标院校), chosen in the school picker, in the user's order. */
export const userBenchmarkSchools = pgTable(
  'user_benchmark_schools',
  {
    userId: varchar('user_id', { length: 64 }).notNull(),
    schoolCode: varchar('school_code', { length: 20 })
      .notNull()
      .references(() => schools.code, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.schoolCode] }),
    index('user_benchmark_schools_school_idx').on(t.schoolCode),
  ],
);
