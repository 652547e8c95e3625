CREATE TABLE "reconciliation_days" (
	"bu_id" uuid NOT NULL,
	"date" date NOT NULL,
	"input_version" bigint DEFAULT 1 NOT NULL,
	"reconciled_version" bigint,
	"tolerance_minutes" integer,
	"reconciled_at" timestamp with time zone,
	CONSTRAINT "reconciliation_days_bu_id_date_pk" PRIMARY KEY("bu_id","date")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"department_id" uuid,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"shift_template_id" uuid,
	"shift_code" text,
	"terminal_code" text,
	"planned_start" text,
	"planned_end" text,
	"time_in" text,
	"time_out" text,
	"minutes" integer,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"resolution" text,
	"comment" text,
	"validated_by" uuid,
	"validated_at" timestamp with time zone,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_exceptions_key" UNIQUE("bu_id","employee_id","date","kind"),
	CONSTRAINT "reconciliation_exceptions_kind" CHECK ("reconciliation_exceptions"."kind" in ('NO_SHOW', 'UNPLANNED_ATTENDANCE', 'LATE_ARRIVAL', 'EARLY_DEPARTURE')),
	CONSTRAINT "reconciliation_exceptions_status" CHECK ("reconciliation_exceptions"."status" in ('OPEN', 'VALIDATED')),
	CONSTRAINT "reconciliation_exceptions_validation" CHECK (("reconciliation_exceptions"."status" = 'OPEN') = ("reconciliation_exceptions"."resolution" is null))
);
--> statement-breakpoint
ALTER TABLE "reconciliation_days" ADD CONSTRAINT "reconciliation_days_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_department_id_org_nodes_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."org_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_exceptions_bu_date_idx" ON "reconciliation_exceptions" USING btree ("bu_id","date");--> statement-breakpoint
CREATE INDEX "reconciliation_exceptions_open_idx" ON "reconciliation_exceptions" USING btree ("bu_id","status","date");