-- Issue 38 §5: a store's clients by the day of their last and first sighting (tables-clients.ts,
-- kept by sql/client_stores_counts_trigger.sql and its neighbours), filled here from the store links
-- and the client rows.
CREATE TABLE "store_day_counts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "store_day_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"franchise_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "store_day_counts_franchise_id_id_pk" PRIMARY KEY("franchise_id","id")
);
--> statement-breakpoint
ALTER TABLE "store_day_counts" ADD CONSTRAINT "store_day_counts_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_day_counts_idx" ON "store_day_counts" USING btree ("franchise_id","store_id","kind","day","n");--> statement-breakpoint
INSERT INTO "store_day_counts" ("franchise_id", "store_id", "kind", "day", "n")
SELECT s.franchise_id, s.store_id, k.kind, k.day, count(*)::int
  FROM "client_stores" s
  JOIN "clients" c ON c.id = s.client_id AND c.franchise_id = s.franchise_id
 CROSS JOIN LATERAL (VALUES ('L', (coalesce(c.last_visit_at, c.created_at) AT TIME ZONE 'UTC')::date),
                            ('F', (c.first_seen_at AT TIME ZONE 'UTC')::date)) AS k(kind, day)
 GROUP BY 1, 2, 3, 4;
