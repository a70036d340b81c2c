-- Postcode counters on update of clients: only a postcode (or franchise) change fires; the other
-- updates of a client row pay nothing but the WHEN.
CREATE OR REPLACE FUNCTION analytics_postcodes_row_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_postcodes_apply(jsonb_build_array(
    jsonb_build_object('franchise_id', OLD.franchise_id, 'postcode', coalesce(OLD.postcode, ''), 'n', -1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'postcode', coalesce(NEW.postcode, ''), 'n', 1)));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER analytics_postcodes_update AFTER UPDATE ON clients FOR EACH ROW
  WHEN (OLD.postcode IS DISTINCT FROM NEW.postcode OR OLD.franchise_id IS DISTINCT FROM NEW.franchise_id)
  EXECUTE FUNCTION analytics_postcodes_row_trigger();
