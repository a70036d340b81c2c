-- The outbox of outgoing webhooks (issue 23): records events (a JSON array of
-- {franchise_id, type, data}) for the franchises that have an enabled endpoint subscribed to their
-- type, with one PENDING delivery per such endpoint, in the caller's transaction: an event exists if
-- and only if the change it reports was committed. Events nobody listens to are not written.
-- PL/pgSQL keeps the statement's plan for the session (a SQL function's was made again at each call:
-- every points move of a franchise with an endpoint calls it).
CREATE OR REPLACE FUNCTION webhook_record(p_events jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH ev AS (
    INSERT INTO webhook_events (franchise_id, type, payload)
    SELECT (x->>'franchise_id')::uuid, x->>'type', x->'data'
      FROM jsonb_array_elements(coalesce(p_events, '[]'::jsonb)) AS x
     WHERE EXISTS (SELECT 1 FROM webhook_endpoints e
                    WHERE e.franchise_id = (x->>'franchise_id')::uuid AND e.enabled AND x->>'type' = ANY (e.events))
    RETURNING id, franchise_id, type, created_at
  )
  INSERT INTO webhook_deliveries (franchise_id, endpoint_id, event_id, next_attempt_at)
  SELECT ev.franchise_id, e.id, ev.id, ev.created_at
    FROM ev
    JOIN webhook_endpoints e ON e.franchise_id = ev.franchise_id AND e.enabled AND ev.type = ANY (e.events);
  -- The job's workers listen: deliveries go out as this transaction commits (one notification per
  -- transaction however many events, PostgreSQL merges them).
  IF FOUND THEN
    PERFORM pg_notify('webhooks_due', '');
  END IF;
END $$;
