-- client_visit_days (tables-audience.ts) and clients.sales_weeks follow the ledger: one call per
-- INSERT statement on points_transactions (a move is one row, a bulk load is one statement), so the
-- campaign audience counts visits in a period and the weekly average basket without reading the
-- ledger. A visit is a row of type tag or sync (the ledger's default, what analytics counts); a sale a
-- row with a positive amount. The day is the franchise's local day. A week (Monday to Sunday, local)
-- counts once in sales_weeks: its first sale adds it, read against the rows before this statement (every
-- CTE sees the same snapshot). Ledger rows are never updated; deleted only with their client, whose
-- client_visit_days rows go with it (foreign key).
-- A client's visits as its audience row keeps them (client_audience.visit_days): its local days, sorted,
-- a day once per visit. PL/pgSQL so that its plan is kept for the session (see client_audience_refresh).
CREATE OR REPLACE FUNCTION client_visit_days_list(id uuid) RETURNS date[] LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(d.day ORDER BY d.day), '{}')
            FROM client_visit_days d CROSS JOIN LATERAL generate_series(1, d.visits)
           WHERE d.client_id = client_visit_days_list.id AND d.visits > 0);
END $$;

CREATE OR REPLACE FUNCTION client_visit_days_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH n AS (
    SELECT t.client_id, t.franchise_id, (t.created_at AT TIME ZONE f.timezone)::date AS day,
           count(*) FILTER (WHERE t.type IN ('tag', 'sync'))::int AS visits,
           count(*) FILTER (WHERE t.amount_cents > 0)::int AS sales,
           coalesce(sum(t.amount_cents) FILTER (WHERE t.amount_cents > 0), 0)::bigint AS sales_cents
      FROM new_rows t JOIN franchises f ON f.id = t.franchise_id
     WHERE t.type IN ('tag', 'sync') OR t.amount_cents > 0
     GROUP BY 1, 2, 3
  ),
  new_weeks AS (
    SELECT n.client_id, count(DISTINCT date_trunc('week', n.day))::int AS weeks
      FROM n
     WHERE n.sales > 0 AND NOT EXISTS (
             SELECT 1 FROM client_visit_days d
              WHERE d.client_id = n.client_id AND d.sales > 0
                AND d.day >= date_trunc('week', n.day)::date AND d.day < date_trunc('week', n.day)::date + 7)
     GROUP BY n.client_id
  ),
  -- A data-modifying CTE always runs to completion, read or not.
  upserted AS (
    INSERT INTO client_visit_days AS d (client_id, franchise_id, day, visits, sales, sales_cents)
    SELECT client_id, franchise_id, day, visits, sales, sales_cents FROM n
    ON CONFLICT (client_id, day, franchise_id) DO UPDATE SET
      visits = d.visits + excluded.visits,
      sales = d.sales + excluded.sales,
      sales_cents = d.sales_cents + excluded.sales_cents
  )
  -- A move's own client: ledger_move counts the week in its one update of the client row.
  UPDATE clients c SET sales_weeks = c.sales_weeks + w.weeks
    FROM new_weeks w
   WHERE c.id = w.client_id AND c.id IS DISTINCT FROM client_audience_deferred();
  -- The audience rows of the clients who came, from the days just written (a statement of its own:
  -- the one above does not see its own CTE's rows). A row the update above already refreshed (a new
  -- week of sales moves the weekly basket: clients_audience_update) holds these days: left as it is, not
  -- written a second time (a bulk load wrote each new client's row three times, issue 38 §4).
  -- A move's own client is refreshed once at the move's end (client_audience_deferred).
  UPDATE client_audience a SET visit_days = v.days
    FROM (SELECT DISTINCT t.client_id FROM new_rows t WHERE t.type IN ('tag', 'sync')) n
    CROSS JOIN LATERAL (SELECT client_visit_days_list(n.client_id) AS days) v
   WHERE a.client_id = n.client_id AND a.visit_days IS DISTINCT FROM v.days
     AND a.client_id IS DISTINCT FROM client_audience_deferred();
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER points_transactions_visit_days AFTER INSERT ON points_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_visit_days_trigger();
