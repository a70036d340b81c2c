CREATE TABLE "campaign_stats" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"franchise_id" uuid NOT NULL,
	"notified" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"coupons_issued" integer DEFAULT 0 NOT NULL,
	"coupons_redeemed" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	"turnover_cents" bigint DEFAULT 0 NOT NULL,
	"holdout" integer DEFAULT 0 NOT NULL,
	"holdout_converted" integer DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"as_of" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "link_code" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_link_code_key" ON "campaign_recipients" USING btree ("link_code");--> statement-breakpoint
CREATE INDEX "campaign_recipients_address_idx" ON "campaign_recipients" USING btree ("address","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_campaign_client_key" ON "coupons" USING btree ("campaign_id","client_id");