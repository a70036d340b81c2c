-- analytics_postcodes_apply(delta): adds a batch of +1/-1 entries to the postcode counters
-- (analytics_postcodes), in key order (no deadlock), dropping the entries that cancel out. Called by
-- the postcode triggers on `clients` (analytics_postcodes_trigger.sql, analytics_postcodes_row_trigger.sql).
-- PL/pgSQL keeps the statement's plan for the session (a SQL function's is made again at each call).
CREATE OR REPLACE FUNCTION analytics_postcodes_apply(delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_postcodes (franchise_id, postcode, n)
  SELECT d.franchise_id, d.postcode, sum(d.n)::int
    FROM jsonb_to_recordset(delta) AS d(franchise_id uuid, postcode text, n int)
   GROUP BY 1, 2
  HAVING sum(d.n) <> 0
   ORDER BY 1, 2
  ON CONFLICT (franchise_id, postcode) DO UPDATE SET n = analytics_postcodes.n + excluded.n;
END $$;
