-- franchise_points_cap(enabled, max_points): the most points a client of the franchise may hold
-- (SPEC §3 "max points"), or null when it sets none. One rule for the ledger's moves (ledger_move) and
-- an import's opening balances (ledger_open_clients). A one-expression SQL function, IMMUTABLE: the
-- planner inlines it into the statements that call it, so it costs what the expression costs.
CREATE OR REPLACE FUNCTION franchise_points_cap(enabled boolean, max_points integer) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN enabled AND max_points > 0 THEN max_points END
$$;
