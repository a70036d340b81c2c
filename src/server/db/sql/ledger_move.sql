-- ledger_move(p): the ledger's one write, a points move in a single statement (one round trip from
-- the server, src/server/services/ledger.ts), in the caller's transaction. It checks the
-- Idempotency-Key (a concurrent repeat waits on a transaction-scoped advisory lock, then gets the
-- first answer; the key is written once, with the answer), reads a redeemed offer, locks the client's
-- balance row (concurrent moves of one client serialise there, so a balance never goes below zero),
-- applies the franchise's rules, appends the ledger row, updates the balance, and the client row only
-- for a visit or a sale. Refusals are raised with SQLSTATE 'LB' + HTTP status and a JSON detail
-- {code, details}.
-- It runs as the tables' owner, whom row-level security leaves alone, and applies the policies' rule
-- itself (app_reaches: tenant_policies.sql) to the one franchise it writes in: a franchise out of
-- the caller's reach has no client, store or offer here, as under the policies. The
-- policies cost every statement of the move, and of the triggers it fires, their own checks: 20 % of
-- a credit in pgbench on the same data (issue 36 §1).
CREATE OR REPLACE FUNCTION ledger_move(p jsonb) RETURNS jsonb LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_now timestamptz := coalesce((p->>'now')::timestamptz, now());
  v_key text := p->>'key';
  v_user uuid := (p->>'user_id')::uuid;
  v_franchise uuid := (p->>'franchise_id')::uuid;
  v_client uuid := (p->>'client_id')::uuid;
  v_store uuid := (p->>'store_id')::uuid;
  v_type text := p->>'type';
  v_points int := (p->>'points')::int;
  v_amount int := (p->>'amount_cents')::int;
  v_is_visit boolean := coalesce((p->>'is_visit')::boolean, v_type IN ('tag', 'sync'));
  v_is_sale boolean := coalesce((p->>'amount_cents')::int, 0) > 0;
  v_offer uuid := (p->>'offer_id')::uuid;
  v_franchises jsonb := CASE WHEN jsonb_typeof(p->'scope_franchise_ids') = 'array' THEN p->'scope_franchise_ids' END;
  v_stores jsonb := CASE WHEN jsonb_typeof(p->'scope_store_ids') = 'array' THEN p->'scope_store_ids' END;
  v_check_store boolean := coalesce((p->>'check_store')::boolean, false);
  v_existing idempotency_keys;
  r record;
  t points_transactions;
  o loyalty_offers;
  v_room int;
  v_day date;
  v_result jsonb;
  v_reach boolean;
