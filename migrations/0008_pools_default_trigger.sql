-- Every department has exactly one default pool: the partial unique index keeps it to at most one, and
-- this trigger gives each department-type node its default pool however the node arrives (import, seed,
-- SQL). The pool code is the department code with -DEFAULT, or with the node id as well if that is taken.
CREATE FUNCTION create_default_pool() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pool_code text := NEW.code || '-DEFAULT';
BEGIN
  IF NOT EXISTS (SELECT 1 FROM node_types t WHERE t.id = NEW.node_type_id AND t.code = 'DEPARTMENT') THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM pools p WHERE p.department_id = NEW.id AND p.is_default) THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM pools p WHERE p.bu_id = NEW.bu_id AND p.code = pool_code) THEN
    pool_code := pool_code || '-' || left(NEW.id::text, 8);
  END IF;
  INSERT INTO pools (bu_id, department_id, code, name_en, name_ar, is_default)
  VALUES (NEW.bu_id, NEW.id, pool_code, NEW.name_en || ' (default pool)', NEW.name_ar || ' (المجموعة الافتراضية)', true);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER org_nodes_default_pool AFTER INSERT OR UPDATE OF node_type_id ON org_nodes
  FOR EACH ROW EXECUTE FUNCTION create_default_pool();
--> statement-breakpoint
INSERT INTO pools (bu_id, department_id, code, name_en, name_ar, is_default)
SELECT n.bu_id, n.id, n.code || '-DEFAULT', n.name_en || ' (default pool)', n.name_ar || ' (المجموعة الافتراضية)', true
FROM org_nodes n JOIN node_types t ON t.id = n.node_type_id AND t.code = 'DEPARTMENT'
WHERE NOT EXISTS (SELECT 1 FROM pools p WHERE p.department_id = n.id AND p.is_default);
