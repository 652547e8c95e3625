-- The grade of an employee; declared here rather than in the Drizzle schema to avoid a module cycle.
ALTER TABLE "employees" ADD CONSTRAINT "employees_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "employees_grade_id_idx" ON "employees" ("grade_id");
