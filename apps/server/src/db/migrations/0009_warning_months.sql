ALTER TABLE "warning_types" ADD COLUMN "period_months" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
UPDATE "warning_types" SET "period_months" = ARRAY["period_month"] WHERE "period_month" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "warning_types" DROP COLUMN "period_month";