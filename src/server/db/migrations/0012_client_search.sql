-- The client list's search text moves out of `clients` into `client_search`, kept by triggers: a points
-- move rewrites the client row, and while the trigram (GIN) index sat on that row each move added a
-- few dozen trigram entries to it. Names, e-mail and phone change rarely; balances change all day.
CREATE TABLE "client_search" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"franchise_id" uuid NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "client_search" ("client_id", "franchise_id", "search_text")
SELECT "id", "franchise_id", "search_text" FROM "clients";--> statement-breakpoint
ALTER TABLE "client_search" ADD CONSTRAINT "client_search_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_search" ADD CONSTRAINT "client_search_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_search_trgm_idx" ON "client_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Statistics now: without them a search's selectivity is a guess, and a broad search picks a plan
-- that reads every match instead of walking the sort index.
ANALYZE "client_search";--> statement-breakpoint
DROP INDEX "clients_search_idx";--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "search_text";--> statement-breakpoint
-- The search row's function and triggers (applied after the migrations): src/server/db/sql/
-- client_search_text.sql, client_search_insert.sql and client_search_update.sql.
