-- Runs execute in the background as jobs (DESIGN §9): `Executing` while a job works on them, with its
-- progress, the state the run returns to if the execution fails, and the last failure. The lease column
-- of the blocking execution goes.
ALTER TABLE "allocation_runs" DROP CONSTRAINT "allocation_runs_status";--> statement-breakpoint
ALTER TABLE "allocation_runs" ADD COLUMN "execution_job_id" uuid;--> statement-breakpoint
ALTER TABLE "allocation_runs" ADD COLUMN "execution_from" text;--> statement-breakpoint
ALTER TABLE "allocation_runs" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "allocation_runs" ADD COLUMN "last_failure" jsonb;--> statement-breakpoint
ALTER TABLE "allocation_runs" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "allocation_runs" ADD CONSTRAINT "allocation_runs_status" CHECK ("allocation_runs"."status" in ('Draft', 'Executing', 'Executed', 'Reviewed', 'Locked', 'Archived'));--> statement-breakpoint
ALTER TABLE "allocation_runs" DROP COLUMN "executing_until";
