-- The attendance trail is evidence like the audit log: the database refuses to change or remove it.
CREATE FUNCTION refuse_attendance_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'attendance_record_changes is append-only: % refused', TG_OP USING ERRCODE = '42501';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER attendance_record_changes_append_only BEFORE UPDATE OR DELETE ON attendance_record_changes
  FOR EACH ROW EXECUTE FUNCTION refuse_attendance_history_change();
--> statement-breakpoint
CREATE TRIGGER attendance_record_changes_no_truncate BEFORE TRUNCATE ON attendance_record_changes
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_attendance_history_change();
