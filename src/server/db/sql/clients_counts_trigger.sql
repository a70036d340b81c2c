-- Client counters on insert and delete of clients, one call per statement (a bulk import is one).
-- The counter keys of a client row `c`: its last-sighting day ('L'), its first-sighting day ('F') and
-- its franchise and source total ('T', on the fixed day 1970-01-01: a franchise's client count reads at
-- most three rows instead of summing every day's 'L' rows).
CREATE OR REPLACE FUNCTION clients_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM client_day_counts_apply((SELECT jsonb_agg(jsonb_build_object('franchise_id', c.franchise_id, 'kind', k.kind, 'acquired_from', c.acquired_from, 'day', k.day, 'n', 1))
         FROM new_rows c
        CROSS JOIN LATERAL (VALUES ('L', (coalesce(c.last_visit_at, c.created_at) AT TIME ZONE 'UTC')::date), ('F', (c.first_seen_at AT TIME ZONE 'UTC')::date), ('T', DATE '1970-01-01')) AS k(kind, day)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM client_day_counts_apply((SELECT jsonb_agg(jsonb_build_object('franchise_id', c.franchise_id, 'kind', k.kind, 'acquired_from', c.acquired_from, 'day', k.day, 'n', -1))
         FROM old_rows c
        CROSS JOIN LATERAL (VALUES ('L', (coalesce(c.last_visit_at, c.created_at) AT TIME ZONE 'UTC')::date), ('F', (c.first_seen_at AT TIME ZONE 'UTC')::date), ('T', DATE '1970-01-01')) AS k(kind, day)));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER clients_counts_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clients_counts_trigger();

CREATE OR REPLACE TRIGGER clients_counts_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clients_counts_trigger();

-- A client deleted leaves its stores' day counters (store_day_counts, client_stores_counts_trigger.sql)
-- before its links cascade: the links' own trigger no longer sees the client row. Row by row (a
-- franchise's deletion pays one indexed read per client); stores already gone in the same statement
-- are left out, their counters went with them.
CREATE OR REPLACE FUNCTION clients_store_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO store_day_counts (franchise_id, store_id, kind, day, n)
  SELECT s.franchise_id, s.store_id, k.kind, k.day, -1
    FROM client_stores s
    JOIN stores st ON st.id = s.store_id AND st.franchise_id = s.franchise_id
   CROSS JOIN client_sighting_days(OLD.last_visit_at, OLD.created_at, OLD.first_seen_at) AS k
   WHERE s.client_id = OLD.id AND s.franchise_id = OLD.franchise_id;
  RETURN OLD;
END $$;

CREATE OR REPLACE TRIGGER clients_store_counts_delete BEFORE DELETE ON clients FOR EACH ROW
  EXECUTE FUNCTION clients_store_counts_delete();
