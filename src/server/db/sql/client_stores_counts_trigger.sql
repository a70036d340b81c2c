-- A store's client counters, kept by statement triggers on client_stores in the same transaction as
-- its rows:
-- - store_client_counts, the client count of each store, upserted in store order (no deadlock);
-- - store_day_counts, a store's clients by the day of their last ('L') and first ('F') sighting, as
--   +n/−n rows appended, never updated (tables-clients.ts says why): a link added counts its client at
--   the client's current days, a link removed takes it off there. A link that goes with its client
--   (the client's delete cascades) is taken off before, by clients_store_counts_delete
--   (clients_counts_trigger.sql): the client row is no longer visible here. Links that go with their
--   store or franchise write nothing (the join to stores): the counters go with the store.
-- A client's store day counter keys: the UTC days of its last sighting ('L': last visit, or creation
-- for a client who never came) and of its first ('F'), as client_day_counts keys them. Inlined by the
-- planner into the statements that call it.
CREATE OR REPLACE FUNCTION client_sighting_days(last_visit_at timestamptz, created_at timestamptz, first_seen_at timestamptz)
RETURNS TABLE (kind text, day date) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('L', (coalesce(last_visit_at, created_at) AT TIME ZONE 'UTC')::date),
         ('F', (first_seen_at AT TIME ZONE 'UTC')::date)
$$;

CREATE OR REPLACE FUNCTION client_stores_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO store_client_counts (store_id, franchise_id, n)
    SELECT store_id, franchise_id, count(*)::int FROM new_rows GROUP BY store_id, franchise_id ORDER BY store_id
    ON CONFLICT (store_id, franchise_id) DO UPDATE SET n = store_client_counts.n + excluded.n;
    INSERT INTO store_day_counts (franchise_id, store_id, kind, day, n)
    SELECT s.franchise_id, s.store_id, k.kind, k.day, count(*)::int
      FROM new_rows s
      JOIN clients c ON c.id = s.client_id AND c.franchise_id = s.franchise_id
     CROSS JOIN LATERAL client_sighting_days(c.last_visit_at, c.created_at, c.first_seen_at) AS k
     GROUP BY 1, 2, 3, 4;
  ELSE
    UPDATE store_client_counts s SET n = s.n - d.n
      FROM (SELECT store_id, franchise_id, count(*)::int AS n FROM old_rows GROUP BY store_id, franchise_id) d
     WHERE s.store_id = d.store_id AND s.franchise_id = d.franchise_id;
    INSERT INTO store_day_counts (franchise_id, store_id, kind, day, n)
    SELECT s.franchise_id, s.store_id, k.kind, k.day, -count(*)::int
      FROM old_rows s
      JOIN clients c ON c.id = s.client_id AND c.franchise_id = s.franchise_id
      JOIN stores st ON st.id = s.store_id AND st.franchise_id = s.franchise_id
     CROSS JOIN LATERAL client_sighting_days(c.last_visit_at, c.created_at, c.first_seen_at) AS k
     GROUP BY 1, 2, 3, 4;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER client_stores_counts_insert AFTER INSERT ON client_stores REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_stores_counts_trigger();

CREATE OR REPLACE TRIGGER client_stores_counts_delete AFTER DELETE ON client_stores REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_stores_counts_trigger();

-- store_day_counts filled once from the store links and the client rows, when it has never been: the
-- table is empty only then (each link keeps a +1 'L' and a +1 'F' that folding never drops). Here,
-- after the triggers above and clients_counts_row_trigger.sql and in their transaction, since their
-- CREATE TRIGGER holds off the writes to clients and client_stores until it commits: no write falls
-- between the fill and the triggers that follow it.
INSERT INTO store_day_counts (franchise_id, store_id, kind, day, n)
SELECT s.franchise_id, s.store_id, k.kind, k.day, count(*)::int
  FROM client_stores s
  JOIN clients c ON c.id = s.client_id AND c.franchise_id = s.franchise_id
 CROSS JOIN LATERAL client_sighting_days(c.last_visit_at, c.created_at, c.first_seen_at) AS k
 WHERE NOT EXISTS (SELECT 1 FROM store_day_counts)
 GROUP BY 1, 2, 3, 4;
