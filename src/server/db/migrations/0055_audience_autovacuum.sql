-- Issue 38 §4: the audience rows are rewritten by visits and points moves (a new row version each: the
-- columns a visit or a move changes are in the filters' indexes, so the update cannot be HOT).
-- Autovacuum reclaims them after 2% of the rows changed, as for clients (0008) and client_balances
-- (0015), instead of PostgreSQL's 20%: 200,000 dead versions in a million-client franchise before.
ALTER TABLE "client_audience" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
