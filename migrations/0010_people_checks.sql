-- An employee's status is one of the unit's employee statuses (by code, within the same unit).
ALTER TABLE "employees" ADD CONSTRAINT "employees_status_employee_statuses_fk" FOREIGN KEY ("bu_id", "status") REFERENCES "public"."employee_statuses"("bu_id", "code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "employees_bu_status_idx" ON "employees" ("bu_id", "status");
--> statement-breakpoint
CREATE INDEX "employees_bu_department_idx" ON "employees" ("bu_id", "department_id");
--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_status_check" CHECK ("status" in ('Active', 'Suspended', 'Revoked', 'Expired'));
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_status_check" CHECK ("status" in ('Queued', 'Running', 'Completed', 'CompletedWithErrors', 'Failed', 'Cancelled'));
