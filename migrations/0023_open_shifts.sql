CREATE TABLE "open_shift_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"open_shift_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"reason" text,
	"reason_codes" jsonb,
	"assignment_id" uuid,
	"claimed_by" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "open_shift_claims_status_known" CHECK ("open_shift_claims"."status" in ('Pending', 'Approved', 'Declined', 'Withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "open_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"demand_line_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"heads" integer NOT NULL,
	"filled" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"closed_reason" text,
	"offered_by" uuid NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "open_shifts_heads" CHECK ("open_shifts"."heads" >= 1 and "open_shifts"."filled" >= 0 and "open_shifts"."filled" <= "open_shifts"."heads"),
	CONSTRAINT "open_shifts_status_known" CHECK ("open_shifts"."status" in ('Open', 'Filled', 'Withdrawn', 'Closed'))
);
--> statement-breakpoint
ALTER TABLE "open_shift_claims" ADD CONSTRAINT "open_shift_claims_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shift_claims" ADD CONSTRAINT "open_shift_claims_open_shift_id_open_shifts_id_fk" FOREIGN KEY ("open_shift_id") REFERENCES "public"."open_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shift_claims" ADD CONSTRAINT "open_shift_claims_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shift_claims" ADD CONSTRAINT "open_shift_claims_assignment_id_shift_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."shift_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shift_claims" ADD CONSTRAINT "open_shift_claims_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shift_claims" ADD CONSTRAINT "open_shift_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shifts" ADD CONSTRAINT "open_shifts_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shifts" ADD CONSTRAINT "open_shifts_demand_line_id_demand_lines_id_fk" FOREIGN KEY ("demand_line_id") REFERENCES "public"."demand_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shifts" ADD CONSTRAINT "open_shifts_department_id_org_nodes_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."org_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shifts" ADD CONSTRAINT "open_shifts_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "open_shift_claims_one_live" ON "open_shift_claims" USING btree ("open_shift_id","employee_id") WHERE "open_shift_claims"."status" in ('Pending', 'Approved');--> statement-breakpoint
CREATE INDEX "open_shift_claims_employee" ON "open_shift_claims" USING btree ("bu_id","employee_id","claimed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "open_shifts_one_open_per_line" ON "open_shifts" USING btree ("demand_line_id") WHERE "open_shifts"."status" = 'Open';--> statement-breakpoint
CREATE INDEX "open_shifts_bu_status" ON "open_shifts" USING btree ("bu_id","status","department_id");