-- The client list's sort, filter and search keys (one table rewrite) and their indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
DROP INDEX "clients_franchise_last_visit_idx";--> statement-breakpoint
ALTER TABLE "clients"
  ADD COLUMN "last_visit_key" timestamp with time zone GENERATED ALWAYS AS (coalesce(last_visit_at, '-infinity'::timestamptz)) STORED NOT NULL,
  ADD COLUMN "first_seen_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(first_visit_at, created_at)) STORED NOT NULL,
  ADD COLUMN "average_basket_key" bigint GENERATED ALWAYS AS (case when sales_count > 0 then total_spent_cents / sales_count else -1 end) STORED NOT NULL,
  ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "clients_list_last_visit_idx" ON "clients" USING btree ("franchise_id","last_visit_key","id");--> statement-breakpoint
CREATE INDEX "clients_list_first_name_idx" ON "clients" USING btree ("franchise_id","first_name","id");--> statement-breakpoint
CREATE INDEX "clients_list_points_idx" ON "clients" USING btree ("franchise_id","points","id");--> statement-breakpoint
CREATE INDEX "clients_list_collected_idx" ON "clients" USING btree ("franchise_id","total_collected_points","id");--> statement-breakpoint
CREATE INDEX "clients_list_visits_idx" ON "clients" USING btree ("franchise_id","visit_count","id");--> statement-breakpoint
CREATE INDEX "clients_list_basket_idx" ON "clients" USING btree ("franchise_id","average_basket_key","id");--> statement-breakpoint
CREATE INDEX "clients_list_acquired_idx" ON "clients" USING btree ("franchise_id","acquired_from","last_visit_key","id");--> statement-breakpoint
CREATE INDEX "clients_list_first_seen_idx" ON "clients" USING btree ("franchise_id","first_seen_at");--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);