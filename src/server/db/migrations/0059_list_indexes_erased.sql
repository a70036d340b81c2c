-- The client list leaves erased clients out (erased_at is null, issue 34): with erased_at in none of
-- its sort indexes, every entry a deep page skipped cost a visit to its row (page 10,001 of 1M: 378
-- ms). erased_at goes last in each, after the unique id, where it orders nothing; index-only scans
-- then read it from the index.
DROP INDEX "clients_list_last_visit_idx";--> statement-breakpoint
DROP INDEX "clients_franchise_created_idx";--> statement-breakpoint
DROP INDEX "clients_list_first_name_idx";--> statement-breakpoint
DROP INDEX "clients_list_visits_idx";--> statement-breakpoint
DROP INDEX "clients_list_basket_idx";--> statement-breakpoint
DROP INDEX "clients_list_acquired_idx";--> statement-breakpoint
CREATE INDEX "clients_list_last_visit_idx" ON "clients" USING btree ("franchise_id","last_visit_key","id","erased_at");--> statement-breakpoint
CREATE INDEX "clients_franchise_created_idx" ON "clients" USING btree ("franchise_id","created_at","id","erased_at");--> statement-breakpoint
CREATE INDEX "clients_list_first_name_idx" ON "clients" USING btree ("franchise_id","first_name","id","erased_at");--> statement-breakpoint
CREATE INDEX "clients_list_visits_idx" ON "clients" USING btree ("franchise_id","visit_count","id","erased_at");--> statement-breakpoint
CREATE INDEX "clients_list_basket_idx" ON "clients" USING btree ("franchise_id","average_basket_key","id","erased_at");--> statement-breakpoint
CREATE INDEX "clients_list_acquired_idx" ON "clients" USING btree ("franchise_id","acquired_from","last_visit_key","id","erased_at");