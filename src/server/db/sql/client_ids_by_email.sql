-- client_ids_by_email(franchise, emails): the clients of a franchise whose e-mail, in any case, is one
-- of `emails` (given in lower case), read through the (franchise_id, lower(email)) index. Under
-- row-level security that index is out of reach: lower() is not leakproof, so PostgreSQL applies the
-- policy first and reads every client of the franchise (a store's lookup at the counter, a new
-- client's duplicate check, each batch of an import: 40 ms at 73,000 clients, a whole scan of a
-- million). This function runs as the tables' owner and applies their rule itself (app_reaches:
-- tenant_policies.sql), as client_search_ids does; the caller reads the clients by these ids through
-- its own policies. PL/pgSQL: its body is checked when called, after tenant_policies.sql.
CREATE OR REPLACE FUNCTION client_ids_by_email(franchise uuid, emails text[]) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 10 AS $$
BEGIN
  IF NOT app_reaches(franchise) THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT c.id FROM clients c WHERE c.franchise_id = franchise AND lower(c.email) = ANY (emails);
END $$;

-- Run as the owner: callable by the app's role only (tenant_policies.sql grants it), not by everyone.
REVOKE ALL ON FUNCTION client_ids_by_email(uuid, text[]) FROM PUBLIC;
