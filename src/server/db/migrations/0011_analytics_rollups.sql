CREATE TABLE "analytics_days" (
	"franchise_id" uuid NOT NULL,
	"store_id" uuid,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"new_clients" integer DEFAULT 0 NOT NULL,
	"returning_clients" integer DEFAULT 0 NOT NULL,
	"points_earned" bigint DEFAULT 0 NOT NULL,
	"points_spent" bigint DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"returning_sales_cents" bigint DEFAULT 0 NOT NULL,
	"offers_redeemed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_days_key" UNIQUE NULLS NOT DISTINCT("franchise_id","store_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_postcodes" (
	"franchise_id" uuid NOT NULL,
	"postcode" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_postcodes_franchise_id_postcode_pk" PRIMARY KEY("franchise_id","postcode")
);
--> statement-breakpoint
CREATE TABLE "analytics_watermarks" (
	"name" text PRIMARY KEY NOT NULL,
	"watermark" timestamp with time zone NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_postcodes" ADD CONSTRAINT "analytics_postcodes_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_days_store_idx" ON "analytics_days" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "analytics_postcodes_rank_idx" ON "analytics_postcodes" USING btree ("franchise_id","n");--> statement-breakpoint
-- Redeemed coupons are listed and counted by claim date (analytics: coupons redeemed).
CREATE INDEX "coupons_franchise_claimed_idx" ON "coupons" USING btree ("franchise_id", "claimed_at") WHERE "claimed_at" IS NOT NULL;
--> statement-breakpoint
-- The postcode counters' functions and triggers (applied after the migrations): src/server/db/sql/
-- analytics_postcodes_apply.sql, analytics_postcodes_trigger.sql and analytics_postcodes_row_trigger.sql.
--> statement-breakpoint
INSERT INTO analytics_postcodes (franchise_id, postcode, n)
SELECT franchise_id, coalesce(postcode, ''), count(*)::int FROM clients GROUP BY 1, 2;
