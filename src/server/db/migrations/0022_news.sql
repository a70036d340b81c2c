CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"store_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"happy_hour_start" text,
	"happy_hour_end" text,
	"drink_type" text,
	"customers_only" boolean DEFAULT false NOT NULL,
	"is_stopped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "franchises" ADD COLUMN "news_max_concurrent" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_franchise_period_idx" ON "news" USING btree ("franchise_id","end_date","start_date");