CREATE TABLE "published_roster_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"roster_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"employee_number" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"date" date NOT NULL,
	"shift_template_id" uuid NOT NULL,
	"shift_code" text NOT NULL,
	"shift_name_en" text NOT NULL,
	"shift_name_ar" text,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"paid_hours" numeric(5, 2) NOT NULL,
	"terminal_id" uuid NOT NULL,
	"terminal_code" text NOT NULL,
	"terminal_name_en" text NOT NULL,
	"terminal_name_ar" text,
	"skill_code" text,
	"assignment_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "published_rosters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"version" integer NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"reason" text,
	"supersedes_id" uuid,
	"line_count" integer NOT NULL,
	"published_by" uuid NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "published_rosters_run_version" UNIQUE("run_id","version"),
	CONSTRAINT "published_rosters_status" CHECK ("published_rosters"."status" in (2, 3))
);
--> statement-breakpoint
CREATE TABLE "roster_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"roster_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_approvals_roster" UNIQUE("roster_id"),
	CONSTRAINT "roster_approvals_status" CHECK ("roster_approvals"."status" in ('Pending', 'Approved', 'Rejected', 'Superseded'))
);
--> statement-breakpoint
ALTER TABLE "published_roster_lines" ADD CONSTRAINT "published_roster_lines_roster_id_published_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."published_rosters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_roster_lines" ADD CONSTRAINT "published_roster_lines_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_rosters" ADD CONSTRAINT "published_rosters_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_rosters" ADD CONSTRAINT "published_rosters_run_id_allocation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."allocation_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_rosters" ADD CONSTRAINT "published_rosters_plan_id_demand_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."demand_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_rosters" ADD CONSTRAINT "published_rosters_department_id_org_nodes_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."org_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_rosters" ADD CONSTRAINT "published_rosters_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_approvals" ADD CONSTRAINT "roster_approvals_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_approvals" ADD CONSTRAINT "roster_approvals_roster_id_published_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."published_rosters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_approvals" ADD CONSTRAINT "roster_approvals_department_id_org_nodes_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."org_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_approvals" ADD CONSTRAINT "roster_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "published_roster_lines_roster_idx" ON "published_roster_lines" USING btree ("roster_id","date");--> statement-breakpoint
CREATE INDEX "published_roster_lines_employee_idx" ON "published_roster_lines" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "published_rosters_bu_period_idx" ON "published_rosters" USING btree ("bu_id","period_from","period_to");--> statement-breakpoint
CREATE INDEX "roster_approvals_pending_idx" ON "roster_approvals" USING btree ("bu_id","status");