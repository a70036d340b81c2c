CREATE TABLE "client_audience" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"franchise_id" uuid NOT NULL,
	"sms" boolean NOT NULL,
	"phone" text,
	"app_last_used_at" timestamp with time zone,
	"gender" text,
	"birth_date" text,
	"postcode" text,
	"acquired_from" text NOT NULL,
	"points" integer NOT NULL,
	"collected" integer NOT NULL,
	"average_basket_key" bigint NOT NULL,
	"weekly_basket_key" bigint NOT NULL,
	"last_visit_key" timestamp with time zone NOT NULL,
	"last_visit_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"store_ids" uuid[] NOT NULL
);
--> statement-breakpoint
-- Backfill in one statement, before the key and the indexes (built once, sorted, instead of a million
-- inserts each); the triggers (sql/client_audience_triggers.sql) keep it from now on. The SMS rule is
-- sql/sms_reachable.sql's, inlined: that function is created after the migrations.
INSERT INTO "client_audience" ("client_id", "franchise_id", "sms", "phone", "app_last_used_at", "gender",
  "birth_date", "postcode", "acquired_from", "points", "collected", "average_basket_key", "weekly_basket_key",
  "last_visit_key", "last_visit_at", "created_at", "first_seen_at", "store_ids")
SELECT c.id, c.franchise_id,
       coalesce(c.phone ~ '^\+(32|1|33|689|49|353|39|596|48|351|34|41|44)', false)
         AND NOT EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.franchise_id = c.franchise_id AND o.phone = c.phone),
       c.phone, c.app_last_used_at, c.gender, c.birth_date, c.postcode, c.acquired_from,
       coalesce(b.points, 0), coalesce(b.total_collected_points, 0), c.average_basket_key, c.weekly_basket_key,
       c.last_visit_key, c.last_visit_at, c.created_at, c.first_seen_at, coalesce(s.ids, '{}')
  FROM clients c
  LEFT JOIN client_balances b ON b.client_id = c.id
  LEFT JOIN (SELECT client_id, array_agg(store_id ORDER BY store_id) AS ids FROM client_stores GROUP BY client_id) s
    ON s.client_id = c.id;
--> statement-breakpoint
ALTER TABLE "client_audience" ADD CONSTRAINT "client_audience_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_audience_points_idx" ON "client_audience" USING btree ("franchise_id","points") WHERE "client_audience"."sms";--> statement-breakpoint
CREATE INDEX "client_audience_collected_idx" ON "client_audience" USING btree ("franchise_id","collected") WHERE "client_audience"."sms";--> statement-breakpoint
CREATE INDEX "client_audience_gender_idx" ON "client_audience" USING btree ("franchise_id","gender","birth_date") WHERE "client_audience"."sms";--> statement-breakpoint
CREATE INDEX "client_audience_basket_idx" ON "client_audience" USING btree ("franchise_id","average_basket_key") WHERE "client_audience"."sms";--> statement-breakpoint
CREATE INDEX "client_audience_weekly_idx" ON "client_audience" USING btree ("franchise_id","weekly_basket_key") WHERE "client_audience"."sms";--> statement-breakpoint
CREATE INDEX "client_audience_postcode_idx" ON "client_audience" USING btree ("franchise_id","postcode") WHERE "client_audience"."sms";--> statement-breakpoint
CREATE INDEX "client_audience_app_idx" ON "client_audience" USING btree ("franchise_id","app_last_used_at");
--> statement-breakpoint
-- With INCLUDE columns (not declarable in drizzle): the counts of these filters stay index-only.
CREATE INDEX "client_audience_acquired_idx" ON "client_audience" USING btree ("franchise_id","acquired_from","gender","birth_date") INCLUDE ("points") WHERE "client_audience"."sms";--> statement-breakpoint
CREATE INDEX "client_audience_type_idx" ON "client_audience" USING btree ("franchise_id","last_visit_key") INCLUDE ("first_seen_at","last_visit_at","created_at","store_ids") WHERE "client_audience"."sms";--> statement-breakpoint
-- The SMS audience by client: a visit period's clients (client_visit_days) checked without the heap.
CREATE INDEX "client_audience_sms_idx" ON "client_audience" USING btree ("franchise_id","client_id") WHERE "client_audience"."sms";
--> statement-breakpoint
-- Freezing an audience writes no entry in these two any more: a frozen row has no code and no send.
DROP INDEX "campaign_recipients_link_code_key";--> statement-breakpoint
DROP INDEX "campaign_recipients_address_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_link_code_key" ON "campaign_recipients" USING btree ("link_code") WHERE "campaign_recipients"."link_code" is not null;--> statement-breakpoint
CREATE INDEX "campaign_recipients_address_idx" ON "campaign_recipients" USING btree ("address","sent_at") WHERE "campaign_recipients"."sent_at" is not null;
--> statement-breakpoint
-- The recipients lose their foreign keys (checked row by row when an audience is frozen); statement
-- triggers (sql/campaign_recipients_cascade.sql) delete them with their campaign or client.
ALTER TABLE "campaign_recipients" DROP CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "campaign_recipients" DROP CONSTRAINT "campaign_recipients_client_id_clients_id_fk";

