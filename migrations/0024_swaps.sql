CREATE TABLE "shift_swaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'Proposed' NOT NULL,
	"department_id" uuid NOT NULL,
	"proposer_id" uuid NOT NULL,
	"colleague_id" uuid NOT NULL,
	"offered_assignment_id" uuid,
	"offered_date" date NOT NULL,
	"offered_shift_template_id" uuid NOT NULL,
	"offered_terminal_id" uuid NOT NULL,
	"wanted_assignment_id" uuid,
	"wanted_date" date,
	"wanted_shift_template_id" uuid,
	"wanted_terminal_id" uuid,
	"note" text,
	"proposed_by" uuid NOT NULL,
	"responded_by" uuid,
	"responded_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_swaps_kind" CHECK ("shift_swaps"."kind" in ('Swap', 'GiveAway')),
	CONSTRAINT "shift_swaps_status_known" CHECK ("shift_swaps"."status" in ('Proposed', 'Accepted', 'Declined', 'Cancelled', 'Approved', 'Rejected')),
	CONSTRAINT "shift_swaps_wanted_shift" CHECK (("shift_swaps"."kind" = 'Swap') = ("shift_swaps"."wanted_date" is not null and "shift_swaps"."wanted_shift_template_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_department_id_org_nodes_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."org_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_proposer_id_employees_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_colleague_id_employees_id_fk" FOREIGN KEY ("colleague_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_offered_assignment_id_shift_assignments_id_fk" FOREIGN KEY ("offered_assignment_id") REFERENCES "public"."shift_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_wanted_assignment_id_shift_assignments_id_fk" FOREIGN KEY ("wanted_assignment_id") REFERENCES "public"."shift_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_swaps_proposer" ON "shift_swaps" USING btree ("bu_id","proposer_id");--> statement-breakpoint
CREATE INDEX "shift_swaps_colleague" ON "shift_swaps" USING btree ("bu_id","colleague_id");--> statement-breakpoint
CREATE INDEX "shift_swaps_status" ON "shift_swaps" USING btree ("bu_id","status","department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_swaps_one_open_offer" ON "shift_swaps" USING btree ("offered_assignment_id") WHERE "shift_swaps"."status" in ('Proposed', 'Accepted');