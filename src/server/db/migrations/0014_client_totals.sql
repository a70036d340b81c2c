-- Client totals per franchise and acquisition source, in the same counters table: kind 'T' on a
-- fixed day (1970-01-01). The client count of a franchise (analytics, client list, merchants list)
-- then reads at most three rows instead of summing every day's 'L' rows. The counter triggers add a
-- 'T' entry on insert and delete; an update moves it only when the source changes (the -1 and +1 of
-- an unchanged source cancel out and are dropped by client_day_counts_apply). They are in
-- src/server/db/sql/clients_counts_trigger.sql and clients_counts_row_trigger.sql (applied after the
-- migrations).
--> statement-breakpoint
-- The totals of the clients already there.
INSERT INTO client_day_counts (franchise_id, kind, acquired_from, day, n)
SELECT franchise_id, 'T', acquired_from, DATE '1970-01-01', count(*)::int FROM clients GROUP BY 1, 3;
