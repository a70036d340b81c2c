-- Client totals per franchise and acquisition source, in the same counters table: kind 'T' on a
-- fixed day (1970-01-01). The client count of a franchise (analytics, client list, merchants list)
-- then reads at most three rows instead of summing every day's 'L' rows. The triggers of migration
-- 0004 now add a 'T' entry on insert and delete; an update moves it only when the source changes
-- (the -1 and +1 of an unchanged source cancel out and are dropped by client_day_counts_apply).
CREATE OR REPLACE FUNCTION clients_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM client_day_counts_apply((SELECT jsonb_agg(jsonb_build_object('franchise_id', c.franchise_id, 'kind', k.kind, 'acquired_from', c.acquired_from, 'day', k.day, 'n', 1))
         FROM new_rows c
        CROSS JOIN LATERAL (VALUES ('L', (coalesce(c.last_visit_at, c.created_at) AT TIME ZONE 'UTC')::date), ('F', (c.first_seen_at AT TIME ZONE 'UTC')::date), ('T', DATE '1970-01-01')) AS k(kind, day)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM client_day_counts_apply((SELECT jsonb_agg(jsonb_build_object('franchise_id', c.franchise_id, 'kind', k.kind, 'acquired_from', c.acquired_from, 'day', k.day, 'n', -1))
         FROM old_rows c
        CROSS JOIN LATERAL (VALUES ('L', (coalesce(c.last_visit_at, c.created_at) AT TIME ZONE 'UTC')::date), ('F', (c.first_seen_at AT TIME ZONE 'UTC')::date), ('T', DATE '1970-01-01')) AS k(kind, day)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clients_counts_row_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_day_counts_apply(jsonb_build_array(
    jsonb_build_object('franchise_id', OLD.franchise_id, 'kind', 'L', 'acquired_from', OLD.acquired_from, 'day', (coalesce(OLD.last_visit_at, OLD.created_at) AT TIME ZONE 'UTC')::date, 'n', -1),
    jsonb_build_object('franchise_id', OLD.franchise_id, 'kind', 'F', 'acquired_from', OLD.acquired_from, 'day', (OLD.first_seen_at AT TIME ZONE 'UTC')::date, 'n', -1),
    jsonb_build_object('franchise_id', OLD.franchise_id, 'kind', 'T', 'acquired_from', OLD.acquired_from, 'day', DATE '1970-01-01', 'n', -1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'kind', 'L', 'acquired_from', NEW.acquired_from, 'day', (coalesce(NEW.last_visit_at, NEW.created_at) AT TIME ZONE 'UTC')::date, 'n', 1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'kind', 'F', 'acquired_from', NEW.acquired_from, 'day', (NEW.first_seen_at AT TIME ZONE 'UTC')::date, 'n', 1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'kind', 'T', 'acquired_from', NEW.acquired_from, 'day', DATE '1970-01-01', 'n', 1)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The totals of the clients already there.
INSERT INTO client_day_counts (franchise_id, kind, acquired_from, day, n)
SELECT franchise_id, 'T', acquired_from, DATE '1970-01-01', count(*)::int FROM clients GROUP BY 1, 3;
