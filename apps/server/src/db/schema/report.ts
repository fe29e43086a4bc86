import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './platform';
import { targetTasks } from './target-task';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Report templates (报告模板): the title pattern, a preface and which sections a task report contains. */
export const targetReportTemplates = pgTable(
  'target_report_templates',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    preface: varchar('preface', { length: 1000 }),
    sections: jsonb('sections').$type<string[]>().notNull(),
    /** targetTask (目标任务报告) | selfDiagnosis (自我诊断报告, issue 33: its title and preface are the cover text). */
    kind: varchar('kind', { length: 16 }).notNull().default('targetTask'),
    creatorId: varchar('creator_id', { length: 64 })
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('target_report_templates_created_idx').on(t.createdAt),
    index('target_report_templates_kind_idx').on(t.kind, t.createdAt),
  ],
);

/** Report covers (报告封面); at most one is the default. */
export const targetReportCovers = pgTable(
  'target_report_covers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    schoolName: varchar('school_name', { length: 100 }),
    subtitle: varchar('subtitle', { length: 100 }),
    isDefault: boolean('is_default').notNull().default(false),
    creatorId: varchar('creator_id', { length: 64 })
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('target_report_covers_one_default_uq').on(t.isDefault).where(sql`${t.isDefault}`)],
);

/**
 * The report of a task (目标任务报告), one per task: a snapshot of the task's facts, progress reports, attachments and
 * warnings taken at generation, the owner's self level, and the audit. `version` guards concurrent changes.
 */
export const targetReports = pgTable(
  'target_reports',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => targetTasks.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => targetReportTemplates.id, { onDelete: 'set null' }),
    templateName: varchar('template_name', { length: 60 }),
    coverId: integer('cover_id').references(() => targetReportCovers.id, { onDelete: 'set null' }),
    coverName: varchar('cover_name', { length: 60 }),
    title: varchar('title', { length: 400 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    levelSelf: varchar('level_self', { length: 1 }),
    auditReason: varchar('audit_reason', { length: 500 }),
    auditorId: varchar('auditor_id', { length: 64 }).references(() => users.id),
    auditedAt: at('audited_at'),
    generatorId: varchar('generator_id', { length: 64 })
      .notNull()
      .references(() => users.id),
    generatedAt: at('generated_at').notNull(),
    submittedAt: at('submitted_at'),
    content: jsonb('content').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('target_reports_task_uq').on(t.taskId),
    // The auditor's queue and the performance centre's filters by state.
    index('target_reports_status_idx').on(t.status, t.submittedAt),
    index('target_reports_template_idx').on(t.templateId),
    index('target_reports_cover_idx').on(t.coverId),
  ],
);
