CREATE TABLE "labour_budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"month" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_budgets_department_month" UNIQUE("bu_id","department_id","month"),
	CONSTRAINT "labour_budgets_first_day" CHECK (extract(day from "labour_budgets"."month") = 1),
	CONSTRAINT "labour_budgets_positive" CHECK ("labour_budgets"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "labour_premiums" (
	"bu_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"basis" text NOT NULL,
	"percent_basis_points" integer,
	"amount_minor" bigint,
	"window_start" text,
	"window_end" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_premiums_bu_id_kind_pk" PRIMARY KEY("bu_id","kind"),
	CONSTRAINT "labour_premiums_kind" CHECK ("labour_premiums"."kind" in ('NIGHT', 'WEEKEND', 'HOLIDAY', 'OVERTIME')),
	CONSTRAINT "labour_premiums_basis" CHECK (("labour_premiums"."basis" = 'PERCENT' and "labour_premiums"."percent_basis_points" >= 0 and "labour_premiums"."amount_minor" is null)
        or ("labour_premiums"."basis" = 'FIXED' and "labour_premiums"."amount_minor" >= 0 and "labour_premiums"."percent_basis_points" is null))
);
--> statement-breakpoint
CREATE TABLE "labour_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"grade_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"hourly_minor" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_rates_grade_from" UNIQUE("bu_id","grade_id","effective_from"),
	CONSTRAINT "labour_rates_positive" CHECK ("labour_rates"."hourly_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "run_costs" (
	"bu_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"execution" integer NOT NULL,
	"cost" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "run_costs_run_id_execution_pk" PRIMARY KEY("run_id","execution")
);
--> statement-breakpoint
ALTER TABLE "labour_budgets" ADD CONSTRAINT "labour_budgets_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_budgets" ADD CONSTRAINT "labour_budgets_department_id_org_nodes_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."org_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_premiums" ADD CONSTRAINT "labour_premiums_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_rates" ADD CONSTRAINT "labour_rates_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_rates" ADD CONSTRAINT "labour_rates_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_costs" ADD CONSTRAINT "run_costs_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_costs" ADD CONSTRAINT "run_costs_run_id_allocation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."allocation_runs"("id") ON DELETE cascade ON UPDATE no action;