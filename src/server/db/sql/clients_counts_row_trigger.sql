-- Client counters on update of clients: row by row, and only when a key moves to another day or the
-- source changes, so most updates (points, names, a second visit the same day) fire nothing at all.
-- The -1 and +1 of a key that did not move cancel out in client_day_counts_apply.
CREATE OR REPLACE FUNCTION clients_counts_row_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_day_counts_apply(jsonb_build_array(
    jsonb_build_object('franchise_id', OLD.franchise_id, 'kind', 'L', 'acquired_from', OLD.acquired_from, 'day', (coalesce(OLD.last_visit_at, OLD.created_at) AT TIME ZONE 'UTC')::date, 'n', -1),
    jsonb_build_object('franchise_id', OLD.franchise_id, 'kind', 'F', 'acquired_from', OLD.acquired_from, 'day', (OLD.first_seen_at AT TIME ZONE 'UTC')::date, 'n', -1),
    jsonb_build_object('franchise_id', OLD.franchise_id, 'kind', 'T', 'acquired_from', OLD.acquired_from, 'day', DATE '1970-01-01', 'n', -1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'kind', 'L', 'acquired_from', NEW.acquired_from, 'day', (coalesce(NEW.last_visit_at, NEW.created_at) AT TIME ZONE 'UTC')::date, 'n', 1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'kind', 'F', 'acquired_from', NEW.acquired_from, 'day', (NEW.first_seen_at AT TIME ZONE 'UTC')::date, 'n', 1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'kind', 'T', 'acquired_from', NEW.acquired_from, 'day', DATE '1970-01-01', 'n', 1)));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER clients_counts_update AFTER UPDATE ON clients FOR EACH ROW
  WHEN ((OLD.acquired_from, (coalesce(OLD.last_visit_at, OLD.created_at) AT TIME ZONE 'UTC')::date, (OLD.first_seen_at AT TIME ZONE 'UTC')::date)
        IS DISTINCT FROM (NEW.acquired_from, (coalesce(NEW.last_visit_at, NEW.created_at) AT TIME ZONE 'UTC')::date, (NEW.first_seen_at AT TIME ZONE 'UTC')::date))
  EXECUTE FUNCTION clients_counts_row_trigger();
