ALTER TABLE "campaigns" ADD COLUMN "news_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "is_news_different" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE set null ON UPDATE no action;