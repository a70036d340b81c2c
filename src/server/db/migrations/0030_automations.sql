CREATE TABLE "automated_marketings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"user_id" uuid,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"channel" text DEFAULT 'PUSH' NOT NULL,
	"name" text NOT NULL,
	"notification_title" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"image_url" text,
	"link" text,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"coupon" jsonb,
	"days_before" integer DEFAULT 0 NOT NULL,
	"delay_days" integer DEFAULT 1 NOT NULL,
	"last_run_day" date,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_sends" (
	"automation_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"occasion" text NOT NULL,
	"franchise_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "automation_id" uuid;--> statement-breakpoint
ALTER TABLE "automated_marketings" ADD CONSTRAINT "automated_marketings_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automated_marketings" ADD CONSTRAINT "automated_marketings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_automation_id_automated_marketings_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automated_marketings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automated_marketings_franchise_type_key" ON "automated_marketings" USING btree ("franchise_id","type");--> statement-breakpoint
CREATE INDEX "automated_marketings_active_idx" ON "automated_marketings" USING btree ("last_run_day") WHERE "automated_marketings"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "automation_sends_occasion_key" ON "automation_sends" USING btree ("automation_id","client_id","occasion");--> statement-breakpoint
CREATE INDEX "automation_sends_campaign_idx" ON "automation_sends" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_automation_idx" ON "campaigns" USING btree ("automation_id","start_at") WHERE "campaigns"."automation_id" is not null;--> statement-breakpoint
CREATE INDEX "clients_birthday_idx" ON "clients" USING btree ("franchise_id",substr("birth_date", 6, 5)) WHERE "clients"."birth_date" is not null;