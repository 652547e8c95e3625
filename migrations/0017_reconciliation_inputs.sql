-- Whatever writes reconciliation's inputs makes the dates it touches stale, in its own transaction: an
-- attendance record of a date affects that date and the day before (a night shift's clock-out is on the
-- next date's record); a published roster affects its period and the day after it.
CREATE FUNCTION touch_reconciliation_days_of_attendance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reconciliation_days (bu_id, date)
  SELECT DISTINCT r.bu_id, d.date
    FROM touched_rows r CROSS JOIN LATERAL (VALUES (r.date), (r.date - 1)) AS d(date)
   ORDER BY 1, 2
  ON CONFLICT (bu_id, date) DO UPDATE SET input_version = reconciliation_days.input_version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER attendance_records_inserted_reconciliation AFTER INSERT ON attendance_records
  REFERENCING NEW TABLE AS touched_rows
  FOR EACH STATEMENT EXECUTE FUNCTION touch_reconciliation_days_of_attendance();
--> statement-breakpoint
CREATE TRIGGER attendance_records_updated_reconciliation AFTER UPDATE ON attendance_records
  REFERENCING NEW TABLE AS touched_rows
  FOR EACH STATEMENT EXECUTE FUNCTION touch_reconciliation_days_of_attendance();
--> statement-breakpoint
CREATE FUNCTION touch_reconciliation_days_of_roster() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reconciliation_days (bu_id, date)
  SELECT NEW.bu_id, d::date FROM generate_series(NEW.period_from, NEW.period_to + 1, interval '1 day') AS d
  ON CONFLICT (bu_id, date) DO UPDATE SET input_version = reconciliation_days.input_version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER published_rosters_reconciliation AFTER INSERT ON published_rosters
  FOR EACH ROW EXECUTE FUNCTION touch_reconciliation_days_of_roster();
