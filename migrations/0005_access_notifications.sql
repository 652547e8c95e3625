-- Every process caches callers' accounts, grants and unit settings; these triggers announce the changes
-- that make a cached entry wrong, on the channel the principal store listens to (delivered at commit).
CREATE FUNCTION notify_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('rostering_access', 'user:' || COALESCE(NEW.id, OLD.id)::text);
  ELSIF TG_TABLE_NAME = 'user_roles' THEN
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
CREATE TRIGGER users_access_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_access_change();
--> statement-breakpoint
CREATE TRIGGER user_roles_access_change AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION notify_access_change();
--> statement-breakpoint
CREATE TRIGGER roles_access_change AFTER UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();
--> statement-breakpoint
CREATE TRIGGER role_permissions_access_change AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_change();
--> statement-breakpoint
CREATE TRIGGER business_unit_settings_access_change AFTER UPDATE OR DELETE ON business_unit_settings
  FOR EACH ROW EXECUTE FUNCTION notify_access_change();
--> statement-breakpoint
CREATE TRIGGER business_units_access_change AFTER UPDATE OR DELETE ON business_units
  FOR EACH ROW EXECUTE FUNCTION notify_access_change();
