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
CREATE FUNCTION client_search_text(first_name text, last_name text, email text, phone text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))
$$;--> statement-breakpoint
-- New clients, one statement at a time (a bulk import is one insert into client_search).
CREATE FUNCTION client_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_search (client_id, franchise_id, search_text)
  SELECT id, franchise_id, client_search_text(first_name, last_name, email, phone) FROM new_rows;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER clients_search_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_search_insert();--> statement-breakpoint
-- Only when a searched field really changes (never on a points move).
CREATE FUNCTION client_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_search
     SET search_text = client_search_text(NEW.first_name, NEW.last_name, NEW.email, NEW.phone)
   WHERE client_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER clients_search_update AFTER UPDATE OF first_name, last_name, email, phone ON clients
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION client_search_update();
