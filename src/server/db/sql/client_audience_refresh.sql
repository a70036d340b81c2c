-- client_audience_refresh(ids): recomputes the audience rows (client_audience, tables-audience.ts) of
-- these clients from their sources — the client row, its balance, its store links, its visit days,
-- the franchise's opt-outs and unreachable phones — so every trigger that calls it leaves the same row
-- whatever order they fire in. A row that would not change is not rewritten; a client gone has no row (its key cascades).
-- PL/pgSQL, not SQL: a SQL function's statement is planned again at each call of the statement that
-- calls it, and this one is called twice per visit (planning it cost more than running it); PL/pgSQL
-- keeps the plan for the session, and keeps one plan: left to choose, it planned again at every call
-- (its generic plan, made for ten ids, looked dearer than one id's), a millisecond a visit. The
-- generic plan reads each client, balance and store list by its key. An empty list returns at once
-- (a trigger whose rows were all the deferred client's).
-- JIT is off here: the function runs once per changed client in its row triggers, and its generic plan's
-- estimate (ten ids, each with its store links) can pass jit_above_cost on a large table without fresh
-- statistics: compiling then took 20 ms of a 1.4 ms call, and a 25,000-client load went from 30 s to
-- 10 minutes.
CREATE OR REPLACE FUNCTION client_audience_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql SET jit = off
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO client_audience AS a (client_id, franchise_id, sms, phone, app_last_used_at, gender, birth_date,
    postcode, acquired_from, points, collected, average_basket_key, weekly_basket_key, last_visit_key,
    last_visit_at, created_at, first_seen_at, store_ids, visit_days)
  SELECT c.id, c.franchise_id,
         sms_reachable(c.phone) AND NOT EXISTS (
           SELECT 1 FROM sms_opt_outs o WHERE o.franchise_id = c.franchise_id AND o.phone = c.phone)
         AND NOT EXISTS (
           SELECT 1 FROM sms_unreachable_phones u WHERE u.franchise_id = c.franchise_id AND u.phone = c.phone),
         c.phone, c.app_last_used_at, c.gender, c.birth_date, c.postcode, c.acquired_from,
         coalesce(b.points, 0), coalesce(b.total_collected_points, 0), c.average_basket_key,
         c.weekly_basket_key, c.last_visit_key, c.last_visit_at, c.created_at, c.first_seen_at,
         coalesce((SELECT array_agg(s.store_id ORDER BY s.store_id) FROM client_stores s WHERE s.client_id = c.id), '{}'),
         client_visit_days_list(c.id)
    FROM clients c
    -- One balance per client, by its key: OFFSET 0 keeps the subquery from being folded into a join the
    -- plan (made once for unknown ids) ran as a merge over the whole balances table, on every visit.
    LEFT JOIN LATERAL (SELECT b.points, b.total_collected_points FROM client_balances b
                        WHERE b.client_id = c.id AND b.franchise_id = c.franchise_id OFFSET 0) b ON true
   WHERE c.id = ANY (ids)
   ORDER BY c.id
  ON CONFLICT (client_id, franchise_id) DO UPDATE SET
    sms = excluded.sms, phone = excluded.phone,
    app_last_used_at = excluded.app_last_used_at, gender = excluded.gender, birth_date = excluded.birth_date,
    postcode = excluded.postcode, acquired_from = excluded.acquired_from, points = excluded.points,
    collected = excluded.collected, average_basket_key = excluded.average_basket_key,
    weekly_basket_key = excluded.weekly_basket_key, last_visit_key = excluded.last_visit_key,
    last_visit_at = excluded.last_visit_at, created_at = excluded.created_at,
    first_seen_at = excluded.first_seen_at, store_ids = excluded.store_ids, visit_days = excluded.visit_days
  WHERE a IS DISTINCT FROM excluded;
END $$;

-- The client whose audience row the current points move refreshes once at its end (ledger_move sets it
-- for a visit or a sale, for that move only): the triggers of the rows the move writes leave that
-- client's row alone meanwhile, so a visit writes it once instead of up to five times (issue 38 §4).
CREATE OR REPLACE FUNCTION client_audience_deferred() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.audience_deferred', true), '')::uuid
$$;
