CREATE TABLE "demand_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"date" date NOT NULL,
	"terminal_id" uuid NOT NULL,
	"shift_template_id" uuid NOT NULL,
	"skill_id" uuid,
	"required" integer NOT NULL,
	"reason_id" uuid,
	CONSTRAINT "demand_lines_cell" UNIQUE NULLS NOT DISTINCT("plan_id","date","terminal_id","shift_template_id","skill_id"),
	CONSTRAINT "demand_lines_required" CHECK ("demand_lines"."required" > 0)
);
--> statement-breakpoint
CREATE TABLE "demand_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"name" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demand_plans_period" CHECK ("demand_plans"."period_to" >= "demand_plans"."period_from" and "demand_plans"."period_to" - "demand_plans"."period_from" < 92),
	CONSTRAINT "demand_plans_status" CHECK ("demand_plans"."status" in ('Draft', 'Approved', 'Locked', 'Archived'))
);
--> statement-breakpoint
CREATE TABLE "demand_template_cells" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"terminal_id" uuid NOT NULL,
	"shift_template_id" uuid NOT NULL,
	"skill_id" uuid,
	"required" integer NOT NULL,
	"reason_id" uuid,
	CONSTRAINT "demand_template_cells_cell" UNIQUE NULLS NOT DISTINCT("template_id","weekday","terminal_id","shift_template_id","skill_id"),
	CONSTRAINT "demand_template_cells_weekday" CHECK ("demand_template_cells"."weekday" between 0 and 6),
	CONSTRAINT "demand_template_cells_required" CHECK ("demand_template_cells"."required" > 0)
);
--> statement-breakpoint
CREATE TABLE "demand_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"department_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_lending_rule_skills" (
	"rule_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	CONSTRAINT "pool_lending_rule_skills_rule_id_skill_id_pk" PRIMARY KEY("rule_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "pool_lending_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"source_pool_id" uuid NOT NULL,
	"target_pool_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"max_per_day" integer,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_lending_rules_not_self" CHECK ("pool_lending_rules"."source_pool_id" <> "pool_lending_rules"."target_pool_id"),
	CONSTRAINT "pool_lending_rules_range" CHECK ("pool_lending_rules"."effective_to" is null or "pool_lending_rules"."effective_to" >= "pool_lending_rules"."effective_from"),
	CONSTRAINT "pool_lending_rules_max_per_day" CHECK ("pool_lending_rules"."max_per_day" is null or "pool_lending_rules"."max_per_day" > 0)
);
--> statement-breakpoint
CREATE TABLE "pool_members" (
	"bu_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"pool_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_members_employee_id_pk" PRIMARY KEY("employee_id")
);
--> statement-breakpoint
CREATE TABLE "pools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pools_bu_code" UNIQUE("bu_id","code")
);
--> statement-breakpoint
ALTER TABLE "demand_lines" ADD CONSTRAINT "demand_lines_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_lines" ADD CONSTRAINT "demand_lines_plan_id_demand_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."demand_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_lines" ADD CONSTRAINT "demand_lines_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_lines" ADD CONSTRAINT "demand_lines_shift_template_id_shift_templates_id_fk" FOREIGN KEY ("shift_template_id") REFERENCES "public"."shift_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_lines" ADD CONSTRAINT "demand_lines_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_lines" ADD CONSTRAINT "demand_lines_reason_id_demand_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."demand_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_plans" ADD CONSTRAINT "demand_plans_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_plans" ADD CONSTRAINT "demand_plans_department_id_org_nodes_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."org_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_template_cells" ADD CONSTRAINT "demand_template_cells_template_id_demand_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."demand_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_template_cells" ADD CONSTRAINT "demand_template_cells_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_template_cells" ADD CONSTRAINT "demand_template_cells_shift_template_id_shift_templates_id_fk" FOREIGN KEY ("shift_template_id") REFERENCES "public"."shift_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_template_cells" ADD CONSTRAINT "demand_template_cells_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_template_cells" ADD CONSTRAINT "demand_template_cells_reason_id_demand_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."demand_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_templates" ADD CONSTRAINT "demand_templates_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_templates" ADD CONSTRAINT "demand_templates_department_id_org_nodes_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."org_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_lending_rule_skills" ADD CONSTRAINT "pool_lending_rule_skills_rule_id_pool_lending_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."pool_lending_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_lending_rule_skills" ADD CONSTRAINT "pool_lending_rule_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_lending_rules" ADD CONSTRAINT "pool_lending_rules_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_lending_rules" ADD CONSTRAINT "pool_lending_rules_source_pool_id_pools_id_fk" FOREIGN KEY ("source_pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_lending_rules" ADD CONSTRAINT "pool_lending_rules_target_pool_id_pools_id_fk" FOREIGN KEY ("target_pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_members" ADD CONSTRAINT "pool_members_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_members" ADD CONSTRAINT "pool_members_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_members" ADD CONSTRAINT "pool_members_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_department_id_org_nodes_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."org_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demand_plans_bu_period_idx" ON "demand_plans" USING btree ("bu_id","period_from","period_to");--> statement-breakpoint
CREATE INDEX "demand_plans_department_idx" ON "demand_plans" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "pool_lending_rules_pair_idx" ON "pool_lending_rules" USING btree ("source_pool_id","target_pool_id");--> statement-breakpoint
CREATE INDEX "pool_lending_rules_target_idx" ON "pool_lending_rules" USING btree ("target_pool_id");--> statement-breakpoint
CREATE INDEX "pool_members_pool_idx" ON "pool_members" USING btree ("pool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pools_one_default_per_department" ON "pools" USING btree ("department_id") WHERE "pools"."is_default";--> statement-breakpoint
CREATE INDEX "pools_department_idx" ON "pools" USING btree ("department_id");