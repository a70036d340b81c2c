-- client_search_ids(franchise, pattern): the clients of a franchise whose search text (client_search)
-- matches a LIKE pattern, read through its trigram index. Under row-level security that index is out
-- of reach: LIKE is not leakproof, so PostgreSQL applies the policy before it and reads the whole
-- table (a search of 77,000 clients took 80 ms instead of 7; a million, ten times that). This function
-- runs as the tables' owner, whom the policies leave alone, and applies their rule itself
-- (app_reaches: tenant_policies.sql): a franchise out of the caller's reach matches
-- nothing. PL/pgSQL: its body is checked when called, after tenant_policies.sql made those two.
-- max_rows (null: all): RETURN QUERY hands its caller every row at once, so a LIMIT written outside
-- the call limits nothing; a count capped at 1,000 (the list's "1,000+") read every match instead — a
-- common last name among a million clients, 33,000 rows and 215 ms for the count alone.
CREATE OR REPLACE FUNCTION client_search_ids(franchise uuid, pattern text, max_rows integer) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF NOT app_reaches(franchise) THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT s.client_id FROM client_search s
                WHERE s.franchise_id = franchise AND s.search_text LIKE pattern
                LIMIT max_rows;
END $$;

-- Run as the owner: callable by the app's role only (tenant_policies.sql grants it), not by everyone.
REVOKE ALL ON FUNCTION client_search_ids(uuid, text, integer) FROM PUBLIC;
