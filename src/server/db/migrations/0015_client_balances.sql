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
-- Kept by triggers, whoever writes the client row (the ledger function, seeds, bulk loads): a bulk
-- insert is one statement trigger; an update copies the two values only when one of them changed.
CREATE FUNCTION client_balances_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_balances (client_id, franchise_id, points, total_collected_points)
  SELECT id, franchise_id, points, total_collected_points FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_balances_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_balances_insert();
--> statement-breakpoint
CREATE FUNCTION client_balances_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_balances
     SET franchise_id = NEW.franchise_id, points = NEW.points, total_collected_points = NEW.total_collected_points
   WHERE client_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_balances_update AFTER UPDATE OF points, total_collected_points, franchise_id ON clients
  FOR EACH ROW WHEN (OLD.points IS DISTINCT FROM NEW.points
    OR OLD.total_collected_points IS DISTINCT FROM NEW.total_collected_points
    OR OLD.franchise_id IS DISTINCT FROM NEW.franchise_id)
  EXECUTE FUNCTION client_balances_update();
--> statement-breakpoint
-- Room on each page for the next version of a row: a HOT update needs it on the same page.
ALTER TABLE "clients" SET (fillfactor = 90);
--> statement-breakpoint
-- Deep pages sorted by points read this table's index alone: vacuum it as often as clients
-- (migration 0008), every move rewrites one of its rows.
ALTER TABLE "client_balances" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ANALYZE "client_balances";
