-- Issue 38 §5: a store's clients by the day of their last and first sighting (tables-clients.ts). The
-- table is filled by sql/client_stores_counts_trigger.sql, after the triggers that keep it exist and in
-- their transaction (their CREATE TRIGGER holds off the writes of the rows they count until it commits):
-- filled here, the writes between this migration and those triggers would be missed.
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
CREATE INDEX "store_day_counts_idx" ON "store_day_counts" USING btree ("franchise_id","store_id","kind","day","n");