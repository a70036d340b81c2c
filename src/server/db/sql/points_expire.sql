-- points_expire(p): a client's points expiry for one local day, in one statement (services/expiry.ts):
-- it locks the client's balance row first (a concurrent spend waits, so what expires is computed on
-- the balance it applies to), does nothing when the day's row exists already (a rerun, a second
-- worker, a restart after a crash), computes what is due and moves it through ledger_move as one
-- `expiry` row with the reference `expiry:<client>:<day>` (unique: points_tx_expiry_key).
-- INACTIVITY: the whole balance, once the local day of the last visit (of the creation, for a client
-- who never came) plus `months` is reached. BATCH: the earnings whose local day plus `months` is
-- reached, less all that was ever spent (FIFO: spends consume the oldest batches first, so what is
-- left of those batches is their total less the spends), never more than the balance.
-- p: {franchise_id, client_id, mode, months, day, timezone, now}. Answers {expired, move?}.
CREATE OR REPLACE FUNCTION points_expire(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_client uuid := (p->>'client_id')::uuid;
  v_franchise uuid := (p->>'franchise_id')::uuid;
  v_mode text := p->>'mode';
  v_months int := (p->>'months')::int;
  v_day date := (p->>'day')::date;
  v_tz text := p->>'timezone';
  v_ref text := 'expiry:' || (p->>'client_id') || ':' || (p->>'day');
  b record;
  v_due bigint := 0;
BEGIN
  SELECT bl.points, c.last_visit_at, c.created_at INTO b
    FROM client_balances bl JOIN clients c ON c.id = bl.client_id
   WHERE bl.client_id = v_client AND bl.franchise_id = v_franchise
     FOR UPDATE OF bl;
  IF NOT FOUND OR b.points <= 0 THEN
    RETURN jsonb_build_object('expired', 0);
  END IF;
  IF EXISTS (SELECT 1 FROM points_transactions WHERE type = 'expiry' AND reference = v_ref) THEN
    RETURN jsonb_build_object('expired', 0, 'done', true);
  END IF;
  IF v_mode = 'INACTIVITY' THEN
    IF ((coalesce(b.last_visit_at, b.created_at) AT TIME ZONE v_tz)::date
        + make_interval(months => v_months))::date <= v_day THEN
      v_due := b.points;
    END IF;
  ELSIF v_mode = 'BATCH' THEN
    SELECT coalesce(sum(t.points) FILTER (WHERE t.points > 0
             AND ((t.created_at AT TIME ZONE v_tz)::date + make_interval(months => v_months))::date <= v_day), 0)
         - coalesce(sum(-t.points) FILTER (WHERE t.points < 0), 0)
      INTO v_due
      FROM points_transactions t WHERE t.client_id = v_client;
    v_due := least(greatest(v_due, 0), b.points);
  END IF;
  IF v_due <= 0 THEN
    RETURN jsonb_build_object('expired', 0);
  END IF;
  RETURN jsonb_build_object('expired', v_due, 'move', ledger_move(jsonb_build_object(
    'franchise_id', v_franchise, 'client_id', v_client, 'store_id', NULL, 'type', 'expiry',
    'points', -v_due, 'reference', v_ref, 'is_visit', false, 'now', p->>'now')));
END $$;
