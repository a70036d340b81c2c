-- 1. Access tokens are cached by each server process (src/server/services/token-cache.ts): any change
--    to what a token resolves to (the token, its user, the user's franchises and store links, the demo
--    franchise's stores) notifies 'auth_changed' at commit, and every process drops its cache.
CREATE FUNCTION auth_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER access_tokens_auth_changed AFTER UPDATE OR DELETE ON access_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER franchises_auth_changed AFTER INSERT OR UPDATE OF user_id, is_demo OR DELETE ON franchises
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER store_owners_auth_changed AFTER INSERT OR UPDATE OR DELETE ON store_owners
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER stores_auth_changed AFTER INSERT OR UPDATE OF franchise_id OR DELETE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
-- 2. ledger_move (migrations 0006, 0016) also redeems an offer by its id alone (see below): the
--    redemption no longer reads the offer in a round trip of its own; and it answers with the fields
--    the routes use instead of the whole client and transaction rows.
CREATE OR REPLACE FUNCTION ledger_move(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
  v_franchises uuid[] := CASE WHEN jsonb_typeof(p->'scope_franchise_ids') = 'array'
                      THEN ARRAY(SELECT jsonb_array_elements_text(p->'scope_franchise_ids'))::uuid[] END;
  v_scope uuid[] := CASE WHEN p ? 'scope_store_ids' AND jsonb_typeof(p->'scope_store_ids') = 'array'
                      THEN ARRAY(SELECT jsonb_array_elements_text(p->'scope_store_ids'))::uuid[] END;
  v_existing idempotency_keys;
  c clients;
  f franchises;
  t points_transactions;
  o loyalty_offers;
  v_visible boolean;
  v_room int;
  v_result jsonb;
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
  -- was archived since), so a redemption is one round trip like any other move.
  IF v_offer IS NOT NULL AND v_points IS NULL THEN
    SELECT * INTO o FROM loyalty_offers WHERE id = v_offer;
    IF NOT FOUND OR (v_franchises IS NOT NULL AND NOT o.franchise_id = ANY (v_franchises)) THEN
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

  -- The store must be one of the franchise's, and one of the caller's for a store owner.
  IF coalesce((p->>'check_store')::boolean, false) AND NOT EXISTS (
       SELECT 1 FROM stores s WHERE s.id = v_store AND s.franchise_id = v_franchise
          AND (v_scope IS NULL OR s.id = ANY (v_scope))) THEN
    RAISE EXCEPTION USING ERRCODE = 'LB404', MESSAGE = 'Store not found',
      DETAIL = jsonb_build_object('code', 'STORE_NOT_FOUND')::text;
  END IF;

  SELECT * INTO c FROM clients WHERE id = v_client AND franchise_id = v_franchise FOR UPDATE;
  v_visible := FOUND AND (v_scope IS NULL OR EXISTS (
    SELECT 1 FROM client_stores s WHERE s.client_id = v_client AND s.store_id = ANY (v_scope)));
  IF NOT v_visible THEN
    RAISE EXCEPTION USING ERRCODE = 'LB404', MESSAGE = 'Client not found',
      DETAIL = jsonb_build_object('code', 'CLIENT_NOT_FOUND')::text;
  END IF;

  IF v_points < 0 AND c.points + v_points < 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'LB409',
      MESSAGE = format('The client has %s points; %s cannot be spent', c.points, -v_points),
      DETAIL = jsonb_build_object('code', 'INSUFFICIENT_POINTS', 'details', jsonb_build_object('balance', c.points))::text;
  END IF;

  IF v_points > 0 THEN
    SELECT * INTO f FROM franchises WHERE id = v_franchise;
    IF v_type IN ('tag', 'sync') AND f.tag_scan_interval > 0 AND c.last_visit_at IS NOT NULL
       AND c.last_visit_at + make_interval(secs => f.tag_scan_interval) > v_now THEN
      RAISE EXCEPTION USING ERRCODE = 'LB409', MESSAGE = 'Points were already collected recently',
        DETAIL = jsonb_build_object('code', 'VISIT_TOO_SOON', 'details', jsonb_build_object('retryAfter',
          ceil(extract(epoch FROM (c.last_visit_at + make_interval(secs => f.tag_scan_interval) - v_now)))::int))::text;
    END IF;
    IF f.has_max_points_enabled AND f.max_points IS NOT NULL AND f.max_points > 0 THEN
      v_room := f.max_points - c.points;
      IF v_room <= 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'LB409',
          MESSAGE = format('The client already has the maximum of %s points', f.max_points),
          DETAIL = jsonb_build_object('code', 'MAX_POINTS_REACHED', 'details', jsonb_build_object('maxPoints', f.max_points))::text;
      END IF;
      v_points := least(v_points, v_room);
    END IF;
  END IF;

  INSERT INTO points_transactions (franchise_id, client_id, store_id, type, points, amount_cents,
                                   currency_code, reference, author_id, impostor_of, created_at)
  VALUES (v_franchise, v_client, v_store, v_type, v_points, v_amount, p->>'currency_code', p->>'reference',
          (p->>'author_id')::uuid, (p->>'impostor_of')::uuid, v_now)
  RETURNING * INTO t;

  UPDATE clients SET
    points = points + v_points,
    total_collected_points = total_collected_points + greatest(v_points, 0),
    redeemed_offers_count = redeemed_offers_count + CASE WHEN v_type = 'redeem' AND p->>'reference' IS NOT NULL THEN 1 ELSE 0 END,
    visit_count = visit_count + CASE WHEN v_is_visit THEN 1 ELSE 0 END,
    last_visit_at = CASE WHEN v_is_visit THEN v_now ELSE last_visit_at END,
    first_visit_at = CASE WHEN v_is_visit THEN coalesce(first_visit_at, v_now) ELSE first_visit_at END,
    sales_count = sales_count + CASE WHEN v_is_sale THEN 1 ELSE 0 END,
    total_spent_cents = total_spent_cents + CASE WHEN v_is_sale THEN v_amount ELSE 0 END,
    updated_at = v_now
  WHERE id = v_client
  RETURNING * INTO c;

  IF v_store IS NOT NULL AND v_is_visit THEN
    INSERT INTO client_stores (franchise_id, client_id, store_id, first_visit_at, last_visit_at)
    VALUES (v_franchise, v_client, v_store, v_now, v_now)
    ON CONFLICT (client_id, store_id) DO UPDATE SET last_visit_at = v_now;
  END IF;

  -- Last, so that redemptions of one offer hold its row only for the commit.
  IF p->>'offer_id' IS NOT NULL THEN
    UPDATE loyalty_offers SET redeemed_count = redeemed_count + 1, last_redeemed_at = v_now
     WHERE id = (p->>'offer_id')::uuid;
  END IF;

  -- The answer (and what a repeat gets back) is what the routes use of the two rows, not the rows: a
  -- client row as JSON was most of the stored key's bytes and measurably slowed every move.
  v_result := jsonb_build_object(
    'transaction', jsonb_build_object('id', t.id, 'client_id', t.client_id, 'store_id', t.store_id,
      'type', t.type, 'points', t.points, 'amount_cents', t.amount_cents, 'currency_code', t.currency_code,
      'reference', t.reference, 'created_at', t.created_at),
    'client', jsonb_build_object('id', c.id, 'first_name', c.first_name, 'points', c.points,
      'total_collected_points', c.total_collected_points, 'redeemed_offers_count', c.redeemed_offers_count,
      'visit_count', c.visit_count, 'last_visit_at', c.last_visit_at));
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
