CREATE TABLE "client_visit_days" (
	"client_id" uuid NOT NULL,
	"franchise_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "client_visit_days_client_id_day_pk" PRIMARY KEY("client_id","day")
);
--> statement-breakpoint
CREATE TABLE "postcode_locations" (
	"country" text NOT NULL,
	"postcode" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	CONSTRAINT "postcode_locations_country_postcode_pk" PRIMARY KEY("country","postcode")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sales_weeks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "weekly_basket_key" bigint GENERATED ALWAYS AS (case when sales_weeks > 0 then total_spent_cents / sales_weeks else -1 end) STORED NOT NULL;--> statement-breakpoint
-- Backfill from the ledger (the trigger sql/client_visit_days_trigger.sql keeps it from now on): the
-- same definitions — a visit is a row of type tag or sync, a sale a positive amount, the day the
-- franchise's local day, a sales week a local Monday-to-Sunday week with a sale.
INSERT INTO "client_visit_days" ("client_id", "franchise_id", "day", "visits", "sales", "sales_cents")
SELECT t.client_id, t.franchise_id, (t.created_at AT TIME ZONE f.timezone)::date,
       count(*) FILTER (WHERE t.type IN ('tag', 'sync'))::int,
       count(*) FILTER (WHERE t.amount_cents > 0)::int,
       coalesce(sum(t.amount_cents) FILTER (WHERE t.amount_cents > 0), 0)::bigint
  FROM points_transactions t JOIN franchises f ON f.id = t.franchise_id
 WHERE t.type IN ('tag', 'sync') OR t.amount_cents > 0
 GROUP BY 1, 2, 3;--> statement-breakpoint
UPDATE "clients" c SET "sales_weeks" = w.n
  FROM (SELECT client_id, count(DISTINCT date_trunc('week', day))::int AS n
          FROM client_visit_days WHERE sales > 0 GROUP BY client_id) w
 WHERE c.id = w.client_id;--> statement-breakpoint
ALTER TABLE "client_visit_days" ADD CONSTRAINT "client_visit_days_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_visit_days_period_idx" ON "client_visit_days" USING btree ("franchise_id","day","client_id","visits");--> statement-breakpoint
CREATE INDEX "postcode_locations_lat_idx" ON "postcode_locations" USING btree ("country","lat");