ALTER TABLE "allocation_runs" ADD COLUMN "staff_ids" uuid[];--> statement-breakpoint
CREATE INDEX "employees_bu_updated_idx" ON "employees" USING btree ("bu_id","updated_at");--> statement-breakpoint
CREATE INDEX "certifications_bu_updated_idx" ON "certifications" USING btree ("bu_id","updated_at");