CREATE TABLE "points_expiry_reminders" (
	"client_id" uuid NOT NULL,
	"batch" text NOT NULL,
	"franchise_id" uuid NOT NULL,
	"expires_on" date NOT NULL,
	"campaign_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_expiry_reminders_client_id_batch_pk" PRIMARY KEY("client_id","batch")
);
--> statement-breakpoint
CREATE TABLE "points_expiry_settings" (
	"franchise_id" uuid PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"mode" text DEFAULT 'OFF' NOT NULL,
	"months" integer DEFAULT 12 NOT NULL,
	"reminder_enabled" boolean DEFAULT false NOT NULL,
	"reminder_channel" text DEFAULT 'SMS' NOT NULL,
	"reminder_title" text DEFAULT '' NOT NULL,
	"reminder_message" text DEFAULT '' NOT NULL,
	"last_run_day" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_expiry_settings_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "points_expiry_reminders" ADD CONSTRAINT "points_expiry_reminders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_expiry_reminders" ADD CONSTRAINT "points_expiry_reminders_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_expiry_settings" ADD CONSTRAINT "points_expiry_settings_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_expiry_reminders_campaign_idx" ON "points_expiry_reminders" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "points_expiry_settings_due_idx" ON "points_expiry_settings" USING btree ("last_run_day") WHERE "points_expiry_settings"."mode" <> 'OFF';--> statement-breakpoint
CREATE UNIQUE INDEX "points_tx_expiry_key" ON "points_transactions" USING btree ("reference") WHERE "points_transactions"."type" = 'expiry';