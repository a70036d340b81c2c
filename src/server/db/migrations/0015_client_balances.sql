-- The balance's sort keys in a narrow row of their own (see clientBalances in tables-clients.ts):
-- a points move then rewrites 3 index entries instead of 13, and the client row's update is HOT.
CREATE TABLE "client_balances" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"franchise_id" uuid NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"total_collected_points" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The ledger keeps its rows' store, author and admin as history (no rewrite when a store goes), and
-- no longer takes a key-share lock on those shared rows (franchise, store, user) at every move.
ALTER TABLE "points_transactions" DROP CONSTRAINT "points_transactions_franchise_id_franchises_id_fk";
--> statement-breakpoint
ALTER TABLE "points_transactions" DROP CONSTRAINT "points_transactions_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "points_transactions" DROP CONSTRAINT "points_transactions_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "points_transactions" DROP CONSTRAINT "points_transactions_impostor_of_users_id_fk";
--> statement-breakpoint
DROP INDEX "clients_list_points_idx";--> statement-breakpoint
DROP INDEX "clients_list_collected_idx";--> statement-breakpoint
INSERT INTO "client_balances" ("client_id", "franchise_id", "points", "total_collected_points")
SELECT "id", "franchise_id", "points", "total_collected_points" FROM "clients";--> statement-breakpoint
ALTER TABLE "client_balances" ADD CONSTRAINT "client_balances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_balances_points_idx" ON "client_balances" USING btree ("franchise_id","points","client_id");--> statement-breakpoint
CREATE INDEX "client_balances_collected_idx" ON "client_balances" USING btree ("franchise_id","total_collected_points","client_id");--> statement-breakpoint
-- Kept by triggers, whoever writes the client row (the ledger function, seeds, bulk loads). The one
-- creating a client's balance row: src/server/db/sql/client_balances_insert.sql (applied after the
-- migrations). The one copying points on update was dropped by migration 0018.
--> statement-breakpoint
-- Room on each page for the next version of a row: a HOT update needs it on the same page.
ALTER TABLE "clients" SET (fillfactor = 90);
--> statement-breakpoint
-- Deep pages sorted by points read this table's index alone: vacuum it as often as clients
-- (migration 0008), every move rewrites one of its rows.
ALTER TABLE "client_balances" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ANALYZE "client_balances";
