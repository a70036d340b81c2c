CREATE TABLE "sms_unreachable_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD COLUMN "delivered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "campaign_recipients_provider_message_idx" ON "campaign_recipients" USING btree ("provider_message_id") WHERE "campaign_recipients"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_provider_message_idx" ON "outbox" USING btree ("provider_message_id") WHERE "outbox"."provider_message_id" is not null;