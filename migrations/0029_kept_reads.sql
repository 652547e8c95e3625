-- The list reads every screen opens are kept in each process (the principal store's `read:` values); a
-- write to a table one of them reads announces it on the access channel, at commit, once per statement
-- (test/platform/kept-reads.test.ts holds each read to the tables its plan reads).
CREATE FUNCTION announce_read_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  announced text;
BEGIN
  FOREACH announced IN ARRAY TG_ARGV LOOP
    PERFORM pg_notify('rostering_access', announced);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:users', 'read:employees');
--> statement-breakpoint
CREATE TRIGGER user_roles_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:users');
--> statement-breakpoint
CREATE TRIGGER roles_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:users');
--> statement-breakpoint
CREATE TRIGGER org_nodes_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON org_nodes
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:users', 'read:employees');
--> statement-breakpoint
CREATE TRIGGER employees_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON employees
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:employees', 'read:own-roster');
--> statement-breakpoint
CREATE TRIGGER employee_skills_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON employee_skills
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:employees');
--> statement-breakpoint
CREATE TRIGGER grades_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON grades
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:employees');
--> statement-breakpoint
CREATE TRIGGER pool_members_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pool_members
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:employees');
--> statement-breakpoint
CREATE TRIGGER pools_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pools
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:employees');
--> statement-breakpoint
CREATE TRIGGER skills_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON skills
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:employees');
--> statement-breakpoint
CREATE TRIGGER holidays_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON holidays
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:own-roster');
--> statement-breakpoint
CREATE TRIGGER leave_requests_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON leave_requests
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:own-roster');
--> statement-breakpoint
CREATE TRIGGER published_roster_lines_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON published_roster_lines
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:own-roster');
--> statement-breakpoint
CREATE TRIGGER published_rosters_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON published_rosters
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:own-roster');
--> statement-breakpoint
CREATE TRIGGER roster_approvals_announce_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roster_approvals
  FOR EACH STATEMENT EXECUTE FUNCTION announce_read_change('read:own-roster');
