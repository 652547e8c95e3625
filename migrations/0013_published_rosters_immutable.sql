-- A published roster is a snapshot: the database itself refuses to change or remove its header and lines.
CREATE FUNCTION refuse_published_roster_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is immutable: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = '42501';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER published_rosters_immutable BEFORE UPDATE OR DELETE ON published_rosters
  FOR EACH ROW EXECUTE FUNCTION refuse_published_roster_change();
--> statement-breakpoint
CREATE TRIGGER published_rosters_no_truncate BEFORE TRUNCATE ON published_rosters
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_published_roster_change();
--> statement-breakpoint
CREATE TRIGGER published_roster_lines_immutable BEFORE UPDATE OR DELETE ON published_roster_lines
  FOR EACH ROW EXECUTE FUNCTION refuse_published_roster_change();
--> statement-breakpoint
CREATE TRIGGER published_roster_lines_no_truncate BEFORE TRUNCATE ON published_roster_lines
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_published_roster_change();
