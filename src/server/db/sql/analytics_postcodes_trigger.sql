-- Postcode counters on insert and delete of clients, one call per statement: analytics' top postcodes
-- then never group a million clients.
CREATE OR REPLACE FUNCTION analytics_postcodes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_postcodes_apply((SELECT jsonb_agg(jsonb_build_object('franchise_id', c.franchise_id, 'postcode', coalesce(c.postcode, ''), 'n', 1)) FROM new_rows c));
  ELSE
    PERFORM analytics_postcodes_apply((SELECT jsonb_agg(jsonb_build_object('franchise_id', c.franchise_id, 'postcode', coalesce(c.postcode, ''), 'n', -1)) FROM old_rows c));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER analytics_postcodes_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_postcodes_trigger();

CREATE OR REPLACE TRIGGER analytics_postcodes_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_postcodes_trigger();
