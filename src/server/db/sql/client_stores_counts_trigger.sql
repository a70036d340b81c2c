-- The client count of each store (store_client_counts), kept exact by statement triggers on
-- client_stores in the same transaction as its rows, upserted in store order (no deadlock).
CREATE OR REPLACE FUNCTION client_stores_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO store_client_counts (store_id, franchise_id, n)
    SELECT store_id, franchise_id, count(*)::int FROM new_rows GROUP BY store_id, franchise_id ORDER BY store_id
    ON CONFLICT (store_id, franchise_id) DO UPDATE SET n = store_client_counts.n + excluded.n;
  ELSE
    UPDATE store_client_counts s SET n = s.n - d.n
      FROM (SELECT store_id, franchise_id, count(*)::int AS n FROM old_rows GROUP BY store_id, franchise_id) d
     WHERE s.store_id = d.store_id AND s.franchise_id = d.franchise_id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER client_stores_counts_insert AFTER INSERT ON client_stores REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_stores_counts_trigger();

CREATE OR REPLACE TRIGGER client_stores_counts_delete AFTER DELETE ON client_stores REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_stores_counts_trigger();
