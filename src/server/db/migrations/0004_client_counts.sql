CREATE TABLE "client_day_counts" (
	"franchise_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"acquired_from" text NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_day_counts_franchise_id_kind_acquired_from_day_pk" PRIMARY KEY("franchise_id","kind","acquired_from","day")
);
--> statement-breakpoint
CREATE TABLE "store_client_counts" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_day_counts" ADD CONSTRAINT "client_day_counts_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_client_counts" ADD CONSTRAINT "store_client_counts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counters' functions and triggers (applied after the migrations): src/server/db/sql/
-- client_day_counts_apply.sql, clients_counts_trigger.sql, clients_counts_row_trigger.sql and
-- client_stores_counts_trigger.sql.
--> statement-breakpoint
-- Counters for the clients already there.
INSERT INTO client_day_counts (franchise_id, kind, acquired_from, day, n)
SELECT c.franchise_id, k.kind, c.acquired_from, k.day, count(*)::int
  FROM clients c CROSS JOIN LATERAL (VALUES ('L', (coalesce(c.last_visit_at, c.created_at) AT TIME ZONE 'UTC')::date), ('F', (c.first_seen_at AT TIME ZONE 'UTC')::date)) AS k(kind, day)
 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO store_client_counts (store_id, n) SELECT store_id, count(*)::int FROM client_stores GROUP BY store_id;
