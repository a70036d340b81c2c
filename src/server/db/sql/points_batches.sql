-- points_batches(client): what remains of each of a client's earning batches (its positive ledger
-- rows) once every spend (redeem, debit, expiry: its negative rows) has consumed the oldest first
-- (FIFO). A balance never goes below zero, so FIFO consumption is always the first S earned points,
-- S being all spent: a batch keeps what of it lies past S in the running total of earnings. One scan of
-- the client's rows through points_tx_client_idx. Read by points expiry (services/expiry.ts).
CREATE OR REPLACE FUNCTION points_batches(p_client uuid)
RETURNS TABLE (id uuid, created_at timestamptz, points int, remaining int) LANGUAGE sql STABLE AS $$
  SELECT t.id, t.created_at, t.points, greatest(0, least(t.points, t.earned - t.spent))::int
    FROM (SELECT x.id, x.created_at, x.points,
                 sum(greatest(x.points, 0)) OVER (ORDER BY x.created_at, x.id) AS earned,
                 sum(greatest(-x.points, 0)) OVER () AS spent
            FROM points_transactions x
           WHERE x.client_id = p_client) t
   WHERE t.points > 0
$$;
