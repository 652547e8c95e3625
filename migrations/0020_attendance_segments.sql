-- An attendance record is a segment of presence (DESIGN §12), keyed by employee, date and Time_In: several a
-- date (back-to-back nights put the tail of one and the start of the next on one date). A record without
-- Time_In (a status for the day) is the one timeless key of its date: nulls are not distinct.
-- Reconciliation gains WRONG_SHIFT (a presence on another planned shift of the day than the planned one).
ALTER TABLE "attendance_records" DROP CONSTRAINT "attendance_records_employee_date";--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" DROP CONSTRAINT "reconciliation_exceptions_kind";--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD COLUMN "worked_shift_template_id" uuid;--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD COLUMN "worked_shift_code" text;--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD COLUMN "worked_start" text;--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD COLUMN "worked_end" text;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_segment" UNIQUE NULLS NOT DISTINCT("bu_id","employee_id","date","time_in");--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_kind" CHECK ("reconciliation_exceptions"."kind" in ('NO_SHOW', 'UNPLANNED_ATTENDANCE', 'LATE_ARRIVAL', 'EARLY_DEPARTURE', 'WRONG_SHIFT'));--> statement-breakpoint
-- Segments are joined across midnight into one presence, so a record of a date can change what the day
-- before (its night) and the day after (a 00:00 segment joining it) reconcile to.
CREATE OR REPLACE FUNCTION touch_reconciliation_days_of_attendance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reconciliation_days (bu_id, date)
  SELECT DISTINCT r.bu_id, d.date
    FROM touched_rows r CROSS JOIN LATERAL (VALUES (r.date - 1), (r.date), (r.date + 1)) AS d(date)
   ORDER BY 1, 2
  ON CONFLICT (bu_id, date) DO UPDATE SET input_version = reconciliation_days.input_version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The matching rule changed: every date reconciled so far is recomputed when next read.
UPDATE "reconciliation_days" SET "input_version" = "input_version" + 1;
