-- ledger_open_balances(p): an import's opening balances (services/imports-run.ts), the ledger's write
-- for a batch of new clients in one statement: one `migration` row each, in the order given, and their
-- balances. Called once per client, ledger_move fired the ledger's statement triggers (visit days,
-- webhooks) and planned its steps once per row: half of an import's time. A move here credits a client
-- whose balance has never moved (a client the batch has just created); any other, or one out of the
-- caller's reach (row-level security applies: this runs as the caller), refuses the whole call with
-- CLIENT_NOT_FOUND, and the import writes the batch again a record at a time. The franchise's cap
-- applies as in ledger_move (on an empty balance, the cap itself).
-- p: [{franchise_id, client_id, points, reference, author_id, impostor_of, now}], points > 0.
CREATE OR REPLACE FUNCTION ledger_open_balances(p jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_moves int := jsonb_array_length(p);
  v_done int;
BEGIN
  IF v_moves = 0 THEN
    RETURN 0;
  END IF;
  WITH m AS (
    SELECT (e.x->>'franchise_id')::uuid AS franchise_id, (e.x->>'client_id')::uuid AS client_id,
           e.x->>'reference' AS reference, (e.x->>'author_id')::uuid AS author_id,
           (e.x->>'impostor_of')::uuid AS impostor_of, coalesce((e.x->>'now')::timestamptz, now()) AS at, e.n,
           CASE WHEN f.has_max_points_enabled AND f.max_points > 0 THEN least((e.x->>'points')::int, f.max_points)
                ELSE (e.x->>'points')::int END AS points
      FROM jsonb_array_elements(p) WITH ORDINALITY AS e(x, n)
      JOIN franchises f ON f.id = (e.x->>'franchise_id')::uuid
     WHERE (e.x->>'points')::int > 0
  ),
  credited AS (
    UPDATE client_balances b SET points = m.points, total_collected_points = m.points
      FROM m
     WHERE b.client_id = m.client_id AND b.franchise_id = m.franchise_id
       AND b.points = 0 AND b.total_collected_points = 0 AND b.redeemed_offers_count = 0
    RETURNING b.client_id, b.franchise_id
  ),
  rows AS (
    INSERT INTO points_transactions (franchise_id, client_id, store_id, type, points, reference,
                                     author_id, impostor_of, created_at)
    SELECT m.franchise_id, m.client_id, NULL, 'migration', m.points, m.reference, m.author_id,
           m.impostor_of, m.at
      FROM m JOIN credited c ON c.client_id = m.client_id AND c.franchise_id = m.franchise_id
     ORDER BY m.n
    RETURNING 1
  )
  SELECT count(*) INTO v_done FROM rows;
  IF v_done <> v_moves THEN
    RAISE EXCEPTION USING ERRCODE = 'LB404', MESSAGE = 'Client not found',
      DETAIL = jsonb_build_object('code', 'CLIENT_NOT_FOUND')::text;
  END IF;
  RETURN v_done;
END $$;
