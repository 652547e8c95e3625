CREATE TABLE "attendance_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"file_name" text,
	"sha256" text NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_rejected" integer NOT NULL,
	"valid_rows" jsonb NOT NULL,
	"committed_at" timestamp with time zone,
	"committed_by" uuid,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "attendance_record_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid,
	"actor_username" text,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"review_id" uuid,
	"import_id" uuid,
	CONSTRAINT "attendance_record_changes_action" CHECK ("attendance_record_changes"."action" in ('import', 'edit', 'revert'))
);
--> statement-breakpoint
CREATE TABLE "attendance_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"time_in" time,
	"time_out" time,
	"status_id" uuid NOT NULL,
	"source" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_records_employee_date" UNIQUE("bu_id","employee_id","date"),
	CONSTRAINT "attendance_records_source" CHECK ("attendance_records"."source" in ('import', 'edit')),
	CONSTRAINT "attendance_records_times" CHECK ("attendance_records"."time_out" is null or ("attendance_records"."time_in" is not null and "attendance_records"."time_out" >= "attendance_records"."time_in"))
);
--> statement-breakpoint
CREATE TABLE "attendance_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bu_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"after_version" integer NOT NULL,
	"edits" integer DEFAULT 1 NOT NULL,
	"reason" text,
	"editor_ids" uuid[] NOT NULL,
	"first_edited_by" uuid NOT NULL,
	"first_edited_at" timestamp with time zone NOT NULL,
	"last_edited_by" uuid NOT NULL,
	"last_edited_at" timestamp with time zone NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"comment" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "attendance_reviews_status" CHECK ("attendance_reviews"."status" in ('Pending', 'Acknowledged', 'Reverted'))
);
--> statement-breakpoint
ALTER TABLE "attendance_imports" ADD CONSTRAINT "attendance_imports_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_imports" ADD CONSTRAINT "attendance_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_imports" ADD CONSTRAINT "attendance_imports_committed_by_users_id_fk" FOREIGN KEY ("committed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_record_changes" ADD CONSTRAINT "attendance_record_changes_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_record_changes" ADD CONSTRAINT "attendance_record_changes_record_id_attendance_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."attendance_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_record_changes" ADD CONSTRAINT "attendance_record_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_status_id_attendance_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."attendance_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reviews" ADD CONSTRAINT "attendance_reviews_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reviews" ADD CONSTRAINT "attendance_reviews_record_id_attendance_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."attendance_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reviews" ADD CONSTRAINT "attendance_reviews_first_edited_by_users_id_fk" FOREIGN KEY ("first_edited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reviews" ADD CONSTRAINT "attendance_reviews_last_edited_by_users_id_fk" FOREIGN KEY ("last_edited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reviews" ADD CONSTRAINT "attendance_reviews_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_imports_bu_created" ON "attendance_imports" USING btree ("bu_id","created_at");--> statement-breakpoint
CREATE INDEX "attendance_record_changes_record" ON "attendance_record_changes" USING btree ("record_id","at");--> statement-breakpoint
CREATE INDEX "attendance_records_bu_date" ON "attendance_records" USING btree ("bu_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_reviews_one_pending" ON "attendance_reviews" USING btree ("record_id") WHERE "attendance_reviews"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "attendance_reviews_pending" ON "attendance_reviews" USING btree ("bu_id","first_edited_at") WHERE "attendance_reviews"."status" = 'Pending';