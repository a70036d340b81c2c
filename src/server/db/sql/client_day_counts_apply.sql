-- client_day_counts_apply(delta): adds a batch of +1/-1 entries to the client counters
-- (client_day_counts). The counter triggers on `clients` (clients_counts_trigger.sql,
-- clients_counts_row_trigger.sql) keep them exact in the same transaction as the client rows. Rows are
-- upserted in key order so that concurrent writers lock counters in the same order (no deadlock); the
-- entries that cancel out (an update that keeps a key) are dropped. PL/pgSQL keeps the statement's plan
-- for the session (a SQL function's is made again at each call: a visit's day change calls it).
CREATE OR REPLACE FUNCTION client_day_counts_apply(delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_day_counts (franchise_id, kind, acquired_from, day, n)
  SELECT d.franchise_id, d.kind, d.acquired_from, d.day, sum(d.n)::int
    FROM jsonb_to_recordset(delta) AS d(franchise_id uuid, kind text, acquired_from text, day date, n int)
   GROUP BY 1, 2, 3, 4
  HAVING sum(d.n) <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (franchise_id, kind, acquired_from, day) DO UPDATE SET n = client_day_counts.n + excluded.n;
END $$;
