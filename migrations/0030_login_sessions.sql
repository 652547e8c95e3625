CREATE TABLE "login_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bu_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "unknown_login_names" (
	"username_key" text PRIMARY KEY NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"lockout_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_sessions" ADD CONSTRAINT "login_sessions_bu_id_business_units_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_sessions" ADD CONSTRAINT "login_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_sessions_user_live" ON "login_sessions" USING btree ("user_id") WHERE "login_sessions"."ended_at" is null;--> statement-breakpoint
-- A session that ends (or is removed) drops its user's cached account on every process, as a grant does;
-- a session that starts needs no announcement: a token naming a session the cache has not seen reads it.
CREATE OR REPLACE FUNCTION notify_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('rostering_access', 'user:' || COALESCE(NEW.id, OLD.id)::text);
  ELSIF TG_TABLE_NAME IN ('user_roles', 'login_sessions') THEN
    PERFORM pg_notify('rostering_access', 'user:' || COALESCE(NEW.user_id, OLD.user_id)::text);
  ELSIF TG_TABLE_NAME = 'business_unit_settings' THEN
    PERFORM pg_notify('rostering_access', 'unit:' || COALESCE(NEW.bu_id, OLD.bu_id)::text);
  ELSIF TG_TABLE_NAME = 'business_units' THEN
    PERFORM pg_notify('rostering_access', 'unit:' || COALESCE(NEW.id, OLD.id)::text);
  ELSE
    -- roles and role_permissions: rare changes that reach every holder of the role
    PERFORM pg_notify('rostering_access', 'all');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER login_sessions_access_change AFTER UPDATE OR DELETE ON login_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_access_change();
