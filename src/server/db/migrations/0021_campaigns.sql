CREATE TABLE "campaign_recipients" (
	"campaign_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"franchise_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"provider_message_id" text,
	"coupon_id" uuid,
	"sent_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "campaign_recipients_campaign_id_client_id_pk" PRIMARY KEY("campaign_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"channel" text NOT NULL,
	"state" text DEFAULT 'DRAFT' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"image_url" text,
	"link" text,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"coupon" jsonb,
	"holdout_percent" integer DEFAULT 0 NOT NULL,
	"is_scheduled" boolean DEFAULT false NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"dispatch" text DEFAULT 'IDLE' NOT NULL,
	"pause_reason" text,
	"frozen_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"franchise_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_outs_franchise_id_phone_pk" PRIMARY KEY("franchise_id","phone")
);
--> statement-breakpoint
ALTER TABLE "franchises" ADD COLUMN "sms_quiet_days" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_pending_idx" ON "campaign_recipients" USING btree ("campaign_id","status") WHERE "campaign_recipients"."status" in ('PENDING', 'SENDING');--> statement-breakpoint
CREATE INDEX "campaigns_franchise_idx" ON "campaigns" USING btree ("franchise_id","created_at");