BEGIN
  IF v_key IS NOT NULL THEN
    -- A concurrent request with the same key waits here until the first one ends (the lock is the
    -- transaction's, in memory: no row is written for it); it then reads the key the first stored.
    PERFORM pg_advisory_xact_lock(hashtextextended(v_user::text || ':' || v_key, 0));
    SELECT * INTO v_existing FROM idempotency_keys WHERE user_id = v_user AND key = v_key;
    IF FOUND THEN
      IF v_existing.request_hash IS DISTINCT FROM p->>'hash' THEN
        RAISE EXCEPTION USING ERRCODE = 'LB422', MESSAGE = 'This Idempotency-Key was used for a different request',
          DETAIL = jsonb_build_object('code', 'IDEMPOTENCY_KEY_REUSED')::text;
      END IF;
      RETURN jsonb_build_object('replayed', true, 'status', v_existing.status_code, 'result', v_existing.response);
    END IF;
  END IF;

  -- A redemption names its offer and no points: the offer's franchise (one of the caller's), state,
  -- expiry and price are read here, after the key (a repeat gets its first answer even if the offer
  -- was archived since).
  IF v_offer IS NOT NULL AND v_points IS NULL THEN
    SELECT * INTO o FROM loyalty_offers WHERE id = v_offer;
    IF NOT FOUND OR NOT app_reaches(o.franchise_id)
       OR (v_franchises IS NOT NULL AND NOT v_franchises ? o.franchise_id::text) THEN
      RAISE EXCEPTION USING ERRCODE = 'LB404', MESSAGE = 'Offer not found',
        DETAIL = jsonb_build_object('code', 'OFFER_NOT_FOUND')::text;
    END IF;
    IF o.status <> 'ACTIVE' THEN
      RAISE EXCEPTION USING ERRCODE = 'LB409', MESSAGE = 'This offer is archived',
        DETAIL = jsonb_build_object('code', 'OFFER_NOT_ACTIVE')::text;
    END IF;
    IF o.expires_at IS NOT NULL AND o.expires_at < v_now THEN
      RAISE EXCEPTION USING ERRCODE = 'LB409', MESSAGE = 'This offer has expired',
        DETAIL = jsonb_build_object('code', 'OFFER_EXPIRED')::text;
    END IF;
    v_franchise := o.franchise_id;
    v_points := -o.redeem_point_amount;
  END IF;

  v_reach := app_reaches(v_franchise);
  -- One statement: the balance row locked (concurrent moves of a client queue here, so a balance never
  -- goes below zero), the client's name and visits, the franchise's rules, the store (the franchise's,
  -- and the caller's for a store owner), and whether a store owner may see this client.
  SELECT b.points, b.total_collected_points, b.redeemed_offers_count, c.first_name, c.visit_count, c.last_visit_at,
         f.tag_scan_interval, franchise_points_cap(f.has_max_points_enabled, f.max_points) AS cap, f.timezone,
         (NOT v_check_store OR EXISTS (SELECT 1 FROM stores s WHERE s.id = v_store AND s.franchise_id = v_franchise
             AND v_reach AND (v_stores IS NULL OR v_stores ? s.id::text))) AS store_ok,
         (v_stores IS NULL OR EXISTS (SELECT 1 FROM client_stores cs WHERE cs.client_id = v_client
             AND v_stores ? cs.store_id::text)) AS visible
    INTO r
    FROM client_balances b JOIN clients c ON c.id = b.client_id JOIN franchises f ON f.id = b.franchise_id
   WHERE b.client_id = v_client AND b.franchise_id = v_franchise AND v_reach
     FOR UPDATE OF b;
  IF FOUND AND NOT r.store_ok OR NOT FOUND AND v_check_store AND NOT EXISTS (
       SELECT 1 FROM stores s WHERE s.id = v_store AND s.franchise_id = v_franchise
          AND v_reach AND (v_stores IS NULL OR v_stores ? s.id::text)) THEN
    RAISE EXCEPTION USING ERRCODE = 'LB404', MESSAGE = 'Store not found',
      DETAIL = jsonb_build_object('code', 'STORE_NOT_FOUND')::text;
  END IF;
  IF NOT FOUND OR NOT r.visible THEN
    RAISE EXCEPTION USING ERRCODE = 'LB404', MESSAGE = 'Client not found',
      DETAIL = jsonb_build_object('code', 'CLIENT_NOT_FOUND')::text;
  END IF;

  IF v_points < 0 AND r.points + v_points < 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'LB409',
      MESSAGE = format('The client has %s points; %s cannot be spent', r.points, -v_points),
      DETAIL = jsonb_build_object('code', 'INSUFFICIENT_POINTS', 'details', jsonb_build_object('balance', r.points))::text;
  END IF;
  IF v_points > 0 THEN
    IF v_type IN ('tag', 'sync') AND r.tag_scan_interval > 0 AND r.last_visit_at IS NOT NULL
       AND r.last_visit_at + make_interval(secs => r.tag_scan_interval) > v_now THEN
      RAISE EXCEPTION USING ERRCODE = 'LB409', MESSAGE = 'Points were already collected recently',
        DETAIL = jsonb_build_object('code', 'VISIT_TOO_SOON', 'details', jsonb_build_object('retryAfter',
          ceil(extract(epoch FROM (r.last_visit_at + make_interval(secs => r.tag_scan_interval) - v_now)))::int))::text;
    END IF;
    IF r.cap IS NOT NULL THEN
      v_room := r.cap - r.points;
      IF v_room <= 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'LB409',
          MESSAGE = format('The client already has the maximum of %s points', r.cap),
          DETAIL = jsonb_build_object('code', 'MAX_POINTS_REACHED', 'details', jsonb_build_object('maxPoints', r.cap))::text;
      END IF;
      v_points := least(v_points, v_room);
    END IF;
  END IF;

  -- A visit or a sale changes the client's audience row through the triggers of four of the rows
  -- written below (its ledger row's visit days, the balance, the client row, a new store link): they
  -- leave it to one refresh at the end of this move, one write instead of up to five. The visit-days
  -- trigger leaves the client row's sales weeks to the move's own update of that row, too.
  IF v_is_visit OR v_is_sale THEN
    PERFORM set_config('app.audience_deferred', v_client::text, true);
  END IF;

  INSERT INTO points_transactions (franchise_id, client_id, store_id, type, points, amount_cents,
                                   currency_code, reference, author_id, impostor_of, created_at)
  VALUES (v_franchise, v_client, v_store, v_type, v_points, v_amount, p->>'currency_code', p->>'reference',
          (p->>'author_id')::uuid, (p->>'impostor_of')::uuid, v_now)
  RETURNING * INTO t;

  UPDATE client_balances SET
    points = points + v_points,
    total_collected_points = total_collected_points + greatest(v_points, 0),
    redeemed_offers_count = redeemed_offers_count + CASE WHEN v_type = 'redeem' AND p->>'reference' IS NOT NULL THEN 1 ELSE 0 END
  WHERE client_id = v_client AND franchise_id = v_franchise
  RETURNING points, total_collected_points, redeemed_offers_count INTO r.points, r.total_collected_points, r.redeemed_offers_count;

  -- Only a visit or a sale changes the client row (and its sort keys); a credit, a debit or a
  -- redemption leaves it alone. Written once: a sale's new local week (sales_weeks, which the ledger's
  -- visit-days trigger counts for the other writers) is counted here, from the visit days the trigger
  -- has just written — a week whose only sale is this one.
  IF v_is_visit OR v_is_sale THEN
    v_day := (v_now AT TIME ZONE r.timezone)::date;
    UPDATE clients SET
      sales_weeks = sales_weeks + CASE WHEN v_is_sale AND NOT EXISTS (
          SELECT 1 FROM client_visit_days d
           WHERE d.client_id = v_client AND d.franchise_id = v_franchise
             AND d.day >= date_trunc('week', v_day)::date AND d.day < date_trunc('week', v_day)::date + 7
             AND d.sales > CASE WHEN d.day = v_day THEN 1 ELSE 0 END) THEN 1 ELSE 0 END,
      visit_count = visit_count + CASE WHEN v_is_visit THEN 1 ELSE 0 END,
      last_visit_at = CASE WHEN v_is_visit THEN v_now ELSE last_visit_at END,
      first_visit_at = CASE WHEN v_is_visit THEN coalesce(first_visit_at, v_now) ELSE first_visit_at END,
      sales_count = sales_count + CASE WHEN v_is_sale THEN 1 ELSE 0 END,
      total_spent_cents = total_spent_cents + CASE WHEN v_is_sale THEN v_amount ELSE 0 END,
      updated_at = v_now
    WHERE id = v_client AND franchise_id = v_franchise
    RETURNING visit_count, last_visit_at INTO r.visit_count, r.last_visit_at;
  END IF;

  IF v_store IS NOT NULL AND v_is_visit THEN
    INSERT INTO client_stores (franchise_id, client_id, store_id, first_visit_at, last_visit_at)
    VALUES (v_franchise, v_client, v_store, v_now, v_now)
    ON CONFLICT (client_id, store_id, franchise_id) DO UPDATE SET last_visit_at = v_now;
  END IF;

  IF v_is_visit OR v_is_sale THEN
    PERFORM set_config('app.audience_deferred', '', true);
    PERFORM client_audience_refresh(ARRAY[v_client]);
  END IF;

  -- Last, so that redemptions of one offer hold its row only for the commit. The move's franchise's
  -- offer only (an offer named beside its points was not read above).
  IF v_offer IS NOT NULL THEN
    UPDATE loyalty_offers SET redeemed_count = redeemed_count + 1, last_redeemed_at = v_now
     WHERE id = v_offer AND franchise_id = v_franchise;
  END IF;

  -- The answer (and what a repeat gets back) is what the routes use of the rows.
  v_result := jsonb_build_object(
    'transaction', jsonb_build_object('id', t.id, 'client_id', t.client_id, 'store_id', t.store_id,
      'type', t.type, 'points', t.points, 'amount_cents', t.amount_cents, 'currency_code', t.currency_code,
      'reference', t.reference, 'created_at', t.created_at),
    'client', jsonb_build_object('id', v_client, 'first_name', r.first_name, 'points', r.points,
      'total_collected_points', r.total_collected_points, 'redeemed_offers_count', r.redeemed_offers_count,
      'visit_count', r.visit_count, 'last_visit_at', r.last_visit_at));
  IF v_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (key, user_id, request_hash, status_code, response)
    VALUES (v_key, v_user, p->>'hash', 200, v_result)
    ON CONFLICT DO NOTHING;
    -- Taken meanwhile by another kind of request (one that does not move points through here) with
    -- the same key: this move is undone.
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'LB422', MESSAGE = 'This Idempotency-Key was used for a different request',
        DETAIL = jsonb_build_object('code', 'IDEMPOTENCY_KEY_REUSED')::text;
    END IF;
  END IF;
  RETURN jsonb_build_object('replayed', false, 'status', 200, 'result', v_result);
END $$;

-- Run as the owner: callable by the app's role only (tenant_policies.sql grants it), not by everyone.
REVOKE ALL ON FUNCTION ledger_move(jsonb) FROM PUBLIC;
