-- Client counters on update of clients: row by row, and only when a key moves to another day or the
-- source changes, so most updates (points, names, a second visit the same day) fire nothing at all.
-- The -1 and +1 of a key that did not move cancel out in client_day_counts_apply. A day that moved
-- also moves the client in each of its stores' counters (store_day_counts: −1 at the old day, +1 at
-- the new, appended, see client_stores_counts_trigger.sql).
CREATE OR REPLACE FUNCTION clients_counts_row_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_l date := (coalesce(OLD.last_visit_at, OLD.created_at) AT TIME ZONE 'UTC')::date;
  old_f date := (OLD.first_seen_at AT TIME ZONE 'UTC')::date;
  new_l date := (coalesce(NEW.last_visit_at, NEW.created_at) AT TIME ZONE 'UTC')::date;
  new_f date := (NEW.first_seen_at AT TIME ZONE 'UTC')::date;
BEGIN
  PERFORM client_day_counts_apply(jsonb_build_array(
    jsonb_build_object('franchise_id', OLD.franchise_id, 'kind', 'L', 'acquired_from', OLD.acquired_from, 'day', old_l, 'n', -1),
    jsonb_build_object('franchise_id', OLD.franchise_id, 'kind', 'F', 'acquired_from', OLD.acquired_from, 'day', old_f, 'n', -1),
    jsonb_build_object('franchise_id', OLD.franchise_id, 'kind', 'T', 'acquired_from', OLD.acquired_from, 'day', DATE '1970-01-01', 'n', -1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'kind', 'L', 'acquired_from', NEW.acquired_from, 'day', new_l, 'n', 1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'kind', 'F', 'acquired_from', NEW.acquired_from, 'day', new_f, 'n', 1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'kind', 'T', 'acquired_from', NEW.acquired_from, 'day', DATE '1970-01-01', 'n', 1)));
  IF (old_l, old_f) IS DISTINCT FROM (new_l, new_f) THEN
    INSERT INTO store_day_counts (franchise_id, store_id, kind, day, n)
    SELECT s.franchise_id, s.store_id, k.kind, k.day, sum(k.n)::int
      FROM client_stores s
     CROSS JOIN (VALUES ('L', old_l, -1), ('F', old_f, -1), ('L', new_l, 1), ('F', new_f, 1)) AS k(kind, day, n)
     WHERE s.client_id = NEW.id AND s.franchise_id = NEW.franchise_id
     GROUP BY 1, 2, 3, 4
    HAVING sum(k.n) <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER clients_counts_update AFTER UPDATE ON clients FOR EACH ROW
  WHEN ((OLD.acquired_from, (coalesce(OLD.last_visit_at, OLD.created_at) AT TIME ZONE 'UTC')::date, (OLD.first_seen_at AT TIME ZONE 'UTC')::date)
        IS DISTINCT FROM (NEW.acquired_from, (coalesce(NEW.last_visit_at, NEW.created_at) AT TIME ZONE 'UTC')::date, (NEW.first_seen_at AT TIME ZONE 'UTC')::date))
  EXECUTE FUNCTION clients_counts_row_trigger();
