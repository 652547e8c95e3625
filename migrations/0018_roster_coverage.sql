-- What a manager decides on: how many heads the plan required in the version's period and how many the
-- version staffs, fixed at publishing like the rest of the snapshot.
ALTER TABLE "published_rosters" ADD COLUMN "required_heads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "published_rosters" ADD COLUMN "covered_heads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Versions published before the columns existed get their figures from their own lines, once: the only
-- change ever made to a header, with its guard lifted for this statement alone.
ALTER TABLE "published_rosters" DISABLE TRIGGER "published_rosters_immutable";--> statement-breakpoint
UPDATE "published_rosters" r SET
  "required_heads" = coalesce((SELECT sum(d.required) FROM demand_lines d
                                WHERE d.plan_id = r.plan_id AND d.date BETWEEN r.period_from AND r.period_to), 0),
  "covered_heads" = coalesce((SELECT sum(least(d.required, staffed.n)) FROM demand_lines d
                               JOIN (SELECT a.demand_line_id, count(*)::int AS n
                                       FROM published_roster_lines l JOIN shift_assignments a ON a.id = l.assignment_id
                                      WHERE l.roster_id = r.id AND a.demand_line_id IS NOT NULL
                                      GROUP BY a.demand_line_id) staffed ON staffed.demand_line_id = d.id), 0);--> statement-breakpoint
ALTER TABLE "published_rosters" ENABLE TRIGGER "published_rosters_immutable";--> statement-breakpoint
-- The versions that stand: not rejected, and no later version of their run that is not rejected either.
-- A rejected version is withdrawn, so readers fall back to the previous one.
CREATE VIEW "standing_rosters" AS
  SELECT r.* FROM published_rosters r
    JOIN roster_approvals a ON a.roster_id = r.id
   WHERE a.status <> 'Rejected'
     AND NOT EXISTS (SELECT 1 FROM published_rosters newer
                       JOIN roster_approvals na ON na.roster_id = newer.id
                      WHERE newer.run_id = r.run_id AND newer.version > r.version AND na.status <> 'Rejected');--> statement-breakpoint
-- The planned roster: a line of a standing version, unless a later-published standing version of the same
-- department covers its date. Every reader of the plan (own roster, reports, reconciliation) reads this.
CREATE VIEW "planned_roster_lines" AS
  SELECT l.*, s.bu_id, s.department_id, s.run_id, s.version AS roster_version
    FROM published_roster_lines l
    JOIN standing_rosters s ON s.id = l.roster_id
   WHERE NOT EXISTS (SELECT 1 FROM standing_rosters later
                      WHERE later.bu_id = s.bu_id AND later.department_id = s.department_id
                        AND l.date BETWEEN later.period_from AND later.period_to
                        AND later.published_at > s.published_at);--> statement-breakpoint
-- Rejecting a version changes the plan of its period as publishing it did.
CREATE FUNCTION touch_reconciliation_days_of_decision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reconciliation_days (bu_id, date)
  SELECT r.bu_id, d::date FROM published_rosters r
   CROSS JOIN LATERAL generate_series(r.period_from, r.period_to + 1, interval '1 day') AS d
   WHERE r.id = NEW.roster_id
  ON CONFLICT (bu_id, date) DO UPDATE SET input_version = reconciliation_days.input_version + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER roster_approvals_rejected_reconciliation AFTER UPDATE OF status ON roster_approvals
  FOR EACH ROW WHEN (NEW.status = 'Rejected' AND OLD.status IS DISTINCT FROM 'Rejected')
  EXECUTE FUNCTION touch_reconciliation_days_of_decision();
